"""The app's cache backends: they hold data only, and a Redis outage is a miss, not a 500.

Django's own backends pickle every value and unpickle whatever they read back, so whoever can
write into the cache (Redis without a password on 127.0.0.1 is any local process) could make
the server run code. Ours store JSON text (``codec``), which can only ever become numbers,
strings, lists and dicts; a value that is not JSON (a planted pickle, garbage) reads as a miss.
What the app caches is plain data accordingly (the standings as dicts, the season's per-evening
sums as lists, the brakes' counts as numbers, rendered rows as text).

- ``backends.DataOnlyLocMemCache``: development and the per-process ``local`` cache.
- ``backends.DataOnlyDatabaseCache``: network and production mode without Redis; in network mode
  on SQLite it lives in a database file of its own (``router``), outside the main database's
  write lock.
- ``redis.DataOnlyRedisCache``: with ``REDIS_URL``; while Redis cannot be reached every read is a
  miss and every write is dropped (the pages compute what they need), and the brakes count in
  this process instead (``tournament.throttle``).

Each backend also counts atomically (``count(key, delta, window)``) for the brakes.
"""
