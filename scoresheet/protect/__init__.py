"""The tables behind the limits on heavy work: rate-limit counts (scoresheet/protect/ratelimit.py)
and
rendered PDFs (scoresheet/exports/pdfstore.py); a Django app of its own, so that
its migrations never collide with those of the sheets."""
