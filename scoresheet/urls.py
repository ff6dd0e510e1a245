"""The project's URLs: each app's own, side by side (docs/architecture.md)."""

from django.conf import settings
from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    # the sheet: its pages, entries, history, undo, sharing, accounts, languages, offline use
    path("", include("scoresheet.sheets.urls")),
    # export, import, print, PDF, mail, statistics
    path("", include("scoresheet.exports.urls")),
    # the referee: was it legal?, what an offence costs, the table's rules, the deal review
    path("", include("scoresheet.referee.urls")),
    # tournaments: the draw, the table sheets, the standings and the wall page
    path("", include("scoresheet.tournament.urls")),
    # clubs: the player register, seasons and their tables, a player's own page
    path("", include("scoresheet.club.urls")),
]

# The Django admin only when LISTEK_ADMIN says so; its login is rate-limited
# (scoresheet/protect/ratelimit.py)
if settings.ADMIN_ENABLED:
    urlpatterns.insert(0, path("admin/", admin.site.urls))

# A database that cannot take the request answers 503 with Retry-After
# (scoresheet/protect/resilience.py)
handler500 = "scoresheet.protect.resilience.server_error"
# A request that cannot be read: a sentence, without reading its body again
# (scoresheet/protect/guard.py)
handler400 = "scoresheet.protect.guard.bad_request"
# A link that leads nowhere, or does not allow what was asked: the site's page, in the reader's
# language, with a way back
handler404 = "scoresheet.protect.guard.not_found"
handler403 = "scoresheet.protect.guard.permission_denied"
