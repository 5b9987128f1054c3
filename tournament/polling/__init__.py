"""Cheap polling of the public pages: their ETag and 304 (``freshness``) and the stamp in the
shared cache that answers a current ETag without a database query (``stamp``). The pages
themselves are the top-level package ``public``."""
