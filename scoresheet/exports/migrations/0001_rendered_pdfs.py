"""The stored PDFs move here from the rate limits' app: only Django's idea of which app owns
the model changes; the table (``listek_limits_rendered``) and its rows stay as they are."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("listek_limits", "0002_rendered_pdfs"),
        ("scoresheet", "0008_write_key_on_the_change"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="Rendered",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False,
                                verbose_name="ID",
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
                    options={"db_table": "listek_limits_rendered"},
                ),
            ],
            database_operations=[],
        ),
    ]
