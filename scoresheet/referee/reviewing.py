"""What the deal review page shows: the setup, the card picker, the tricks and the findings.

The review itself is the engine's (``rules.review``): this module keeps the page's state in its
query string (so every tap is a plain GET link or button and works without JavaScript), turns it
into the engine's deal document, and puts the engine's findings into the page's language.  It
also fills a deal's row from a review (the scorer confirms on the entry form) and keeps the
review in the entry's ``meta``.

The query: ``deal`` (the sheet row reviewed), ``declarer``, ``leader``, ``contract``, ``trump``,
``seven``, ``out`` (who sits out), and ``p`` once per card played, in order; a card played as a
marriage declaration ends in ``!`` (``K-hearts!``).  A tap on the picker adds ``c``, the card
tapped (and ``m`` when it declares a marriage), which joins the plays.  ``lead=4-1``: trick 4 was
led by seat 1 (out of turn); ``took=3-1``: trick 3 was gathered by seat 1 (``nl``/``nt`` are the
buttons that add one, named apart like ``c``).  ``stop=1``: play stopped (a claim, a called
renonc) and the page asks the hands; ``h=1-J-bells`` once per card a player still holds.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any
from urllib.parse import urlencode

from django.http import QueryDict
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

import rules
from rules import arbiter
from rules import review as engine
from rules.arbiter import MarriageRule, TrumpRule
from rules.cards import Card, Deck, parse_card
from scoresheet.referee.rulings import (
    BROKEN_LABELS,
    CardView,
    card_label,
    card_view,
    rule_text,
    suit_view,
)
from scoresheet.sheets.words import card_word, error_text

MARK = "!"  # a card played as a marriage declaration
MAX_PLAYS = 60  # more than any deal holds (Binokel: 48): a longer query is cut

PROBLEM_TEXTS: Mapping[str, Any] = {
    "card_twice": gettext_lazy("%(card)s is shown more often than the pack holds it."),
    "card_missing": gettext_lazy("%(card)s is in no trick and not in the talon."),
    "trick_size": gettext_lazy("Trick %(trick)s holds %(count)s cards, but a trick has three: "
                               "the review stops there."),
    "talon_size": gettext_lazy("The talon holds %(count)s cards; it should hold %(size)s."),
    "hand_left": gettext_lazy("Every trick is there, yet a hand still holds cards."),
    "trick_winner": gettext_lazy("Trick %(trick)s is written as taken by %(recorded)s, but its "
                                 "cards give it to %(winner)s: check the cards of that trick."),
}
TALON_MISTYPED = gettext_lazy("The talon holds %(count)s cards; it should hold %(size)s. The "
                              "cards do not add up to the pack: check the cards typed.")
TALON_LABEL = gettext_lazy("an ace or a ten in the talon")
TALON_RULE = gettext_lazy("No ace and no ten may be laid into the talon in this game.")
LEAD_LABEL = gettext_lazy("led out of turn")
UNDETERMINED_LABEL = gettext_lazy("a renonc, its rule not settled yet")
LEAD_RULE = gettext_lazy("The order of play: the player who takes a trick leads the next one. "
                         "A lead by anyone else is out of turn.")
UNDETERMINED_HEADLINE = gettext_lazy(
    "A renonc by %(name)s in trick %(trick)s is proven; which rule it broke is settled by the "
    "cards still to come.")
PENDING_TEXT = gettext_lazy("Trick %(trick)s, %(name)s: marriage declared — waiting for "
                            "%(card)s.")


@dataclass(frozen=True, kw_only=True)
class Setup:
    """The state of a review page, read from its query string."""

    deal: int | None = None
    declarer: int | None = None
    leader: int | None = None
    contract: str | None = None
    trump: str | None = None
    seven: int | None = None
    out: int | None = None
    plays: tuple[tuple[str, bool], ...] = ()
    leads: tuple[tuple[int, int], ...] = ()  # (trick, seat): led by another than the cards say
    took: tuple[tuple[int, int], ...] = ()  # (trick, seat): gathered by another than the cards say
    hands: tuple[tuple[int, str], ...] = ()  # (seat, card): held when play stopped
    stop: bool = False  # play stopped (a claim, a called renonc): the hands are asked

    def params(self, plays: Sequence[tuple[str, bool]] | None = None) -> list[tuple[str, str]]:
        out: list[tuple[str, str]] = []
        for name in ("deal", "declarer", "leader", "contract", "trump", "seven", "out"):
            value = getattr(self, name)
            if value is not None:
                out.append((name, str(value)))
        kept = self.plays if plays is None else plays
        for card, marriage in kept:
            out.append(("p", card + (MARK if marriage else "")))
        most = len(kept) // arbiter.PLAYERS_IN_TRICK + 1  # an undo drops what came after
        out += [("lead", f"{t}-{s}") for t, s in self.leads if t <= most]
        out += [("took", f"{t}-{s}") for t, s in self.took if t < most]
        if plays is None:
            out += [("h", f"{s}-{c}") for s, c in self.hands]
            if self.stop:
                out.append(("stop", "1"))
        return out

    def undo(self) -> str:
        """The query without the last thing done: the hands shown, a lead or gathering recorded
        for the trick not begun yet, or else the last card."""
        if self.hands or self.stop:
            return urlencode(replace(self, hands=(), stop=False).params())
        begun = len(self.plays) // arbiter.PLAYERS_IN_TRICK
        if len(self.plays) % arbiter.PLAYERS_IN_TRICK == 0 and (
                any(t == begun + 1 for t, _s in self.leads)
                or any(t == begun for t, _s in self.took)):
            return urlencode(replace(
                self, leads=tuple(x for x in self.leads if x[0] != begun + 1),
                took=tuple(x for x in self.took if x[0] != begun)).params())
        return self.query(self.plays[:-1])

    def query(self, plays: Sequence[tuple[str, bool]] | None = None) -> str:
        return urlencode(self.params(plays))


def _int(value: str | None, most: int) -> int | None:
    text = value.strip() if value is not None else ""
    if not (text.isascii() and text.isdigit()):  # ASCII digits only: int() refuses "²", "\x1e0"
        return None
    number = int(text)
    return number if 0 <= number < most else None


def _pairs(values: Sequence[Any], n: int, most: int) -> tuple[tuple[int, int], ...]:
    """``4-1`` values (trick, seat): readable ones, the last of each trick kept."""
    out: dict[int, int] = {}
    for value in values:
        trick, _sep, seat = str(value).partition("-")
        t, s = _int(trick, most + 1), _int(seat, n)
        if t and s is not None:
            out[t] = s
    return tuple(sorted(out.items()))


def _held(values: Sequence[Any], n: int) -> tuple[tuple[int, str], ...]:
    out: list[tuple[int, str]] = []
    for value in values:
        seat, _sep, card = str(value).partition("-")
        s = _int(seat, n)
        if s is not None and card and (s, card) not in out:
            out.append((s, card))
    return tuple(out)


def read_setup(query: QueryDict | Mapping[str, Any], document: rules.Sheet) -> Setup:
    """The page's state from its query; anything unreadable is left out (the page asks again)."""
    get = query.get
    n = document.n
    trick = arbiter.trick_rules(document.ruleset, document.options, edition=document.edition)
    contracts = {c.name.value for c in trick.contracts}
    contract = get("contract")
    suits = {s.value for s in trick.deck.suit_names}
    trump = get("trump")
    raw_plays = query.getlist("p") if isinstance(query, QueryDict) else list(query.get("p", []))
    tapped = get("c")  # the card just tapped (a button of its own name: htmx would let it
    if isinstance(tapped, str):  # replace the hidden ``p`` values)
        raw_plays.append(tapped)
    plays = tuple(
        (p[: -len(MARK)], True) if p.endswith(MARK) else (p, False)
        for p in raw_plays[:MAX_PLAYS] if isinstance(p, str) and p
    )
    if plays and get("c") and get("m"):  # "declares a marriage" ticked with the card tapped
        plays = (*plays[:-1], (plays[-1][0], True))

    def many(name: str) -> list[Any]:
        if isinstance(query, QueryDict):
            return query.getlist(name)
        value: Any = query.get(name, [])
        return list(value) if isinstance(value, (list, tuple)) else [value]

    n_tricks = len(plays) // arbiter.PLAYERS_IN_TRICK + 1
    # a tap on "led by" / "taken by" (buttons of their own names, as ``c``)
    leads = _pairs([*many("lead"), *many("nl")], n, n_tricks)
    took = _pairs([*many("took"), *many("nt")], n, n_tricks)
    return Setup(
        deal=_int(get("deal"), len(document.entries)),
        declarer=_int(get("declarer"), n),
        leader=_int(get("leader"), n),
        contract=contract if contract in contracts else None,
        trump=trump if trump in suits else None,
        seven=_int(get("seven"), n),
        out=_int(get("out"), n) if n > 3 else None,
        plays=plays,
        leads=leads,
        took=took,
        hands=_held(many("h"), n),
        stop=bool(get("stop")) or bool(many("h")),
    )


