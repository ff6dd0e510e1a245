"""Every sheet gets its own identity (``uid``, carried by its export); an imported sheet keeps the
identity of the sheet it came from (``origin``)."""

import uuid

from django.db import migrations, models


def give_every_sheet_an_identity(apps, schema_editor):
    Sheet = apps.get_model("scoresheet", "Sheet")
    for sheet in Sheet.objects.filter(uid__isnull=True).only("pk").iterator():
        Sheet.objects.filter(pk=sheet.pk).update(uid=uuid.uuid4())


class Migration(migrations.Migration):

    dependencies = [
        ("scoresheet", "0006_join_editions_undo_stacks_and_closing"),
    ]

    operations = [
        migrations.AddField(
            model_name="sheet",
            name="uid",
            field=models.UUIDField(null=True, editable=False),
        ),
        migrations.RunPython(give_every_sheet_an_identity, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="sheet",
            name="uid",
            field=models.UUIDField(default=uuid.uuid4, unique=True, editable=False),
        ),
        migrations.AddField(
            model_name="sheet",
            name="origin",
            field=models.UUIDField(blank=True, db_index=True, editable=False, null=True),
        ),
    ]
