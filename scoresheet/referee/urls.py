"""The referee's pages of a sheet, under its edit link (``s/``) and its read-only link (``v/``):
"was it legal?", what an offence costs, the table's rules, and the deal review."""

from django.urls import path

from scoresheet.referee.views import review, rulings

urlpatterns = [
    path("s/<str:token>/referee/", rulings.referee_edit, name="referee"),
    path("v/<str:token>/referee/", rulings.referee_read, name="referee_read"),
    path("s/<str:token>/penalty/", rulings.penalty_edit, name="penalty"),
    path("v/<str:token>/penalty/", rulings.penalty_read, name="penalty_read"),
    path("s/<str:token>/rules/", rulings.rules_edit, name="table_rules"),
    path("v/<str:token>/rules/", rulings.rules_read, name="table_rules_read"),
    # the deal review: the tricks laid out during or after play
    path("s/<str:token>/review/", review.review_edit, name="review"),
    path("v/<str:token>/review/", review.review_read, name="review_read"),
]
