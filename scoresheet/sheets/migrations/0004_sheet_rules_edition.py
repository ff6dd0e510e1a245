"""Every sheet stored before rules editions existed plays edition 1, the rules it was scored
under; a sheet created from now on plays the latest edition (``models.latest_edition``)."""

from django.db import migrations, models

import scoresheet.sheets.models


def first_edition_for_stored_sheets(apps, schema_editor):
    apps.get_model("scoresheet", "Sheet").objects.filter(edition__isnull=True).update(edition=1)


class Migration(migrations.Migration):

    dependencies = [
        ('scoresheet', '0003_sheet_print_language'),
    ]

    operations = [
        migrations.AddField(
            model_name='sheet',
            name='edition',
            field=models.PositiveSmallIntegerField(null=True, verbose_name='rules edition'),
        ),
        migrations.RunPython(first_edition_for_stored_sheets, migrations.RunPython.noop),
        migrations.AlterField(
            model_name='sheet',
            name='edition',
            field=models.PositiveSmallIntegerField(default=scoresheet.sheets.models.latest_edition, verbose_name='rules edition'),
        ),
    ]
