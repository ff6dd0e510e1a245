from django.apps import AppConfig


class LimitsConfig(AppConfig):
    name = "scoresheet.limits"
    label = "listek_limits"
    verbose_name = "Rate limits"
    default_auto_field = "django.db.models.BigAutoField"
