"""The table behind the rate limits (scoresheet/ratelimit.py): a Django app of its own, so that
its migrations never collide with those of the sheets."""
