# The help text says "variant", the players' word for a ruleset.

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('scoresheet', '0010_sheet_short_names'),
    ]

    operations = [
        migrations.AlterField(
            model_name='sheet',
            name='options',
            field=models.JSONField(default=dict, help_text='Only what differs from the variant.', verbose_name='house rules'),
        ),
    ]
