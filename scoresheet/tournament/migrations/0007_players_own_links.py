"""Each player's own link (/p/<token>/): a new random token for every player there is."""

from django.db import migrations, models

import scoresheet.sheets.models


def give_tokens(apps, schema_editor):  # type: ignore[no-untyped-def]
    Player = apps.get_model("listek_tournament", "Player")
    for player in Player.objects.filter(token__isnull=True).only("pk"):
        Player.objects.filter(pk=player.pk).update(token=scoresheet.sheets.models.new_token())


class Migration(migrations.Migration):

    dependencies = [
        ("listek_tournament", "0006_round_clock"),
    ]

    operations = [
        migrations.AddField(
            model_name="player",
            name="token",
            field=models.CharField(max_length=32, null=True),
        ),
        migrations.RunPython(give_tokens, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="player",
            name="token",
            field=models.CharField(default=scoresheet.sheets.models.new_token, max_length=32,
                                   unique=True),
        ),
    ]
