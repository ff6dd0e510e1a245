"""Derived data kept per revision is keyed by a digest of the code that makes the rows, so that
rows rendered by older code are never read back after a deploy.  Every file of that digest must
exist: a file moved elsewhere would silently drop out of it."""

from __future__ import annotations

from scoresheet.sheets import derived


def test_every_file_the_rows_are_made_by_is_in_the_digest_and_exists() -> None:
    files = derived.digested_files()
    missing = [str(p) for p in files if not p.is_file()]
    assert missing == []
    names = {p.name for p in files}
    assert {"sheet.html", "_ledger.html", "derived.py", "words.py", "engine.py"} <= names
    assert any(p.suffix == ".mo" for p in files)  # the rows' words, once compiled
