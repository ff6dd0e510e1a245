"""The stored PDFs belong to the exports app now (listek_exports 0001): the model leaves this
app's state; its table stays, under the exports app."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("listek_limits", "0002_rendered_pdfs"),
        ("listek_exports", "0001_rendered_pdfs"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[migrations.DeleteModel(name="Rendered")],
            database_operations=[],
        ),
    ]
