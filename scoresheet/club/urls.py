"""Clubs: the admin link (``club/``), the club's read link (``cv/``), a player's page (``cp/``)."""

from django.urls import path

from scoresheet.club import views

urlpatterns = [
    path("club/new/", views.club_new, name="club_new"),
    path("club/import/", views.club_import, name="club_import"),
    # the admin link: whoever holds it keeps the register and runs the seasons
    path("club/<str:token>/", views.club_page, name="club"),
    path("club/<str:token>/members/", views.member_add, name="club_member_add"),
    path("club/<str:token>/members/<int:member_id>/back/", views.member_back,
         name="club_member_back"),
    path("club/<str:token>/members/<int:member_id>/", views.member_edit, name="club_member"),
    path("club/<str:token>/merge/", views.member_merge, name="club_merge"),
    path("club/<str:token>/home-sheets/", views.home_link, name="club_home_link"),
    path("club/<str:token>/seasons/", views.season_new, name="club_season_new"),
    path("club/<str:token>/seasons/<int:season_id>/evening/", views.evening_new,
         name="club_evening_new"),
    path("club/<str:token>/seasons/<int:season_id>/attach/", views.evening_attach,
         name="club_evening_attach"),
    path("club/<str:token>/seasons/<int:season_id>/dates/", views.season_period,
         name="club_season_period"),
    path("club/<str:token>/evenings/<int:evening_id>/", views.evening_page,
         name="club_evening"),
    path("club/<str:token>/evenings/<int:evening_id>/arrive/", views.evening_arrive,
         name="club_evening_arrive"),
    path("club/<str:token>/seasons/<int:season_id>/season.json", views.season_json,
         name="club_season_json"),
    # the club's read link: season tables, the wall page, the CSV
    path("cv/<str:token>/", views.club_view, name="club_view"),
    path("cv/<str:token>/seasons/<int:season_id>/", views.season_page, name="club_season"),
    path("cv/<str:token>/seasons/<int:season_id>/live", views.season_page,
         name="club_season_live"),
    path("cv/<str:token>/seasons/<int:season_id>/wall/", views.season_wall,
         name="club_season_wall"),
    path("cv/<str:token>/seasons/<int:season_id>/season.csv", views.season_csv,
         name="club_season_csv"),
    # a player's own read link
    path("cp/<str:token>/", views.player_page, name="club_player"),
]
