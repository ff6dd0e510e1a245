"""The game-independent engine: the sheet document, replay, problems, outcome.

A sheet is a ruleset plus an ordered list of entries (docs/format.md).  Totals, marks, engine-made
penalty rows, the dealer and the outcome are always recomputed by replaying the entries; nothing
scored is ever stored as the truth.
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any, ClassVar

from . import options as opts
from .aliases import JSON, Points, Seat
from .errors import IllegalEntry, InvalidEntry, InvalidSheet, RulesError

FORMAT = "scoresheet/1"
DOC_KEYS = (
    "format", "game", "ruleset", "edition", "options", "players", "first_dealer", "entries", "meta"
)
# Rules editions (docs/format.md "edition"): a rule fix that changes what a sheet scores makes a new
# edition.  A stored sheet keeps the edition it was created under, so it always replays to the
# totals it showed; a new sheet plays the latest.  Edition 1: the rules before the corrections
# that follow the seed texts more closely (docs/format.md#editions); edition 2: those corrections;
# edition 3: Mariáš's minus points of rule II.15 for the first flek-giver; edition 4: Thousand's
# run of bolts is broken by a deal not played out (a concession credits its defenders).
EDITIONS = (1, 2, 3, 4)
EDITION = EDITIONS[-1]
MAX_NAME = 40  # characters in a player's name: a column header on a 360 px screen
MAX_ENTRIES = 5000  # far beyond any evening; keeps hostile imports bounded


# --------------------------------------------------------------------------- results


class Note:
    """One thing a row did, in words: ``code`` + ``params`` (translatable), ``text`` in English.

    A value, like a frozen dataclass: equal when code, text and params are; immutable.  The text
    may be given as a ``%`` template with its ``args`` (``text="%s makes %d", args=("Anna",
    120)``): it is then made when it is first read, so that a replay does not format the English
    of every note that nobody reads (the pages show the notes in the player's language, made
    from ``code`` and ``params``).
    """

    code: str
    params: Mapping[str, Any]

    def __init__(self, *, code: str, text: str, params: Mapping[str, Any] | None = None,
                 args: tuple[Any, ...] | None = None) -> None:
        own = self.__dict__
        own["code"] = code
        own["params"] = {} if params is None else params
        own["_text"] = text
        own["_args"] = args

    @property
    def text(self) -> str:
        own = self.__dict__
        args = own["_args"]
        if args is None:
            text: str = own["_text"]
            return text
        own["_text"] = text = own["_text"] % args
        own["_args"] = None
        return text

    def __setattr__(self, name: str, value: Any) -> None:
        raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not Note:
            return NotImplemented
        assert isinstance(other, Note)
        return (self.code, self.text, self.params) == (other.code, other.text, other.params)

    def __hash__(self) -> int:
        return hash((self.code, self.text, self.params))

    def __repr__(self) -> str:
        return f"Note(code={self.code!r}, text={self.text!r}, params={self.params!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return _note, (self.code, self.text, self.params)


def _note(code: str, text: str, params: Mapping[str, Any]) -> Note:
    """A note from its fields (how a pickled or copied note is made again)."""
    return Note(code=code, text=text, params=params)


@dataclass(frozen=True, kw_only=True, init=False)
class Payment:
    """One line of a money ledger (Mariáš): ``payer`` pays ``payee`` ``amount`` haléře.

    Its ``__init__`` is written out, as :class:`Row`'s is (a deal writes several)."""

    payer: Seat
    payee: Seat
    amount: Points
    what: str
    level: int = 0

    def __init__(self, *, payer: Seat, payee: Seat, amount: Points, what: str,
                 level: int = 0) -> None:
        own = self.__dict__
        own["payer"] = payer
        own["payee"] = payee
        own["amount"] = amount
        own["what"] = what
        own["level"] = level

    def to_json(self) -> JSON:
        return {
            "payer": self.payer,
            "payee": self.payee,
            "amount": self.amount,
            "what": self.what,
            "level": self.level,
        }


# What writes a row's marks and notes when they are first read (Row's ``parts``).
RowParts = Callable[[], tuple[tuple[tuple[str, ...], ...], tuple[Note, ...]]]
_PARTS = frozenset(("marks", "notes"))


