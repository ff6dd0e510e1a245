"""Hypothesis strategies for valid Mariáš sheets (RULES.md section 2, FORMAT.md).

``marias_sheets()`` draws whole FORMAT.md documents: three or four players, a few option
overrides, and a sequence of deals (suit games, betl, durch), renonc entries that follow a deal,
and misdeals by the dealer.  Every document it draws is valid; the generator follows the dealer
itself (it moves on after each deal, stays after a misdeal; with four players the dealer sits
out).
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

SUITS = ("hearts", "bells", "leaves", "acorns")
NAMES = ("Anna", "Bohouš", "Cyril", "Dana")

# renonc kinds by who may commit them (docs/rules/marias.md#renonc)
DECLARER_KINDS = (1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12)
DEFENDER_KINDS = (1, 2, 3, 4, 5, 6, 8, 10)
PAUZIRAK_KINDS = (5, 6, 10)


def marias_doc(entries: list[dict[str, Any]], *, players: int = 3,
               options: dict[str, Any] | None = None, first_dealer: int = 0,
               edition: int | None = None) -> dict[str, Any]:
    """A FORMAT.md document of a Mariáš sheet (also used by the example-based tests); without
    ``edition`` it plays the latest rules."""
    doc: dict[str, Any] = {
        "format": "scoresheet/1",
        "game": "marias",
        "ruleset": "marias",
        "options": dict(options or {}),
        "players": list(NAMES[:players]),
        "first_dealer": first_dealer,
        "entries": entries,
    }
    if edition is not None:
        doc["edition"] = edition
    return doc


@st.composite
def marias_options(draw: st.DrawFn) -> dict[str, Any]:
    """A few overrides of the ``marias`` preset."""
    options: dict[str, Any] = {}
    if draw(st.booleans()):
        options["max_fleks"] = draw(st.integers(0, 5))
    if draw(st.booleans()):
        options["payment_cap"] = draw(st.sampled_from((0, 100, 500, 2000)))
    if draw(st.booleans()):
        options["stake"] = draw(st.sampled_from((10, 20, 40, 100)))
    if draw(st.booleans()):
        options["pauzirak_pays"] = draw(st.booleans())
    if draw(st.booleans()):
        options["flek_liability"] = draw(st.sampled_from(("each", "fleking_player")))
    if draw(st.booleans()):
        options["flek_giver_receives"] = draw(st.booleans())
    if draw(st.booleans()):
        options["hundred_counts"] = draw(st.sampled_from(("trump_marriage",
                                                          "all_own_marriages")))
    if draw(st.booleans()):
        options["premium_points"] = {"sedma": 20, "sto": 40, "betl": 50, "durch": 100}
    for name in ("premium_defence", "premium_flek_giver", "premium_flek_minus"):
        if draw(st.booleans()):
            options[name] = draw(st.booleans())
    return options


@st.composite
def deal_entry(draw: st.DrawFn, n: int, dealer: int, options: dict[str, Any]) -> dict[str, Any]:
    """One valid deal when ``dealer`` deals (the latest rules edition).

    Suit games may carry the defence's announcements (sedma proti, sto proti); fleks may go
    beyond the table's highest flek; who gave each flek level is written as a list, a single
    first flek-giver or (at an ``each`` table) not at all, and both defenders may flek.
    """
    out = dealer if n == 4 else None
    playing = [s for s in range(n) if s != out]
    declarer = draw(st.sampled_from(playing))
    defenders = [s for s in playing if s != declarer]
    entry: dict[str, Any] = {"type": "deal", "declarer": declarer}
    if out is not None and draw(st.booleans()):
        entry["sitting_out"] = out
    game = draw(st.sampled_from(("suit", "suit", "suit", "betl", "durch")))
    entry["game"] = game
    max_fleks = options.get("max_fleks", 4)
    if game == "suit":
        trump = draw(st.sampled_from(SUITS))
        announced = draw(st.lists(st.sampled_from(("seven", "hundred")), unique=True,
                                  max_size=2))
        against = draw(st.lists(st.sampled_from(("seven", "hundred")), unique=True,
                                max_size=2))
        against = [a for a in against if a not in announced]
        entry["trump"] = trump
        entry["announced"] = announced
        if against:
            entry["against"] = against
        points = draw(st.integers(0, 9)) * 10
        entry["card_points"] = points
        owners = draw(st.lists(st.sampled_from((None, "declarer", "defence")), min_size=4,
                               max_size=4))
        entry["marriages"] = {
            side: [s for s, o in zip(SUITS, owners, strict=True) if o == side]
            for side in ("declarer", "defence")
        }
        comps = ["hundred_against" if "hundred" in against else "game"]
        # a seven that took the last trick agrees with the card points (the last trick is 10)
        declarer_last = ("won",) if points >= 10 else ()
        defence_last = ("lost",) if points <= 80 else ()
        if "seven" in announced:
            entry["seven"] = draw(st.sampled_from(declarer_last + defence_last))
            comps.append("seven")
        if "seven" in against:
            entry["seven_against"] = draw(st.sampled_from(
                (("won",) if points <= 80 else ()) + ("lost",)))
            comps.append("seven_against")
        if "seven" not in announced and "seven" not in against:
            silent = (None,) + (("declarer",) if points >= 10 else ()) + (
                ("defence",) if points <= 80 else ())
            entry["silent_seven"] = draw(st.sampled_from(silent))
    else:
        entry["result"] = draw(st.sampled_from(("won", "lost")))
        comps = [game]
    fleks = {c: draw(st.integers(0, min(max_fleks + 1, 5))) for c in comps}
    entry["fleks"] = fleks
    own = [c for c in comps if fleks[c] and not c.endswith("_against")]
    must_name = options.get("flek_liability", "fleking_player") == "fleking_player" and own
    style = draw(st.sampled_from(("list", "first", "map")))
    if own and (must_name or draw(st.booleans())):
        if style == "first":
            entry["first_flek_by"] = draw(st.sampled_from(defenders))
        elif style == "map":
            entry["first_flek_by"] = {c: draw(st.sampled_from(defenders)) for c in own}
        else:
            entry["flek_by"] = {
                c: [draw(st.sampled_from(defenders)) if k % 2 == 0 else declarer
                    for k in range(draw(st.integers(1, fleks[c])))]
                for c in own
            }
    return entry


@st.composite
def renonc_entry(draw: st.DrawFn, deal: dict[str, Any], n: int, dealer: int) -> dict[str, Any]:
    """A valid renonc on ``deal`` (dealt by ``dealer``)."""
    out = dealer if n == 4 else None
    seat = draw(st.sampled_from(range(n)))
    if seat == deal["declarer"]:
        kinds: tuple[int, ...] = DECLARER_KINDS
    elif seat == out:
        kinds = PAUZIRAK_KINDS
    else:
        kinds = DEFENDER_KINDS
    if deal["game"] != "suit":
        kinds = tuple(k for k in kinds if k != 12)
    return {"type": "renonc", "seat": seat, "kind": draw(st.sampled_from(kinds)),
            "played_out": draw(st.booleans())}


@st.composite
def marias_sheets(draw: st.DrawFn, max_entries: int = 16,
                  players: tuple[int, ...] = (3, 4)) -> dict[str, Any]:
    """A valid FORMAT.md document of a Mariáš sheet."""
    n = draw(st.sampled_from(players))
    options = draw(marias_options())
    first_dealer = draw(st.integers(0, n - 1))
    dealer = first_dealer
    entries: list[dict[str, Any]] = []
    last: tuple[dict[str, Any], int] | None = None  # the deal a renonc may follow
    for _ in range(draw(st.integers(0, max_entries))):
        kind = draw(st.sampled_from(("deal", "deal", "deal", "renonc", "misdeal")))
        if kind == "renonc" and last is not None:
            entries.append(draw(renonc_entry(last[0], n, last[1])))
        elif kind == "misdeal":
            entry: dict[str, Any] = {"type": "misdeal"}
            if draw(st.booleans()):
                entry["seat"] = dealer
            entries.append(entry)
            last = None
        else:
            deal = draw(deal_entry(n, dealer, options))
            entries.append(deal)
            last = (deal, dealer)
            dealer = (dealer + 1) % n
    return marias_doc(entries, players=n, options=options, first_dealer=first_dealer)
