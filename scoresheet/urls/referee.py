"""The referee's pages of a sheet, under its edit link (``s/``) and its read-only link (``v/``)."""

from django.urls import path

from ..views import referee

urlpatterns = [
    path("s/<str:token>/referee/", referee.referee_edit, name="referee"),
    path("v/<str:token>/referee/", referee.referee_read, name="referee_read"),
    path("s/<str:token>/penalty/", referee.penalty_edit, name="penalty"),
    path("v/<str:token>/penalty/", referee.penalty_read, name="penalty_read"),
    path("s/<str:token>/rules/", referee.rules_edit, name="table_rules"),
    path("v/<str:token>/rules/", referee.rules_read, name="table_rules_read"),
]
