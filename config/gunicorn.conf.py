"""gunicorn's settings for production: ``gunicorn -c config/gunicorn.conf.py config.wsgi``
(README, "Production"); options on the command line override these.

Six processes of two threads suit two cores (docs/performance.md, section 8). Request lines up
to ``MAX_REQUEST_LINE`` bytes reach Django, so that an address over our own limit
(``config.errors.MAX_ADDRESS_BYTES``, 8 KB) gets our 414 page in the reader's language rather
than gunicorn's bare English "URI Too Long" (gunicorn's own limit is 8,190 bytes at most); the
same 64 KB bound as the network server's (``config.serve.MAX_HEAD``). Header fields stay bounded
by gunicorn's defaults (100 fields of at most 8,190 bytes).
"""

import gunicorn.http.message

MAX_REQUEST_LINE = 64 * 1024

# gunicorn caps ``limit_request_line`` at this module constant (8,190) and offers only 0
# (unbounded) beyond it: raised here, in the master before its workers start.
gunicorn.http.message.MAX_REQUEST_LINE = MAX_REQUEST_LINE

bind = "127.0.0.1:8000"
workers = 6
threads = 2
limit_request_line = MAX_REQUEST_LINE
limit_request_fields = 100
limit_request_field_size = 8190
