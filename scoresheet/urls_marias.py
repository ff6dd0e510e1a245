"""Mariáš pages of a sheet: settling up, under the edit (``s/``) and read-only (``v/``) links."""

from django.urls import path

from . import views_marias

urlpatterns = [
    path("s/<str:token>/settle/", views_marias.settle_edit, name="marias_settle"),
    path("v/<str:token>/settle/", views_marias.settle_read, name="marias_settle_read"),
]
