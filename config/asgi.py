"""ASGI entry point: the club evening's server (``make serve``, ``python -m config.serve``).

An event loop reads each request whole (headers and body) before Django sees it, so slow or idle
connections cost a socket, not a worker thread. Django's WSGI application then answers in a
fixed pool of threads per process (a2wsgi's ``WSGIMiddleware``, ``SERVE_THREADS`` threads,
default 4; ``config.asgi_wsgi``), as under a WSGI server's threads: Django's whole request in
one thread, which keeps its database connection (``CONN_MAX_AGE``). The body's size is
bounded before it is read (``config.asgi_limits``).

``SERVE_THREADS=0`` serves with Django's own ASGI handler instead: a thread
of its own per request (``sync_to_async``), so a connection kept in that thread would outlive the
thread unused; connections are then closed after each request (``CONN_MAX_AGE=0``) and taken
from a pool per process on PostgreSQL (``DB_POOL``, ``config/settings.py``).
"""

import os
import warnings

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
THREADS = int(os.environ.get("SERVE_THREADS", "4"))
if THREADS <= 0:
    os.environ["CONN_MAX_AGE"] = "0"
    os.environ.setdefault("DB_POOL", "1")

import django  # noqa: E402 - after the environment above, which the settings read

django.setup(set_prefix=False)

from django.core.asgi import get_asgi_application  # noqa: E402

from config.asgi_limits import bounded_body  # noqa: E402
from config.asgi_wsgi import pooled  # noqa: E402

if THREADS > 0:
    application = bounded_body(pooled(THREADS))
else:
    # WhiteNoise's static files are sync file responses: Django's handler reads each into memory
    # in one thread hop and says so once per process. They are small; no warning.
    warnings.filterwarnings(
        "ignore", message="StreamingHttpResponse must consume synchronous iterators"
    )
    application = bounded_body(get_asgi_application())
