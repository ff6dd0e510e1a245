from django.apps import AppConfig


class ScoresheetConfig(AppConfig):
    name = "scoresheet"
    verbose_name = "Lístek"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # Each game's forms hand their words to scoresheet.messages when imported.
        from . import gameforms  # noqa: F401
