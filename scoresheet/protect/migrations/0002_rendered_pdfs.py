import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("listek_limits", "0001_initial"),
        ("scoresheet", "0003_sheet_print_language"),
    ]

    operations = [
        migrations.CreateModel(
            name="Rendered",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("key", models.CharField(max_length=80, unique=True)),
                ("revision", models.PositiveIntegerField()),
                ("started", models.DateTimeField()),
                ("content", models.BinaryField(null=True)),
                (
                    "sheet",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="+",
                        to="scoresheet.sheet",
                    ),
                ),
            ],
        ),
    ]