@dataclass(frozen=True, kw_only=True, init=False)
class Row:
    """One line of the scored sheet.

    A frozen dataclass whose ``__init__`` is written out: the generated one sets every field
    through ``object.__setattr__``, twice as slow, and a replay makes a row for every entry.

    A game may leave a row's ``marks`` and ``notes`` to be written when they are first read,
    by giving ``parts`` (a function of nothing that returns them) instead: a replay reads a
    row's deltas and totals, a page reads the rest once per revision.  Such a row is the row
    written in full (equal, shown, copied and pickled as it).
    """

    entry: int
    kind: str
    deltas: tuple[Points, ...]
    totals: tuple[Points, ...]
    dealer: Seat | None
    marks: tuple[tuple[str, ...], ...]  # (no class default: see ``parts``)
    auto: bool = False
    declarer: Seat | None = None
    sitting_out: Seat | None = None
    contract: str = ""  # what the contract column shows, e.g. "120", "dark 150", "betl"
    round_end: bool = False  # the sheet draws an underline after this row
    ledger: tuple[Payment, ...] = ()
    notes: tuple[Note, ...]  # (no class default: see ``parts``)

    def __init__(self, *, entry: int, kind: str, deltas: tuple[Points, ...],
                 totals: tuple[Points, ...], dealer: Seat | None,
                 marks: tuple[tuple[str, ...], ...] = (), auto: bool = False,
                 declarer: Seat | None = None, sitting_out: Seat | None = None,
                 contract: str = "", round_end: bool = False, ledger: tuple[Payment, ...] = (),
                 notes: tuple[Note, ...] = (), parts: RowParts | None = None) -> None:
        own = self.__dict__
        own["entry"] = entry
        own["kind"] = kind
        own["deltas"] = deltas
        own["totals"] = totals
        own["dealer"] = dealer
        own["auto"] = auto
        own["declarer"] = declarer
        own["sitting_out"] = sitting_out
        own["contract"] = contract
        own["round_end"] = round_end
        own["ledger"] = ledger
        if parts is None:
            own["marks"] = marks
            own["notes"] = notes
        else:
            own["_parts"] = parts

    @classmethod
    def of_fields(cls, fields: dict[str, Any], parts: RowParts) -> Row:
        """The row of ``fields``, a new dict that names every field but ``marks`` and ``notes``,
        which ``parts`` writes when first read: what ``Row(**fields, parts=parts)`` makes,
        without the keyword call's cost (a game that has every field at hand)."""
        row = object.__new__(cls)
        fields["_parts"] = parts
        object.__setattr__(row, "__dict__", fields)
        return row

    if not TYPE_CHECKING:  # (to mypy a row has only its fields)

        def __getattr__(self, name: str) -> Any:
            """``marks`` and ``notes`` of a row made with ``parts``, written at the first read
            of either (Python asks here only for what the object does not hold)."""
            own = self.__dict__
            if name in _PARTS and "_parts" in own:
                own["marks"], own["notes"] = own["_parts"]()
                del own["_parts"]
                return own[name]
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def __getstate__(self) -> dict[str, Any]:
        """What a copy or pickle keeps: every field written (not the function that writes)."""
        own = self.__dict__
        if "_parts" in own:
            self.notes  # noqa: B018 (written when first read)
        return own

    def ending_round(self) -> Row:
        """This row with the underline after it: what ``dataclasses.replace(row,
        round_end=True)`` gives (every field copied), several times faster -- a game calls it on
        the last row of every round."""
        row = object.__new__(type(self))
        row.__dict__.update(self.__dict__)
        object.__setattr__(row, "round_end", True)
        return row

    def to_json(self) -> JSON:
        out: JSON = {
            "entry": self.entry,
            "kind": self.kind,
            "deltas": list(self.deltas),
            "totals": list(self.totals),
            "dealer": self.dealer,
            "marks": [list(m) for m in self.marks],
        }
        if self.auto:
            out["auto"] = True
        if self.declarer is not None:
            out["declarer"] = self.declarer
        if self.sitting_out is not None:
            out["sitting_out"] = self.sitting_out
        if self.contract:
            out["contract"] = self.contract
        if self.round_end:
            out["round_end"] = True
        if self.ledger:
            out["ledger"] = [p.to_json() for p in self.ledger]
        if self.notes:
            out["notes"] = [n.text for n in self.notes]
        return out


@dataclass(frozen=True, kw_only=True)
class Outcome:
    """The end of the game: who won and why."""

    winner: Seat
    reason: str
    code: str = "won"
    params: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> JSON:
        return {"winner": self.winner, "reason": self.reason}


@dataclass(kw_only=True)
class State:
    """The replay state every game shares; games subclass it for their own bookkeeping."""

    n: int
    totals: list[Points]
    dealer: Seat
    rows: list[Row] = field(default_factory=list)
    outcome: Outcome | None = None
    deals: int = 0  # rows that passed the deal on (for the underline between rounds)


