from django.apps import AppConfig


class ProtectConfig(AppConfig):
    """Guards around every request: hostile bytes, rate limits, time limits, security headers,
    the device cookie, a database that cannot answer.

    Its label stays ``listek_limits``, the label its table of rate-limit counts was made under.
    """

    name = "scoresheet.protect"
    label = "listek_limits"
    verbose_name = "Protection"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django_tasks.signals import task_started

        from scoresheet.protect.priority import on_task_started

        # the task worker lowers its CPU priority before its first task (priority.py)
        task_started.connect(on_task_started, dispatch_uid="listek-worker-priority")

        from scoresheet.protect import fairqueue, links
        from scoresheet.sheets.models import Sheet

        # the task worker serves its clients in turn (fairqueue.py)
        fairqueue.install()

        # a sheet's edit and read links are links an honest phone holds (links.py, budget.py)
        links.register("s", lambda token: Sheet.objects.filter(edit_token=token).exists())
        links.register("v", lambda token: Sheet.objects.filter(view_token=token).exists())
