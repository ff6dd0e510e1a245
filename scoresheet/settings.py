"""Settings, all from the environment.  Every variable is documented in README.md ("Settings")
and, for production, in docs/deployment.md.

Bad values raise at start-up instead of being silently replaced.
"""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlparse

from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    raw = os.environ.get(name)
    if raw is None or raw == "":
        return default
    if raw.lower() in ("1", "true", "yes", "on"):
        return True
    if raw.lower() in ("0", "false", "no", "off"):
        return False
    raise ImproperlyConfigured(f"{name} must be true or false, not {raw!r}")


def env_list(name: str, default: list[str]) -> list[str]:
    raw = os.environ.get(name)
    if not raw:
        return default
    return [item.strip() for item in raw.split(",") if item.strip()]


def database_from_url(url: str) -> dict[str, object]:
    """``sqlite:///path`` or ``postgres://user:pass@host:port/name``."""
    parsed = urlparse(url)
    if parsed.scheme == "sqlite":
        path = unquote(parsed.path)
        if path.startswith("/") and url.startswith("sqlite:///") and not url.startswith(
            "sqlite:////"
        ):
            path = path[1:] if not Path(path).is_absolute() else path
        # A worker keeps its connection: opening one costs a millisecond, and closing the last
        # one checkpoints the write-ahead log, which cost a write request two more.
        return {"ENGINE": "django.db.backends.sqlite3", "NAME": path or BASE_DIR / "db.sqlite3",
                "CONN_MAX_AGE": 60, "CONN_HEALTH_CHECKS": True}
    if parsed.scheme in ("postgres", "postgresql"):
        options = {k: v[-1] for k, v in parse_qs(parsed.query).items()}
        return {
            "ENGINE": "django.db.backends.postgresql",
            "NAME": unquote(parsed.path.lstrip("/")),
            "USER": unquote(parsed.username or ""),
            "PASSWORD": unquote(parsed.password or ""),
            "HOST": parsed.hostname or "",
            "PORT": str(parsed.port or ""),
            "OPTIONS": options,
            "CONN_MAX_AGE": 60,
            "CONN_HEALTH_CHECKS": True,
        }
    raise ImproperlyConfigured(
        f"DATABASE_URL must start with sqlite:// or postgres://, not {url.split(':')[0]!r}"
    )


DEBUG = env_bool("DJANGO_DEBUG", True)
SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "")
MIN_SECRET_KEY = 50  # characters; what `manage.py check --deploy` asks of a secret key
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("DJANGO_SECRET_KEY must be set when DJANGO_DEBUG is off")
    SECRET_KEY = "dev-only-not-secret-listek"  # noqa: S105  (DEBUG only)
elif not DEBUG and (len(SECRET_KEY) < MIN_SECRET_KEY or len(set(SECRET_KEY)) < 5):
    raise ImproperlyConfigured(
        f"DJANGO_SECRET_KEY must be at least {MIN_SECRET_KEY} random characters in production; "
        "make one with: python3 -c 'import secrets; print(secrets.token_urlsafe(50))'"
    )

ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]", "testserver"])
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    # the task worker's queue in the database (heavy work: PDFs, mail, the cleanup)
    "django_tasks",
    "django_tasks_db",
    # the core, then the apps built on it (docs/architecture.md)
    "scoresheet.sheets.apps.SheetsConfig",
    "scoresheet.protect.apps.ProtectConfig",
    "scoresheet.referee.apps.RefereeConfig",
    "scoresheet.exports.apps.ExportsConfig",
    "scoresheet.tournament.apps.TournamentConfig",
    "scoresheet.club.apps.ClubConfig",
]

MIDDLEWARE = [
    # what each request cost the server's CPU, for load tests (scoresheet/protect/timing.py)
    "scoresheet.protect.timing.ServerTimingMiddleware",
    # Compresses pages and partials (a 200-deal sheet: 211 kB -> 9 kB); Django's GZipMiddleware
    # pads its output against BREACH.  Static files come compressed from whitenoise already;
    # PDFs and images pass as they are (scoresheet/sheets/gzipped.py).
    "scoresheet.sheets.gzipped.TextGZipMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "scoresheet.protect.security.SecurityHeadersMiddleware",
    # NUL and other bytes no link holds: 400 before anything reads them
    # (scoresheet/protect/guard.py)
    "scoresheet.protect.guard.HostileInputMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # no request holds a worker longer than REQUEST_TIMEOUT (scoresheet/protect/timelimit.py)
    "scoresheet.protect.timelimit.TimeLimitMiddleware",
    "scoresheet.protect.resilience.DatabaseErrorMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    # after the CSRF check: a refused forgery counts against nobody
    # (scoresheet/protect/ratelimit.py)
    "scoresheet.protect.ratelimit.RateLimitMiddleware",
    # every request pays what it cost from its client's, address's and sheet's budget
    # (scoresheet/protect/budget.py)
    "scoresheet.protect.budget.CostBudgetMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "scoresheet.protect.device.DeviceMiddleware",
]

