"""The core's URLs: a sheet under its edit link (``s/``) and its read-only link (``v/``), the
entry forms, history, undo, sharing, accounts, Mariáš's settling up, the page languages and the
service worker.  The project's ``scoresheet/urls.py`` includes this and every feature app's."""

from django.contrib.auth import views as auth_views
from django.urls import path

from scoresheet.sheets import offline
from scoresheet.sheets.views import (
    accounts,
    create,
    entries,
    evening,
    history,
    home,
    languages,
    marias,
    share,
    sheet,
    theme,
    undo,
)

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
    path("s/<str:token>/entries/<int:pos>/note/", evening.note, name="entry_note"),
    path("s/<str:token>/history/", history.sheet_history, name="sheet_history"),
    # after the start: a name corrected, the evening closed and reopened (edit link only)
    path("s/<str:token>/players/", evening.players, name="sheet_players"),
    path("s/<str:token>/evening/close/", evening.close, name="close_evening"),
    path("s/<str:token>/evening/reopen/", evening.reopen, name="reopen_evening"),
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
    # Mariáš: settling up at the end of the evening
    path("s/<str:token>/settle/", marias.settle_edit, name="marias_settle"),
    path("v/<str:token>/settle/", marias.settle_read, name="marias_settle_read"),
    # optional accounts
    path(
        "accounts/login/",
        auth_views.LoginView.as_view(template_name="registration/login.html"),
        name="login",
    ),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("accounts/signup/", accounts.signup, name="signup"),
    # one tap in the header: the page's language (a cookie; the browser's language by default)
    path("i18n/<str:code>/", languages.choose_language, name="choose_language"),
    # one tap in the header: the light or the dark theme (a cookie; the phone's setting before)
    path("theme/<str:name>/", theme.choose_theme, name="choose_theme"),
    # the language a sheet is printed in (edit link only)
    path("s/<str:token>/print/language/", languages.set_print_language, name="print_language"),
    # the service worker, at the root so that its scope is the whole site
    path("sw.js", offline.service_worker, name="service_worker"),
    # what the service worker shows for a page this phone never opened
    path("offline/", offline.offline_page, name="offline"),
    # the phone's referee (docs/offline.md): where it is, and a sheet's document for it
    path("offline/referee.json", offline.referee, name="offline_referee"),
    path("s/<str:token>/offline.json", offline.sheet_document, name="sheet_offline"),
]
