from django.apps import AppConfig


class ExportsConfig(AppConfig):
    """The sheet on paper and in files: JSON/CSV export and import, print, PDF, mail,
    statistics."""

    name = "scoresheet.exports"
    label = "listek_exports"
    verbose_name = "Exports"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # The sheet page's print/export links and the home page's statistics and import links,
        # through the core's extension point (scoresheet/sheets/extensions.py).
        from scoresheet.exports import extension  # noqa: F401
