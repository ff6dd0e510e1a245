"""House-rule options: presets are frozen dataclass instances, overrides are validated.

Each option field carries metadata: a one-line ``help`` and either ``choices`` or a ``min``/``max``
range.  A table may override any option when its sheet is created; unknown names and values out
of range are errors, never silently replaced (docs/rules/, introduction).
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from .errors import InvalidSheet, OptionConflict

OptionsT = TypeVar("OptionsT")


def option(
    *,
    help: str,
    choices: tuple[Any, ...] | None = None,
    min: int | None = None,
    max: int | None = None,
    keys: tuple[str, ...] | None = None,
) -> Any:
    """Declare an option field.  Presets give every value, so there is no default here.

    ``keys`` marks a mapping option (e.g. marriage values): the allowed keys; values are ints
    within ``min``..``max``.
    """
    return field(metadata={"help": help, "choices": choices, "min": min, "max": max, "keys": keys})


@dataclass(frozen=True, kw_only=True)
class OptionSpec:
    """What a form needs to show one option."""

    name: str
    default: Any
    kind: str  # "bool" | "int" | "choice" | "map" | "text"
    help: str
    choices: tuple[Any, ...] | None = None
    min: int | None = None
    max: int | None = None
    keys: tuple[str, ...] | None = None


def _kind(meta: Mapping[str, Any], default: Any) -> str:
    if meta.get("keys") is not None:
        return "map"
    if meta.get("choices") is not None:
        return "choice"
    if isinstance(default, bool):
        return "bool"
    if isinstance(default, int):
        return "int"
    return "text"


def specs(preset: Any) -> list[OptionSpec]:
    """Every option of ``preset`` with its default, in declaration order."""
    out = []
    unused: frozenset[str] = getattr(preset, "unused", frozenset())
    for f in dataclasses.fields(preset):
        meta = f.metadata
        if "help" not in meta or f.name in unused:
            continue
        default = getattr(preset, f.name)
        out.append(
            OptionSpec(
                name=f.name,
                default=dict(default) if isinstance(default, Mapping) else default,
                kind=_kind(meta, default),
                help=meta["help"],
                choices=meta.get("choices"),
                min=meta.get("min"),
                max=meta.get("max"),
                keys=meta.get("keys"),
            )
        )
    return out


# Trick obligations (docs/rules/arbiter.md): options of every game's ruleset, so that a table's
# house rule
# is stored on its sheet and its referee page judges by it.
OBLIGATIONS = ("must_follow", "must_beat", "must_trump", "must_overtrump", "beat_when_trumped")
OBLIGATION_HELP = {
    "must_follow": "a player holding the suit led must play that suit",
    "must_beat": "following suit in an untrumped trick, a player must beat its highest card if "
    "able",
    "must_trump": "a player void in the suit led must play a trump if able",
    "must_overtrump": "a player who must trump must beat a trump already in the trick if able",
    "beat_when_trumped": "a player who follows suit must beat the led suit's highest card even "
    "once the trick has been trumped",
}
_OBLIGATION_NEEDS = (
    ("must_beat", "must_follow"),
    ("must_trump", "must_follow"),
    ("must_overtrump", "must_trump"),
    ("beat_when_trumped", "must_beat"),
)


def check_obligations(options: Any) -> None:
    """Raise :class:`OptionConflict` when the trick obligations of ``options`` contradict."""
    for name, needs in _OBLIGATION_NEEDS:
        if getattr(options, name) and not getattr(options, needs):
            raise OptionConflict(f"option {name}: {name} needs {needs}",
                                 code="option_obligations", params={"option": name,
                                                                    "needs": needs})


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _bad(spec: OptionSpec, why: str, rule: str, **values: Any) -> InvalidSheet:
    """``rule`` and ``values``: what ``why`` says, for the web layer's translations."""
    return InvalidSheet(
        f"option {spec.name}: {why}",
        code="bad_option",
        params={"option": spec.name, "why": why, "rule": rule, **values},
    )


def check_value(spec: OptionSpec, value: Any) -> Any:
    """Return ``value`` if acceptable for ``spec``; raise :class:`InvalidSheet` otherwise."""
    check = _CHECKS.get(spec.kind, _check_text)
    return check(spec, value)


def _check_map(spec: OptionSpec, value: Any) -> Any:
    """An object of whole numbers by the spec's keys, merged over its default."""
    keys = spec.keys or ()
    if not isinstance(value, Mapping):
        raise _bad(spec, "must be an object of " + ", ".join(keys), "map", keys=", ".join(keys))
    merged = dict(spec.default)
    for key, item in value.items():
        if key not in keys:
            raise _bad(spec, f"unknown key {key!r} (known: {', '.join(keys)})",
                       "map_key", key=repr(key), keys=", ".join(keys))
        if not _is_int(item):
            raise _bad(spec, f"{key} must be a whole number", "map_whole", key=key)
        if spec.min is not None and item < spec.min:
            raise _bad(spec, f"{key} must be at least {spec.min}", "map_min", key=key,
                       min=spec.min)
        if spec.max is not None and item > spec.max:
            raise _bad(spec, f"{key} must be at most {spec.max}", "map_max", key=key,
                       max=spec.max)
        merged[key] = item
    return merged


