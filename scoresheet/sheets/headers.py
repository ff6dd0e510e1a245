"""The ``X-Listek-*`` headers between the pages' script (static/js/offline.js, which names them
once at its top) and the server (docs/offline.md): every name in this one place on this side;
``tests/sheets/test_headers.py`` holds the two sides equal, name by name."""

from __future__ import annotations

# undo, redo and delete sent again with the same key when the answer was lost: where to go
RESEND_HEADER = "X-Listek-Resend"
GO_HEADER = "X-Listek-Go"
# the phone's queue of rows
QUEUE_HEADER = "X-Listek-Queue"  # static/js/offline.js sends every row with it
WRITTEN_HEADER = "X-Listek-Written"  # a row written: the page of the sheet to show
REVISION_HEADER = "X-Listek-Revision"  # a row refused: the sheet's revision now
ALREADY_HEADER = "X-Listek-Already"  # a row refused: it was written before, as row n
OBJECTION_HEADER = "X-Listek-Objection"  # a row refused: why
BY_HEADER = "X-Listek-By"  # a conflict: "other" (another phone wrote since) or "this"

ALL = {
    "RESEND_HEADER": RESEND_HEADER, "GO_HEADER": GO_HEADER, "QUEUE_HEADER": QUEUE_HEADER,
    "WRITTEN_HEADER": WRITTEN_HEADER, "REVISION_HEADER": REVISION_HEADER,
    "ALREADY_HEADER": ALREADY_HEADER, "OBJECTION_HEADER": OBJECTION_HEADER,
    "BY_HEADER": BY_HEADER,
}
