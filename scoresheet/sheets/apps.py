from django.apps import AppConfig


class SheetsConfig(AppConfig):
    """The core: sheets, entries, the one writer, derived data, the sheet's pages and forms.

    Its label stays ``scoresheet``, the label its tables (``scoresheet_sheet``...) and its
    migrations were made under before the apps were split, so that a stored database needs no
    change at all.
    """

    name = "scoresheet.sheets"
    label = "scoresheet"
    verbose_name = "Lístek"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # Each game's forms hand their words to scoresheet.sheets.words when imported.
        from scoresheet.sheets import gameforms  # noqa: F401
