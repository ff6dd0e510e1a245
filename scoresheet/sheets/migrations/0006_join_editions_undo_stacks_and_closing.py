"""Joins three migrations made side by side: the rules edition of a sheet, the derived-data
cache table with the undo/redo stacks, and the closing of a tournament table's sheet."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("scoresheet", "0004_sheet_rules_edition"),
        ("scoresheet", "0005_undo_redo_stacks"),
        ("scoresheet", "0004_sheet_closed"),
    ]

    operations: list[migrations.operations.base.Operation] = []
