"""Small readers for raw JSON entries that fail with a player-readable :class:`InvalidEntry`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .errors import InvalidEntry

_MISSING = object()


def _bad(key: str, why: str, rule: str = "", **values: Any) -> InvalidEntry:
    """``rule`` names what was wrong (missing, min, max, ...) and ``values`` the numbers the
    message quotes, so that the web layer can say it in the player's language."""
    return InvalidEntry(
        f"{key} {why}", code="bad_field", params={"field": key, "why": why, "rule": rule, **values}
    )


def _is_int(value: Any) -> bool:
    return type(value) is int or (isinstance(value, int) and not isinstance(value, bool))


def get_int(
    raw: Mapping[str, Any],
    key: str,
    *,
    lo: int | None = None,
    hi: int | None = None,
    default: Any = _MISSING,
) -> Any:
    """A whole number field within ``lo..hi``; ``default`` when absent (if given)."""
    value = raw.get(key)
    if value is None:
        if default is not _MISSING:
            return default
        raise _bad(key, "is missing", "missing")
    if not _is_int(value):
        raise _bad(key, f"must be a whole number, not {value!r}", "whole", value=repr(value))
    if lo is not None and value < lo:
        raise _bad(key, f"must be at least {lo}, not {value}", "min", min=lo, value=value)
    if hi is not None and value > hi:
        raise _bad(key, f"must be at most {hi}, not {value}", "max", max=hi, value=value)
    return value


def get_seat(raw: Mapping[str, Any], key: str, n_seats: int, *, default: Any = _MISSING) -> Any:
    """A seat number 0..n-1."""
    value = raw.get(key)
    if value is None:
        if default is not _MISSING:
            return default
        raise _bad(key, "is missing", "missing")
    if not _is_int(value) or not 0 <= value < n_seats:
        raise _bad(key, f"must be a seat number 0..{n_seats - 1}, not {value!r}", "seat",
                   max=n_seats - 1, value=repr(value))
    return value


def get_bool(raw: Mapping[str, Any], key: str, *, default: bool = False) -> bool:
    value = raw.get(key)
    if value is None:
        return default
    if not isinstance(value, bool):
        raise _bad(key, f"must be true or false, not {value!r}", "bool", value=repr(value))
    return value


def get_choice(
    raw: Mapping[str, Any], key: str, choices: Sequence[str], *, default: Any = _MISSING
) -> Any:
    if key not in raw or raw[key] is None:
        if default is not _MISSING:
            return default
        raise _bad(key, "is missing", "missing")
    value = raw[key]
    if not isinstance(value, str) or value not in choices:
        raise _bad(key, f"must be one of {', '.join(choices)}, not {value!r}", "choice",
                   choices=", ".join(choices), value=repr(value))
    return value


def get_int_list(
    raw: Mapping[str, Any], key: str, length: int, *, lo: int | None = None, hi: int | None = None
) -> tuple[int, ...]:
    """A list of ``length`` whole numbers (one per seat)."""
    value = raw.get(key)
    if value is None:
        raise _bad(key, "is missing", "missing")
    if not isinstance(value, list):
        raise _bad(key, f"must be a list of {length} whole numbers", "list", length=length)
    if len(value) != length:
        raise _bad(key, f"must have {length} numbers, one per player, not {len(value)}",
                   "length", length=length, value=len(value))
    if value and all(type(item) is int for item in value) and (
            lo is None or min(value) >= lo) and (hi is None or max(value) <= hi):
        return tuple(value)  # the usual case, checked at once
    for i, item in enumerate(value):
        if not _is_int(item):
            raise _bad(key, f"must hold whole numbers; player {i + 1} has {item!r}",
                       "item_whole", seat=i, value=repr(item))
        if lo is not None and item < lo:
            raise _bad(key, f"of player {i + 1} must be at least {lo}, not {item}",
                       "item_min", seat=i, min=lo, value=item)
        if hi is not None and item > hi:
            raise _bad(key, f"of player {i + 1} must be at most {hi}, not {item}",
                       "item_max", seat=i, max=hi, value=item)
    return tuple(value)


def get_str_list(
    raw: Mapping[str, Any], key: str, choices: Sequence[str], *, default: Any = _MISSING
) -> Any:
    """A list of distinct strings, each one of ``choices``."""
    value = raw.get(key)
    if value is None:
        if default is not _MISSING:
            return default
        raise _bad(key, "is missing", "missing")
    if value == []:
        return ()
    if not isinstance(value, list):
        raise _bad(key, f"must be a list of {', '.join(choices)}", "choice_list",
                   choices=", ".join(choices))
    for item in value:
        if not isinstance(item, str) or item not in choices:
            raise _bad(key, f"must hold only {', '.join(choices)}, not {item!r}", "choice_item",
                       choices=", ".join(choices), value=repr(item))
    if len(set(value)) != len(value):
        raise _bad(key, "names the same thing twice", "twice")
    return tuple(value)


_ALLOWED: dict[tuple[str, ...], frozenset[str]] = {}


def only_keys(raw: Mapping[str, Any], allowed: Sequence[str]) -> None:
    """Reject keys the entry type does not know (``type`` and ``meta`` are always allowed)."""
    known = _ALLOWED.get(allowed) if isinstance(allowed, tuple) else None
    if known is None:
        known = frozenset((*allowed, "type", "meta"))
        if isinstance(allowed, tuple):
            _ALLOWED[allowed] = known
    if raw.keys() <= known:
        return
    extra = sorted(set(raw) - known)
    if extra:
        raise InvalidEntry(
            f"unknown field {extra[0]!r} for a {raw.get('type')} entry",
            code="unknown_field",
            params={"field": extra[0]},
        )
