"""A refused flood does not write the log: Django logs every 4xx answer (``django.request``), so
an abuser refused 1,000 times a second would have the server write 1,000 lines a second.  The
rate limiter logs once instead, when a window first goes over its limit
(scoresheet/protect/ratelimit.py); this filter drops the 429 answers' own lines.  No model is
imported here: logging is configured before the apps are ready."""

from __future__ import annotations

import logging

TOO_MANY = 429


class QuietRefusals(logging.Filter):
    """Drop ``django.request``'s line of a 429 answer."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not (record.name == "django.request"
                    and getattr(record, "status_code", None) == TOO_MANY)
