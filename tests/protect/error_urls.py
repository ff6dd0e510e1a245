"""The app's links plus three that fail on purpose, for the error pages' tests: a view that
breaks (500), one the link does not allow (403) and one whose database is locked (503)."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.db import OperationalError
from django.http import HttpRequest, HttpResponse
from django.urls import path

from scoresheet.urls import handler400, handler403, handler404, handler500, urlpatterns

__all__ = ["handler400", "handler403", "handler404", "handler500", "urlpatterns"]


def broken(request: HttpRequest) -> HttpResponse:
    raise RuntimeError("a bug")


def forbidden(request: HttpRequest) -> HttpResponse:
    raise PermissionDenied


def locked(request: HttpRequest) -> HttpResponse:
    raise OperationalError("database is locked")


urlpatterns = [
    path("broken/", broken),
    path("forbidden/", forbidden),
    path("locked/", locked),
    *urlpatterns,
]
