from django.apps import AppConfig


class ScoresheetConfig(AppConfig):
    name = "scoresheet"
    verbose_name = "Lístek"
    default_auto_field = "django.db.models.BigAutoField"