ROOT_URLCONF = "scoresheet.urls"
WSGI_APPLICATION = "scoresheet.wsgi.application"

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
                "scoresheet.sheets.views.theme.theme",
            ],
        },
    },
]

DATABASES = {
    "default": database_from_url(
        os.environ.get("DATABASE_URL") or f"sqlite:///{BASE_DIR / 'db.sqlite3'}"
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"]["OPTIONS"] = {
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
    }

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]

LANGUAGE_CODE = "en"
LANGUAGES = [
    ("cs", "Čeština"),
    ("de", "Deutsch"),
    ("en", "English"),
    ("pl", "Polski"),
    ("ru", "Русский"),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
# The language tapped in the header is remembered on the phone (Django's default is a cookie that
# dies with the browser session, and a phone's browser ends sessions whenever it likes).
LANGUAGE_COOKIE_AGE = 400 * 24 * 3600  # the longest lifetime browsers keep a cookie
LANGUAGE_COOKIE_SAMESITE = "Lax"
LANGUAGE_COOKIE_HTTPONLY = True
TIME_ZONE = os.environ.get("DJANGO_TIME_ZONE", "Europe/Prague")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(os.environ.get("DJANGO_STATIC_ROOT") or BASE_DIR / "staticfiles")
# Pyodide's runtime (static/referee/, docs/offline.md) comes compressed by scripts/build-referee:
# compressing its 10 MB again would take collectstatic minutes on a small server
WHITENOISE_SKIP_COMPRESS_EXTENSIONS = (
    "jpg", "jpeg", "png", "gif", "webp", "zip", "gz", "tgz", "bz2", "tbz", "xz", "br", "swf",
    "flv", "woff", "woff2", "3gp", "3gpp", "asf", "avi", "m4v", "mov", "mp4", "mpeg", "mpg",
    "webm", "wmv", "wasm", "mjs",
)
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}

