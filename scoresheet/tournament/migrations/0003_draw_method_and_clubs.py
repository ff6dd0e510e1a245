"""How rounds after the first are drawn, and whether round 1 keeps club-mates apart."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("listek_tournament", "0002_tournament_edition"),
    ]

    operations = [
        migrations.AddField(
            model_name="tournament",
            name="draw_method",
            field=models.CharField(default="lot", max_length=10, verbose_name="draw method"),
        ),
        migrations.AddField(
            model_name="tournament",
            name="separate_clubs",
            field=models.BooleanField(default=False, verbose_name="club-mates apart in round 1"),
        ),
    ]
