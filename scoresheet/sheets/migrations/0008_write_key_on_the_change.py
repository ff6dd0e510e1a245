"""The idempotency key moves onto the change it made: one row fewer written per change.

Every key already used is copied to its change (the change of the same sheet and revision),
so a request retried across the upgrade is still recognised; then the table of keys goes.
"""

from django.db import migrations, models


def keys_to_changes(apps, schema_editor):
    WriteKey = apps.get_model("scoresheet", "WriteKey")
    EntryChange = apps.get_model("scoresheet", "EntryChange")
    for sheet_id, revision, key in WriteKey.objects.values_list("sheet_id", "revision", "key"):
        EntryChange.objects.filter(sheet_id=sheet_id, revision=revision).update(key=key)


def changes_to_keys(apps, schema_editor):
    WriteKey = apps.get_model("scoresheet", "WriteKey")
    EntryChange = apps.get_model("scoresheet", "EntryChange")
    WriteKey.objects.bulk_create(
        WriteKey(sheet_id=c.sheet_id, key=c.key, action=c.action, revision=c.revision,
                 position=c.position, at=c.at)
        for c in EntryChange.objects.exclude(key=None)
    )


class Migration(migrations.Migration):
    dependencies = [
        ("scoresheet", "0007_sheet_identity"),
    ]

    operations = [
        migrations.AddField(
            model_name="entrychange",
            name="key",
            field=models.CharField(blank=True, max_length=64, null=True),
        ),
        migrations.RunPython(keys_to_changes, changes_to_keys),
        migrations.AddConstraint(
            model_name="entrychange",
            constraint=models.UniqueConstraint(fields=("sheet", "key"), name="change_key_unique"),
        ),
        migrations.DeleteModel(name="WriteKey"),
    ]