def setup_from_entry(entry: Mapping[str, Any], setup: Setup) -> Setup:
    """A review of a sheet row starts from what the row says: declarer, contract, trump, seven."""
    changes: dict[str, Any] = {}
    if isinstance(entry.get("declarer"), int):
        changes["declarer"] = entry["declarer"]
    if isinstance(entry.get("game"), str):
        changes["contract"] = entry["game"]
    if isinstance(entry.get("trump"), str):
        changes["trump"] = entry["trump"]
    if isinstance(entry.get("sitting_out"), int):
        changes["out"] = entry["sitting_out"]
    if "seven" in (entry.get("announced") or []) and isinstance(entry.get("declarer"), int):
        changes["seven"] = entry["declarer"]
    return replace(setup, **{k: v for k, v in changes.items() if getattr(setup, k) is None})


def needs(trick: arbiter.TrickRules, setup: Setup) -> dict[str, bool]:
    """Which setup questions this game asks (from its contracts, as data)."""
    contract = trick.contract(setup.contract)
    return {
        "contract": len(trick.contracts) > 1,
        "trump": contract.trump is TrumpRule.NAMED,
        "seven": contract.seven,
        "marriage": contract.marriage is not MarriageRule.NONE,
    }


def missing(trick: arbiter.TrickRules, setup: Setup, n: int) -> list[str]:
    """What must still be chosen before the first card."""
    asked = needs(trick, setup)
    out = []
    if setup.declarer is None:
        out.append("declarer")
    if asked["trump"] and setup.trump is None:
        out.append("trump")
    if n > 3 and setup.out is None:
        out.append("out")
    return out


