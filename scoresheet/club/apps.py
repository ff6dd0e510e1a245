from django.apps import AppConfig


class ClubConfig(AppConfig):
    """A club's register, seasons (the season table, the wall page) and players' pages."""

    name = "scoresheet.club"
    label = "listek_club"
    verbose_name = "Clubs"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # a player shown by initials is shown so on his evenings' public tournament pages
        # (the tournament app's display-name hook, scoresheet/tournament/names.py)
        from scoresheet.club import extension, names  # noqa: F401  (extension registers itself)

        names.register()

        from scoresheet.club.models import Club, Member
        from scoresheet.protect import links

        # the club's links and a player's page: budgeted per link and phone, not per the club
        # room's address (scoresheet/protect/budget.py)
        links.register("club", lambda token: Club.objects.filter(admin_token=token).exists())
        links.register("cv", lambda token: Club.objects.filter(view_token=token).exists())
        links.register("cp", lambda token: Member.objects.filter(view_token=token).exists())
