"""The standings' edition of each tournament: the ones stored before it keep edition 1 (places
by the table sheet's totals alone), new ones get edition 2 (the sheet's winner is first)."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("listek_tournament", "0001_tournaments_tables_seats"),
    ]

    operations = [
        migrations.AddField(
            model_name="tournament",
            name="edition",
            field=models.PositiveSmallIntegerField(default=1),
        ),
        migrations.AlterField(
            model_name="tournament",
            name="edition",
            field=models.PositiveSmallIntegerField(default=2),
        ),
    ]