def deal_document(setup: Setup, document: rules.Sheet) -> dict[str, Any]:
    """The engine's deal document (docs/format.md, "The deal review") of the page's state."""
    trick = arbiter.trick_rules(document.ruleset, document.options, edition=document.edition)
    asked = needs(trick, setup)
    tricks: list[list[Any]] = []
    for i, (card, marriage) in enumerate(setup.plays):
        if i % arbiter.PLAYERS_IN_TRICK == 0:
            tricks.append([])
        tricks[-1].append({"card": card, "marriage": True} if marriage else card)
    doc: dict[str, Any] = {
        "ruleset": document.ruleset,
        "edition": document.edition,
        "options": dict(document.options),
        "players": list(document.players),
        "declarer": setup.declarer,
        "tricks": tricks,
    }
    if setup.out is not None:
        doc["sitting_out"] = setup.out
    if setup.leader is not None:
        doc["leader"] = setup.leader
    if setup.contract is not None:
        doc["contract"] = setup.contract
    if asked["trump"]:
        doc["trump"] = setup.trump
    if asked["seven"] and setup.seven is not None:
        doc["seven"] = setup.seven
    return doc | recorded(setup, tricks, len(document.players))


def recorded(setup: Setup, tricks: Sequence[Sequence[Any]], n: int) -> dict[str, Any]:
    """What the table recorded beyond the cards: who led or gathered a trick, the hands shown."""
    doc: dict[str, Any] = {}
    if setup.leads:
        leaders: list[int | None] = [None] * (len(tricks) + 1)
        for t, seat in setup.leads:
            if t <= len(leaders):
                leaders[t - 1] = seat
        doc["leaders"] = leaders
    complete = sum(1 for t in tricks if len(t) == arbiter.PLAYERS_IN_TRICK)
    if setup.took:
        winners: list[int | None] = [None] * complete
        for t, seat in setup.took:
            if t <= complete:
                winners[t - 1] = seat
        doc["winners"] = winners
    if setup.stop and setup.hands:
        hands: list[list[str]] = [[] for _p in range(n)]
        for seat, card in setup.hands:
            hands[seat].append(card)
        doc["hands"] = hands
    return doc


