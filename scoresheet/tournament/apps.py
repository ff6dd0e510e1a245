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
        from scoresheet.tournament import extension  # noqa: F401
