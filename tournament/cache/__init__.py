"""The app's cache backends: they hold data only, and a failing cache is a miss, never a 500.

Whoever can write into a cache that is unpickled on reading (Redis without a password on
127.0.0.1 is any local process) could make the server run code: every backend here stores JSON,
which can only become numbers, strings, lists and dicts, and a value that is not JSON (a planted
pickle, garbage) reads as a miss. Redis is django-redis (``redis``); this process's memory and
the database table are ours (``backends``: Django's own pickle, and its database cache counts
neither atomically nor without resetting the window). A cache that fails (Redis unreachable, a
missing or broken cache file) answers a miss, drops the write and gives ``None`` from ``add`` and
``incr``; the brakes then count in this process (``tournament.throttle``).
"""