def run(setup: Setup, document: rules.Sheet) -> tuple[engine.Review | None, str]:
    """The engine's review of the page's state, or its objection in the page's words."""
    try:
        return engine.review(engine.read_deal(deal_document(setup, document))), ""
    except rules.RulesError as exc:
        return None, _("These cards cannot be reviewed: %(why)s") % {
            "why": error_text(exc, document)}


def setup_of_deal(doc: Mapping[str, Any]) -> Setup:
    """The page's state of a stored deal document (a review kept with its entry)."""
    plays: list[tuple[str, bool]] = []
    for trick in doc.get("tricks") or []:
        for play in trick:
            if isinstance(play, Mapping):
                plays.append((str(play.get("card")), bool(play.get("marriage"))))
            else:
                plays.append((str(play), False))

    def seat(key: str) -> int | None:
        value = doc.get(key)
        return value if isinstance(value, int) and not isinstance(value, bool) else None

    def per_trick(key: str) -> tuple[tuple[int, int], ...]:
        values = doc.get(key) or []
        return tuple((t + 1, v) for t, v in enumerate(values)
                     if isinstance(v, int) and not isinstance(v, bool))

    hands = tuple((s, str(c)) for s, hand in enumerate(doc.get("hands") or []) for c in hand)
    return Setup(
        declarer=seat("declarer"), leader=seat("leader"), contract=doc.get("contract"),
        trump=doc.get("trump"), seven=seat("seven"), out=seat("sitting_out"), plays=tuple(plays),
        leads=per_trick("leaders"), took=per_trick("winners"), hands=hands, stop=bool(hands),
    )


# --------------------------------------------------------------------------- the picker


@dataclass(frozen=True, kw_only=True)
class PickCard:
    card: CardView
    left: int  # copies not yet played (0: greyed out)
    value: str


def picker(deck: Deck, plays: Sequence[tuple[str, bool]]) -> list[dict[str, Any]]:
    """The deck as rows of card buttons, played cards greyed out (Binokel: after both copies)."""
    played = Counter(card for card, _m in plays)
    rows = []
    for face in deck.suits:
        cards = []
        for r in deck.ranks:
            card = Card(rank=r.rank, suit=face.suit)
            code = str(card)
            cards.append(PickCard(card=card_view(deck, card), left=deck.copies - played[code],
                                  value=code))
        rows.append({"suit": suit_view(deck, face), "cards": cards})
    return rows


# --------------------------------------------------------------------------- what was found


@dataclass(frozen=True, kw_only=True)
class CardShown:
    label: str
    colour: str
    name: str
    player: str
    marriage: bool
    broken: tuple[str, ...] = ()
    wins: bool = False


@dataclass(frozen=True, kw_only=True)
class TrickShown:
    number: int
    cards: tuple[CardShown, ...]
    winner: str
    points: int
    took: str = ""  # who gathered it, when written as another than its winner


@dataclass(frozen=True, kw_only=True)
class FindingShown:
    offence: bool
    headline: str
    rule: str
    played: str
    proof: str
    penalty_url: str = ""
    trick: int | None = None
    seat: int | None = None
    code: str = ""
    extra: Mapping[str, Any] = field(default_factory=dict)


def _label(deck: Deck, code: str | None) -> str:
    if not code:
        return ""
    try:
        return card_label(deck, parse_card(code, deck))
    except rules.RulesError:
        return code


def tricks_shown(review: engine.Review, deck: Deck, players: Sequence[str]) -> list[TrickShown]:
    out = []
    for t in review.tricks:
        cards = []
        for v in t.cards:
            view = card_view(deck, v.play.card)
            cards.append(CardShown(
                label=view.label, colour=view.colour, name=view.name, player=players[v.play.seat],
                marriage=v.play.marriage, wins=t.winner == v.play.seat,
                broken=tuple(_broken_label(b) for b in v.broken),
            ))
        took = (players[t.recorded_winner] if t.recorded_winner is not None
                and t.recorded_winner != t.winner else "")
        out.append(TrickShown(number=t.number, cards=tuple(cards),
                              winner="" if t.winner is None else players[t.winner],
                              points=t.points, took=took))
    return out


