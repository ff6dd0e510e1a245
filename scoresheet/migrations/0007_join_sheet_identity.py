"""Joins the sheet's identity (export and import) with the migrations joined in 0006."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("scoresheet", "0004_sheet_identity"),
        ("scoresheet", "0006_join_editions_undo_stacks_and_closing"),
    ]

    operations: list[migrations.operations.base.Operation] = []
