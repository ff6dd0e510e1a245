"""Mariáš pages of a sheet: settling up, under the edit (``s/``) and read-only (``v/``) links."""

from django.urls import path

from ..views import marias

urlpatterns = [
    path("s/<str:token>/settle/", marias.settle_edit, name="marias_settle"),
    path("v/<str:token>/settle/", marias.settle_read, name="marias_settle_read"),
]