def _proof_text(proof: engine.Proof | None, deck: Deck, players: Sequence[str]) -> str:
    if proof is None:
        return ""
    card = card_label(deck, proof.card)
    name = players[proof.seat] if proof.seat is not None else ""
    if proof.place == "trick":
        return _("Proof: %(name)s played %(card)s in trick %(trick)s.") % {
            "name": name, "card": card, "trick": proof.trick}
    if proof.place == "hand":
        return _("Proof: %(name)s still holds %(card)s.") % {"name": name, "card": card}
    return _("Proof: %(card)s is in the talon.") % {"card": card}


# ``deal=now`` of the penalty calculator: the deal being played, not on the sheet yet.
BEING_PLAYED = "now"


def penalty_params(finding: engine.Finding, deal: int | None) -> dict[str, Any] | None:
    """The penalty calculator's query for a proven offence: its kind, offender and deal (a
    review of no sheet row is of the deal being played: never "the last deal on the sheet")."""
    if finding.penalty is None or finding.seat is None:
        return None
    params: dict[str, Any] = {"type": finding.penalty["type"], "seat": finding.seat}
    params.update({k: v for k, v in finding.penalty.items() if k != "type"})
    params["deal"] = BEING_PLAYED if deal is None else deal
    return params


def _broken_label(code: str) -> str:
    if code in set(arbiter.Broken):
        return str(BROKEN_LABELS.get(arbiter.Broken(code), code))
    if code == engine.LEAD_OUT_OF_TURN:
        return str(LEAD_LABEL)
    if code == engine.UNDETERMINED:
        return str(UNDETERMINED_LABEL)
    return str(TALON_LABEL)


def _offence_rule(f: engine.Finding) -> str:
    if f.code in set(arbiter.Broken):
        return str(rule_text(arbiter.Broken(f.code), f.rule,
                             trumped=bool(f.params.get("trumped"))))
    if f.code == engine.LEAD_OUT_OF_TURN:
        return str(LEAD_RULE)
    if f.code == engine.UNDETERMINED:
        return " ".join(str(rule_text(arbiter.Broken(c), "")) for c in f.candidates
                        if c in set(arbiter.Broken))
    return str(TALON_RULE)


def _offence_shown(f: engine.Finding, deck: Deck, players: Sequence[str], url: str) -> FindingShown:
    name = players[f.seat] if f.seat is not None else ""
    if f.code == engine.UNDETERMINED:
        headline = str(UNDETERMINED_HEADLINE) % {"name": name, "trick": f.trick}
    elif f.trick is not None:
        headline = _("Trick %(trick)s: %(name)s — %(what)s") % {
            "trick": f.trick, "name": name, "what": _broken_label(f.code)}
    else:
        headline = _("%(name)s — %(what)s") % {"name": name, "what": _broken_label(f.code)}
    played = _("Card: %(card)s.") % {"card": _label(deck, None if f.card is None
                                                     else str(f.card))}
    if f.code == engine.LEAD_OUT_OF_TURN and f.proof is not None and f.proof.seat is not None:
        proof = _("Proof: %(name)s took trick %(trick)s (%(card)s) and was to lead.") % {
            "name": players[f.proof.seat], "trick": f.proof.trick,
            "card": card_label(deck, f.proof.card)}
    else:
        proof = _proof_text(f.proof, deck, players)
    return FindingShown(offence=True, headline=headline, rule=_offence_rule(f), played=played,
                        proof=proof, penalty_url=url, trick=f.trick, seat=f.seat, code=f.code)


def _problem_shown(f: engine.Finding, deck: Deck, players: Sequence[str]) -> FindingShown:
    values = dict(f.params)
    if f.card is not None:
        values["card"] = card_label(deck, f.card)
    for key in ("recorded", "winner"):
        if isinstance(values.get(key), int):
            values[key] = players[values[key]]
    if f.code == engine.Problem.TALON_SIZE and f.penalty is None:
        text = str(TALON_MISTYPED) % values
    else:
        text = str(PROBLEM_TEXTS.get(f.code, f.message)) % values
    return FindingShown(offence=False, headline=text, rule="", played="", proof="",
                        trick=f.trick, code=f.code)


