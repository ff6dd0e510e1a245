"""Tournaments: the director's link (``t/``), the players' and wall link (``tv/``), and the
closing and confirming of a table sheet under the sheet's own links."""

from django.urls import path

from scoresheet.tournament import views

urlpatterns = [
    path("t/new/", views.tournament_new, name="tournament_new"),
    path("t/import/", views.tournament_import, name="tournament_import"),
    # the director's link: whoever holds it runs the tournament (and referees it)
    path("t/<str:token>/", views.tournament_page, name="tournament"),
    path("t/<str:token>/live", views.tournament_live, name="tournament_live"),
    path("t/<str:token>/draw/", views.tournament_draw, name="tournament_draw"),
    path("t/<str:token>/swap/", views.tournament_swap, name="tournament_swap"),
    path("t/<str:token>/start/", views.tournament_start, name="tournament_start"),
    path("t/<str:token>/clock/", views.tournament_clock, name="tournament_clock"),
    path("t/<str:token>/players/arrive/", views.tournament_arrive, name="tournament_arrive"),
    path("t/<str:token>/players/withdraw/", views.tournament_withdraw,
         name="tournament_withdraw"),
    path("t/<str:token>/players/rename/", views.tournament_rename, name="tournament_rename"),
    path("t/<str:token>/tables/<int:table_id>/reopen/", views.tournament_reopen,
         name="tournament_reopen"),
    path("t/<str:token>/tables/<int:table_id>/close/", views.tournament_close_as_it_stands,
         name="tournament_close_as_it_stands"),
    path("t/<str:token>/tables/<int:table_id>/review/", views.tournament_review,
         name="tournament_review"),
    path("t/<str:token>/tables/<int:table_id>/card.pdf", views.table_card,
         name="tournament_card"),
    path("t/<str:token>/tables/<int:table_id>/sheet/", views.table_print,
         name="tournament_table_print"),
    path("t/<str:token>/results/", views.tournament_results, name="tournament_results"),
    path("t/<str:token>/results.pdf", views.tournament_results_pdf,
         name="tournament_results_pdf"),
    path("t/<str:token>/tournament.json", views.tournament_json, name="tournament_json"),
    # the players' link (the QR on the wall): read only
    path("tv/<str:token>/", views.tournament_view, name="tournament_view"),
    path("tv/<str:token>/live", views.tournament_view_live, name="tournament_view_live"),
    path("tv/<str:token>/wall/", views.tournament_wall, name="tournament_wall"),
    path("tv/<str:token>/seating/", views.tournament_seating, name="tournament_seating"),
    path("tv/<str:token>/standings.csv", views.tournament_csv, name="tournament_csv"),
    # a table sheet: the scorer signs with the edit link, players confirm with the read link
    path("s/<str:token>/close/", views.table_close, name="table_close"),
    path("v/<str:token>/confirm/", views.table_confirm, name="table_confirm"),
    # confirming is the player's act: on the table's phone, or with the player's own link
    path("s/<str:token>/confirm/", views.table_confirm_here, name="table_confirm_here"),
    path("p/<str:token>/", views.player_confirm, name="tournament_player"),
]