def _check_choice(spec: OptionSpec, value: Any) -> Any:
    assert spec.choices is not None
    # 1 == True in Python: compare types too so that true is not taken for 1.
    for choice in spec.choices:
        if type(choice) is type(value) and choice == value:
            return value
    allowed = ", ".join(str(c) for c in spec.choices)
    raise _bad(spec, f"{value!r} is not one of {allowed}", "choice", value=repr(value),
               choices=allowed)


def _check_bool(spec: OptionSpec, value: Any) -> Any:
    if not isinstance(value, bool):
        raise _bad(spec, "must be true or false", "bool")
    return value


def _check_int(spec: OptionSpec, value: Any) -> Any:
    if not _is_int(value):
        raise _bad(spec, "must be a whole number", "whole")
    if spec.min is not None and value < spec.min:
        raise _bad(spec, f"must be at least {spec.min}", "min", min=spec.min)
    if spec.max is not None and value > spec.max:
        raise _bad(spec, f"must be at most {spec.max}", "max", max=spec.max)
    return value


def _check_text(spec: OptionSpec, value: Any) -> Any:
    if not isinstance(value, str):
        raise _bad(spec, "must be text", "text")
    return value


_CHECKS: dict[str, Callable[[OptionSpec, Any], Any]] = {
    "map": _check_map, "choice": _check_choice, "bool": _check_bool, "int": _check_int,
}


_SPECS: dict[int, tuple[Any, dict[str, OptionSpec]]] = {}
_SPECS_KEPT = 256  # options objects whose specs are kept (the presets of every edition)


def _specs_by_name(preset: Any) -> dict[str, OptionSpec]:
    """``specs(preset)`` by name, made once per options object (a sheet's preset is one of a
    few, and every sheet reads its options when it is loaded)."""
    kept = _SPECS.get(id(preset))
    if kept is not None and kept[0] is preset:
        return kept[1]
    by_name = {s.name: s for s in specs(preset)}
    if len(_SPECS) >= _SPECS_KEPT:
        _SPECS.clear()
    _SPECS[id(preset)] = (preset, by_name)
    return by_name


def with_overrides(preset: OptionsT, overrides: Mapping[str, Any]) -> OptionsT:
    """The preset with the table's overrides applied, each one checked."""
    if not isinstance(overrides, Mapping):
        raise InvalidSheet("options must be an object", code="bad_options")
    if not overrides:
        return preset
    by_name = _specs_by_name(preset)
    aliases: Mapping[str, str] = getattr(preset, "aliases", {})
    changes: dict[str, Any] = {}
    for name, value in overrides.items():
        spec = by_name.get(aliases.get(name, name))
        if spec is None:
            raise InvalidSheet(
                f"unknown option {name!r}",
                code="unknown_option",
                params={"option": name},
            )
        if spec.name in changes:
            raise InvalidSheet(
                f"option {spec.name} is given twice", code="option_twice", params={"option": name}
            )
        changes[spec.name] = check_value(spec, value)
    try:
        return dataclasses.replace(preset, **changes)  # type: ignore[type-var]
    except OptionConflict as exc:  # __post_init__ found options that do not go together
        raise InvalidSheet(str(exc), code=exc.code, params=exc.params) from exc
    except ValueError as exc:  # a contradiction without a code of its own
        raise InvalidSheet(str(exc), code="bad_options") from exc


def as_json(options: Any) -> dict[str, Any]:
    """All option values of an options object, JSON-ready."""
    cls: Any = type(options)  # (a class is hashable, whatever typeshed says of type[Any])
    names = _option_names(cls, getattr(options, "unused", frozenset()))
    return {name: dict(v) if isinstance((v := getattr(options, name)), Mapping) else v
            for name in names}


@functools.lru_cache(maxsize=64)
def _option_names(cls: Any, unused: frozenset[str]) -> tuple[str, ...]:
    """The names :func:`specs` gives for options of class ``cls`` (asked for on every page)."""
    return tuple(f.name for f in dataclasses.fields(cls)
                 if "help" in f.metadata and f.name not in unused)


def differences(preset: Any, options: Any) -> dict[str, Any]:
    """The options whose value differs from the preset's (what a table plays differently)."""
    a, b = as_json(preset), as_json(options)
    return {k: b[k] for k in b if a[k] != b[k]}