@dataclass(frozen=True, kw_only=True)
class Scored:
    """A replayed sheet."""

    rows: tuple[Row, ...]
    totals: tuple[Points, ...]
    outcome: Outcome | None
    dealer: Seat
    state: State

    def to_json(self) -> JSON:
        return {
            "rows": [r.to_json() for r in self.rows],
            "totals": list(self.totals),
            "outcome": self.outcome.to_json() if self.outcome else None,
        }

    def rows_of(self, entry: int) -> list[Row]:
        return [r for r in self.rows if r.entry == entry]


# --------------------------------------------------------------------------- games


@dataclass(frozen=True, kw_only=True)
class Entry:
    """Base of every typed entry.  ``kind`` is the docs/format.md ``type``."""

    kind: ClassVar[str] = ""


class Game(ABC):
    """A game: parses entries and applies them to a replay state.  Presets are data.

    Subclasses set ``name``, ``presets``, ``entry_kinds`` and override the hooks below.  ``apply``
    must check everything before it changes the state (verify, then mutate), so that a rejected
    entry leaves the state as it was.
    """

    name: ClassVar[str] = ""
    presets: ClassVar[Mapping[str, Any]] = {}
    entry_kinds: ClassVar[tuple[str, ...]] = ()

    def player_counts(self, rules: Any) -> tuple[int, ...]:
        """How many players a sheet under ``rules`` may have."""
        return (3,)

    def edition_defaults(self, ruleset: str, edition: int) -> Mapping[str, Any]:
        """The defaults of ``ruleset`` that differ in ``edition`` from the preset's (the latest).

        A rule fix that would change a stored sheet's totals makes the old behaviour an option,
        sets the corrected value as the preset's default and returns the old value here for the
        editions before the fix.
        """
        return {}

    def prepare(self, sheet: Sheet) -> Any:
        """What replaying ``sheet`` reads for every entry, worked out once per sheet (its
        options read, its tables built): :attr:`Sheet.prepared`.  None when the game needs
        nothing."""
        return None

    def opening_holder(self, rules: Any, dealer: Seat, n: int) -> Seat | None:
        """The seat that holds the opening bid when ``dealer`` deals (Thousand: the obligation,
        or "on the hundred"); None when the game has no such seat."""
        return None

    def next_dealer(self, rules: Any, dealer: Seat, n: int) -> Seat:
        """Who deals the deal after one ``dealer`` dealt (the seat after him, unless the game's
        options pass the deal the other way)."""
        return (dealer + 1) % n

    def verify_sheet(self, sheet: Sheet, rules: Any) -> None:  # noqa: B027 (optional hook)
        """Game-specific checks of a sheet's header; raise :class:`InvalidSheet`."""

    @abstractmethod
    def parse_entry(self, raw: Mapping[str, Any], sheet: Sheet) -> Entry:
        """The typed entry of ``raw``; raises :class:`InvalidEntry`."""

    def start(self, sheet: Sheet) -> State:
        n = len(sheet.players)
        return State(n=n, totals=[0] * n, dealer=sheet.first_dealer)

    @abstractmethod
    def apply(self, state: State, index: int, entry: Entry, sheet: Sheet) -> None:
        """Verify ``entry`` against ``state``, then append its rows (raises on a problem)."""

    def entry_kind(self, raw: Mapping[str, Any]) -> str:
        kind = raw.get("type")
        if not isinstance(kind, str) or kind not in self.entry_kinds:
            raise InvalidEntry(
                f"type must be one of {', '.join(self.entry_kinds)}, not {kind!r}",
                code="bad_type",
                params={"type": kind, "known": ", ".join(self.entry_kinds)},
            )
        return kind


