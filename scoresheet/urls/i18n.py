"""URLs of the languages and of offline use (included from scoresheet/urls.py)."""

from django.urls import path

from .. import languages, offline
from ..views import theme

urlpatterns = [
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
]