EMAIL_BACKEND = os.environ.get(
    "DJANGO_EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend"
)
EMAIL_HOST = os.environ.get("DJANGO_EMAIL_HOST", "localhost")
EMAIL_PORT = int(os.environ.get("DJANGO_EMAIL_PORT", "25"))
EMAIL_HOST_USER = os.environ.get("DJANGO_EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("DJANGO_EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("DJANGO_EMAIL_USE_TLS", False)
EMAIL_USE_SSL = env_bool("DJANGO_EMAIL_USE_SSL", False)  # SMTP over TLS from the start (465)
if EMAIL_USE_TLS and EMAIL_USE_SSL:
    raise ImproperlyConfigured("DJANGO_EMAIL_USE_TLS and DJANGO_EMAIL_USE_SSL exclude each other")
EMAIL_TIMEOUT = int(os.environ.get("DJANGO_EMAIL_TIMEOUT", "20"))  # seconds: a mail form waits
DEFAULT_FROM_EMAIL = os.environ.get("DJANGO_DEFAULT_FROM_EMAIL", "listek@localhost")

LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/"


# ------------------------------------------------------------------ production and security
# Every variable is documented in docs/deployment.md.  `manage.py check --deploy` is clean with
# DJANGO_DEBUG=false and the defaults below (tests/prod/test_deploy_check.py).

# The site is reached over HTTPS (directly or through a proxy that terminates TLS).  On by
# default in production: plain-HTTP cookies and no redirect only when this says false.
HTTPS = env_bool("DJANGO_HTTPS", not DEBUG)
SECURE_SSL_REDIRECT = HTTPS
if env_bool("DJANGO_PROXY_HTTPS_HEADER", False):
    # Only behind a proxy that always sets (or strips) X-Forwarded-Proto itself.
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SESSION_COOKIE_SECURE = env_bool("DJANGO_SECURE_COOKIES", HTTPS)
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
LANGUAGE_COOKIE_SECURE = SESSION_COOKIE_SECURE
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"
CSRF_COOKIE_SAMESITE = "Lax"
HSTS_DEFAULT = 365 * 24 * 3600  # one year: the value browsers' preload lists ask for
SECURE_HSTS_SECONDS = int(
    os.environ.get("DJANGO_HSTS_SECONDS", str(HSTS_DEFAULT if HTTPS and not DEBUG else 0))
)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("DJANGO_HSTS_INCLUDE_SUBDOMAINS", True)
SECURE_HSTS_PRELOAD = env_bool("DJANGO_HSTS_PRELOAD", True)
SECURE_CONTENT_TYPE_NOSNIFF = True
# The sheet's links carry its secret tokens: never send them to another site as a Referer.
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
# A failed CSRF check: a sentence, without reading the request's body (scoresheet/protect/guard.py)
CSRF_FAILURE_VIEW = "scoresheet.protect.guard.csrf_failure"
# Only the app's own scripts and styles; no inline code, no eval (scoresheet/protect/security.py).
CONTENT_SECURITY_POLICY = os.environ.get(
    "LISTEK_CSP",
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "font-src 'self'; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; "
    "base-uri 'none'; object-src 'none'",
)
PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=(), usb=()"

# Derived data (scoresheet/sheets/derived.py): the engine's state and the rendered rows of each
# sheet
# revision.  Immutable per revision, so never invalidated; a miss rebuilds it.  The database
# cache is shared by every worker and every app server on the same database; its table is
# created by a migration (and `manage.py createcachetable`).  LISTEK_CACHE=dummy runs without
# (every request rebuilds), =locmem keeps it per process.
CACHE_TABLE = "listek_cache"
_CACHE_BACKENDS = {
    "database": "scoresheet.sheets.cache.SharedCache",
    "dummy": "django.core.cache.backends.dummy.DummyCache",
    "locmem": "django.core.cache.backends.locmem.LocMemCache",
}
_cache = os.environ.get("LISTEK_CACHE", "database")
if _cache not in _CACHE_BACKENDS:
    raise ImproperlyConfigured(f"LISTEK_CACHE must be one of {', '.join(_CACHE_BACKENDS)}")
CACHES = {
    "default": {
        "BACKEND": _CACHE_BACKENDS[_cache],
        "LOCATION": CACHE_TABLE if _cache == "database" else "listek",
        # only the latest revisions are read again: a day is plenty, and keeps the table small
        "TIMEOUT": int(os.environ.get("LISTEK_CACHE_SECONDS", str(24 * 3600))),
        "OPTIONS": {"MAX_ENTRIES": int(os.environ.get("LISTEK_CACHE_ENTRIES", "100000"))},
    }
}

# Rate limits on writes (scoresheet/protect/ratelimit.py), counted in the database so that every app
# server sees the same counts.  A fixed window of LISTEK_RATELIMIT_WINDOW seconds.
RATELIMIT_ENABLED = env_bool("LISTEK_RATELIMIT", True)
# Each answer says what it cost the server's CPU (Server-Timing: cpu;dur=ms), for load tests.
SERVER_TIMING = env_bool("LISTEK_SERVER_TIMING", False)
RATELIMIT_WINDOW = int(os.environ.get("LISTEK_RATELIMIT_WINDOW", "60"))
RATELIMIT_SHEET = int(os.environ.get("LISTEK_RATELIMIT_SHEET", "60"))
RATELIMIT_CLIENT = int(os.environ.get("LISTEK_RATELIMIT_CLIENT", "600"))
# How many proxies in front of the app append to X-Forwarded-For (0: use the peer address).
PROXY_HOPS = int(os.environ.get("LISTEK_PROXY_HOPS", "0"))
# Heavy reads (PDF, print, CSV and JSON export, statistics) and imports: a tight limit of their
# own per client address and window.
RATELIMIT_HEAVY = int(os.environ.get("LISTEK_RATELIMIT_HEAVY", "20"))
# ... and a ceiling per client address over all its phones (a full tournament hall).
RATELIMIT_HEAVY_ADDRESS = int(os.environ.get("LISTEK_RATELIMIT_HEAVY_ADDRESS", "300"))
# ... and the rate of an address's heavy requests of every kind (a stored PDF, the "preparing"
# page's poll too) per 10 s: 200, a hall of 100 tables x 4 phones each asking every 20 s.
RATELIMIT_HEAVY_RATE = int(os.environ.get("LISTEK_RATELIMIT_HEAVY_RATE", "200"))
# ... and of one phone's heavy requests of every kind per 2 s: a person taps no faster.
RATELIMIT_HEAVY_QUICK = int(os.environ.get("LISTEK_RATELIMIT_HEAVY_QUICK", "10"))
# Budgets of work by cost (scoresheet/protect/budget.py), in milliseconds of CPU: how much one
# phone, one address (all its phones) and one sheet may spend at once (_MS) and how fast it comes
# back (_RATE, ms per second).  Requests cheaper than LISTEK_BUDGET_FREE_MS are not counted.
BUDGET_CLIENT_MS = int(os.environ.get("LISTEK_BUDGET_CLIENT_MS", "3000"))
BUDGET_CLIENT_RATE = int(os.environ.get("LISTEK_BUDGET_CLIENT_RATE", "50"))
BUDGET_ADDRESS_MS = int(os.environ.get("LISTEK_BUDGET_ADDRESS_MS", "20000"))
BUDGET_ADDRESS_RATE = int(os.environ.get("LISTEK_BUDGET_ADDRESS_RATE", "300"))
BUDGET_SHEET_MS = int(os.environ.get("LISTEK_BUDGET_SHEET_MS", "10000"))
BUDGET_SHEET_RATE = int(os.environ.get("LISTEK_BUDGET_SHEET_RATE", "100"))
BUDGET_FREE_MS = int(os.environ.get("LISTEK_BUDGET_FREE_MS", "15"))
# The most one request of an established phone is charged (its CPU grows when the machine is
# busy with others' work): a phone that sends one request every BUDGET_REQUEST_MS /
# BUDGET_CLIENT_RATE seconds (3 s) is never refused, however loaded the machine is.
BUDGET_REQUEST_MS = int(os.environ.get("LISTEK_BUDGET_REQUEST_MS", "150"))
# Writes of one phone (and of one address) being served at once (scoresheet/protect/ratelimit.py).
INFLIGHT_WRITES = int(os.environ.get("LISTEK_INFLIGHT_WRITES", "1"))
INFLIGHT_WRITES_ADDRESS = int(os.environ.get("LISTEK_INFLIGHT_WRITES_ADDRESS", "16"))
# Logins (the accounts' and /admin/'s) per username and client address and per client address,
# per hour; per username from any address, per minute (a pace: guessing is slowed, the owner on
# another network still gets in).
LOGIN_PER_USERNAME = int(os.environ.get("LISTEK_LOGIN_PER_USERNAME", "10"))
LOGIN_PACE = int(os.environ.get("LISTEK_LOGIN_PACE", "6"))
LOGIN_PER_ADDRESS = int(os.environ.get("LISTEK_LOGIN_PER_ADDRESS", "100"))
# Bytes one client may import per day (sheets and tournaments), per phone and per address.
IMPORT_BYTES_PER_DAY = int(os.environ.get("LISTEK_IMPORT_BYTES_PER_DAY", "20000000"))
IMPORT_BYTES_PER_ADDRESS = int(os.environ.get("LISTEK_IMPORT_BYTES_PER_ADDRESS", "200000000"))
# Live previews of one sheet's entry forms per window (they compute, never write).
RATELIMIT_PREVIEW = int(os.environ.get("LISTEK_RATELIMIT_PREVIEW", "600"))
# Mail budgets, in messages (one per address) per hour (scoresheet/protect/ratelimit.py).
# Per phone (its device cookie), per network address (a pub's phones share one: a higher
# ceiling), per sheet; over the site's ceiling mail is queued for a later hour, not refused.
MAIL_PER_CLIENT = int(os.environ.get("LISTEK_MAIL_PER_CLIENT", "30"))
MAIL_PER_ADDRESS = int(os.environ.get("LISTEK_MAIL_PER_ADDRESS", "120"))
MAIL_PER_SHEET = int(os.environ.get("LISTEK_MAIL_PER_SHEET", "20"))
MAIL_GLOBAL = int(os.environ.get("LISTEK_MAIL_GLOBAL", "300"))
# ... and what a played sheet (an entry, made MAIL_RESERVE_AGE minutes ago) may send per day
# beyond the site's ceiling, when that ceiling would make it wait: a table's results go at once.
MAIL_SHEET_RESERVE = int(os.environ.get("LISTEK_MAIL_SHEET_RESERVE", "10"))
MAIL_RESERVE_AGE = int(os.environ.get("LISTEK_MAIL_RESERVE_AGE", "10"))
# Heavy work (PDFs, table cards, the tournament's results, mail, the storage cleanup) runs in
# the task worker (`manage.py db_worker`, scoresheet/exports/tasks.py), never in a web request:
# as many run at once as there are workers.  LISTEK_TASKS=database (the default) queues them in
# the database; =immediate runs them inside the request (the tests, and nothing else).
_TASK_BACKENDS = {
    "database": "django_tasks_db.DatabaseBackend",
    "immediate": "django_tasks.backends.immediate.ImmediateBackend",
}
_tasks = os.environ.get("LISTEK_TASKS", "database")
if _tasks not in _TASK_BACKENDS:
    raise ImproperlyConfigured(f"LISTEK_TASKS must be one of {', '.join(_TASK_BACKENDS)}")
TASKS = {"default": {"BACKEND": _TASK_BACKENDS[_tasks], "QUEUES": ["default"]}}
# Seconds after which a PDF still being made is asked of the worker again (a worker that died).
TASK_STALE = int(os.environ.get("LISTEK_TASK_STALE", "300"))
# The most table sheets one tournament results PDF holds (each printed as its last part).
RESULTS_MAX_TABLES = int(os.environ.get("LISTEK_RESULTS_MAX_TABLES", "120"))
# Days a stored PDF, a finished task and a stale cache row are kept (the periodic cleanup).
KEEP_DAYS = int(os.environ.get("LISTEK_KEEP_DAYS", "7"))
# Entries per printed part: a longer sheet is printed (and its PDF made) in parts.
PRINT_PART = int(os.environ.get("LISTEK_PRINT_PART", "100"))
# Seconds a request may take; then it is stopped and answered 503 (scoresheet/protect/timelimit.py).
REQUEST_TIMEOUT = int(os.environ.get("LISTEK_REQUEST_TIMEOUT", "20"))
# The Django admin at /admin/: off unless this says true.
ADMIN_ENABLED = env_bool("LISTEK_ADMIN", False)
for _name in ("RATELIMIT_WINDOW", "RATELIMIT_SHEET", "RATELIMIT_CLIENT", "PROXY_HOPS",
              "RATELIMIT_HEAVY", "RATELIMIT_PREVIEW", "MAIL_PER_CLIENT",
              "MAIL_PER_ADDRESS", "MAIL_PER_SHEET", "MAIL_GLOBAL", "MAIL_SHEET_RESERVE",
              "MAIL_RESERVE_AGE", "PRINT_PART", "REQUEST_TIMEOUT",
              "TASK_STALE", "RESULTS_MAX_TABLES", "KEEP_DAYS",
              "RATELIMIT_HEAVY_ADDRESS", "RATELIMIT_HEAVY_RATE", "RATELIMIT_HEAVY_QUICK",
              "BUDGET_CLIENT_MS",
              "BUDGET_CLIENT_RATE", "BUDGET_ADDRESS_MS", "BUDGET_ADDRESS_RATE", "BUDGET_SHEET_MS",
              "BUDGET_SHEET_RATE", "BUDGET_REQUEST_MS",
              "LOGIN_PER_USERNAME", "LOGIN_PACE", "LOGIN_PER_ADDRESS", "IMPORT_BYTES_PER_DAY",
              "IMPORT_BYTES_PER_ADDRESS", "INFLIGHT_WRITES", "INFLIGHT_WRITES_ADDRESS"):
    if globals()[_name] < (1 if _name != "PROXY_HOPS" else 0):
        raise ImproperlyConfigured(f"LISTEK_{_name} must be a positive number")

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    # a refused flood is logged once per window by the rate limiter, not once per request
    "filters": {"quiet_refusals": {"()": "scoresheet.protect.quiet.QuietRefusals"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "filters": ["quiet_refusals"]}},
    "loggers": {
        "django": {"handlers": ["console"], "level": os.environ.get("DJANGO_LOG_LEVEL", "INFO")},
        "scoresheet": {"handlers": ["console"], "level": "INFO"},
    },
}
