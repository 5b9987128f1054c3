"""ASGI entry point: the club evening's server (``make serve``, ``python -m config.serve``).

An event loop reads each request whole (headers and body) before Django sees it, so slow or idle
connections cost a socket, not a worker thread. Django runs our sync views in a thread of its
own per request (``sync_to_async``); a database connection kept in that thread would outlive the
thread unused (Django's documentation: no persistent connections under ASGI), so connections
are closed after each request here (``CONN_MAX_AGE=0``, whatever the environment says); on
PostgreSQL they come from a pool per process instead (``DB_POOL``, ``config/settings.py``).
The body's size is bounded before it is read (``config.asgi_limits``).
"""

import os
import warnings

from django.core.asgi import get_asgi_application

from config.asgi_limits import bounded_body

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ["CONN_MAX_AGE"] = "0"
os.environ.setdefault("DB_POOL", "1")

# WhiteNoise's static files are sync file responses: Django reads each into memory in one thread
# hop and says so once per process. They are small (hashed CSS, scripts, icons); no warning.
warnings.filterwarnings(
    "ignore", message="StreamingHttpResponse must consume synchronous iterators"
)

application = bounded_body(get_asgi_application())
