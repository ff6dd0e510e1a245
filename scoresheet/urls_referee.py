"""The referee's pages of a sheet, under its edit link (``s/``) and its read-only link (``v/``)."""

from django.urls import path

from . import views_referee

urlpatterns = [
    path("s/<str:token>/referee/", views_referee.referee_edit, name="referee"),
    path("v/<str:token>/referee/", views_referee.referee_read, name="referee_read"),
    path("s/<str:token>/penalty/", views_referee.penalty_edit, name="penalty"),
    path("v/<str:token>/penalty/", views_referee.penalty_read, name="penalty_read"),
    path("s/<str:token>/rules/", views_referee.rules_edit, name="table_rules"),
    path("v/<str:token>/rules/", views_referee.rules_read, name="table_rules_read"),
]
