"""Settings of Doko-Turnier, read from environment variables with safe defaults.

Three modes, chosen with ``DOKO_MODE`` (README, "Configuration"):

- ``local`` (the default, ``make run``): the demo on this computer only. An SQLite file in the
  project folder, DEBUG on, a development secret key, the demo login.
- ``network`` (``make serve``): the club evening on the local network over plain HTTP. DEBUG is
  always off, the secret key is generated once and kept in ``DATA_DIR``, ``ALLOWED_HOSTS`` are the
  laptop's own names and addresses (``config/network.py``), the database is ``DATA_DIR/db.sqlite3``
  unless ``DATABASE_URL`` says otherwise, static files come from WhiteNoise.
- ``production`` (``DOKO_PRODUCTION=1`` or ``DOKO_MODE=production``): on the internet behind
  HTTPS. Requires ``SECRET_KEY`` and ``ALLOWED_HOSTS``; secure cookies, HTTPS redirect and HSTS.

``python manage.py check --deploy`` passes in network and production mode. In both, the demo
login's published password is refused (``config/auth.py``).

Environment variables (the README's "Configuration" table explains each):

- ``DOKO_MODE``, ``DOKO_PRODUCTION``, ``DATA_DIR`` (network mode), ``STATIC_ROOT``.
- ``DATABASE_URL`` (default SQLite ``db.sqlite3``), ``CONN_MAX_AGE``.
- ``SECRET_KEY``, ``DEBUG`` (``1``/``0``), ``ALLOWED_HOSTS``, ``CSRF_TRUSTED_ORIGINS``.
- ``PUBLIC_BASE_URL``: the address phones use to reach this server (QR codes on score sheets).
- ``PUBLIC_CACHE_SECONDS``, ``PUBLIC_POLL_SECONDS``, ``REDIS_URL``, ``TRUST_X_FORWARDED_FOR``,
  ``LOG_LEVEL``.
- ``BOARD_POLL_SECONDS``, ``BOARD_STUCK_MINUTES``: the director's live board.
- Production only: ``SECURE_SSL_REDIRECT`` and ``SECURE_HSTS_SECONDS``.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import dj_database_url
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from config import network

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: list[str]) -> list[str]:
    value = os.environ.get(name)
    if not value:
        return default
    return [item.strip() for item in value.split(",") if item.strip()]


MODES = ("local", "network", "production")
MODE = os.environ.get("DOKO_MODE", "").strip().lower() or (
    "production" if env_bool("DOKO_PRODUCTION", False) else "local"
)
if MODE not in MODES:
    raise ImproperlyConfigured(f"DOKO_MODE={MODE!r}: use one of {', '.join(MODES)}")
if env_bool("DOKO_PRODUCTION", False) and MODE != "production":
    raise ImproperlyConfigured(f"DOKO_PRODUCTION=1 contradicts DOKO_MODE={MODE}")
PRODUCTION = MODE == "production"
NETWORK = MODE == "network"
# Reachable by others (network or internet): DEBUG off, static files from WhiteNoise, a cache
# shared by the server's processes, and the published demo password refused.
DEPLOYED = MODE != "local"

# Network mode keeps its secret key and (by default) its database here; see README.
DATA_DIR = Path(os.environ.get("DATA_DIR") or BASE_DIR / "data").resolve()

if PRODUCTION:
    SECRET_KEY = os.environ["SECRET_KEY"]
    DEBUG = env_bool("DEBUG", False)
    ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", [])
elif NETWORK:
    SECRET_KEY = os.environ.get("SECRET_KEY") or network.secret_key_from(DATA_DIR / "secret_key")
    # Every phone in the club room could read a debug page (settings, URL list, tracebacks):
    # network mode never turns DEBUG on, whatever the environment says.
    if env_bool("DEBUG", False):
        network.warn("DEBUG=1 is ignored in network mode (DOKO_MODE=network); DEBUG stays off.")
    DEBUG = False
    ALLOWED_HOSTS = network.lan_hosts(extra=env_list("ALLOWED_HOSTS", []))
else:
    SECRET_KEY = os.environ.get(
        "SECRET_KEY", "dev-only-insecure-key-0f6b1c9e4d2a7b3c8e5f1a9d6c2b7e4f3a8d5c1b9e6f2a7d"
    )
    DEBUG = env_bool("DEBUG", True)
    ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["*"])

CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])
# Behind a reverse proxy: count login and link failures per device, not per proxy.
TRUST_X_FORWARDED_FOR = env_bool("TRUST_X_FORWARDED_FOR", False)
PUBLIC_BASE_URL = os.environ.get("PUBLIC_BASE_URL", "").rstrip("/")
# Mail (the online sign-up's confirmations and move-ups): only where EMAIL_HOST is set.
EMAIL_HOST = os.environ.get("EMAIL_HOST", "")
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "587"))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", True)
EMAIL_TIMEOUT = 10
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "doko-turnier@localhost")
# Network mode: the address other devices most likely reach this laptop at (the pages opened
# on 127.0.0.1 point there instead of telling to start the server that already runs).
LAN_ADDRESS = network.primary_address() if NETWORK else None

INSTALLED_APPS = [
    "config.admin_app.SuperuserAdminConfig",  # /admin/: superusers manage logins and access
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_tables2",
    "tournament",  # register and draw: clubs, the tournament, participants, seating, clock
    "scoring",  # sheets, standings, the round's life (models of the sheets and seasons)
    "seasons",  # a club's season ranking across evenings (commands create_season ...)
    "output",  # print: PDFs, spreadsheets, prize list, backup (export/import_tournament)
    "public",  # the players' pages, projector and JSON API (command rules_doc)
    "demo",  # demo tournaments (load_demo, generate_demo)
    "config",  # management commands of the modes (ensure_organiser, lan_addresses)
]

MIDDLEWARE = [
    # Debug pages (settings, URL list, tracebacks) only ever go to this computer.
    "config.middleware.LoopbackOnlyWhileDebugMiddleware",
    "django.middleware.security.SecurityMiddleware",
    # Outside the middlewares that can refuse a request (a wrong Host header in CommonMiddleware,
    # CSRF), so that their error pages carry the same headers as every other page.
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    "config.middleware.PermissionsPolicyMiddleware",
    # The captain's sheet kept by the phone's browser for offline use: without Vary: Cookie.
    "config.middleware.KeptPageMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "config.middleware.LanguageMiddleware",
    # Our 414 page for an overlong address, in the user's language, before anything else reads it.
    "config.middleware.AddressLengthMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    # Form data or a query string holding invalid UTF-8 (or U+FFFD) is refused, not stored.
    "config.input_encoding.InputEncodingMiddleware",
    # Innermost: our 405 page, JSON errors on the JSON endpoints, and 503 (not 500) when the
    # database is locked or unreachable.
    "config.middleware.ErrorPageMiddleware",
]

if DEPLOYED:
    # Static files straight from the application server (collectstatic first).
    MIDDLEWARE.insert(
        MIDDLEWARE.index("django.middleware.security.SecurityMiddleware") + 1,
        "whitenoise.middleware.WhiteNoiseMiddleware",
    )

# A strict Content-Security-Policy on every answer (django-csp): only our own scripts, styles,
# fonts and images (and data: images), nothing inline, no plugins, no framing.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [NONE],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}

# Our error pages in the base layout, and JSON for the JSON endpoints (config/errors.py).
CSRF_FAILURE_VIEW = "config.errors.csrf_failure"

# How much one request may carry; beyond it the answer is our 400 page (or JSON) saying what was
# too large (config/errors.py), and nothing is read further or stored.
# - Form fields: the largest form, a score sheet of 60 games, sends well under 100 kB.
DATA_UPLOAD_MAX_MEMORY_SIZE = 1 * 2**20
# - Fields per request: the lots page sends one per participant (the import takes 2,000 lines);
#   a score sheet sends at most 60 × 11.
DATA_UPLOAD_MAX_NUMBER_FIELDS = 2500
DATA_UPLOAD_MAX_NUMBER_FILES = 5  # the participant import sends one file
# - Uploads (the participant import, files up to 2 MB): a whole multipart request of more than
#   4 MB is refused before any of it is stored (config.uploads); a valid file stays in memory.
#   The restore page takes backups up to 50 MB from a logged-in user (its view says so), spooled
#   to a temporary file above FILE_UPLOAD_MAX_MEMORY_SIZE.
UPLOAD_MAX_REQUEST_SIZE = 4 * 2**20
FILE_UPLOAD_MAX_MEMORY_SIZE = 3 * 2**20
FILE_UPLOAD_HANDLERS = [
    "config.uploads.RequestSizeLimitHandler",
    "django.core.files.uploadhandler.MemoryFileUploadHandler",
    "django.core.files.uploadhandler.TemporaryFileUploadHandler",
]

ROOT_URLCONF = "config.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

WSGI_APPLICATION = "config.wsgi.application"

DATABASES = {
    "default": dj_database_url.parse(
        # The club evening's data stays apart from the demo of `make run` (db.sqlite3). An
        # empty DATABASE_URL counts as unset.
        os.environ.get("DATABASE_URL")
        or f"sqlite:///{(DATA_DIR if NETWORK else BASE_DIR) / 'db.sqlite3'}",
        # Keeping connections saves a connect per request (PostgreSQL's handshake; SQLite's
        # open and pragmas, 6 % of the club evening's server time; docs/performance.md).
        conn_max_age=int(os.environ.get("CONN_MAX_AGE", "60" if DEPLOYED else "0")),
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql" and env_bool("DB_POOL", False):
    # Under Django's own ASGI handler (``SERVE_THREADS=0``; ``config.asgi`` sets DB_POOL) every
    # request runs in a thread of its own, so a persistent connection is never reused; a pool
    # per process keeps PostgreSQL's handshake out of every request instead (Django's psycopg
    # pool; CONN_MAX_AGE must then be 0). ``make serve``'s pool threads keep theirs instead.
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": 1,
        "max_size": int(os.environ.get("DB_POOL_SIZE", "8")),
        "timeout": 10,
    }
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    if NETWORK:
        # Sessions, password hashes and links: readable by this user only, like the secret
        # key (SQLite gives its -wal and -shm files the database file's mode).
        network.keep_private(Path(DATABASES["default"]["NAME"]))
    # WAL lets a phone save a sheet while the organiser prints; IMMEDIATE transactions take the
    # write lock up front, and the timeout makes a second writer wait instead of failing with
    # "database is locked".
    DATABASES["default"]["OPTIONS"] = {
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
    }
    # Tests use a file (threads need a shared database), one per test process.
    DATABASES["default"]["TEST"] = {
        "NAME": os.environ.get(
            "TEST_DB_NAME", str(Path(tempfile.gettempdir()) / f"doko-test-{os.getpid()}.sqlite3")
        )
    }

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# The model backend, refusing the demo's published password outside `make run`.
AUTHENTICATION_BACKENDS = ["config.auth.NoPublishedPasswordBackend"]

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "tournament:list"
LOGOUT_REDIRECT_URL = "public:home"

LANGUAGE_CODE = "de"
LANGUAGES = [("de", _("Deutsch")), ("en", _("English"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
# English dates read "3 Dec 2027", not "12/03/2027" (config/formats/en/formats.py).
FORMAT_MODULE_PATH = ["config.formats"]
TIME_ZONE = "Europe/Berlin"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT") or BASE_DIR / "staticfiles")
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "config.static_storage.CompressedManifestModulesStorage"
            if DEPLOYED
            else "django.contrib.staticfiles.storage.StaticFilesStorage"
        )
    },
}

# Network and production mode share one cache between the server's processes (public standings,
# the counters of failed logins and wrong links): Redis when REDIS_URL is set, else a table of
# a database (made by `migrate`, see config/apps.py). Development keeps the cache in memory.
# Every backend stores JSON text, never pickles: whoever can write into Redis cannot make the
# server run code, and a value that is not JSON reads as a miss. A failing cache (Redis
# unreachable, a broken cache file) is a miss as well, never a 500 (tournament/cache/). The
# brakes count atomically (tournament/throttle.py).
REDIS_URL = os.environ.get("REDIS_URL", "").strip()
DJANGO_REDIS_LOG_IGNORED_EXCEPTIONS = True  # Redis failures: logged, then answered as misses
DJANGO_REDIS_LOGGER = "tournament.cache.redis"
CACHE_TABLE = "doko_cache"
if not DEPLOYED:
    CACHES = {
        "default": {"BACKEND": "tournament.cache.backends.DataOnlyLocMemCache", "LOCATION": "doko"}
    }
elif REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "tournament.cache.redis.DataOnlyRedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": "doko",
            # A Redis that does not answer costs a cache call at most this long.
            "OPTIONS": {"SOCKET_CONNECT_TIMEOUT": 0.5, "SOCKET_TIMEOUT": 1},
        }
    }
else:
    CACHES = {
        "default": {
            "BACKEND": "tournament.cache.backends.DataOnlyDatabaseCache",
            "LOCATION": CACHE_TABLE,
            # Room for every address counted by the throttles before entries are culled.
            "OPTIONS": {"MAX_ENTRIES": 5000},
        }
    }
    if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
        # Its own SQLite file, so that public pages and the brakes never wait for the main
        # database's write lock (tournament/cache/router.py).
        network.keep_private(DATA_DIR / "cache.sqlite3")
        DATABASES["cache"] = {
            **DATABASES["default"],
            "NAME": str(DATA_DIR / "cache.sqlite3"),
            # A locked cache is waited for briefly: it only spares work.
            "OPTIONS": {**DATABASES["default"]["OPTIONS"], "timeout": 5},
            "TEST": {},
        }
        DATABASE_ROUTERS = ["tournament.cache.router.CacheRouter"]
# Beside the shared cache, each process keeps a few public things it read or rendered under a
# key that names the tournament's last public change (the standings and their rendered rows):
# what such a key holds never changes, so every process may answer from its own copy instead of
# fetching about 100 kB from the database or Redis on every poll (docs/performance.md, §8).
CACHES["local"] = {
    "BACKEND": "tournament.cache.backends.DataOnlyLocMemCache",
    "LOCATION": "doko-local",
    "OPTIONS": {"MAX_ENTRIES": 200},
}
# Public pages (standings, seating) are cached this many seconds.
PUBLIC_CACHE_SECONDS = int(os.environ.get("PUBLIC_CACHE_SECONDS", "5"))
# The public standings page and the projector ask for news this often (a 304 while nothing
# public changed; tournament/polling/freshness.py).
PUBLIC_POLL_SECONDS = int(os.environ.get("PUBLIC_POLL_SECONDS", "30"))
# The director's live board (scoring/board/): how often it asks for news (a 304 while nothing
# changed), and after how many quiet minutes a table that still has games to enter stands out
# (the page lets the director choose another number).
BOARD_POLL_SECONDS = int(os.environ.get("BOARD_POLL_SECONDS", "10"))
BOARD_STUCK_MINUTES = int(os.environ.get("BOARD_STUCK_MINUTES", "10"))

DJANGO_TABLES2_TEMPLATE = "django_tables2/table.html"

MESSAGE_STORAGE = "django.contrib.messages.storage.session.SessionStorage"

SESSION_COOKIE_HTTPONLY = True
CSRF_COOKIE_HTTPONLY = True
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"

if PRODUCTION:
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    LANGUAGE_COOKIE_SECURE = True
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", str(60 * 60 * 24 * 365)))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

if NETWORK:
    # A club evening on the local network has no TLS: the phones reach the laptop over plain
    # HTTP (http://192.168.1.20:8000/). Cookies marked Secure would never come back, an HTTPS
    # redirect would lead nowhere and HSTS would lock the address out. These are exactly the
    # HTTPS-only checks of `check --deploy`; every other deployment check stays on.
    SILENCED_SYSTEM_CHECKS = [
        "security.W004",  # SECURE_HSTS_SECONDS
        "security.W008",  # SECURE_SSL_REDIRECT
        "security.W012",  # SESSION_COOKIE_SECURE
        "security.W016",  # CSRF_COOKIE_SECURE
    ]

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}
