from django.apps import AppConfig


class TournamentConfig(AppConfig):
    """Tournaments: the draw, the table sheets, premium points, standings, the wall page."""

    name = "scoresheet.tournament"
    label = "listek_tournament"
    verbose_name = "Tournaments"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # The trumps-held fields of a table sheet's deal form, through the core's extension
        # point (scoresheet/sheets/extensions.py).
        from scoresheet.protect import links
        from scoresheet.tournament import extension  # noqa: F401
        from scoresheet.tournament.models import Tournament

        # the director's and the players' links are links an honest phone holds: budgeted per
        # link and phone, not per the hall's address (scoresheet/protect/budget.py)
        links.register("t", lambda token: Tournament.objects.filter(
            director_token=token).exists())
        links.register("tv", lambda token: Tournament.objects.filter(view_token=token).exists())
