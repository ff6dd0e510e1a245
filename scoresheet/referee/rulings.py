"""What the referee pages show: the card picker, the verdict, the penalty calculator, the rules.

Nothing here judges a card or prices an offence: the trick arbiter (``rules.arbiter``) answers
"was it legal?", and the cost of an offence is the engine's preview of the penalty entry
appended to the sheet (``scoresheet.sheets.services.preview``).  This module turns the question the
pages ask into the engine's terms and the engine's answers into what the templates show.

Three parts:

- the card picker and the verdict (:class:`QuestionForm`, :func:`card_grid`, :func:`verdict_view`);
- the penalty calculator (:class:`OffenceForm` per entry kind, :func:`penalty_preview`);
- the table's rules page (:func:`option_rows`, :func:`rules_doc`): the game's text from
  ``docs/rules/`` rendered from Markdown, with the table's options beside it.
"""

from __future__ import annotations

import functools
import html
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

import markdown
from django import forms
from django.conf import settings
from django.utils.translation import get_language, gettext
from django.utils.translation import gettext_lazy as _
from markdown.extensions.toc import slugify_unicode

import rules
from rules import arbiter, marias, thousand
from rules.arbiter import Broken, MarriageRule, TrumpRule
from rules.cards import Card, Deck, DeckName, Suit, SuitFace, parse_card
from scoresheet.referee.words import LEGAL, MONEY_HELP, OBLIGATIONS, card_name, rank_letter
from scoresheet.sheets import services
from scoresheet.sheets.display import format_value
from scoresheet.sheets.gameforms.marias import RENONC_TEXTS
from scoresheet.sheets.paper import format_amount, format_money, paper_of
from scoresheet.sheets.words import (
    card_word,
    engine_message,
    option_help,
    option_label,
)

# --------------------------------------------------------------------------- cards

# Other names players use for the suits of a deck, shown beside the deck's own (data only).
# Tisíc: seed 000 "Srdce čili červené, Kule (Káry), Listy (Piky) či zelené, Žaludy (Kříže)";
# the 24-card Thousand deck is also played in Poland (the pl preset).  Binokel has none: its
# tables say Schippe and Eckstein, and one screen never names a suit twice (issue 24).
OTHER_SUIT_NAMES: Mapping[DeckName, Mapping[Suit, tuple[str, ...]]] = {
    DeckName.THOUSAND: {
        Suit.HEARTS: ("kier",),
        Suit.DIAMONDS: ("karo",),
        Suit.CLUBS: ("trefl",),
        Suit.SPADES: ("pik",),
    },
    DeckName.TISIC: {
        Suit.HEARTS: ("červené",),
        Suit.DIAMONDS: ("káry",),
        Suit.CLUBS: ("kříže",),
        Suit.SPADES: ("piky", "zelené"),
    },
    DeckName.MARIAS: {Suit.HEARTS: ("červené",), Suit.LEAVES: ("zelené",)},
}

CARD_CODE = re.compile(r"\b(10|[2-9JQKA])-([a-z]+)\b")  # a card as the engine writes it


@dataclass(frozen=True, kw_only=True)
class CardView:
    """One card button: the deck's own face, the stored code, the full local name."""

    code: str  # RANK-suit, the value the form sends (docs/format.md)
    short: str  # the rank as the deck prints it: E, Sv, Т, O, 10
    rank: str  # the stored rank (A, Q, J, ...), shown small when it differs from ``short``
    symbol: str
    colour: str
    name: str  # the full local name, e.g. "eso srdce"
    copy: int = 0  # Binokel's twins: 0 for the first card, 1 for its twin

    @property
    def label(self) -> str:
        return f"{self.short}{self.symbol}"

    @property
    def rank_differs(self) -> bool:
        return self.rank != self.short


@dataclass(frozen=True, kw_only=True)
class SuitView:
    """One row of the card grid: a suit with its local names and its cards."""

    suit: str
    name: str
    other_names: tuple[str, ...]
    symbol: str
    colour: str
    cards: tuple[CardView, ...]

    @property
    def names(self) -> str:
        return " · ".join((self.name, *self.other_names))


CYRILLIC_WORD = re.compile("[\u0400-\u04ff]")


def rank_letters(deck: Deck, card: Card) -> tuple[str, str]:
    """(the rank as the reader reads it, the same): one alphabet per page, the page language's
    letters for this deck (referee.words.RANK_LETTERS), never "К♠" beside "K♠"."""
    read = rank_letter(deck.name.value, card.rank.value)
    return read, read


def card_label(deck: Deck, card: Card) -> str:
    """A card as the reader reads it: rank and suit symbol ("K♠" for an English reader)."""
    return f"{rank_letters(deck, card)[0]}{deck.face(card.suit).symbol}"


def card_view(deck: Deck, card: Card, copy: int = 0) -> CardView:
    face, rank = deck.face(card.suit), deck.rank_face(card.rank)
    read, printed = rank_letters(deck, card)
    return CardView(
        code=str(card),
        short=read,
        rank=printed,
        symbol=face.symbol,
        colour=face.colour,
        name=card_name(deck.name.value, rank.name, face.name),
        copy=copy,
    )


def suit_view(deck: Deck, face: SuitFace, cards: tuple[CardView, ...] = ()) -> SuitView:
    name = card_word(deck.name.value, face.name)
    others = (face.name, *OTHER_SUIT_NAMES.get(deck.name, {}).get(face.suit, ()))
    # one alphabet per page: the Russian names only on a Russian page
    russian = (get_language() or "").split("-")[0] == "ru"
    return SuitView(
        suit=face.suit.value,
        name=name,
        other_names=tuple(dict.fromkeys(
            n for n in others if n != name and (russian or not CYRILLIC_WORD.search(n)))),
        symbol=face.symbol,
        colour=face.colour,
        cards=cards,
    )


