from django.conf import settings
from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from ..views import accounts, create, entries, history, home, share, sheet, undo

urlpatterns = [
    path("", home.home, name="home"),
    path("new/", create.new_sheet, name="new_sheet"),
    # the edit link: whoever holds it keeps the sheet
    path("s/<str:token>/", sheet.sheet_edit, name="sheet"),
    path("s/<str:token>/table", sheet.sheet_table, name="sheet_table"),
    path("s/<str:token>/chart", sheet.sheet_chart, name="sheet_chart"),
    path("s/<str:token>/entries/new/<str:kind>/", entries.entry_new, name="entry_new"),
    path("s/<str:token>/entries/<int:pos>/edit/", entries.entry_edit, name="entry_edit"),
    path("s/<str:token>/entries/<int:pos>/delete/", entries.entry_delete, name="entry_delete"),
    path("s/<str:token>/entries/<int:pos>/history/", history.entry_history, name="entry_history"),
    path("s/<str:token>/history/", history.sheet_history, name="sheet_history"),
    path("s/<str:token>/undo/", undo.undo, name="undo"),
    path("s/<str:token>/redo/", undo.redo, name="redo"),
    path("s/<str:token>/share/", share.share, name="share"),
    path("s/<str:token>/rematch/", create.rematch, name="rematch"),
    path("s/<str:token>/keep/", accounts.keep, name="keep"),
    path("s/<str:token>/drop/", accounts.drop, name="drop"),
    # the read-only link: whoever holds it watches
    path("v/<str:token>/", sheet.sheet_read, name="sheet_read"),
    path("v/<str:token>/table", sheet.sheet_read_table, name="sheet_read_table"),
    path("v/<str:token>/chart", sheet.sheet_read_chart, name="sheet_read_chart"),
    # optional accounts
    path(
        "accounts/login/",
        auth_views.LoginView.as_view(template_name="registration/login.html"),
        name="login",
    ),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("accounts/signup/", accounts.signup, name="signup"),
    # export, import, print, PDF, mail, statistics
    path("", include("scoresheet.urls.export")),
    # the referee: was it legal?, what an offence costs, the table's rules
    path("", include("scoresheet.urls.referee")),
    # the deal review: the tricks laid out after play
    path("", include("scoresheet.urls.review")),
    # Mariáš: settling up at the end of the evening
    path("", include("scoresheet.urls.marias")),
    # tournaments: the draw, the table sheets, the standings and the wall page
    path("", include("scoresheet.urls.tournament")),
    # languages of the pages and of the printout; the service worker of offline use
    path("", include("scoresheet.urls.i18n")),
]

# The Django admin only when LISTEK_ADMIN says so; its login is rate-limited (ratelimit.py)
if settings.ADMIN_ENABLED:
    urlpatterns.insert(0, path("admin/", admin.site.urls))

# A database that cannot take the request answers 503 with Retry-After (scoresheet/resilience.py)
handler500 = "scoresheet.resilience.server_error"
# A request that cannot be read: a sentence, without reading its body again (scoresheet/guard.py)
handler400 = "scoresheet.guard.bad_request"
