"""Settings, all from the environment (README.md lists every variable).

Unset, everything falls back to the embedded development default: DEBUG on, a SQLite file in the project and
Celery tasks run eagerly in-process. Production sets DEBUG=0, SECRET_KEY, ALLOWED_HOSTS, DATABASE_URL and
CELERY_BROKER_URL, and then passes ``manage.py check --deploy``.
"""

from __future__ import annotations

from pathlib import Path

from config.env import (
    broker_url,
    channel_layers,
    database_config,
    email_config,
    env_bool,
    env_int,
    env_list,
    env_str,
    fail,
)

BASE_DIR = Path(__file__).resolve().parent.parent

DEBUG = env_bool("DEBUG", True)
SECRET_KEY = env_str("SECRET_KEY")
if not SECRET_KEY:
    if not DEBUG:
        fail("SECRET_KEY must be set when DEBUG is off")
    SECRET_KEY = "dev-only-insecure-key-never-used-in-production"  # noqa: S105 - DEBUG only
# Rotation (docs/security.md): the previous key(s) still verify sessions and signed values until they expire.
SECRET_KEY_FALLBACKS = env_list("SECRET_KEY_FALLBACKS", [])

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]", "testserver"] if DEBUG else [])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])
PORT = env_int("PORT", 8000)

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "channels",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_filters",
    "accounts",
    "outbox",  # below both apps: follow-up tasks recorded with the writes that need them
    "tournaments",
    "games",
    "ratings",  # above tournaments: rating lists, series, the player's page across events (issue 28)
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"  # what every server runs: HTTP and the game and event sockets

# --- Channels: pushing game and event changes to sockets --------------------------------------------------
# Unset: in-memory, one process (`make run`). Several web processes need Redis so that a change made in one
# reaches the sockets held by the others.
CHANNEL_LAYERS = channel_layers(
    env_str("CHANNEL_LAYER_URL") or env_str("REDIS_URL"), prefix=env_str("CHANNEL_LAYER_PREFIX", "rvchess")
)

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASES = {"default": database_config(env_str("DATABASE_URL"), str(BASE_DIR / "db.sqlite3"))}
# Where `manage.py demo` keeps the demo's password, so that `make run` prints the same one each time.
DEMO_PASSWORD_FILE = env_str("DEMO_PASSWORD_FILE") or str(BASE_DIR / ".demo-password")
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]  # the piece set, the board and play scripts and styles
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}

# --- cache: standings snapshots and throttling counters --------------------------------------------------
REDIS_CACHE_URL = env_str("CACHE_URL")
CACHES = {
    "default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": REDIS_CACHE_URL}
    if REDIS_CACHE_URL
    else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    # The login limits count here, in a store every process shares (accounts.throttling): Redis when CACHE_URL is
    # set, else the database (accounts' migration creates the table). MAX_ENTRIES: culling must not forget counts.
    "throttle": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": REDIS_CACHE_URL, "KEY_PREFIX": "throttle"}
    if REDIS_CACHE_URL
    else {
        "BACKEND": "django.core.cache.backends.db.DatabaseCache",
        "LOCATION": "accounts_cache",
        "OPTIONS": {"MAX_ENTRIES": 100_000},
    },
    # Beat's and the workers' heartbeats (config.heartbeats): in the database whatever CACHE_URL says, so that a
    # Redis restart does not make every part look dead at once. The table is accounts' (its migration makes it).
    "heartbeats": {
        "BACKEND": "django.core.cache.backends.db.DatabaseCache",
        "LOCATION": "accounts_cache",
        "KEY_PREFIX": "heartbeat",
    },
}

# --- Celery -------------------------------------------------------------------------------------------------
CELERY_BROKER_URL = broker_url(env_str("CELERY_BROKER_URL"))
CELERY_RESULT_BACKEND = env_str("CELERY_RESULT_BACKEND") or (
    CELERY_BROKER_URL if CELERY_BROKER_URL.startswith(("redis://", "rediss://")) else None
)
# No broker configured: run every task at once in the calling process, so `make run` needs nothing else.
CELERY_TASK_ALWAYS_EAGER = not CELERY_BROKER_URL
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True  # a task lost with its worker is redelivered; our tasks are safe to retry
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_TASK_DEFAULT_QUEUE = env_str("CELERY_QUEUE", "rvchess")
# Late acknowledgement, the redelivery timeout and beat's schedule (outbox sender, flag sweep): config/celery.py.

