import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scoresheet.settings")

from scoresheet.protect.memo import RefusalMemo

# A flood of requests already refused is refused again at the door, without Django
# (scoresheet/protect/memo.py).
application = RefusalMemo(get_wsgi_application())

from django.conf import settings  # noqa: E402
from django.db.backends.signals import connection_created  # noqa: E402


def _statement_limit(sender: object, connection: object, **kwargs: object) -> None:
    """On PostgreSQL no statement of a web request runs longer than the request may
    (scoresheet/protect/timelimit.py): the server cancels it and the write rolls back.  Only
    the web server's connections: the task worker and migrations keep no such limit."""
    if getattr(connection, "vendor", "") == "postgresql":
        with connection.cursor() as cursor:  # type: ignore[attr-defined]
            cursor.execute("SELECT set_config('statement_timeout', %s, false)",
                           [f"{int(settings.REQUEST_TIMEOUT)}s"])


connection_created.connect(_statement_limit)
