from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("scoresheet", "0009_sheet_events"),
    ]

    operations = [
        migrations.AddField(
            model_name="sheet",
            name="short_names",
            field=models.JSONField(blank=True, default=list, verbose_name="short names"),
        ),
    ]