# --- REST framework -----------------------------------------------------------------------------------------
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "accounts.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    # The schema lists every refusal of every operation in the one error shape (config.api_schema).
    "DEFAULT_SCHEMA_CLASS": "config.api_schema.AutoSchema",
    # Every list is a page (config.api_lists) and filters with django-filter (each list's filterset_class).
    "DEFAULT_PAGINATION_CLASS": "config.api_lists.PagePagination",
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    # Players at a venue often share one address: the default allows a room of them to log in at once.
    "DEFAULT_THROTTLE_RATES": {"login": env_str("LOGIN_THROTTLE", "30/min")},
    # Behind N trusted reverse proxies the client address is the Nth from the right in X-Forwarded-For.
    "NUM_PROXIES": env_int("NUM_PROXIES", 0) or None,
    "EXCEPTION_HANDLER": "config.api_errors.exception_handler",
    # JSON bodies are bounded in size and nesting depth (a deep body would otherwise be a RecursionError, a 500).
    "DEFAULT_PARSER_CLASSES": [
        "config.parsers.BoundedJSONParser",
        "config.parsers.NulFreeFormParser",
        "config.parsers.NulFreeMultiPartParser",
    ],
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Random Variant Chess events API",
    "DESCRIPTION": (
        "Pairings, results, standings and live play for chess-variant events.\n\n"
        "Log in with `POST /api/auth/token/` and send `Authorization: Token <key>`. Every error is JSON "
        '`{"detail": reason, "errors": {field: [reasons]}}` (row checks of the organizer API: a list of '
        "`{row or board, field, reason}`); each operation lists the statuses it answers, and a method a path does "
        "not list is a 405 in the same shape. Lists are pages `{count, next, previous, results}` with `page` "
        "(from 1) and `page_size` (1 to 200, default 50), filtered by the query parameters each list documents. "
        "A game is `{id}` on every route; an event is named by its `{slug}`."
    ),
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # Requests have components of their own, so a field the server will not take blank is minLength 1 there.
    "COMPONENT_SPLIT_REQUEST": True,
    # A PATCH of this API checks its whole body (no partial updates): no "Patched" components with nothing required.
    "COMPONENT_SPLIT_PATCH": False,
    # Bodies are documented as JSON, the API's language (forms are still parsed, for the browsable API).
    "PARSER_WHITELIST": ["config.parsers.BoundedJSONParser"],
    # One name per choice set, so the schema's enums are stable and distinct.
    "ENUM_NAME_OVERRIDES": {
        "ArmyEnum": ["white", "black"],
        "EventStatusEnum": "tournaments.models.Event.Status",
        "ReportStatusEnum": "games.models.ResultReport.Status",
        "GameStatusEnum": "tournaments.models.Game.Status",
        "ResultStatusEnum": "tournaments.models.Game.ResultStatus",
    },
}

# A write refused by the CSRF check answers in the API's error shape under /api/ (config.api_errors).
CSRF_FAILURE_VIEW = "config.api_errors.csrf_failure"

# The site login (Django's auth views, config/urls.py); a player lands on their games.
LOGIN_URL = "/accounts/login/"
LOGIN_REDIRECT_URL = "/games/mine/"
LOGOUT_REDIRECT_URL = "/"

# --- mail (issue 23): sent from a task through the outbox (outbox.mail) ------------------------------------------
# EMAIL_URL smtp://user:pass@host:port (smtp+tls://, smtp+ssl://); unset, every mail is printed on the console.
_MAIL = email_config(env_str("EMAIL_URL"))
EMAIL_BACKEND = _MAIL["EMAIL_BACKEND"]
EMAIL_HOST, EMAIL_PORT = _MAIL["EMAIL_HOST"], _MAIL["EMAIL_PORT"]
EMAIL_HOST_USER, EMAIL_HOST_PASSWORD = _MAIL["EMAIL_HOST_USER"], _MAIL["EMAIL_HOST_PASSWORD"]
EMAIL_USE_TLS, EMAIL_USE_SSL, EMAIL_TIMEOUT = _MAIL["EMAIL_USE_TLS"], _MAIL["EMAIL_USE_SSL"], _MAIL["EMAIL_TIMEOUT"]
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "Variant chess events <events@localhost>")
# Where the links in mails point (a mail is written by a task, with no request to take the host from).
SITE_URL = env_str("SITE_URL", f"http://localhost:{PORT}").rstrip("/")
PASSWORD_RESET_TIMEOUT = 7 * 24 * 3600  # invitation and reset links (Django's signed tokens) hold for 7 days

# --- production hardening (check --deploy) ----------------------------------------------------------------
# HTTPS=0 is for a trial over plain HTTP (docker compose on http://localhost:8000 with no TLS proxy in front): no
# redirect to https, no HSTS and cookies not marked Secure, which a browser would not send back over HTTP.
if not DEBUG:
    HTTPS = env_bool("HTTPS", True)
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True) if HTTPS else False
    SESSION_COOKIE_SECURE = HTTPS
    CSRF_COOKIE_SECURE = HTTPS
    SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 31536000) if HTTPS else 0
    SECURE_HSTS_INCLUDE_SUBDOMAINS = HTTPS
    SECURE_HSTS_PRELOAD = HTTPS
    SECURE_CONTENT_TYPE_NOSNIFF = True
    X_FRAME_OPTIONS = "DENY"

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "WARNING")},
}