def proof_params(finding: engine.Finding, setup: Setup | None) -> dict[str, Any]:
    """What the penalty calculator keeps of the review with the row it writes: the trick, the
    review's query (it finds the finding again there: the proof is the engine's, never typed)."""
    if setup is None or finding.trick is None:
        return {}
    return {"trick": finding.trick, "review": setup.query()}


def findings_shown(review: engine.Review, deck: Deck, players: Sequence[str], *,
                   penalty_url: str, kinds: Sequence[str], deal: int | None,
                   setup: Setup | None = None) -> list[FindingShown]:
    out = []
    for f in review.findings:
        if f.kind != "offence":
            out.append(_problem_shown(f, deck, players))
            continue
        params = penalty_params(f, deal)
        url = ""
        if params is not None and params["type"] in kinds:
            url = f"{penalty_url}?{urlencode(params | proof_params(f, setup))}"
        out.append(_offence_shown(f, deck, players, url))
    return out


def pending_shown(review: engine.Review, deck: Deck, players: Sequence[str]) -> list[str]:
    """The marriages waiting for their partner card: neutral notes, not offences."""
    return [str(PENDING_TEXT) % {"trick": p.trick, "name": players[p.seat],
                                 "card": card_label(deck, p.partner)} for p in review.pending]


def held_picker(deck: Deck, review: engine.Review, setup: Setup,
                players: Sequence[str]) -> list[dict[str, Any]]:
    """Play stopped: per player who plays, the cards not played yet as checkboxes (``h``)."""
    played = Counter(str(v.play.card) for t in review.tricks for v in t.cards)
    ticked = set(setup.hands)
    left = [Card(rank=r.rank, suit=f.suit) for f in deck.suits for r in deck.ranks
            if deck.copies - played[str(Card(rank=r.rank, suit=f.suit))] > 0]
    return [{"name": players[seat], "cards": [
        {"value": f"{seat}-{c}", "card": card_view(deck, c), "checked": (seat, str(c)) in ticked}
        for c in left]} for seat in review.deal.active]


def suit_words(deck: Deck, suits: Sequence[Any]) -> str:
    return ", ".join(f"{deck.face(s).symbol} {card_word(deck.name.value, deck.face(s).name)}"
                     for s in suits)


# --------------------------------------------------------------------------- back to the sheet

REVIEW_META = "review"


def fill_entry(game: str, review: engine.Review, entry: Mapping[str, Any]) -> dict[str, Any]:
    """The deal's row with the reviewed card points and marriages in the game's fields
    (docs/format.md entries); the scorer sees it on the entry form and confirms."""
    out = dict(entry)
    out["type"] = "deal"
    deal = review.deal
    out.setdefault("declarer", deal.declarer)
    marriages = [[s.value for s in m] for m in review.marriages]
    if game == "marias" and not review.points_count:  # betl, durch: the tricks decide
        out.setdefault("game", deal.contract.value)
        if review.result is not None:
            out["result"] = review.result
        for key in ("card_points", "marriages", "trump", "announced"):
            out.pop(key, None)
        if deal.sitting_out is not None:
            out.setdefault("sitting_out", deal.sitting_out)
    elif game == "marias":
        out["card_points"] = review.card_points[deal.declarer]
        out["marriages"] = {
            "declarer": marriages[deal.declarer],
            "defence": [s for seat, m in enumerate(marriages) if seat != deal.declarer
                        for s in m],
        }
        out.setdefault("game", deal.contract.value)
        if deal.trump is not None:
            out.setdefault("trump", deal.trump.value)
        if deal.sitting_out is not None:
            out.setdefault("sitting_out", deal.sitting_out)
    else:
        out["points"] = list(review.card_points)
        if game == "thousand":
            out["marriages"] = marriages
        if deal.trump is not None and game == "binokel":
            out.setdefault("trump", deal.trump.value)
    return out


def record(review: engine.Review, doc: Mapping[str, Any]) -> dict[str, Any]:
    """What the entry keeps of its review (under ``meta.review``): the deal laid out and what
    was found, so that export, import and the history carry it."""
    kept = {k: v for k, v in doc.items()
            if k not in ("options", "players", "ruleset", "edition")}
    return {
        "deal": kept,
        "findings": [
            {k: v for k, v in f.to_json().items() if k in ("kind", "broken", "problem", "trick",
                                                             "seat", "card", "proof",
                                                             "candidates")}
            for f in review.findings
        ],
        "card_points": list(review.card_points),
        "marriages": [[s.value for s in m] for m in review.marriages],
    }


