"""A player who leaves the evening is seated in no later draw."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("listek_tournament", "0003_draw_method_and_clubs"),
    ]

    operations = [
        migrations.AddField(
            model_name="player",
            name="withdrawn",
            field=models.BooleanField(default=False, verbose_name="withdrawn"),
        ),
    ]