def card_grid(deck: Deck, *, twins: bool = False) -> tuple[SuitView, ...]:
    """The deck as rows of card buttons, one row per suit, ranks in the deck's order.

    ``twins``: a button for every copy of a card (Binokel holds each card twice, and a hand can
    hold both); otherwise one button per distinct card.
    """
    copies = deck.copies if twins else 1
    return tuple(
        suit_view(
            deck,
            face,
            tuple(
                card_view(deck, Card(rank=r.rank, suit=face.suit), copy)
                for r in deck.ranks
                for copy in range(copies)
            ),
        )
        for face in deck.suits
    )


def relabel(text: str, deck: Deck) -> str:
    """The engine's sentence with every ``RANK-suit`` card written as the deck prints it."""

    def one(match: re.Match[str]) -> str:
        try:
            card = parse_card(match.group(0), deck)
        except rules.RulesError:
            return match.group(0)
        return card_label(deck, card)

    return CARD_CODE.sub(one, text)


# --------------------------------------------------------------------------- the question

NO_TRUMP = "none"  # the trump choice "no trump (yet)"

# The rule texts of docs/rules/arbiter.md, marked for translation; a test keeps the English
# equal to the engine's (rules.arbiter.RULES), which stays the source.
RULE_TEXTS: Mapping[Broken, Any] = {
    Broken.FOLLOW_SUIT: _(
        "Follow suit: if you hold a card of the suit that was led, you must play one."
    ),
    Broken.BEAT: _(
        "Beat: following suit in a trick nobody has trumped, you must play a card of the led "
        "suit higher than every card of it already in the trick, if you hold one. An equal card "
        "does not beat: of two equal cards the first played ranks higher."
    ),
    Broken.TRUMP: _(
        "Trump: if you hold no card of the suit led but hold a trump, you must play a trump."
    ),
    Broken.OVERTRUMP: _(
        "Overtrump: when you must trump a trick that already holds a trump, you must play a "
        "higher trump if you hold one; if you hold none, any trump will do."
    ),
    Broken.MARRIAGE_NOT_LEADING: _(
        "A marriage is declared only by the player who leads: he leads its king or queen to an "
        "empty trick and says 'trump'."
    ),
    Broken.MARRIAGE_TOO_EARLY: _(
        "No marriage may be declared before the first trick of the deal is complete."
    ),
    Broken.MARRIAGE_INCOMPLETE: _(
        "A marriage is the king and the queen of one suit: you declare it by playing one of "
        "them while the other is still in your hand."
    ),
    Broken.SEVEN_TOO_EARLY: _(
        "Whoever announced the seven keeps the trump seven for the last trick and may not play "
        "it earlier, unless it is the only card the trick obligations allow."
    ),
    Broken.NOT_IN_HAND: _("You can only play a card you hold."),
}
# What a card that does not beat in a trumped trick breaks (rules.arbiter.BEAT_WHEN_TRUMPED_RULE,
# a table playing beat_when_trumped).
BEAT_WHEN_TRUMPED_TEXT = _(
    "Beat, even in a trumped trick: following suit, you must play a card of the led suit higher "
    "than every card of it already in the trick, if you hold one, even when the trick has been "
    "trumped (this table's rule). An equal card does not beat: of two equal cards the first "
    "played ranks higher."
)

BROKEN_LABELS: Mapping[Broken, Any] = {
    Broken.FOLLOW_SUIT: _("did not follow suit"),
    Broken.BEAT: _("did not beat"),
    Broken.TRUMP: _("did not trump"),
    Broken.OVERTRUMP: _("did not overtrump"),
    Broken.MARRIAGE_NOT_LEADING: _("a marriage declared without leading"),
    Broken.MARRIAGE_TOO_EARLY: _("a marriage declared in the first trick"),
    Broken.MARRIAGE_INCOMPLETE: _("no marriage to declare"),
    Broken.SEVEN_TOO_EARLY: _("the announced seven played early"),
    Broken.NOT_IN_HAND: _("not in the hand"),
}

CONTRACT_LABELS: Mapping[str, Any] = {
    "suit": _("suit game"),
    "betl": _("betl"),
    "durch": _("durch"),
}

# The question's fields (docs/format.md "The referee on the command line") -> the form's fields.
QUESTION_FIELDS: Mapping[str, str] = {
    "contract": "contract",
    "trump": "trump",
    "trick": "lead",
    "hand": "hand",
    "card": "card",
    "tricks_done": "tricks_done",
    "declare_marriage": "marriage",
    "announced_seven": "seven",
}


@dataclass(frozen=True, kw_only=True)
class Asks:
    """Which parts of the question a ruleset's play needs (from its contracts, as data)."""

    contracts: bool  # several kinds of deal (Mariáš: suit, betl, durch)
    trump: bool  # some contract has a trump
    no_trump: bool  # "no trump" is a valid answer (Thousand before a marriage; betl, durch)
    marriage: bool  # a marriage can be declared with a card
    seven: bool  # a seven can be announced
    twins: bool  # the deck holds every card more than once


def asks(trick: arbiter.TrickRules) -> Asks:
    contracts = trick.contracts
    return Asks(
        contracts=len(contracts) > 1,
        trump=any(c.trump is not TrumpRule.NONE for c in contracts),
        no_trump=any(c.trump is not TrumpRule.NAMED for c in contracts),
        marriage=any(c.marriage is not MarriageRule.NONE for c in contracts),
        seven=any(c.seven for c in contracts),
        twins=trick.deck.copies > 1,
    )


