"""The deal review of a sheet, under its edit link (``s/``) and its read-only link (``v/``)."""

from django.urls import path

from ..views import review

urlpatterns = [
    path("s/<str:token>/review/", review.review_edit, name="review"),
    path("v/<str:token>/review/", review.review_read, name="review_read"),
]
