"""URLs of export, import, print, PDF, mail and statistics (included from ``scoresheet.urls``).

Each view of one sheet is reachable through the edit link (``s/<token>/``) and, when it only
reads, through the read-only link (``v/<token>/``, names ending in ``_read``).
"""

from django.urls import path

from scoresheet.exports import views as v

EDIT = {"mode": v.EDIT}
VIEW = {"mode": v.VIEW}

urlpatterns = [
    path("s/<str:token>/export/", v.export_page, EDIT, name="export"),
    path("s/<str:token>/export/settings/", v.export_settings, name="export_settings"),
    path("s/<str:token>/export.json", v.export_json, EDIT, name="export_json"),
    path("s/<str:token>/export.csv", v.export_csv, EDIT, name="export_csv"),
    path("s/<str:token>/print/", v.print_view, EDIT, name="print"),
    path("s/<str:token>/sheet.pdf", v.pdf_view, EDIT, name="pdf"),
    path("s/<str:token>/mail/", v.mail, name="mail"),
    path("v/<str:token>/export/", v.export_page, VIEW, name="export_read"),
    path("v/<str:token>/export.json", v.export_json, VIEW, name="export_json_read"),
    path("v/<str:token>/export.csv", v.export_csv, VIEW, name="export_csv_read"),
    path("v/<str:token>/print/", v.print_view, VIEW, name="print_read"),
    path("v/<str:token>/sheet.pdf", v.pdf_view, VIEW, name="pdf_read"),
    path("import/", v.import_view, name="import"),
    path("stats/", v.stats_view, name="stats"),
]