def with_review(entry: dict[str, Any], kept: Mapping[str, Any] | None) -> dict[str, Any]:
    """``entry`` with the review kept in its meta (other meta stays)."""
    if not kept:
        return entry
    meta = dict(entry.get("meta") or {})
    meta[REVIEW_META] = dict(kept)
    return {**entry, "meta": meta}


def review_of(entry: Mapping[str, Any] | None) -> Mapping[str, Any] | None:
    meta = entry.get("meta") if isinstance(entry, Mapping) else None
    kept = meta.get(REVIEW_META) if isinstance(meta, Mapping) else None
    return kept if isinstance(kept, Mapping) else None


def review_summary(entry: Mapping[str, Any] | None) -> str:
    """One line for the history: the row was filled from a review, and what it found."""
    kept = review_of(entry)
    if kept is None:
        return ""
    found = kept.get("findings") or []
    offences = sum(1 for f in found if isinstance(f, Mapping) and f.get("kind") == "offence")
    if not offences:
        return _("Reviewed trick by trick: no offence.")
    return ngettext("Reviewed trick by trick: %(count)s offence proven.",
                    "Reviewed trick by trick: %(count)s offences proven.",
                    offences) % {"count": offences}


PROOF_META = "proof"


def proof_of(document: rules.Sheet, query: str, trick: Any, seat: Any,
             penalty: Mapping[str, Any]) -> dict[str, Any] | None:
    """The proof a penalty row written from the review keeps (``meta.proof``): the review is
    run again from its query and the offence found there, so the proof is always the engine's
    — the trick, the card, the proof card and the rule broken — with the query to open it."""
    if not query:
        return None
    setup, review = from_query(query, document)
    if review is None:
        return None
    for f in review.offences:
        if (str(f.trick) == str(trick) and str(f.seat) == str(seat) and f.penalty is not None
                and all(str(penalty.get(k)) == str(v) for k, v in f.penalty.items())):
            kept = {k: v for k, v in f.to_json().items()
                    if k in ("broken", "trick", "seat", "card", "proof", "candidates")}
            kept["rule"] = _offence_rule(f)
            deck = review.deal.rules.deck  # the deck's faces, for the history and the print
            kept["faces"] = {"card": _label(deck, kept.get("card")),
                             "proof": "" if f.proof is None else card_label(deck, f.proof.card)}
            return {**kept, "review": setup.query()}
    return None


def proof_kept(entry: Mapping[str, Any] | None) -> Mapping[str, Any] | None:
    meta = entry.get("meta") if isinstance(entry, Mapping) else None
    kept = meta.get(PROOF_META) if isinstance(meta, Mapping) else None
    return kept if isinstance(kept, Mapping) else None


def proof_summary(entry: Mapping[str, Any] | None) -> str:
    """One sentence for the history and the print: what the review proved for this row."""
    kept = proof_kept(entry)
    if kept is None:
        return ""
    raw_proof, raw_faces = kept.get("proof"), kept.get("faces")
    proof: Mapping[str, Any] = raw_proof if isinstance(raw_proof, Mapping) else {}
    faces: Mapping[str, Any] = raw_faces if isinstance(raw_faces, Mapping) else {}
    values = {"trick": kept.get("trick"), "card": faces.get("card") or kept.get("card"),
              "what": _broken_label(str(kept.get("broken") or "")),
              "proof": faces.get("proof") or proof.get("card") or ""}
    if proof.get("place") == "trick":
        return _("Proven by the deal review: trick %(trick)s, %(card)s — %(what)s; the proof is "
                 "%(proof)s in trick %(where)s.") % {**values, "where": proof.get("trick")}
    if values["proof"]:
        return _("Proven by the deal review: trick %(trick)s, %(card)s — %(what)s; the proof is "
                 "%(proof)s.") % values
    return _("Proven by the deal review: trick %(trick)s, %(card)s — %(what)s.") % values


def from_query(text: str, document: rules.Sheet) -> tuple[Setup, engine.Review | None]:
    """The review a query string (kept in the entry form) stands for."""
    setup = read_setup(QueryDict(text), document)
    review, _why = run(setup, document)
    return setup, review