class QuestionForm(forms.Form):
    """The question "was it legal?" as a GET form: every card a checkbox or radio button.

    The form only checks that each value is a card of the deck; the arbiter judges the rest,
    and its objection to a malformed question comes back on the field it names.
    """

    contract = forms.ChoiceField(label=_("What is played"), required=False,
                                 widget=forms.RadioSelect)
    trump = forms.ChoiceField(label=_("Trump"), required=False, widget=forms.RadioSelect)
    lead = forms.ChoiceField(label=_("Card led"), required=False, widget=forms.RadioSelect)
    second = forms.ChoiceField(label=_("Second card"), required=False, widget=forms.RadioSelect)
    hand = forms.MultipleChoiceField(label=_("The player's hand"), required=False,
                                     widget=forms.CheckboxSelectMultiple)
    card = forms.ChoiceField(label=_("Card played"), widget=forms.RadioSelect,
                             error_messages={"required": _("Pick the card that was played.")})
    tricks_done = forms.TypedChoiceField(label=_("Tricks already complete in this deal"),
                                         coerce=int, required=False, empty_value=None)
    marriage = forms.BooleanField(label=_("Played as a marriage (“trump!”)"), required=False)
    seven = forms.BooleanField(label=_("This player announced the seven"), required=False)

    def __init__(self, *args: Any, ruleset: str, options: Mapping[str, Any], **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.ruleset = ruleset
        self.options = dict(options)
        self.trick = arbiter.trick_rules(ruleset, self.options)
        self.deck = self.trick.deck
        self.asks = asks(self.trick)
        cards = [(str(c), card_label(self.deck, c)) for c in dict.fromkeys(self.deck.cards())]
        for name in ("lead", "second", "hand", "card"):
            self.fields[name].choices = cards  # type: ignore[attr-defined]
        self.fields["contract"].choices = [  # type: ignore[attr-defined]
            (c.name.value, str(CONTRACT_LABELS.get(c.name.value, c.name.value)))
            for c in self.trick.contracts
        ]
        trumps = [(f.suit.value, f"{f.symbol} {card_word(self.deck.name.value, f.name)}")
                  for f in self.deck.suits]
        if self.asks.no_trump:
            trumps.append((NO_TRUMP, str(_("no trump (yet)"))))
        self.fields["trump"].choices = trumps  # type: ignore[attr-defined]
        first = self.trick.contracts[0]
        self.fields["contract"].initial = first.name.value
        if first.trump is not TrumpRule.NAMED:
            self.fields["trump"].initial = NO_TRUMP
        self.fields["tricks_done"].choices = [  # type: ignore[attr-defined]
            (str(i), str(i)) for i in range(self.trick.tricks)
        ]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if data.get("second") and not data.get("lead"):
            self.add_error("second", _("Pick the card that was led first."))
        return data

    def question(self) -> dict[str, Any]:
        """The docs/format.md arbiter question (after :meth:`is_valid`)."""
        data = self.cleaned_data
        trump = data.get("trump") or None
        question: dict[str, Any] = {
            "ruleset": self.ruleset,
            "options": self.options,
            "trump": None if trump == NO_TRUMP else trump,
            "trick": [c for c in (data.get("lead"), data.get("second")) if c],
            "hand": list(data.get("hand") or ()),
            "card": data["card"],
            "tricks_done": data.get("tricks_done") or 0,
            "declare_marriage": bool(data.get("marriage")),
            "announced_seven": bool(data.get("seven")),
        }
        if data.get("contract"):
            question["contract"] = data["contract"]
        return question

    def judge(self) -> arbiter.Verdict | None:
        """The arbiter's verdict, or None with the arbiter's objection put on its field."""
        try:
            turn, card, declare = arbiter.read_question(self.question())
            return arbiter.judge(turn, card, declare_marriage=declare)
        except rules.RulesError as error:
            name = error.params.get("field")
            target = QUESTION_FIELDS.get(name) if isinstance(name, str) else None
            words = play_words(error.params, self.deck)
            self.add_error(target, relabel(engine_message(error.code, words, error.message,
                                                          game=self.trick.game), self.deck))
            return None

    # -- what the template needs to draw the buttons checked

    def picked(self, name: str) -> list[str]:
        """The values sent for ``name`` (several for the hand), even when the form is invalid."""
        if not self.is_bound:
            initial = self.fields[name].initial
            return [initial] if isinstance(initial, str) else []
        getlist = getattr(self.data, "getlist", None)
        values = getlist(name) if getlist else [self.data.get(name)]
        return [v for v in values if isinstance(v, str)]

    def buttons(self, name: str) -> list[dict[str, Any]]:
        """The choices of a small radio field (contract, trump) with their checked state."""
        picked = self.picked(name)
        return [
            {"value": value, "label": label, "checked": value in picked, "id": f"{name}-{value}"}
            for value, label in self.fields[name].choices  # type: ignore[attr-defined]
        ]

    def grid(self, name: str) -> list[dict[str, Any]]:
        """Rows of card buttons for the field ``name`` with their checked state."""
        twins = name == "hand" and self.asks.twins
        picked = self.picked(name)
        rows = []
        for row in card_grid(self.deck, twins=twins):
            rows.append({
                "suit": row,
                "cards": [
                    {"card": c, "checked": picked.count(c.code) > c.copy,
                     "id": f"{name}-{c.code}-{c.copy}"}
                    for c in row.cards
                ],
            })
        return rows


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


@dataclass(frozen=True, kw_only=True)
class VerdictView:
    """The arbiter's answer as the page shows it."""

    legal: bool
    broken: str
    headline: str
    rule: str
    message: str
    card: CardView
    legal_cards: tuple[CardView, ...]
    trump: SuitView | None  # the trump after the play, when the play changed it
    anchor: str  # the id of the rule's section on the table's rules page


def doc_anchor(ref: str) -> str:
    """``docs/rules/arbiter.md#beat`` -> ``arbiter-beat``: the id on the table's rules page."""
    path, _hash, fragment = ref.partition("#")
    stem = Path(path).stem
    return f"{stem}-{fragment}" if fragment else stem


def rule_text(broken: Broken | None, engine_text: str, *, trumped: bool = False) -> str:
    """The rule in the page's language; a legal verdict cites the engine's summary.
    ``trumped``: the card did not beat in a trick already trumped (beat_when_trumped)."""
    if broken is None:
        return gettext(engine_text)
    if trumped and broken is Broken.BEAT:
        return str(BEAT_WHEN_TRUMPED_TEXT)
    return str(RULE_TEXTS.get(broken, engine_text))


def suit_word(deck: Deck, suit: str) -> str:
    """A suit of ``deck`` by its name in the page's language ("червы" -> "hearts" ...)."""
    try:
        face = deck.face(Suit(suit))
    except (ValueError, KeyError):
        return suit
    return card_word(deck.name.value, face.name)


def play_words(params: Mapping[str, Any], deck: Deck) -> dict[str, Any]:
    """The arbiter's params with the words its sentences need: the suits by their names, the
    cards of the trick in a list (the cards themselves are relabelled afterwards)."""
    out = dict(params)
    if isinstance(params.get("led"), str):
        out["led_name"] = suit_word(deck, params["led"])
    if isinstance(params.get("trick"), list):
        out["trick_cards"] = ", ".join(params["trick"])
    card = params.get("card")
    if isinstance(card, str) and "-" in card:
        out["suit_name"] = suit_word(deck, card.partition("-")[2])
    return out


def verdict_message(verdict: arbiter.Verdict, deck: Deck) -> str:
    """Why the card may or may not be played, in the page's language, cards as the deck prints
    them; the engine's English when its words are not known here."""
    words = play_words(verdict.params, deck)
    if verdict.broken is not None:
        text = engine_message(verdict.broken.value, words, verdict.message)
    else:
        key = ("trump" if verdict.params.get("trump_change")
               else "marriage" if verdict.params.get("marriage") else "plain")
        try:
            text = _capital(str(LEGAL[key]) % words)
        except (KeyError, TypeError, ValueError):
            text = _capital(verdict.message)
    return relabel(text, deck)


def legal_rule(verdict: arbiter.Verdict) -> str:
    """The obligations a legal verdict cites, in the page's language."""
    parts = verdict.params.get("obligations")
    sentence = OBLIGATIONS.get(tuple(parts)) if isinstance(parts, list) else None
    return str(sentence) if sentence is not None else verdict.rule


def verdict_view(verdict: arbiter.Verdict, card: str, deck: Deck,
                 trump_before: str | None) -> VerdictView:
    """The verdict of the arbiter on ``card`` for the template."""
    played = parse_card(card, deck)
    if verdict.broken is None:
        headline = gettext("Legal: %(card)s may be played.") % {
            "card": card_label(deck, played)}
    else:
        headline = gettext("Not legal: %(what)s.") % {"what": BROKEN_LABELS[verdict.broken]}
    trump = None
    if verdict.trump is not None and verdict.trump.value != trump_before:
        trump = suit_view(deck, deck.face(verdict.trump))
    return VerdictView(
        legal=verdict.legal,
        broken=verdict.broken.value if verdict.broken else "",
        headline=headline,
        rule=(rule_text(verdict.broken, verdict.rule, trumped=bool(verdict.params.get("trumped")))
              if verdict.broken else legal_rule(verdict)),
        message=verdict_message(verdict, deck),
        card=card_view(deck, played),
        legal_cards=tuple(card_view(deck, c) for c in verdict.legal_cards),
        trump=trump,
        anchor=doc_anchor(verdict.ref),
    )


def obligations(trick: arbiter.TrickRules) -> list[tuple[str, bool, str]]:
    """The four trick obligations of a ruleset: (its name for players, in force, help)."""
    by_name = {s.name: s for s in rules.specs(trick)}
    return [
        (option_label(name), bool(getattr(trick, name)), option_help(name, by_name[name].help))
        for name in arbiter.OBLIGATIONS
    ]


# --------------------------------------------------------------------------- penalties


class OffenceForm(forms.Form):
    """Base of the forms of the penalty calculator: one per penalty entry kind of docs/format.md.

    Subclasses set ``kind`` and ``label`` and build their fields from the sheet; :meth:`entry`
    writes the docs/format.md entry, which the engine then prices by preview.
    """

    kind: ClassVar[str] = ""
    label: ClassVar[Any] = ""

    seat = forms.TypedChoiceField(label=_("Who?"), coerce=int, empty_value=None,
                                  widget=forms.RadioSelect)

    def __init__(self, *args: Any, document: rules.Sheet, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.document = document
        self.fields["seat"].choices = [  # type: ignore[attr-defined]
            (str(i), name) for i, name in enumerate(document.players)
        ]
        self.build()

    def build(self) -> None:
        """Add the fields of this kind of offence."""

    def entry(self) -> dict[str, Any]:
        """The docs/format.md entry: who offended; each kind of offence adds its own fields."""
        return {"type": self.kind, "seat": self.cleaned_data["seat"]}


# Words for the penalty reasons of docs/format.md (the reasons themselves come from the engine).
PENALTY_REASON_LABELS: Mapping[str, Any] = {
    "revoke": _("revoke (broke the rules of play)"),
    "cut_nines": _("cut a nine to the bottom three times"),
    "custom": _("other: the table agrees an amount"),
}


class PenaltyOffenceForm(OffenceForm):
    """Thousand's ``penalty`` entry: revoke, cut_nines, or a custom amount."""

    kind = "penalty"
    label = _("Penalty")

    def build(self) -> None:
        reasons = [r.value for r in thousand.PenaltyReason]
        self.fields["reason"] = forms.ChoiceField(
            label=_("What for?"), widget=forms.RadioSelect,
            choices=[(r, str(PENALTY_REASON_LABELS.get(r, r))) for r in reasons],
        )
        self.fields["amount"] = forms.IntegerField(
            label=_("Amount (for “other”)"), required=False,
            widget=forms.NumberInput(attrs={"inputmode": "numeric", "class": "num"}),
        )

    def entry(self) -> dict[str, Any]:
        data = self.cleaned_data
        out = {**super().entry(), "reason": data["reason"]}
        if data["reason"] == thousand.PenaltyReason.CUSTOM:
            out["amount"] = data.get("amount")
        return out


class RenoncOffenceForm(OffenceForm):
    """Mariáš's ``renonc`` entry: one of the 12 kinds, played out or not."""

    kind = "renonc"
    label = _("Renonc")

    def build(self) -> None:
        self.fields["kind"] = forms.TypedChoiceField(
            label=_("Which renonc?"), coerce=int, empty_value=None,
            choices=[(str(k.number), f"{k.number}. {RENONC_TEXTS.get(k.number, k.text)}")
                     for k in marias.renonc_kinds()],
        )
        self.fields["played_out"] = forms.BooleanField(
            label=_("The other side asked to play the deal out"), required=False
        )

    def entry(self) -> dict[str, Any]:
        data = self.cleaned_data
        return {**super().entry(), "kind": data["kind"], "played_out": bool(data.get("played_out"))}


OFFENCE_FORMS: Mapping[str, type[OffenceForm]] = {
    form.kind: form for form in (PenaltyOffenceForm, RenoncOffenceForm)
}


def offence_kinds(document: rules.Sheet) -> list[str]:
    """The penalty entry kinds this sheet's game writes (none for a game without one)."""
    return [k for k in document.engine.entry_kinds if k in OFFENCE_FORMS]


# Which offence a rule of play broken in a verdict is, per penalty entry kind (the calculator
# opens on it).  Mariáš, seed 004 article II: renonc 1 (nepřiznání barvy) is not following suit
# or not trumping, renonc 2 (nepřebití nižší karty) not beating or not overtrumping, renonc 11 the
# rules of the announced seven; Thousand: every broken rule of play is a revoke.
OFFENCE_OF_BROKEN: Mapping[str, Mapping[str, Mapping[str, str]]] = {
    "renonc": {
        arbiter.Broken.FOLLOW_SUIT.value: {"kind": "1"},
        arbiter.Broken.TRUMP.value: {"kind": "1"},
        arbiter.Broken.BEAT.value: {"kind": "2"},
        arbiter.Broken.OVERTRUMP.value: {"kind": "2"},
        arbiter.Broken.SEVEN_TOO_EARLY.value: {"kind": "11"},
    },
    "penalty": {b.value: {"reason": "revoke"} for b in arbiter.Broken},
}


def offence_query(kinds: Sequence[str], broken: str) -> dict[str, str]:
    """The penalty calculator's query for the offence of a verdict: its kind and fields."""
    for kind in kinds:
        found = OFFENCE_OF_BROKEN.get(kind, {}).get(broken)
        if found is not None:
            return {"type": kind, **found}
    return {}


@dataclass(frozen=True, kw_only=True)
class Cost:
    """What the offence does to one player."""

    name: str
    delta: int
    text: str  # "+60", "-120", "-4.60 Kč"
    before: str
    after: str
    said: str = ""  # in words: "gets 2.00 Kč", "pays 4.60 Kč", "loses 120", "gains 60"


@dataclass(frozen=True, kw_only=True)
class PenaltyPreview:
    """The engine's preview of the penalty entry appended to the sheet."""

    entry: dict[str, Any]
    line: str = ""  # "Anna -120, Boris +60, Vera +60"
    costs: tuple[Cost, ...] = ()
    notes: tuple[str, ...] = ()
    payments: tuple[str, ...] = ()
    objection: str = ""


def signed_amount(value: int, game: str) -> str:
    """A change as the sheet writes it, with its sign: +60, -120, +2.00 Kč."""
    text = format_amount(value, paper_of(game))
    return f"+{text}" if value > 0 else text


def cost_words(delta: int, paper: Any) -> str:
    """What an offence does to one player, a gain said as a gain: "gets 2.00 Kč", "pays 4.60
    Kč" for money, "gains 60", "loses 120" for points, "nothing" for 0."""
    amount = format_amount(abs(delta), paper)
    if delta == 0:
        return gettext("nothing")
    if paper.money:
        template = _("gets %(amount)s") if delta > 0 else _("pays %(amount)s")
    else:
        template = _("gains %(amount)s") if delta > 0 else _("loses %(amount)s")
    return str(template) % {"amount": amount}


def payment_what(what: str) -> str:
    """What a ledger line is for, in words: "renonc fee", "cancels hra"."""
    if what.startswith(marias.VOID):
        return gettext("cancels %(what)s") % {"what": payment_what(what[len(marias.VOID):])}
    from scoresheet.sheets.templatetags.marias import WHAT_LABELS

    return str(WHAT_LABELS.get(what, what.replace("_", " ")))


def penalty_preview(loaded: services.Loaded, entry: Mapping[str, Any],
                    position: int | None = None) -> PenaltyPreview:
    """What writing ``entry`` at the end of the sheet (or at ``position``, the later rows moving
    down one place and replayed) would do, as the engine previews it."""
    from scoresheet.sheets.words import note_text, rejection_text

    document, game = loaded.document, loaded.sheet.game
    players = document.players
    data = [e.data for e in loaded.entries]
    inserted = position is not None and position < len(data)
    try:
        scored, rows = services.preview(loaded.sheet, data, entry,
                                        position=position if inserted else None, insert=inserted)
    except services.Rejected as error:
        return PenaltyPreview(entry=dict(entry), objection=rejection_text(error, document))
    paper = paper_of(game)
    own = [r for r in rows if not r.auto] or rows
    deltas = [sum(r.deltas[s] for r in own) for s in range(len(players))]
    before = loaded.scored.totals
    after = scored.totals if inserted else (rows[-1].totals if rows else before)
    costs = tuple(
        Cost(name=name, delta=deltas[s], text=signed_amount(deltas[s], game),
             before=format_amount(before[s], paper), after=format_amount(after[s], paper),
             said=cost_words(deltas[s], paper))
        for s, name in enumerate(players)
    )
    notes = tuple(note_text(n, game=game, players=players) for r in rows for n in r.notes)
    payments = tuple(
        gettext("%(payer)s → %(payee)s: %(amount)s (%(what)s)") % {
            "payer": players[p.payer], "payee": players[p.payee],
            "amount": format_amount(p.amount, paper), "what": payment_what(str(p.what)),
        }
        for r in rows for p in r.ledger
    )
    return PenaltyPreview(
        entry=dict(entry),
        line=", ".join(f"{c.name} {c.text}" for c in costs),
        costs=costs,
        notes=notes,
        payments=payments,
    )


# --------------------------------------------------------------------------- the rules page

DOCS_DIR = Path(settings.BASE_DIR) / "docs" / "rules"
ENGLISH = "en"  # docs/rules/*.md are written in English; translations in docs/rules/<lang>/
ARBITER_DOC = "arbiter"  # docs/rules/arbiter.md: trick play, shown on every table's page
MARKDOWN_EXTENSIONS = ("tables", "attr_list", "toc", "sane_lists", "fenced_code")
H2 = re.compile(r"(?=<h2[ >])")
CODE = re.compile(r"<code>([a-z0-9_-]+)</code>")
DOC_LINK = re.compile(r'<a href="(?:\./)?([a-z0-9_-]+)\.md(?:#([^"]*))?">(.*?)</a>', re.S)


@dataclass(frozen=True, kw_only=True)
class OptionRow:
    """One option of the preset on the rules page."""

    name: str
    label: str  # what players call it
    help: str
    default: str
    value: str
    differs: bool


# The Mariáš options the engine keeps in haléře: the page says them in crowns ("150,00 Kč").
MONEY_OPTIONS = frozenset({
    "payment_cap", "joined_cap", "stake", "misdeal_fee", "renonc_fee", "renonc_talon_fee",
    "tariff",
})
SUIT_KEYS = frozenset(s.value for s in Suit)


def value_words(name: str, value: Any, document: rules.Sheet) -> str:
    """An option's value as the page says it: money in crowns, the suits of a marriage table by
    the names of the table's own deck in the page's language, everything else as the sheet's
    option list says it (:func:`format_value`)."""
    money = name in MONEY_OPTIONS and paper_of(document.game).money
    if isinstance(value, Mapping):
        deck = arbiter.trick_rules(document.ruleset, document.options).deck
        faces = {f.suit.value: f for f in deck.suits}

        def key_words(key: str) -> str:
            if key in SUIT_KEYS and key in faces:
                face = faces[key]
                return f"{face.symbol} {card_word(deck.name.value, face.name)}"
            return format_value(key)

        return ", ".join(
            f"{key_words(k)} {format_money(v) if money else v}" for k, v in value.items()
        )
    if money and isinstance(value, int) and not isinstance(value, bool):
        return format_money(value)
    return format_value(value)


def money_help(name: str) -> str:
    """The help of a Mariáš money option as the rules page says it (its value in crowns)."""
    text = MONEY_HELP.get(name)
    if text is None:
        return ""
    return str(text) % {"amount": format_money(20)} if name == "stake" else str(text)


def option_rows(document: rules.Sheet) -> list[OptionRow]:
    """Every option of the sheet's preset: its help, the preset's default (as of the sheet's rules
    edition) and this table's value."""
    preset = document.base_rules
    changed = rules.differences(preset, document.rules)
    current = rules.as_json(document.rules)
    return [
        OptionRow(
            name=spec.name,
            label=option_label(spec.name),
            help=money_help(spec.name) or option_help(spec.name, spec.help, document.game),
            default=value_words(spec.name, spec.default, document),
            value=value_words(spec.name, current[spec.name], document),
            differs=spec.name in changed,
        )
        for spec in rules.specs(preset)
    ]


def changed_options(document: rules.Sheet) -> dict[str, str]:
    """Option name (and each alias of it) -> this table's value, for the options it changed."""
    preset = document.base_rules
    changed = {k: value_words(k, v, document)
               for k, v in rules.differences(preset, document.rules).items()}
    aliases: Mapping[str, str] = getattr(preset, "aliases", {})
    for alias, name in aliases.items():
        if name in changed:
            changed[alias] = changed[name]
    return changed


@dataclass(frozen=True, kw_only=True)
class DocSection:
    """A level-2 section of a rules document (or the part before the first one)."""

    id: str
    title: str  # plain text of the heading ("" for the introduction)
    html: str
    folded: bool  # about other presets than this table's: shown closed


@dataclass(frozen=True, kw_only=True)
class RulesDoc:
    stem: str
    sections: tuple[DocSection, ...]


def doc_path(stem: str) -> Path:
    """``docs/rules/<language>/<stem>.md`` in the page's language when it is written, else the
    English ``docs/rules/<stem>.md`` (tests/i18n/test_rule_pages.py checks every translation)."""
    language = (get_language() or "").split("-")[0]
    if language and language != ENGLISH:
        translated = DOCS_DIR / language / f"{stem}.md"
        if translated.is_file():
            return translated
    return DOCS_DIR / f"{stem}.md"


@functools.lru_cache(maxsize=16)
def _render(path: Path, stem: str, mtime_ns: int) -> str:
    """The Markdown of the document at ``path`` as HTML, heading ids prefixed with ``stem``.

    The documents are the project's own text: nothing in them comes from a user, so the HTML
    is used as it is.  ``mtime_ns`` keys the cache, so an edited document is rendered again.
    """
    text = path.read_text(encoding="utf-8")
    md = markdown.Markdown(
        extensions=list(MARKDOWN_EXTENSIONS),
        extension_configs={
            "toc": {"slugify": lambda value, sep: f"{stem}{sep}{slugify_unicode(value, sep)}"}
        },
    )
    return md.convert(text)


def _links(body: str, shown: Sequence[str]) -> str:
    """Links between the documents become links within the page; others are left as text."""

    def one(match: re.Match[str]) -> str:
        stem, fragment, inner = match.group(1), match.group(2), match.group(3)
        if stem not in shown:
            return inner
        target = f"{stem}-{fragment}" if fragment else stem
        return f'<a href="#{target}">{inner}</a>'

    return DOC_LINK.sub(one, body)


def _mark_changed(body: str, changed: Mapping[str, str]) -> str:
    """Every mention of an option this table changed carries this table's value."""
    if not changed:
        return body

    def one(match: re.Match[str]) -> str:
        name = match.group(1)
        if name not in changed:
            return match.group(0)
        note = html.escape(gettext("this table: %(value)s") % {"value": changed[name]})
        return (f'<code class="changed" title="{note}">{name}</code>'
                f'<mark class="table-value">{note}</mark>')

    return CODE.sub(one, body)


def _heading(section: str) -> tuple[str, str]:
    """(id, plain text) of the h2 a section starts with."""
    found = re.match(r'<h2(?: id="([^"]*)")?>(.*?)</h2>', section, re.S)
    if not found:
        return "", ""
    return found.group(1) or "", html.unescape(re.sub(r"<[^>]+>", "", found.group(2))).strip()


def _names_presets(section: str) -> set[str]:
    head = re.match(r"<h2[^>]*>(.*?)</h2>", section, re.S)
    if not head:
        return set()
    return set(CODE.findall(head.group(1))) & set(rules.rulesets())


HEADING_ID = re.compile(r'<h([1-6]) id="([^"]*)">')


def english_ids(body: str, english: str) -> str:
    """A translated document's headings get the ids of the English one's, heading by heading,
    so that links into the rules (the referee's "see the rule", links between the documents)
    land on the same section in every language.  Left as it is when the two documents do not
    have the same headings (tests/i18n/test_rule_pages.py fails on that)."""
    wanted = [m.group(2) for m in HEADING_ID.finditer(english)]
    found = list(HEADING_ID.finditer(body))
    if len(found) != len(wanted):
        return body
    ids = iter(wanted)
    return HEADING_ID.sub(lambda m: f'<h{m.group(1)} id="{next(ids)}">', body)


CODE_SPAN = re.compile(r"<code(?P<attrs> [^>]*)?>(?P<code>.*?)</code>", re.S)
# A formula of codes the documents quote: "opening_bid + bid_step", "tariff × stake / 20".
OPERATOR = re.compile(r"(\s+[-+−×/]\s+)")
# An option followed by its value, "`deal_passes` `next`": said "Where the deal passes: the next
# column", a colon between the label and the value.
# An option and its value followed by the document's own colon ("`dark` `false`: `tisic`"): the
# colon becomes a dash, so that the players read "Dark contracts: off — Tisíc", not two colons.
VALUE_THEN_COLON = re.compile(
    r"(?P<pair><code(?: [^>]*)?>[a-z0-9_]+</code>(?:<mark [^>]*>[^<]*</mark>)?"
    r"\s+<code>[^<]+</code>(?:\s*<mark [^>]*>[^<]*</mark>)?):(?=\s)"
)
TABLE_VALUE_THEN_VALUE = re.compile(
    r'(?P<mark><mark class="table-value">[^<]*</mark>)'
    r"(?P<value>(?::|\s+=)?\s+(?:<code>[^<]+</code>|[-+−]?\d+(?:[.,]\d+)?(?![\d.,]*\d)(?:\s*Kč)?))"
)
OPTION_THEN_VALUE = re.compile(
    r"(?P<option><code(?: [^>]*)?>(?P<name>[a-z0-9_]+)</code>(?:<mark [^>]*>[^<]*</mark>)?)"
    r"\s+(?=<code>)"
)


def _one_word(plain: str, ruleset: str) -> str | None:
    from scoresheet.sheets.words import CHOICE_LABELS, OPTION_LABELS, PRESETS, reason_words

    aliases: Mapping[str, str] = getattr(rules.preset(ruleset), "aliases", {})
    plain = aliases.get(plain, plain)
    if plain in OPTION_LABELS:
        return str(OPTION_LABELS[plain])
    if plain in SUIT_KEYS:  # a suit by the name of the table's own deck: "srdce", "Eichel"
        deck = arbiter.trick_rules(ruleset, {}).deck
        face = next((f for f in deck.suits if f.suit.value == plain), None)
        if face is not None:
            return card_word(deck.name.value, face.name)
    if plain in CHOICE_LABELS:
        return str(CHOICE_LABELS[plain])
    if plain in PRESETS:  # its name, without the description: "Tisíc", "Volený mariáš"
        return str(PRESETS[plain]).split(" — ")[0]
    reasons = reason_words(rules.game_of(ruleset).name)
    if plain in reasons:  # a redeal reason: "four nines in one hand"
        return str(reasons[plain])
    if plain in ("true", "false"):  # a yes/no option's value
        return gettext("on") if plain == "true" else gettext("off")
    if re.fullmatch(r"[-+]?\d+(?:[.,]\d+)?|[♥♦♣♠A-Z0-9 ]{1,4}", plain):
        return plain  # a number, a card's face: the players' own
    return None


def _player_word(code: str, ruleset: str) -> str | None:
    """The players' word for a code the documents quote: an option's label, a value's, a
    preset's name, a redeal reason's words, a formula of them; None when the code has no
    players' word (a field name, a JSON term)."""
    plain = html.unescape(code).strip()
    said = _one_word(plain, ruleset)
    if said is not None or not OPERATOR.search(plain):
        return said
    words = []
    for i, part in enumerate(OPERATOR.split(plain)):
        word = f" {part.strip()} " if i % 2 else _one_word(part, ruleset)  # odd: an operator
        if word is None:
            return None
        words.append(word)
    return "".join(words)


# The quotation marks of each language (docs/translating.md).
QUOTES: Mapping[str, tuple[str, str]] = {
    "cs": ("„", "“"), "de": ("„", "“"), "en": ("“", "”"), "pl": ("„", "”"), "ru": ("«", "»"),
}
# A passage quoted from the rule texts, in the quotation marks of any of the five languages.
QUOTED = re.compile(r'„[^„“”]*[“”]|“[^“”]*”|«[^«»]*»|"[^"<>]*"')
# The letters that tell the language of a quotation (Cyrillic is Russian's); a quotation in
# none of them is left as it is.
LETTERS = {
    "ru": re.compile("[\u0400-\u04ff]"),
    "cs": re.compile("[ěščřůťďňĚŠČŘŮŤĎŇ]"),
    "pl": re.compile("[ąęłńśźżĄĘŁŃŚŹŻ]"),
    "de": re.compile("[äöüßÄÖÜ]"),
}
CYRILLIC_GLOSS = re.compile(r"\s*\((?:[\u0400-\u04ff]+[\s,/-]*)+\)")
LEFT_EMPTY = re.compile(r"\s*\(\s*(?:[—–:;,]\s*)?\)|\s*[—–,;:]\s*(?=[);])|\(\s*[—–;,:]\s*")
TAG = re.compile(r"(<[^>]+>)")


# Short words that tell a quotation without letters of its own ("Es gibt immer der Spieler",
# "hra se opakuje"): two of them make the language.
SMALL_WORDS = {
    "de": re.compile(r"\b(?:der|die|das|und|ist|wird|vom|dem|den|nicht|gibt|immer|es)\b"),
    "cs": re.compile(r"\b(?:se|je|hra|nebo|když|který|jako|si|pak|buď|to)\b"),
}


def quoted_language(quote: str) -> str | None:
    """The language a quotation is written in, told by its letters or its small words (None:
    no telling)."""
    for language, letters in LETTERS.items():
        if letters.search(quote):
            return language
    for language, words in SMALL_WORDS.items():
        if len(set(words.findall(quote))) >= 2:
            return language
    return None


def own_language(body: str) -> str:
    """What the rules say in the page's language only: a quotation of a rule text in another
    language is left out (the Russian seed's words on the Russian page, never on the German
    one), and on a page that is not Russian a Russian word in brackets beside the page's own
    ("Barrel (бочка)") too."""
    language = (get_language() or ENGLISH).split("-")[0]

    def quote(match: re.Match[str]) -> str:
        said = quoted_language(match.group(0))
        return "" if said is not None and said != language else match.group(0)

    def words(text: str) -> str:
        text = QUOTED.sub(quote, text)
        if language != "ru":
            text = CYRILLIC_GLOSS.sub("", text)
        return LEFT_EMPTY.sub(lambda m: "(" if m.group(0).lstrip().startswith("(") and
                              not m.group(0).rstrip().endswith(")") else "", text)

    return "".join(part if part.startswith("<") else words(part) for part in TAG.split(body))


def players_text(body: str, ruleset: str) -> str:
    """A rules document as players read it: options, values and presets by their players'
    words; quoted passages (the source texts and the notes for developers, which the documents
    write as blockquotes) and code blocks left out — they are for readers of docs/.

    A code span without a players' word is left as it is, and tests/referee/
    test_rules_page_speaks_to_players.py fails on it: the document has to say it in words.
    """
    body = re.sub(r"<blockquote>.*?</blockquote>", "", body, flags=re.S)
    body = re.sub(r"<pre>.*?</pre>", "", body, flags=re.S)
    body = own_language(body)
    from scoresheet.sheets.words import OPTION_LABELS

    aliases: Mapping[str, str] = getattr(rules.preset(ruleset), "aliases", {})

    def is_option(code: str) -> bool:
        return aliases.get(code, code) in OPTION_LABELS

    def colon(match: re.Match[str]) -> str:
        return match.group("option") + ": " if is_option(match.group("name")) else match.group(0)

    # this table's value follows what the document says of the option, its value included:
    # "What is a bolt: took nothing [this table: wrote 0]", never "What is a boltwrote 0"
    body = TABLE_VALUE_THEN_VALUE.sub(r"\g<value> \g<mark>", body)
    body = re.sub(r'</code>(<mark class="table-value">)', r"</code> \1", body)
    body = VALUE_THEN_COLON.sub(lambda m: m.group("pair") + " —", body)
    body = OPTION_THEN_VALUE.sub(colon, body)

    def words(match: re.Match[str]) -> str:
        said = _player_word(match.group("code"), ruleset)
        if said is None:
            return match.group(0)
        # a setting is named in quotation marks: its label is a name, and may be a sentence of
        # its own ("při zapnuté volbě „Po renonci rozdává stejný hráč“ rozdává znovu …")
        opening, closing = QUOTES.get(language, QUOTES[ENGLISH])
        if match.group("attrs"):  # an option this table changed (_mark_changed)
            return f'{opening}<span{match.group("attrs")}>{html.escape(said)}</span>{closing}'
        if is_option(html.unescape(match.group("code")).strip()):  # set off in a sentence
            return f'{opening}<span class="setting">{html.escape(said)}</span>{closing}'
        return html.escape(said)

    language = (get_language() or ENGLISH).split("-")[0]
    return CODE_SPAN.sub(words, body)


def rules_doc(stem: str, *, ruleset: str, changed: Mapping[str, str],
              shown: Sequence[str]) -> RulesDoc | None:
    """``docs/rules/<stem>.md`` for a table: split at its level-2 headings, sections about
    other presets folded, the options this table changed marked; None when it is not written.

    ``shown``: the documents rendered on the same page (their links become in-page links).
    """
    path = doc_path(stem)
    try:
        body = _render(path, stem, path.stat().st_mtime_ns)
    except FileNotFoundError:
        return None
    english = DOCS_DIR / f"{stem}.md"
    if path != english and english.is_file():
        body = english_ids(body, _render(english, stem, english.stat().st_mtime_ns))
    body = _mark_changed(_links(body, shown), changed)
    sections = []
    for part in H2.split(body):
        if not part.strip():
            continue
        presets = _names_presets(part)
        part = players_text(part, ruleset)
        sid, title = _heading(part)
        sections.append(DocSection(
            id=sid or stem, title=title, html=part,
            folded=bool(presets) and ruleset not in presets,
        ))
    return RulesDoc(stem=stem, sections=tuple(sections))


def docs_for(game: str) -> list[str]:
    """The documents of a table's rules page: the game's own, then trick play."""
    return [game, ARBITER_DOC]
