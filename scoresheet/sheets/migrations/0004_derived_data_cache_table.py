"""The table of the database cache that keeps derived data per sheet revision (settings.CACHES).

Created by a migration so that every way of starting the app (scripts/run, scripts/test,
scripts/serve-production, the tests, the benchmarks) has it: each of them migrates.
"""

from django.core.management import call_command
from django.db import migrations


def create_cache_table(apps, schema_editor):  # noqa: ANN001, ARG001
    call_command("createcachetable", database=schema_editor.connection.alias, verbosity=0)


class Migration(migrations.Migration):
    dependencies = [("scoresheet", "0003_sheet_print_language")]

    operations = [migrations.RunPython(create_cache_table, migrations.RunPython.noop)]