_GAMES: dict[str, Game] = {}
_RULESETS: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Add a game and its presets to the registry."""
    _GAMES[game.name] = game
    for name in game.presets:
        _RULESETS[name] = game
    return game


def games() -> dict[str, Game]:
    return dict(_GAMES)


def rulesets() -> dict[str, Game]:
    """Every preset name with the game it belongs to, in registration order."""
    return dict(_RULESETS)


def game_of(ruleset: str) -> Game:
    try:
        return _RULESETS[ruleset]
    except KeyError:
        raise InvalidSheet(
            f"unknown ruleset {ruleset!r} (known: {', '.join(_RULESETS)})",
            code="unknown_ruleset",
            params={"ruleset": ruleset},
        ) from None


@functools.lru_cache(maxsize=64)
def preset(ruleset: str, edition: int = EDITION) -> Any:
    """The preset options object of ``ruleset`` as ``edition`` defines its defaults (made once:
    an options object is immutable)."""
    game = game_of(ruleset)
    base = game.presets[ruleset]
    old = game.edition_defaults(ruleset, edition)
    return dataclasses.replace(base, **old) if old else base


def resolve_rules(ruleset: str, edition: int, overrides: Mapping[str, Any]) -> Any:
    """A sheet's rules: the preset, then its edition's defaults, then the table's own options."""
    return opts.with_overrides(preset(ruleset, edition), overrides)


def check_edition(edition: Any) -> int:
    if not isinstance(edition, int) or isinstance(edition, bool) or edition not in EDITIONS:
        raise InvalidSheet(
            f"edition must be one of {', '.join(str(e) for e in EDITIONS)}, not {edition!r}",
            code="bad_edition",
            params={"edition": edition, "known": ", ".join(str(e) for e in EDITIONS)},
        )
    return edition


# --------------------------------------------------------------------------- the sheet


@dataclass(frozen=True, kw_only=True)
class Sheet:
    """The sheet document (docs/format.md).  Entries are kept as given; games type them on
    replay."""

    game: str
    ruleset: str
    edition: int = EDITION
    options: Mapping[str, Any] = field(default_factory=dict)
    players: tuple[str, ...]
    first_dealer: Seat = 0
    entries: tuple[Mapping[str, Any], ...] = ()
    meta: Mapping[str, Any] | None = None

    def __post_init__(self) -> None:
        self.__dict__["rules"] = check_header(self)  # read once: the rules property's value

    @cached_property
    def engine(self) -> Game:
        return game_of(self.ruleset)

    @cached_property
    def base_rules(self) -> Any:
        """The preset as this sheet's edition defines it, before the table's own options."""
        return preset(self.ruleset, self.edition)

    @cached_property
    def rules(self) -> Any:
        """The preset, as of this sheet's edition, with this sheet's overrides applied."""
        return opts.with_overrides(self.base_rules, self.options)

    @cached_property
    def prepared(self) -> Any:
        """What the game reads of this sheet for every entry, worked out once (Game.prepare)."""
        return self.engine.prepare(self)

    @property
    def n(self) -> int:
        return len(self.players)

    def with_entries(self, entries: Sequence[Mapping[str, Any]]) -> Sheet:
        """This sheet with other entries.  The header is this one's, already checked: the copy
        shares it and what was worked out of it (its rules, :attr:`prepared`)."""
        sheet = object.__new__(self.__class__)
        sheet.__dict__.update(self.__dict__)
        sheet.__dict__["entries"] = tuple(entries)
        return sheet

    def append(self, raw: Mapping[str, Any]) -> Sheet:
        return self.with_entries([*self.entries, raw])


def check_header(sheet: Sheet) -> Any:
    """Everything about a sheet that is not an entry; raises :class:`InvalidSheet`.  Returns
    the sheet's rules."""
    game = game_of(sheet.ruleset) if isinstance(sheet.ruleset, str) else None
    if game is None:
        raise InvalidSheet("ruleset must be a name", code="bad_ruleset")
    if sheet.game != game.name:
        raise InvalidSheet(
            f"ruleset {sheet.ruleset} belongs to the game {game.name}, not {sheet.game!r}",
            code="game_mismatch",
            params={"ruleset": sheet.ruleset, "game": sheet.game},
        )
    check_edition(sheet.edition)
    rules = resolve_rules(sheet.ruleset, sheet.edition, sheet.options)
    players = sheet.players
    counts = game.player_counts(rules)
    if not isinstance(players, tuple) or len(players) not in counts:
        allowed = " or ".join(str(c) for c in counts)
        raise InvalidSheet(
            f"this ruleset is played by {allowed} players, not {len(players)}",
            code="player_count",
            params={"allowed": allowed, "count": len(players), "counts": list(counts)},
        )
    seen: set[str] = set()
    for i, name in enumerate(players):
        if not isinstance(name, str) or not name.strip():
            raise InvalidSheet(
                f"player {i + 1} needs a name", code="player_name", params={"seat": i}
            )
        if len(name) > MAX_NAME:
            raise InvalidSheet(
                f"player {i + 1}'s name is longer than {MAX_NAME} characters",
                code="player_name_long",
                params={"seat": i, "max": MAX_NAME},
            )
        if name.strip().casefold() in seen:
            raise InvalidSheet(
                f"two players are called {name.strip()!r}",
                code="player_twice",
                params={"name": name},
            )
        seen.add(name.strip().casefold())
    fd = sheet.first_dealer
    if not isinstance(fd, int) or isinstance(fd, bool) or not 0 <= fd < len(players):
        raise InvalidSheet(
            f"first_dealer must be a seat number 0..{len(players) - 1}",
            code="first_dealer",
            params={"max": len(players) - 1},
        )
    game.verify_sheet(sheet, rules)
    return rules


