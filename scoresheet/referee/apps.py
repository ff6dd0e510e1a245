from django.apps import AppConfig


class RefereeConfig(AppConfig):
    """The referee: "was it legal?", the penalty calculator, the table's rules, the deal review."""

    name = "scoresheet.referee"
    label = "listek_referee"
    verbose_name = "Referee"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # The deal review fills a deal's row and keeps its proof through the core's extension
        # point (scoresheet/sheets/extensions.py).
        from scoresheet.referee import extension  # noqa: F401
