"""What one-line texts and imported documents may hold.

* :func:`text_problem` and :class:`SingleLineValidator`: names and every other one-line text
  refuse control characters, line breaks and lone surrogates.
* :func:`document_problem` walks a whole imported document without recursion: too deep a
  nesting, a NUL, a lone surrogate or a control character in any string or key is refused.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from django.core.exceptions import ValidationError
from django.utils.deconstruct import deconstructible
from django.utils.translation import gettext as _

MAX_DEPTH = 32  # arrays and objects inside each other in an imported document (it needs 5)
# Categories no one-line text holds: control characters (C0, DEL, C1: NUL, tab, CR, LF...),
# lone surrogates (only a JSON escape can make one), line and paragraph separators.
REFUSED_CATEGORIES = frozenset({"Cc", "Cs", "Zl", "Zp"})


def text_problem(value: str) -> str | None:
    """Why ``value`` cannot be a name or another one-line text (None: it can)."""
    for char in value:
        if unicodedata.category(char) in REFUSED_CATEGORIES:
            if char in "\r\n\u2028\u2029":
                return _("A line break cannot be part of it.")
            return _("It contains a control character (U+%(code)04X), which cannot be part of "
                     "it.") % {"code": ord(char)}
    return None


@deconstructible
class SingleLineValidator:
    """A form field's validator: :func:`text_problem` as a ValidationError."""

    code = "single_line"

    def __call__(self, value: Any) -> None:
        problem = text_problem(str(value))
        if problem is not None:
            raise ValidationError(problem, code=self.code)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, SingleLineValidator)

    def __hash__(self) -> int:
        return hash(self.code)


def document_problem(doc: Any, *, max_depth: int = MAX_DEPTH) -> tuple[str, str] | None:
    """The first reason the parsed JSON ``doc`` cannot be imported at all, as (code, English
    message), or None.  Iterative: a document nested thousands of levels deep is refused
    without recursion."""
    stack: list[tuple[Any, int]] = [(doc, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict | list):
            if depth > max_depth:
                return ("too_deep", f"the document is nested more than {max_depth} levels deep")
            items = list(value.items()) if isinstance(value, dict) else [(None, v) for v in value]
            for key, item in items:
                if key is not None and _bad_string(key):
                    return ("bad_text", "a key holds a control character or a lone surrogate")
                stack.append((item, depth + 1))
        elif isinstance(value, str) and _bad_string(value):
            return ("bad_text", "a text holds a control character, a line break or a lone "
                                "surrogate")
    return None


def _bad_string(value: str) -> bool:
    return any(unicodedata.category(c) in REFUSED_CATEGORIES for c in value)