def copy_json(value: Any) -> Any:
    """A deep copy of JSON data (objects, arrays, scalars): what copy.deepcopy does for it, several
    times faster (every page load copies every entry of its sheet)."""
    if isinstance(value, dict):
        return {k: copy_json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [copy_json(v) for v in value]
    if value is None or isinstance(value, str | int | float):
        return value
    return copy.deepcopy(value)


def load(doc: Any) -> Sheet:
    """Build a :class:`Sheet` from a docs/format.md document; raises :class:`InvalidSheet`.

    Entries are only checked to be objects here; :func:`problems` and :func:`score` judge them.

    >>> s = load({"format": "scoresheet/1", "game": "thousand", "ruleset": "ru", "options": {},
    ...           "players": ["Anna", "Boris", "Vera"], "first_dealer": 0, "entries": []})
    >>> s.players
    ('Anna', 'Boris', 'Vera')
    """
    if not isinstance(doc, Mapping):
        raise InvalidSheet("a sheet must be a JSON object", code="not_object")
    extra = sorted(set(doc) - set(DOC_KEYS))
    if extra:
        raise InvalidSheet(
            f"unknown key {extra[0]!r}", code="unknown_key", params={"key": extra[0]}
        )
    if doc.get("format") != FORMAT:
        raise InvalidSheet(
            f"format must be {FORMAT!r}, not {doc.get('format')!r}", code="bad_format"
        )
    for key in ("game", "ruleset"):
        if not isinstance(doc.get(key), str):
            raise InvalidSheet(f"{key} is missing", code="missing_key", params={"key": key})
    players = doc.get("players")
    if not isinstance(players, list):
        raise InvalidSheet("players must be a list of names", code="bad_players")
    entries = doc.get("entries", [])
    if not isinstance(entries, list):
        raise InvalidSheet("entries must be a list", code="bad_entries")
    if len(entries) > MAX_ENTRIES:
        raise InvalidSheet(
            f"a sheet holds at most {MAX_ENTRIES} entries", code="too_many_entries",
            params={"max": MAX_ENTRIES},
        )
    for i, raw in enumerate(entries):
        if not isinstance(raw, Mapping):
            raise InvalidSheet(f"entry {i} must be an object", code="entry_not_object",
                               params={"entry": i}).at(i)
    meta = doc.get("meta")
    if meta is not None and not isinstance(meta, Mapping):
        raise InvalidSheet("meta must be an object", code="bad_meta")
    options = doc.get("options", {})
    if not isinstance(options, Mapping):
        raise InvalidSheet("options must be an object", code="bad_options")
    return Sheet(
        game=doc["game"],
        ruleset=doc["ruleset"],
        edition=check_edition(doc.get("edition", EDITION)),
        options=copy.deepcopy(dict(options)),
        players=tuple(players),
        first_dealer=doc.get("first_dealer", 0),
        entries=tuple(copy_json(dict(e)) for e in entries),
        meta=copy.deepcopy(dict(meta)) if meta is not None else None,
    )


def dump(sheet: Sheet) -> JSON:
    """The docs/format.md document of ``sheet``, always with its edition; ``dump(load(doc)) == doc``
    for a document that names its edition."""
    doc: JSON = {
        "format": FORMAT,
        "game": sheet.game,
        "ruleset": sheet.ruleset,
        "edition": sheet.edition,
        "options": copy.deepcopy(dict(sheet.options)),
        "players": list(sheet.players),
        "first_dealer": sheet.first_dealer,
        "entries": [copy.deepcopy(dict(e)) for e in sheet.entries],
    }
    if sheet.meta is not None:
        doc["meta"] = copy.deepcopy(dict(sheet.meta))
    return doc


def loads(text: str) -> Sheet:
    try:
        doc = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise InvalidSheet(f"not a JSON document: {exc}", code="not_json",
                           params={"line": getattr(exc, "lineno", None)}) from None
    return load(doc)


# --------------------------------------------------------------------------- replay


def _snapshot(state: State) -> State:
    """A copy of ``state`` to fall back to when an entry is rejected.

    The rows are frozen and only ever appended to, so the copy keeps a shallow copy of the list
    (cheap) instead of copying every row again: problems() stays linear in the sheet's length.
    """
    rows = state.rows
    state.rows = []
    try:
        saved = copy.deepcopy(state)
    finally:
        state.rows = rows
    saved.rows = list(rows)
    return saved


def start(sheet: Sheet) -> State:
    """The state before the first entry of ``sheet``."""
    return sheet.engine.start(sheet)


def saved(state: State) -> State:
    """A copy of ``state`` without its rows: what a caller keeps to resume from later.

    The rows already written are not needed to judge the next entry; :func:`advance` and
    :func:`resume` start from such a state and never change it.
    """
    rows = state.rows
    state.rows = []
    try:
        return copy.deepcopy(state)
    finally:
        state.rows = rows


def advance(sheet: Sheet, state: State, raw: Mapping[str, Any],
            index: int | None = None) -> tuple[State, tuple[Row, ...]]:
    """Judge one more entry on a saved state: ``state + entry -> (state, rows)``.

    ``state`` is the state after the entries before ``index`` (default: after all of
    ``sheet``'s entries, i.e. ``raw`` is appended); it is not changed.  Returns the saved state
    after the entry and the rows the entry wrote.  Raises the entry's :class:`RulesError`
    (located at ``index``).  Replaying a sheet entry by entry with :func:`advance` gives the
    same rows, totals and outcome as :func:`score`.
    """
    at = len(sheet.entries) if index is None else index
    scored = _replay_entries(sheet, saved(state), ((at, raw),), None)
    after = scored.state
    rows = tuple(after.rows)
    after.rows = []
    return after, rows


def resume(sheet: Sheet, state: State, first: int) -> Scored:
    """Replay ``sheet``'s entries from index ``first`` on, starting from ``state`` (the saved
    state after the entries before ``first``, not changed).  The result holds the rows of the
    replayed entries only; its totals, dealer and outcome are those of the whole sheet."""
    entries = sheet.entries
    return _replay_entries(
        sheet, saved(state), ((i, entries[i]) for i in range(first, len(entries))), None
    )


def _replay(sheet: Sheet, problems: list[RulesError] | None) -> Scored:
    return _replay_entries(sheet, sheet.engine.start(sheet), enumerate(sheet.entries), problems)


def _replay_entries(
    sheet: Sheet,
    state: State,
    entries: Iterable[tuple[int, Mapping[str, Any]]],
    problems: list[RulesError] | None,
) -> Scored:
    game = sheet.engine
    parse_entry, apply = game.parse_entry, game.apply
    for index, raw in entries:
        try:
            if state.outcome is not None:
                raise IllegalEntry("game already finished", code="finished")
            entry = parse_entry(raw, sheet)
            if problems is None:
                apply(state, index, entry, sheet)
            else:
                snapshot = _snapshot(state)
                try:
                    apply(state, index, entry, sheet)
                except RulesError:
                    state = snapshot
                    raise
        except RulesError as exc:
            if problems is None:
                raise exc.at(index) from None
            problems.append(exc.at(index))
    return Scored(
        rows=tuple(state.rows),
        totals=tuple(state.totals),
        outcome=state.outcome,
        dealer=state.dealer,
        state=state,
    )


def score(sheet: Sheet) -> Scored:
    """Replay ``sheet``; raises the first problem as a :class:`RulesError` naming its entry."""
    return _replay(sheet, None)


def problems(doc: Any) -> list[RulesError]:
    """Every problem of a document (or a :class:`Sheet`) at once; empty when it is valid.

    A rejected entry is left out of the replay, so later entries are judged on the sheet as it
    would stand without it.
    """
    try:
        sheet = doc if isinstance(doc, Sheet) else load(doc)
    except RulesError as exc:
        return [exc]
    found: list[RulesError] = []
    _replay(sheet, found)
    return found


def preview(sheet: Sheet, raw: Mapping[str, Any]) -> tuple[Scored, list[Row]]:
    """What appending ``raw`` would do: the scored sheet and the new rows.  Raises on a problem."""
    scored = score(sheet.append(raw))
    index = len(sheet.entries)
    return scored, [r for r in scored.rows if r.entry == index]


def iter_problem_lines(found: Sequence[RulesError]) -> Iterator[str]:
    for p in found:
        yield str(p)
