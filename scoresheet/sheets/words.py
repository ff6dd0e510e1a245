"""Words the pages show for the engine's stable codes: objections, row notes, outcomes, marks,
house-rule options, contracts, presets and games.

The engine speaks English and gives every objection (:class:`rules.RulesError`), row note
(:class:`rules.Note`) and outcome (:class:`rules.Outcome`) a stable ``code`` with its ``params``.
Here every code the engine can produce has a translatable template that is filled from the
params; tests/i18n/test_engine_codes.py lists the codes of ``rules/`` and fails on one without a
template, and checks that the English templates say what the engine says.  Only a code that is
not known here (a game added later) falls back to the engine's own English.

Params are enriched before they are put into a template (:func:`words`): a seat number ``seat``
gives ``name``, ``payer`` gives ``payer_name`` and so on; a suit, a Mariáš component, a flek
level, a redeal reason or a renonc kind gives its word in the page's language; money (haléře) is
written as the sheet writes it.  JSON field names and option names (``points``, ``barrel_at``)
are identifiers of the sheet format and stay as they are.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext, ngettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

import rules
from rules import marias as marias_engine
from rules.cards import DECKS, DeckName, Suit

# ---------------------------------------------------------------------------- marks

# The short badge and its explanation for each mark of docs/rules/ / docs/format.md (Thousand,
# Binokel;
# the Mariáš marks are added by scoresheet/sheets/gameforms/marias.py).
MARKS: dict[str, tuple[Any, Any]] = {
    "made": (_("made"), _("the declarer made the contract")),
    "failed": (_("failed"), _("the declarer failed the contract")),
    "bolt": (_("bolt"), _("a deal without a single point")),
    "barrel": (_("barrel"), _("on the barrel")),
    "dark": (_("dark"), _("played dark (blind): counts double")),
    "conceded": (_("gave up"), _("the declarer gave up after seeing the talon")),
    "reset_555": (_("555"), _("landed on 555: back to 0")),
    "penalty": (_("penalty"), _("a penalty")),
    "bomb": (_("bomb"), _("a bomb: the deal was abandoned")),
    "warning": (_("!"), _("played over 120 without declaring a marriage")),
    "fleked": (_("flek"), _("fleked")),
    "melds_lost": (_("melds lost"), _("too few trick points: the melds do not count")),
    "nines_kept": (_("Diss kept"), _("the trump nines count although the melds are lost")),
    # who held the opening bid of the deal (the sheet's own badge, not an engine mark)
    "obligation": (_("oblig."), _("had the obligation this deal")),
    "hundred": (_("on 100"), _("sat on the hundred this deal")),
}

GAMES: dict[str, Any] = {
    "thousand": _("Thousand"),
    "marias": _("Mariáš"),
    "binokel": _("Binokel"),
}

PRESETS: dict[str, Any] = {
    "ru": _("Тысяча — Russian, with barrel, bolts and 555"),
    "tisic": _("Tisíc — Czech, 32 cards, obligation"),
    "pl": _("Tysiąc — Polish, barrel at 800, bombs"),
    "one-thousand": _("One Thousand — 24 cards, blind bidding"),
    "marias": _("Volený mariáš — money, fleks"),
    "binokel": _("Binokel — three players with a Dapp"),
}

# ---------------------------------------------------------------------------- small words

SUIT_WORDS: dict[str, Any] = {
    "hearts": _("hearts"),
    "diamonds": _("diamonds"),
    "clubs": _("clubs"),
    "spades": _("spades"),
    "bells": _("bells"),
    "leaves": _("leaves"),
    "acorns": _("acorns"),
    "aces": _("four aces"),
}

# Why Binokel was dealt again, as its row note says it (rules.binokel.REDEAL_TEXT).
BINOKEL_REDEAL_NOTE: dict[str, Any] = {
    "five_nines": _("a player held five nines and nothing to meld"),
    "all_pass": _("everybody passed"),
    "misdeal": _("misdeal"),
}

# What a Mariáš deal's component is called in a row note (engine Line values); the red game's
# variants carry the heart where the English puts it.
NOTE_WHAT: dict[tuple[str, bool], Any] = {
    ("hra", False): _("hra"),
    ("hra", True): _("hra ♥"),
    ("sto", False): _("sto"),
    ("sto", True): _("sto ♥"),
    ("sedma", False): _("sedma"),
    ("sedma", True): _("sedma ♥"),
    ("silent_seven", False): _("silent seven"),
    ("silent_seven", True): _("silent seven ♥"),
    ("silent_hundred", False): _("hra with a silent hundred"),
    ("silent_hundred", True): _("hra ♥ with a silent hundred"),
    ("sedma_proti", False): _("sedma proti"),
    ("sedma_proti", True): _("sedma proti ♥"),
    ("sto_proti", False): _("sto proti"),
    ("sto_proti", True): _("sto proti ♥"),
    ("betl", False): _("betl"),
    ("durch", False): _("durch"),
}

# Mariáš contracts as the engine names them in objections (rules.marias.Contract values).
CONTRACT_WORDS: dict[str, Any] = {
    "suit": _("a suit game"),
    "betl": _("betl"),
    "durch": _("durch"),
}

# Who a Mariáš player is in a deal (the role params of the engine's objections).
ROLE_WORDS: dict[str, Any] = {
    "declarer": _("the declarer"),
    "pauzirak": _("the pauzírák"),
    "defender": _("a defender"),
}

# Who may commit a renonc (rules.marias.Offender values).
OFFENDER_WORDS: dict[str, Any] = {
    "playing": _("a player of the deal"),
    "anyone": _("anyone"),
    "declarer": _("the declarer"),
    "not_declarer": _("another player than the declarer"),
}

# What a Thousand player sitting a deal out cannot do (the ``action`` of seat_sitting_out).
ACTION_WORDS: dict[str, Any] = {
    "revoke": pgettext_lazy("cannot ... (a player who sits the deal out)", "revoke"),
    "bomb": pgettext_lazy("cannot ... (a player who sits the deal out)", "bomb"),
    "hold the cards": pgettext_lazy("cannot ... (a player who sits the deal out)",
                                    "hold the cards"),
}

GAME_WORDS: dict[str, Any] = {
    "thousand": _("Thousand"),
    "marias": _("Mariáš"),
    "binokel": _("Binokel"),
}

# The Binokel melds by the names players use at the table (rules.binokel_melds.MELD_INFO names:
# the msgid is the engine's German name; a language whose players say it otherwise translates it).
MELD_NAMES: dict[str, Any] = {
    "pair": pgettext_lazy("binokel meld", "Paar"),
    "trump_pair": pgettext_lazy("binokel meld", "Trumpf-Paar"),
    "family": pgettext_lazy("binokel meld", "Familie"),
    "trump_family": pgettext_lazy("binokel meld", "Trumpf-Familie"),
    "binokel": pgettext_lazy("binokel meld", "Binokel"),
    "double_binokel": pgettext_lazy("binokel meld", "Doppelbinokel"),
    "four_aces": pgettext_lazy("binokel meld", "4 Asse"),
    "four_kings": pgettext_lazy("binokel meld", "4 Könige"),
    "four_obers": pgettext_lazy("binokel meld", "4 Ober"),
    "four_unters": pgettext_lazy("binokel meld", "4 Unter"),
    "diss": pgettext_lazy("binokel meld", "Diss"),
}


def meld_name(kind: str, engine_name: str = "") -> str:
    """A Binokel meld's name in the page's language ("Paar")."""
    name = MELD_NAMES.get(kind)
    return str(name) if name is not None else engine_name or kind

# The names of the cards and suits of each deck (rules.cards.DECKS): the msgid is the name the
# deck's own players use (Russian for the 24-card Thousand deck, Czech for the 32-card ones,
# German for Binokel), the context names the deck.  Each language says what its players call the
# card: English says hearts and ace for the French-suited decks of Thousand, and keeps the
# Czech names of Mariáš and the German ones of Binokel, whose tables say them so in any language
# (the English catalog holds these names; scripts/i18n-update keeps them).  The short faces
# printed on the cards (Т, Sv, O) stay as they are.
CARD_NAMES: dict[tuple[str, str], Any] = {
    # thousand24
    ("thousand24", "червы"): pgettext_lazy("thousand24 deck", "червы"),
    ("thousand24", "бубны"): pgettext_lazy("thousand24 deck", "бубны"),
    ("thousand24", "трефы"): pgettext_lazy("thousand24 deck", "трефы"),
    ("thousand24", "пики"): pgettext_lazy("thousand24 deck", "пики"),
    ("thousand24", "девятка"): pgettext_lazy("thousand24 deck", "девятка"),
    ("thousand24", "валет"): pgettext_lazy("thousand24 deck", "валет"),
    ("thousand24", "дама"): pgettext_lazy("thousand24 deck", "дама"),
    ("thousand24", "король"): pgettext_lazy("thousand24 deck", "король"),
    ("thousand24", "десятка"): pgettext_lazy("thousand24 deck", "десятка"),
    ("thousand24", "туз"): pgettext_lazy("thousand24 deck", "туз"),
    # tisic32
    ("tisic32", "srdce"): pgettext_lazy("tisic32 deck", "srdce"),
    ("tisic32", "kule"): pgettext_lazy("tisic32 deck", "kule"),
    ("tisic32", "žaludy"): pgettext_lazy("tisic32 deck", "žaludy"),
    ("tisic32", "listy"): pgettext_lazy("tisic32 deck", "listy"),
    ("tisic32", "sedma"): pgettext_lazy("tisic32 deck", "sedma"),
    ("tisic32", "osma"): pgettext_lazy("tisic32 deck", "osma"),
    ("tisic32", "devítka"): pgettext_lazy("tisic32 deck", "devítka"),
    ("tisic32", "spodek"): pgettext_lazy("tisic32 deck", "spodek"),
    ("tisic32", "svršek"): pgettext_lazy("tisic32 deck", "svršek"),
    ("tisic32", "král"): pgettext_lazy("tisic32 deck", "král"),
    ("tisic32", "desítka"): pgettext_lazy("tisic32 deck", "desítka"),
    ("tisic32", "eso"): pgettext_lazy("tisic32 deck", "eso"),
    # marias32
    ("marias32", "srdce"): pgettext_lazy("marias32 deck", "srdce"),
    ("marias32", "kule"): pgettext_lazy("marias32 deck", "kule"),
    ("marias32", "listy"): pgettext_lazy("marias32 deck", "listy"),
    ("marias32", "žaludy"): pgettext_lazy("marias32 deck", "žaludy"),
    ("marias32", "sedma"): pgettext_lazy("marias32 deck", "sedma"),
    ("marias32", "osma"): pgettext_lazy("marias32 deck", "osma"),
    ("marias32", "devítka"): pgettext_lazy("marias32 deck", "devítka"),
    ("marias32", "spodek"): pgettext_lazy("marias32 deck", "spodek"),
    ("marias32", "svršek"): pgettext_lazy("marias32 deck", "svršek"),
    ("marias32", "král"): pgettext_lazy("marias32 deck", "král"),
    ("marias32", "desítka"): pgettext_lazy("marias32 deck", "desítka"),
    ("marias32", "eso"): pgettext_lazy("marias32 deck", "eso"),
    # binokel48
    ("binokel48", "Herz"): pgettext_lazy("binokel48 deck", "Herz"),
    ("binokel48", "Eckstein"): pgettext_lazy("binokel48 deck", "Eckstein"),
    ("binokel48", "Kreuz"): pgettext_lazy("binokel48 deck", "Kreuz"),
    ("binokel48", "Schippe"): pgettext_lazy("binokel48 deck", "Schippe"),
    ("binokel48", "Neun"): pgettext_lazy("binokel48 deck", "Neun"),
    ("binokel48", "Unter"): pgettext_lazy("binokel48 deck", "Unter"),
    ("binokel48", "Ober"): pgettext_lazy("binokel48 deck", "Ober"),
    ("binokel48", "König"): pgettext_lazy("binokel48 deck", "König"),
    ("binokel48", "Zehn"): pgettext_lazy("binokel48 deck", "Zehn"),
    ("binokel48", "Ass"): pgettext_lazy("binokel48 deck", "Ass"),
}


def card_word(deck: str, name: str) -> str:
    """A suit's or a rank's name on ``deck`` (a rules.cards.DeckName value) in the page's
    language."""
    word = CARD_NAMES.get((deck, name))
    return str(word) if word is not None else name


# ---------------------------------------------------------------------------- objections

Template = Any  # a lazy translated string, or a mapping of variants to them

# Objections every game shares (rules/engine.py, options.py, parse.py, cards.py), by code.
ERRORS: dict[str, Template] = {
    "sheet_closed": _(
        "This table's sheet is closed and signed: nothing can be changed. Only the tournament "
        "director can reopen it."
    ),
    "evening_closed": _(
        "The evening is closed: nothing more can be written on this sheet. Reopen the evening "
        "to go on."
    ),
    "finished": _("The game is already over: nothing can be added after the winning row."),
    "bad_ruleset": _("“ruleset” must be a name"),
    "unknown_ruleset": _("Unknown ruleset %(ruleset)s"),
    "game_mismatch": _("Ruleset %(ruleset)s does not belong to the game %(game)s"),
    "player_count": _("This ruleset is played by %(allowed)s players, not %(count)s"),
    "player_name": _("Every player needs a name."),
    "player_name_long": _("A player's name is too long (at most %(max)s characters)."),
    "player_twice": _("Two players have the same name."),
    "first_dealer": _("The first dealer must be one of the players."),
    "not_object": _("This must be a JSON object"),
    "unknown_key": _("Unknown key %(key)s"),
    "bad_format": _("“format” must be 'scoresheet/1'"),
    "bad_edition": _("This file names rules edition %(edition)s; the editions are %(known)s."),
    "missing_key": _("%(key)s is missing"),
    "bad_players": _("“players” must be a list of names"),
    "bad_entries": _("“entries” must be a list"),
    "too_many_entries": _("A sheet holds at most %(max)s entries"),
    "entry_not_object": _("Entry %(entry)s must be an object"),
    "bad_meta": {
        "": _("“meta” must be an object"),
        # the app's own facts in meta.listek (scoresheet/exports/documents.py)
        "listek": _("meta.listek must be an object"),
        "in_stats": _("meta.listek.in_stats must be “true” or “false”"),
        "scorer": _("meta.listek.scorer must be a name of at most %(max)s characters"),
        "created": _("meta.listek.created must be a date and time with its time zone"),
        "finished": _("meta.listek.finished must be a date and time with its time zone"),
        "id": _("meta.listek.id must be the sheet's identity (a UUID)"),
        "closed": _("meta.listek.closed must be a date and time with its time zone"),
    },
    # the short names of the column heads (meta.listek.short_names; the rename form)
    "bad_short_names": _("The short names for the column heads must be one text per player, "
                         "in the order they sit."),
    "short_name_long": _("“%(name)s” is too long for a column head: a short name has at most "
                         "%(max)s letters."),
    "short_name_twice": _("Two players have the same short name “%(name)s”: each column needs "
                          "its own."),
    # a note written beside a row (meta.note of an entry; scoresheet/exports/documents.py)
    "bad_note": _("The note beside this row must be a text of at most %(max)s characters."),
    # PostgreSQL stores offsets up to ±15:59 (scoresheet/sheets/validators.py read_moment)
    "bad_offset": _("The time zone %(offset)s of meta.listek.%(key)s is too far from UTC: a "
                    "time zone can be at most 15:59 hours from UTC"),
    "too_large": _("The file is larger than %(mb)s MB"),
    "not_utf8": _("The file is not UTF-8 text"),
    "not_json": _("This file is not a sheet file. Only the sheet file (.json) that Lístek "
                  "exports imports back: it alone holds every row as it was written and the "
                  "table's rules."),
    "table_file": _("This is a table of rows, like the CSV export, which is made for a "
                    "spreadsheet: it holds the sheet as it is shown, not the rows as they were "
                    "written nor the table's rules. Only the sheet file (.json) imports back."),
    "not_finite": _("The file holds %(value)s, a number JSON does not allow: “NaN” and “Infinity” "
                    "cannot be imported"),
    # hostile documents (scoresheet/protect/guard.py): refused before the engine reads them
    "too_deep": _("The document is nested more than %(max)s levels deep"),
    "bad_text": _("A text in the document holds a control character, a line break or a "
                  "character that is not text; nothing was imported"),
    "bad_type": _("“type” must be one of %(known)s, not %(type)s"),
    "unknown_field": _("This entry has a field the game does not know: %(field)s."),
    "unknown_option": _("Unknown option %(option)s"),
    "option_twice": _("Option %(option)s is given twice"),
    # options that do not go together (the presets' own checks, rules/*.py __post_init__)
    "option_players": _("Option “players”: this ruleset is played by %(allowed)s players"),
    "option_opening_bid": _("The opening bid is higher than the highest contract."),
    "option_barrel_at": _("The barrel must be below the target."),
    "option_target": _(
        "From the barrel the target must be reachable with one contract: it is %(gap)s points "
        "away, and the highest contract is %(max)s."
    ),
    "option_tariff_missing": _("Option “tariff”: %(key)s is missing"),
    "option_tariff_whole": _(
        "Option “tariff”: %(key)s %(value)s at stake %(stake)s is not a whole number of haléře"
    ),
    "bad_options": {
        "players": _("Option “players” is %(value)s but %(count)s players are named"),
        "object": _("“options” must be an object"),
        "contradiction": _("These house rules do not go together: %(detail)s"),
    },
    "bad_option": {
        "map": _("Option %(option)s: must be an object of %(keys)s"),
        "map_key": _("Option %(option)s: unknown key %(key)s (known: %(keys)s)"),
        "map_whole": _("Option %(option)s: %(key)s must be a whole number"),
        "map_min": _("Option %(option)s: %(key)s must be at least %(min)s"),
        "map_max": _("Option %(option)s: %(key)s must be at most %(max)s"),
        "choice": _("Option %(option)s: %(value)s is not one of %(choices)s"),
        "bool": _("Option %(option)s: must be “true” or “false”"),
        "whole": _("Option %(option)s: must be a whole number"),
        "min": _("Option %(option)s: must be at least %(min)s"),
        "max": _("Option %(option)s: must be at most %(max)s"),
        "text": _("Option %(option)s: must be text"),
    },
    "bad_field": {
        "missing": _("%(field)s is missing"),
        "whole": _("%(field)s must be a whole number, not %(value)s"),
        "min": _("%(field)s must be at least %(min)s, not %(value)s"),
        "max": _("%(field)s must be at most %(max)s, not %(value)s"),
        "seat": _("%(field)s: must be one of the players."),
        "bool": _("%(field)s must be “true” or “false”, not %(value)s"),
        "choice": _("%(field)s must be one of %(choices)s, not %(value)s"),
        "list": _("%(field)s must be a list of %(length)s whole numbers"),
        "length": _("%(field)s must have %(length)s numbers, one per player, not %(value)s"),
        "item_whole": _("%(name)s: %(field)s must be a whole number, not %(value)s"),
        "item_min": _("%(name)s: %(field)s must be at least %(min)s, not %(value)s"),
        "item_max": _("%(name)s: %(field)s must be at most %(max)s, not %(value)s"),
        "choice_list": _("%(field)s must be a list of %(choices)s"),
        "choice_item": _("%(field)s must hold only %(choices)s, not %(value)s"),
        "twice": _("%(field)s names the same thing twice"),
        "keys": _("%(field)s knows only %(keys)s, not %(value)s"),
        # Thousand (rules/thousand.py)
        "marriages_lists": _("“marriages” must be a list of %(length)s lists, one per player"),
        "amount_zero": _("“amount” of a custom penalty must not be 0"),
        "amount_fixed": _(
            "the amount of this penalty is set by the table's house rules: leave it empty"
        ),
        # Mariáš (rules/marias.py)
        "marriages_object": _(
            '“marriages” must be an object like {"declarer": ["hearts"], "defence": []}'
        ),
        "fleks_object": _('fleks must be an object like {"game": 1, "seven": 0}'),
        "stopped_deal_object": _(
            '“deal” must be an object like {"declarer": 1, "game": "suit", "trump": "hearts"}: '
            "the announcement of the deal the renonc stopped"
        ),
        "flek_by_object": _(
            "Who gave the first flek must be one of the players, for the whole deal or for each "
            "of its games."
        ),
        "flek_by_levels": _("For each game of the deal, write who gave each flek, level by level."),
        "card_points": _(
            "Card points must be 0..%(max)s in tens (aces, tens and the last trick count 10 "
            "each), not %(value)s"
        ),
        # the referee's question (rules/arbiter.py)
        "trump_suit": _("trump: %(suit_name)s is not a suit of %(game_name)s"),
        "trump_none": _(
            "trump: %(contract_name)s is played without trumps; “trump” must be “null”"
        ),
        "trump_named": _("trump: %(game_name)s names its trump before the first trick"),
        "trick_full": _(
            "trick: holds %(count)s cards, but a trick is complete with %(most)s; give the "
            "cards before this one"
        ),
        "hand_empty": _("hand: is empty: a player with no card has nothing to play"),
        "hand_size": _("hand: holds %(count)s cards; a hand has at most %(most)s"),
        "not_in_deck": _("%(field)s: %(card)s is not a card of the %(game_name)s deck"),
        "card_count": _(
            "%(field)s: %(card)s is there %(count)s times; the deck holds it %(times)s"
        ),
        "card_twice": _("%(field)s: %(card)s is also in the trick; the deck holds it %(times)s"),
        "tricks_done": _(
            "The tricks played must be between 0 and %(max)s (a deal has %(tricks)s tricks), not "
            "%(value)s."
        ),
        "no_seven": _("No seven is announced in this game (%(contract_name)s)."),
        "no_marriage": _("No marriage is declared with a card in this game (%(contract_name)s)."),
        "card_list": _('%(field)s: must be a list of cards such as ["10-hearts"]'),
        "game": _("game: ruleset %(ruleset)s is a %(game_name)s ruleset"),
        "contract_name": _("contract: must be a name such as “suit”, “betl” or “durch”"),
        # the deal review (rules/review.py)
        "review_ruleset": _("“ruleset”: must be one of %(known)s"),
        "review_players": _("“players”: give the players' names or their number"),
        "review_player_count": _(
            "“players”: a deal is played by 3 players, or 4 with one sitting out"
        ),
        "review_sitting_out": _("Only a fourth player sits out."),
        "review_sits_out": _("%(field)s: that player sits this deal out"),
        "review_tricks": _("“tricks”: must be a list of tricks, each a list of cards"),
        "review_too_many_tricks": _("“tricks”: holds %(count)s tricks; a deal has %(most)s"),
        "review_hands": _("“hands”: must be %(count)s lists of cards, one per player"),
        "review_per_trick": _("%(field)s: must be a list of at most %(most)s players or "
                              "“null”, one per trick"),
        "review_card_field": _(
            "%(field)s: a card is written RANK-suit, or with “card” and “marriage”"
        ),
        "review_marriage_bool": _("%(field)s: “marriage” must be “true” or “false”"),
        "review_no_marriage": _("%(field)s: %(card)s: no marriage is declared with a card here"),
        "review_no_seven": _("seven: there is no announced seven in this game"),
    },
    "bad_card": {
        "not_card": _("%(field)s: %(card)s is not a card: write RANK-suit, e.g. “10-hearts”"),
        "rank": _("%(field)s: %(card)s has no rank"),
        "suit": _("%(field)s: %(card)s has no suit of this game"),
        "deck": _("%(field)s: %(card)s is not in this deck"),
    },
    "bad_suit": _("%(field)s: %(suit)s is not a suit of this game"),
    "bad_contract": _("contract: %(contract)s is not played in this game (known: %(known)s)"),
    "bad_meld_count": _("%(kind)s must be a count of 0 or more, not %(count)s"),
    # Binokel's meld calculator (rules/binokel_melds.py)
    "too_many_binokels": _(
        "%(count)s Binokels: the deck holds only two Obers of spades and two Unters of diamonds"
    ),
    "two_binokels": _("Two Binokels are a Doppelbinokel: tap Doppelbinokel instead"),
    "binokel_and_double": _("A Binokel beside a Doppelbinokel needs a third Ober of spades"),
    "too_many_melds": _("%(count)s × %(meld)s: one hand can show at most %(most)s"),
    "too_many_couples": _(
        "%(pairs)s pairs and %(families)s families need %(couples)s King-Ober couples outside "
        "trumps; the deck has 6"
    ),
    "too_many_trump_couples": _(
        "%(pairs)s trump pairs and %(families)s trump families need %(couples)s King-Ober "
        "couples of trumps; the deck has 2"
    ),
    "needs_trump_pair": {
        "melds": _(
            "The declarer melds %(melds)s, less than a trump pair (%(trump_pair)s); at this "
            "table a declarer without a trump pair must go off"
        ),
        "show": _("At this table the declarer must show a trump pair"),
    },
    "hand_too_small": _(
        "These melds need at least %(need)s different cards; the hand holds %(hand)s"
    ),
    # the referee: a card played against a rule of trick play (rules/arbiter.py Broken); the
    # cards are written as the deck prints them (scoresheet/referee/rulings.py relabel)
    "follow_suit": _("%(card)s does not follow suit: %(led_name)s were led and you hold %(held)s"),
    "beat": _("%(card)s does not beat %(top)s: you hold %(held)s, which does"),
    "trump": _(
        "%(card)s is not a trump: you hold no %(led_name)s, so you must trump, and you hold "
        "%(held)s"
    ),
    "overtrump": _(
        "%(card)s does not beat the trump %(top)s in the trick: you hold %(held)s, which does"
    ),
    "marriage_not_leading": _(
        "A marriage is declared only when leading, and the trick already holds %(trick_cards)s"
    ),
    "marriage_too_early": _("No marriage may be declared in the first trick of the deal"),
    "marriage_incomplete": {
        "partner": _("%(card)s declares a marriage only with %(partner)s in your hand"),
        "rank": _("%(card)s is neither a king nor a queen, so it declares no marriage"),
    },
    "seven_too_early": _(
        "%(card)s is your announced seven: keep it for the last trick (this is trick %(trick)s "
        "of %(tricks)s); you may play %(held)s"
    ),
    "not_in_hand": _("%(card)s is not in your hand"),
}

# The referee's answer when the card may be played (rules.arbiter.judge), and the obligations
# it cites, by the obligations in force (rules.arbiter.obligation_parts).
# Objections of one game, by code (they win over ERRORS: codes may mean other things elsewhere).
GAME_ERRORS: dict[str, dict[str, Template]] = {
    "thousand": {
        "declarer_sitting_out": _(
            "The declarer sits this deal out (with four players the dealer does not play)"
        ),
        "contract_low": {
            "barrel": _(
                "Contract %(contract)s is below the lowest possible %(low)s: a player on the "
                "barrel must bid at least what he needs to reach the target"
            ),
            "dark": _(
                "Contract %(contract)s is below the lowest possible %(low)s: a dark contract is "
                "at least that"
            ),
            "opening": _(
                "Contract %(contract)s is below the lowest possible %(low)s: bidding opens at "
                "%(low)s"
            ),
            "obligation": _(
                "%(name)s has the obligation this deal: only %(name)s may play %(opening)s; "
                "%(names)s must bid at least %(low)s"
            ),
            "hundred": _(
                "%(name)s sits on the hundred this deal: only %(name)s may play %(opening)s; "
                "%(names)s must bid at least %(low)s"
            ),
        },
        "contract_high": _("Contract %(contract)s is above the highest contract %(high)s"),
        "contract_step": _(
            "Contract %(contract)s is not a multiple of the bidding step %(step)s"
        ),
        "seat_sitting_out": _("%(name)s sits this deal out and cannot %(action_text)s"),
        "points_sum": _("Card points add up to %(sum)s, a deal has %(total)s."),
        "sitting_out_scores": _("%(name)s sits this deal out: no points and no marriages"),
        "marriage_twice": _(
            "The %(suit_name)s marriage is declared by %(first_name)s and %(second_name)s; a "
            "marriage is declared once per deal"
        ),
        "dark_off": _("This table does not play dark"),
        "dark_seat": _("Only %(name)s, on the hundred, may play dark"),
        "dark_total": _("Dark needs a total above %(min)s; %(name)s has %(total)s"),
        "dark_barrel": _("No dark contract while somebody is on the barrel"),
        "no_concession": _("This ruleset has no concession: the contract is played"),
        "revoke_replay": _(
            "This table replays a revoked deal: write a redeal with the reason revoke"
        ),
        "cut_nines_off": _("This table has no penalty for cutting nines"),
        "bomb_off": _("This table plays no bombs"),
        "bombs_used": _("%(name)s has used all %(count)s bomb(s) of the game"),
        "marriages_in_hand_off": _("This table does not play marriages in hand"),
        "no_barrel": _("Three marriages in hand need a barrel to climb onto"),
        "already_barrel": _("%(name)s is already at the barrel"),
    },
    "marias": {
        "no_pauzirak": _("With three players nobody sits out"),
        "sitting_out_dealer": _(
            "%(dealer_name)s deals this deal and so sits it out as the pauzírák, not %(name)s"
        ),
        "declarer_pauzirak": _(
            "%(name)s deals this deal and sits it out as the pauzírák, so cannot declare"
        ),
        "trump_missing": _("A suit game names its trumps"),
        "card_points_missing": _(
            "Write %(name)s's card points (0..%(most)s, the last trick included)"
        ),
        "result_suit": _(
            "Only betl and durch are written as won or lost; a suit game is decided by its card "
            "points"
        ),
        "marriage_twice": _(
            "The %(suit_name)s marriage is written for both sides; each marriage is declared "
            "once per deal"
        ),
        "seven_both": _(
            "%(name)s announced the seven, so the defence cannot announce the seven against him"
        ),
        "hundred_both": _(
            "%(name)s announced the hundred, so the defence cannot announce the hundred against "
            "him"
        ),
        "seven_missing": _("%(name)s announced the seven: write whether it was won or lost"),
        "seven_not_announced": _(
            "A seven is won or lost only when it was announced; a trump seven that took the last "
            "trick unannounced is a silent seven"
        ),
        "seven_against_missing": _(
            "The defence announced the seven against %(name)s: write whether it was won or lost"
        ),
        "seven_against_not_announced": _(
            "A seven is won or lost only when it was announced; a trump seven that took the last "
            "trick unannounced is a silent seven"
        ),
        "silent_seven_announced": _("The seven was announced, so it is not silent"),
        "last_trick_declarer": _(
            "With the %(seven_text)s %(name)s took the last trick: his card points are at "
            "least %(least)s, not %(points)s"
        ),
        "last_trick_defence": _(
            "With the %(seven_text)s the defence took the last trick: %(name)s has at most "
            "%(most)s card points, not %(points)s"
        ),
        "hundred_not_suit": _(
            "Sto (the hundred) is announced only in a suit game, not in %(game_name)s"
        ),
        "seven_not_suit": _("A seven is announced only in a suit game, not in %(game_name)s"),
        "against_not_suit": _(
            "The defence announces against a suit game only, not against %(game_name)s"
        ),
        "trump_not_suit": _("%(game_name)s has no trumps"),
        "card_points_not_suit": _("%(game_name)s is won or lost by tricks, not card points"),
        "marriages_not_suit": _("Marriages do not count in %(game_name)s"),
        "silent_seven_not_suit": _("%(game_name)s has no trump seven"),
        "result_missing": _("Write whether the declarer won or lost the %(game_name)s"),
        "flek_component": _(
            "%(component_name)s is not played in this deal, so it cannot be fleked"
        ),
        "flek_limit": {
            "off": _(
                "%(component_name)s is at level %(level)s (%(flek)s), this table plays without "
                "fleks"
            ),
            "max": _(
                "%(component_name)s is at level %(level)s (%(flek)s), this table allows at most "
                "%(max)s (%(max_flek)s)"
            ),
        },
        "flek_by_declarer": _(
            "The %(flek)s on %(component_name)s is given by the declarer %(declarer_name)s, not "
            "by %(name)s"
        ),
        "flek_by_defender": _(
            "The %(flek)s on %(component_name)s is given by a defender, not by %(name)s "
            "(%(role_text)s)"
        ),
        "flek_by_levels": _(
            "%(component_name)s is fleked %(level)s times, and %(count)s flek-givers are written"
        ),
        "flek_giver_missing": _(
            "%(component_name)s is fleked and at this table the first flek-giver pays the "
            "doubling for the whole defence: write who gave the flek"
        ),
        "renonc_no_deal": _(
            "A renonc refers to the deal right before it, and there is none (a misdeal in "
            "between ends the time to claim it)"
        ),
        "renonc_seat": _(
            "Renonc %(kind)s (%(kind_text)s) is committed by %(by_text)s, and %(name)s "
            "is %(role_text)s of that deal"
        ),
        "renonc_talon_betl": _(
            "An ace or a ten may lie in the talon in %(game_name)s; renonc %(kind)s is "
            "for suit games"
        ),
        "renonc_after_invalid": _(
            "A renonc must come right after the deal it was made in; row %(row)s before it is "
            "not valid"
        ),
        "misdeal_not_dealer": _(
            "%(dealer_name)s deals now, so only %(dealer_name)s can misdeal, not %(name)s"
        ),
        "stopped_played_out": _(
            "The deal was played out, so its result counts: write the deal with its card points "
            "or result first, then the renonc"
        ),
        "stopped_kind_goes_on": _(
            "Renonc %(kind)s (%(kind_text)s) does not decide the deal, which is played on: write "
            "the deal with its card points or result first, then the renonc"
        ),
        "stopped_result": _(
            "A renonc stopped this deal, so it has no result: leave out %(field)s (a deal that "
            "was played out is written with its result, then the renonc)"
        ),
    },
    "binokel": {
        "bid_too_low": _("Bid %(bid)s is below the opening bid %(opening)s"),
        "bid_step": _(
            "Bid %(bid)s is not a multiple of %(step)s: bids go up in steps of %(step)s"
        ),
        "bid_too_high": _(
            "Bid %(bid)s is more than a declarer can ever score (%(most)s: %(deal_total)s trick "
            "points and %(melds)s in melds)"
        ),
        "melds_too_high": _(
            "%(name)s melds %(melds)s, more than one hand can show (at most %(most)s)"
        ),
        "melds_step": _(
            "%(name)s melds %(melds)s, not a multiple of %(step)s: no set of melds adds up to "
            "that"
        ),
        "points_total": _("Trick points add up to %(total)s, a deal has %(deal_total)s"),
        "points_step": _(
            "%(name)s has %(points)s trick points, not a multiple of %(scale)s: every card "
            "point is %(scale)s"
        ),
        "trump_nines_total": _(
            "Trump nines add up to %(total)s; the deck holds two nines of each suit"
        ),
        "trump_nines_melds": _(
            "%(name)s melds %(melds)s but shows %(nines)s trump nines worth %(worth)s"
        ),
        "no_concession": _("This table does not allow going off after the Dapp"),
        "no_five_nines_redeal": _("Five nines do not force a redeal at this table"),
        "no_all_pass_redeal": _(
            "At this table, when everybody passes, the player left of the dealer must play the "
            "opening bid"
        ),
    },
}

# ---------------------------------------------------------------------------- row notes

NOTES: dict[str, dict[str, Template]] = {
    "thousand": {
        "made": _("%(name)s makes %(contract)s with %(raw)s: %(signed_delta)s"),
        "failed": _("%(name)s fails %(contract)s with %(raw)s: %(signed_delta)s"),
        "no_marriage": _("%(name)s played %(contract)s without declaring a marriage"),
        "rounded": _("%(name)s %(raw)s -> %(written)s"),
        "barrel_blocked": {
            "over": _(
                "%(name)s is at %(total)s, over the barrel: only a made contract counts "
                "(%(points)s not added)"
            ),
            "on": _("%(name)s is on the barrel: %(points)s not added"),
        },
        "barrel_capped": _(
            "%(name)s stops at the barrel (%(barrel)s): only a made contract reaches the target"
        ),
        "barrel_stop": _("%(name)s stops at the barrel (%(barrel)s) and must win from there"),
        "barrel_on": _("%(name)s climbs onto the barrel at %(barrel)s"),
        "reset_555": _("%(name)s lands on 555: back to 0"),
        "barrel_fall": _("%(name)s falls off the barrel after %(deals)s deals: %(total)s"),
        "barrel_knock_off": _("%(name)s is knocked off the barrel by %(by_names)s: %(total)s"),
        "barrel_reset": {
            "barrel_fall": _(
                "%(name)s falls off the barrel after %(deals)s deals for the %(falls)s. time: "
                "back to 0"
            ),
            "barrel_knock_off": _(
                "%(name)s is knocked off the barrel by %(by_names)s for the %(falls)s. time: "
                "back to 0"
            ),
            "barrel_failed": _("%(name)s fails on the barrel for the %(falls)s. time: back to 0"),
        },
        "bolts": _("%(name)s has %(limit)s bolts: -%(penalty)s"),
        "conceded": _("%(name)s gives up %(contract)s: -%(contract)s, the others +%(credit)s"),
        "redeal": _("redeal: %(reason_text)s"),
        "penalty_revoke": {
            "compensation": _(
                "%(name)s revoked: -%(penalty)s, the others +%(compensation)s"
            ),
            "plain": _("%(name)s revoked: -%(penalty)s"),
        },
        "penalty_cut_nines": _("%(name)s cut a nine three times: -%(penalty)s"),
        "penalty_custom": _("%(name)s: %(signed_amount)s"),
        "bomb": _("%(name)s bombs: 0, the others +%(points)s"),
        "four_marriages": _("%(name)s holds four marriages: the game"),
        "three_marriages": _(
            "%(name)s holds three marriages: onto the barrel, the others +%(credit)s"
        ),
    },
    "marias": {
        # the component first, then who wins or loses, so that no name and no game needs a
        # grammatical case ("hra ♥: Šárka vyhrává 0,20 Kč od každého ze 2 protihráčů")
        "won": {
            "plain": _("%(what)s: %(name)s wins %(amount_money)s %(payers_from)s"),
            "flek": _(
                "%(what)s at %(flek)s (x%(factor)s): %(name)s wins %(amount_money)s "
                "%(payers_from)s"
            ),
            "liable": _(
                "%(what)s at %(flek)s (x%(factor)s): %(name)s wins %(base_money)s "
                "%(payers_from)s, and %(flek_by_name)s pays the doubling of %(extra_money)s for "
                "the whole defence"
            ),
        },
        "lost": {
            "plain": _("%(what)s: %(name)s loses and pays %(amount_money)s %(payers_to)s"),
            "flek": _(
                "%(what)s at %(flek)s (x%(factor)s): %(name)s loses and pays %(amount_money)s "
                "%(payers_to)s"
            ),
            "liable": _(
                "%(what)s at %(flek)s (x%(factor)s): %(name)s loses and pays %(base_money)s "
                "%(payers_to)s, and %(flek_by_name)s receives the doubling of %(extra_money)s "
                "for the whole defence"
            ),
        },
        "cap": _("payment cap: %(payer_name)s hands %(amount_money)s back to %(payee_name)s"),
        "silent_hundred": _(
            "%(name)s reaches the hundred without announcing it: the hra counts double"
        ),
        "silent_hundred_defence": _(
            "the defence reaches the hundred without announcing it: %(name)s's lost hra counts "
            "double"
        ),
        "over_table": _(
            "%(what)s was fleked to %(written_flek)s, beyond this table's highest flek: paid at "
            "%(flek)s"
        ),
        "flek_joined": _(
            "%(name)s joins the fleking at %(flek)s and %(verb_text)s the doubling from there on, "
            "%(amount_money)s"
        ),
        "pauzirak_spared": _(
            "%(name)s sits out and pays nothing; in that place %(first_name)s pays "
            "%(first_amount_money)s and %(second_name)s %(second_amount_money)s"
        ),
        "premium": _("%(name)s earns %(points)s premium points"),
        "premium_flek": _(
            "%(name)s gave the flek on the lost %(what)s and earns %(points)s premium points"
        ),
        "premium_flek_minus": _("%(name)s gets %(points)s premium points for the flek on %(what)s"),
        "premium_flek_minus_joined": _(
            "%(name)s gets %(points)s premium points for the flek on %(what)s, up to the %(flek)s "
            "with which the third player joined"
        ),
        "premium_flag": _(
            "worth %(flag)s premium points or more: the scorer writes it on the table sheet and "
            "signs it"
        ),
        "renonc": _("%(name)s: renonc %(kind)s, %(kind_text)s"),
        "renonc_defence": _(
            "%(name)s loses the deal for the defence and pays %(declarer_name)s for all of it"
        ),
        "renonc_declarer": _("%(name)s loses every component of the deal"),
        "renonc_max_level": _("renonc %(kind)s is paid at most at %(flek)s"),
        "renonc_played_out": _("played out: the deal stands as written, only the fee is paid"),
        "renonc_decided": _(
            "the deal was already decided by the renonc of row %(row)s: only the fee is paid"
        ),
        "renonc_fee_only": _("renonc %(kind)s costs only the fee; the deal stands"),
        "renonc_stopped": _(
            "the renonc stopped the deal of %(name)s before its end: no card points count"
        ),
        "renonc_fee": _("%(name)s pays %(amount_money)s to every other player"),
        "misdeal_free": _("%(name)s misdeals for the first time: free, deals again"),
        "misdeal_fee": _(
            "%(name)s misdeals again: pays %(amount_money)s to every other player and deals "
            "again"
        ),
    },
    "binokel": {
        "melds_lost": _(
            "%(name)s took %(tricks)s trick points, fewer than %(min)s, and loses %(lost)s meld "
            "points"
        ),
        "nines_kept": _("%(name)s keeps %(kept)s for trump nines"),
        "made": _("%(name)s made %(bid)s: melds %(melds)s + tricks %(tricks)s = %(score)s"),
        "failed": _(
            "%(name)s missed %(bid)s with melds %(melds)s + tricks %(tricks)s = %(score)s and "
            "writes -%(loss)s"
        ),
        "conceded": _(
            "%(name)s went off at %(bid)s; the others score their melds + %(bonus)s"
        ),
        "tie": _("%(names)s both reached %(total)s: the game goes on until one leads"),
        "redeal": _("dealt again: %(reason_text)s"),
        "won_declarer": _("%(name)s wins: reached %(target)s as declarer"),
        "won_highest": _("%(name)s wins: reached %(target)s with the highest total"),
    },
}

# The end of a game, by the outcome's code.
OUTCOMES: dict[str, Any] = {
    "declarer_reached": _("reached %(target)s as declarer"),
    "reached": _("reached %(target)s"),
    "highest": _("highest total over %(target)s"),
    "four_marriages": _("four marriages in one hand"),
    "won_declarer": _("reached %(target)s as declarer"),
    "won_highest": _("reached %(target)s with the highest total"),
}

# ---------------------------------------------------------------------------- contracts

# What the contract column shows (rules.Row.contract), by its pattern: numbers stay numbers.
CONTRACTS: tuple[tuple[re.Pattern[str], Any], ...] = (
    (re.compile(r"^(?P<contract>\d+) dark$"), _("%(contract)s dark")),
    (re.compile(r"^(?P<bid>\d+) off$"), _("%(bid)s off")),
    (re.compile(r"^renonc (?P<number>\d+)$"), _("renonc %(number)s")),
    (re.compile(r"^bomb$"), _("bomb")),
    (re.compile(r"^hra$"), _("hra")),
    (re.compile(r"^hra ♥$"), _("hra ♥")),
    (re.compile(r"^sedma$"), _("sedma")),
    (re.compile(r"^sedma ♥$"), _("sedma ♥")),
    (re.compile(r"^sto$"), _("sto")),
    (re.compile(r"^sto ♥$"), _("sto ♥")),
    (re.compile(r"^sto a sedma$"), _("sto a sedma")),
    (re.compile(r"^sto a sedma ♥$"), _("sto a sedma ♥")),
    (re.compile(r"^betl$"), _("betl")),
    (re.compile(r"^durch$"), _("durch")),
)
PLAIN_CONTRACT = re.compile(r"^[\d\s♥♦♣♠]*$")  # "120", "300 ♥": nothing to translate
MARRIAGES_CONTRACT = re.compile(r"^(?P<count>\d+) marriages$")


STOPPED_CONTRACT = re.compile(r"^(?P<main>.+); renonc (?P<number>\d+)$")
AGAINST_CONTRACT = re.compile(r"^(?P<main>.+), (?P<against>sto a sedma|sto|sedma) proti$")
AGAINST_WORDS: dict[str, Any] = {
    "sedma": _("sedma proti"),
    "sto": _("sto proti"),
    "sto a sedma": _("sto a sedma proti"),
}


def contract_label(contract: str) -> str:
    """The contract column of a row in the page's language ("120 dark" -> "120 тёмная"); a
    Mariáš game with the defence's announcements: "hra ♥, sedma proti"."""
    found = STOPPED_CONTRACT.match(contract)
    if found:  # a deal stopped by a renonc (rules/marias.py Renonc.deal)
        return str(_("%(game)s, stopped by renonc %(number)s")) % {
            "game": contract_label(found.group("main")), "number": found.group("number")}
    found = AGAINST_CONTRACT.match(contract)
    if found:
        return f"{contract_label(found.group('main'))}, {AGAINST_WORDS[found.group('against')]}"
    if PLAIN_CONTRACT.match(contract):
        return contract
    found = MARRIAGES_CONTRACT.match(contract)
    if found:
        count = int(found.group("count"))
        return ngettext("%(count)s marriage", "%(count)s marriages", count) % {"count": count}
    for pattern, template in CONTRACTS:
        found = pattern.match(contract)
        if found:
            return str(template) % found.groupdict()
    return contract


# ---------------------------------------------------------------------------- house rules

# The name of each option of docs/rules/ as the new-sheet and rules pages show it.
OPTION_LABELS: dict[str, Any] = {
    "scale": _("Scale"),
    "dapp": _("Dapp"),
    "opening_bid": _("Opening bid"),
    "melds": _("Meld values"),
    "fail_multiplier": _("Failed bid multiplier"),
    "concede": _("Going off (abgehen)"),
    "concede_bonus": _("Bonus when the declarer goes off"),
    "keep_meld_min_points": _("Trick points needed to keep melds"),
    "keep_trump_nines": _("Keep the Diss without tricks"),
    "declarer_needs_trump_pair": _("Declarer needs a trump pair"),
    "redeal_five_nines": _("Redeal on five nines"),
    "all_pass": _("When everybody passes"),
    "target": _("Target"),
    "max_fleks": _("Highest flek"),
    "payment_cap": _("Payment cap"),
    "stake": _("Stake"),
    "pauzirak_pays": _("The pauzírák pays"),
    "flek_liability": _("Who pays the fleks"),
    "flek_giver_receives": _("The flek-giver is also paid"),
    "joined_cap": _("Payment cap when both defenders flek"),
    "flek_over_table": _("Fleks beyond the highest"),
    "defence_silent_hundred": _("The defence's silent hundred"),
    "last_trick_check": _("A seven takes the last trick"),
    "hundred_counts": _("Marriages for sto"),
    "misdeal_fee": _("Misdeal fee"),
    "renonc_fee": _("Renonc fee"),
    "renonc_talon_fee": _("Renonc 12 fee"),
    "tariff": _("Tariff"),
    "premium_points": _("Premium points"),
    "premium_defence": _("Premium points of the defence"),
    "premium_flek_giver": _("Premium points of a flek that came off"),
    "premium_flek_minus": _("Minus points for a flek"),
    "players": _("Players"),
    "marriages": _("Marriage values"),
    "ace_marriage": _("Ace marriage"),
    "bid_step": _("Bid step"),
    "max_contract": _("Highest contract"),
    "over_120_needs_marriage": _("Over 120 needs a marriage"),
    "rounding": _("Rounding"),
    "concession": _("Giving up"),
    "concession_defender_points": _("Defenders' points when the declarer gives up"),
    "bolt_limit": _("Bolt limit"),
    "bolt_penalty": _("Bolt penalty"),
    "bolts_consecutive": _("Bolts in a row"),
    "unplayed_deal_breaks_bolts": _("A deal not played out breaks a run of bolts"),
    "reset_555": _("555 back to 0"),
    "barrel_at": _("Barrel"),
    "barrel_mode": _("Barrel mode"),
    "barrel_deals": _("Deals on the barrel"),
    "barrel_fall_penalty": _("Barrel fall penalty"),
    "barrel_resets_after": _("Failed barrels until 0"),
    "barrel_knock_off": _("Knocking off the barrel"),
    "dark": _("Dark contracts"),
    "dark_seat": _("Who may play dark"),
    "dark_min_total": _("Dark needs a total above"),
    "dark_min_contract": _("Lowest dark contract"),
    "redeal_same_dealer": _("Same dealer after a redeal"),
    "revoke": _("Revoke"),
    "revoke_penalty": _("Revoke penalty"),
    "revoke_compensation": _("Revoke compensation"),
    "cut_nines_penalty": _("Cutting nines penalty"),
    "marriages_in_hand": _("Marriages in hand"),
    "winner": _("Winner"),
    "target_strict": _("Target must be exceeded"),
    "bombs_per_player": _("Bombs per player"),
    "bomb_points": _("Bomb points"),
    "opening_seat": _("Who holds the opening bid"),
    "deal_passes": _("Where the deal passes"),
    "bolt": _("What is a bolt"),
    "barrel_failures": _("Failed barrels"),
    "barrel_jump": _("Jumping the barrel"),
    "revoke_ends_deal": _("A revoke ends the deal"),
    "replay_same_dealer": _("Same dealer after a revoke"),
    "melds_after_discard": _("Declarer melds after laying away"),
    # the trick obligations of the referee (rules/arbiter.py)
    "must_follow": _("Follow suit"),
    "must_beat": _("Beat"),
    "must_trump": _("Trump"),
    "must_overtrump": _("Overtrump"),
    "beat_when_trumped": _("Beat even in a trumped trick"),
}

# The one-line help of each option: the engine's help text (rules.specs()), translatable here.
# tests/i18n/test_engine_codes.py keeps each English text equal to the engine's.
OPTION_HELP: dict[str, Any] = {
    "scale": _("1: A, 10 and K count 1 each (25 a deal); 10: every point is ten (250 a deal)"),
    "dapp": _("three cards go to the Dapp (15 each); off: 16 cards each and no Dapp"),
    "opening_bid": _(
        "the bid the player after the dealer holds automatically (the obligation)"
    ),
    "opening_seat": _(
        "who holds the opening bid: the seat after the dealer, the seat before him (on his "
        "right, tisic), or any seat"
    ),
    "deal_passes": _("where the deal goes after each deal: the next or the previous column"),
    "bolt": _(
        "a bolt is a deal in which a defender took nothing (no card point, no marriage), or any "
        "deal he writes as 0"
    ),
    "barrel_failures": _(
        "what counts as a failed barrel: every barrel that ends without a win, or only a fall "
        "after the deals run out"
    ),
    "barrel_jump": _(
        "a made contract may take the declarer from below the barrel straight to the target; "
        "off: it stops at the barrel"
    ),
    "revoke_ends_deal": _(
        "a revoke penalty ends the deal: it counts as played and the deal passes on"
    ),
    "replay_same_dealer": _(
        "a deal replayed after a revoke is dealt again by the same dealer (off: like any other "
        "redeal)"
    ),
    "melds_after_discard": _(
        "the declarer melds after laying three cards away, from the 15 he keeps; off: from his "
        "hand and the Dapp (18 cards)"
    ),
    "melds": _("the value of each meld, times the scale"),
    "fail_multiplier": _("a declarer who misses his bid writes minus the bid times this"),
    "concede": _(
        "the declarer may go off after seeing the Dapp: minus the bid, the others score their "
        "melds and the bonus"
    ),
    "concede_bonus": _(
        "what each other player gets on top of its melds when the declarer goes off, times the "
        "scale"
    ),
    "keep_meld_min_points": _(
        "a player whose tricks hold fewer points than this loses its melds (0: never), times "
        "the scale"
    ),
    "keep_trump_nines": _(
        "a player (not the declarer) who loses its melds for lack of trick points keeps its Diss"
    ),
    "declarer_needs_trump_pair": _(
        "the declarer must show a trump pair to play the deal; without one he goes off"
    ),
    "redeal_five_nines": _("a player with five nines and nothing to meld forces a redeal"),
    "all_pass": _(
        "when everybody passes at once: redeal, or the player left of the dealer must play the "
        "opening bid"
    ),
    "target": _("the game is won at"),
    "max_fleks": _(
        "the highest flek level: 4 = flek, re, tutti, boty; 5 adds kalhoty; 0 = no fleks"
    ),
    "payment_cap": _("the most one player pays another for one deal, in haléře; 0 = no cap"),
    "stake": _("haléře of one hra; the whole tariff scales with it (20 = the tournament tariff)"),
    "pauzirak_pays": _(
        "with four players the one sitting out (pauzírák) shares in every payment"
    ),
    "flek_liability": _(
        "each: every defender pays its own fleks; fleking_player: the first flek-giver pays the "
        "doubling for the whole defence"
    ),
    "flek_giver_receives": _(
        "with the first flek-giver paying: when the declarer loses a fleked game, the first "
        "flek-giver also receives the doubling for the whole defence (the earlier rules)"
    ),
    "joined_cap": _(
        "the payment cap of a deal in which both defenders flek, in haléře (150 Kč); used only "
        "at a table with a payment cap"
    ),
    "flek_over_table": _("a flek beyond the highest flek is accepted and paid at the highest flek"),
    "defence_silent_hundred": _(
        "the defence's unannounced hundred doubles the hra it wins, as the declarer's does"
    ),
    "last_trick_check": _(
        "a seven that took the last trick must agree with the card points (10 for the last trick)"
    ),
    "hundred_counts": _("which of the declarer's marriages count towards sto"),
    "misdeal_fee": _(
        "what a second or later misdeal costs, paid to every other player, in haléře"
    ),
    "renonc_fee": _("flat fee of renonc kinds 1-11, paid to every other player, in haléře"),
    "renonc_talon_fee": _("flat fee of renonc 12 (an ace or ten in the talon), in haléře"),
    "tariff": _(
        "haléře per paying player at stake 20: hra, sedma, sto, betl, durch (hearts double the "
        "first three)"
    ),
    "premium_points": _(
        "premium points the declarer earns for a won announced game (empty: none)"
    ),
    "premium_defence": _(
        "a sedma or sto announced against the declarer and won earns its premium points for "
        "each player of the defence"
    ),
    "premium_flek_giver": _(
        "a fleked game that its side loses earns its premium points for the player who gave the "
        "first flek, and for no one else"
    ),
    "premium_flek_minus": _(
        "the player who gave the first flek on a game that its side then wins gets minus premium "
        "points: the game's points for each flek level he pays for"
    ),
    "players": _("players at the table; with 4 the dealer sits out"),
    "marriages": _("points of a declared marriage (K+Q) per suit"),
    "ace_marriage": _("four aces declared like a marriage (no trump change); 0 = off"),
    "bid_step": _("contracts go up in steps of"),
    "max_contract": _("the highest contract"),
    "over_120_needs_marriage": _(
        "warn when a contract over 120 is played without declaring a marriage"
    ),
    "rounding": _("how defenders' points are written"),
    "concession": _("the declarer may give up after seeing the talon"),
    "concession_defender_points": _("what each defender writes when the declarer gives up"),
    "bolt_limit": _("bolts (a deal scoring 0) that cost a penalty; 0 = off"),
    "bolt_penalty": _("points lost at the bolt limit"),
    "bolts_consecutive": _("bolts must come in a row (a scoring deal resets the count)"),
    "unplayed_deal_breaks_bolts": _(
        "with bolts in a row, a deal not played out (given up, a bomb, three marriages in hand) "
        "also resets the count: nobody took a bolt in it"
    ),
    "reset_555": _("a total of exactly 555 or -555 becomes 0"),
    "barrel_at": _("the barrel; 0 = no barrel"),
    "barrel_mode": _(
        "cap: totals stop at the barrel (Russian); declarer_only: over it only a made contract "
        "counts (Polish)"
    ),
    "barrel_deals": _("deals a player may sit on the barrel"),
    "barrel_fall_penalty": _("points lost when falling off the barrel"),
    "barrel_resets_after": _("the failed barrel that resets the total to 0; 0 = never"),
    "barrel_knock_off": _("climbing onto the barrel knocks off a player already there"),
    "dark": _("a contract may be played dark (blind) and counts double"),
    "dark_seat": _("who may play dark"),
    "dark_min_total": _("dark needs a total above this"),
    "dark_min_contract": _("the lowest dark contract"),
    "redeal_same_dealer": _("after a redeal the same player deals again"),
    "revoke": _("a revoke: replay the deal, or a penalty row"),
    "revoke_penalty": _("what the revoking player loses"),
    "revoke_compensation": _("what every other player gains after a revoke"),
    "cut_nines_penalty": _(
        "penalty for cutting a nine to the bottom three times in a row; 0 = off"
    ),
    "marriages_in_hand": _("3 marriages in one hand put a player on the barrel, 4 win the game"),
    "winner": _(
        "declarer_first: the declarer over the target wins; highest: the highest total"
    ),
    "target_strict": _("the target must be exceeded, not only reached"),
    "bombs_per_player": _(
        "bombs (giving up before play: 0 for him, the others score) per player; 0 = off"
    ),
    "bomb_points": _("what each other player writes after a bomb"),
    # the trick obligations of the referee (rules/arbiter.py)
    "must_follow": _("a player holding the suit led must play that suit"),
    "must_beat": _(
        "following suit in an untrumped trick, a player must beat its highest card if able"
    ),
    "must_trump": _("a player void in the suit led must play a trump if able"),
    "must_overtrump": _("a player who must trump must beat a trump already in the trick if able"),
    "beat_when_trumped": _(
        "a player who follows suit must beat the led suit's highest card even once the trick has "
        "been trumped"
    ),
}
# The help lines of a game whose option of the same name means another thing.
GAME_OPTION_HELP: dict[str, dict[str, Any]] = {
    "binokel": {
        "opening_bid": _("the lowest bid, times the scale (15 is 150 at scale 10)"),
        "target": _("the game ends when a total reaches this, times the scale"),
        "deal_passes": _(
            "where the deal goes after each deal: the next or the previous column (the player "
            "left of the last dealer, with play counter-clockwise)"
        ),
    },
}

# The words of option choices and map keys that are words (numbers stay numbers).
CHOICE_LABELS: dict[str, Any] = {
    "redeal": _("redeal"),
    "first_must_bid": _("the first player must bid"),
    "each": _("each defender"),
    "fleking_player": _("the first flek-giver"),
    "trump_marriage": _("the trump marriage"),
    "all_own_marriages": _("all his marriages"),
    "nearest_5": _("to the nearest 5"),
    "tens_half_up": _("to tens, 5 up"),
    "none": _("none"),
    "half_contract": _("half the contract"),
    "cap": _("cap at the barrel"),
    "declarer_only": _("only the declarer over it"),
    "on_hundred": _("the player on the hundred"),
    "any": _("anyone"),
    "replay": _("replay the deal"),
    "penalty": _("a penalty row"),
    "declarer_first": _("the declarer first"),
    "highest": _("the highest total"),
    "after_dealer": _("the player after the dealer"),
    "before_dealer": _("the player before the dealer (on his right)"),
    "next": _("the next column"),
    "previous": _("the previous column"),
    "took_nothing": _("took nothing"),
    "wrote_zero": _("wrote 0"),
    "every_end": _("every barrel that ends without a win"),
    "falls": _("only falls off the barrel"),
    # map keys
    "hearts": _("hearts"),
    "diamonds": _("diamonds"),
    "clubs": _("clubs"),
    "spades": _("spades"),
    "hra": _("hra"),
    "hra_red": _("hra ♥"),
    "sedma": _("sedma"),
    "sedma_red": _("sedma ♥"),
    "sto": _("sto"),
    "sto_red": _("sto ♥"),
    "betl": _("betl"),
    "durch": _("durch"),
}
CHOICE_LABELS.update(MELD_NAMES)


def option_label(name: str) -> str:
    """The name of an option in the page's language; its identifier when there is none."""
    label = OPTION_LABELS.get(name)
    return str(label) if label is not None else name.replace("_", " ").capitalize()


CHOICE_IN_HELP = re.compile(r"(?<![\w-])([a-z][a-z0-9]*(?:_[a-z0-9]+)*)(?=: )")


def option_help(name: str, engine_help: str, game: str = "") -> str:
    """The one-line help of an option in the page's language (the engine's as a fallback); a
    help that explains the option's values ("each: ...; fleking_player: ...") names each value
    by its label ("each defender: ...; the first flek-giver: ...")."""
    text = GAME_OPTION_HELP.get(game, {}).get(name, OPTION_HELP.get(name))
    return choices_in_words(str(text) if text is not None else engine_help)


def choices_in_words(text: str) -> str:
    """A help that explains an option's values ("each: ...; fleking_player: ...") with each
    value named by its label ("each defender: ...; the first flek-giver: ...")."""
    return CHOICE_IN_HELP.sub(
        lambda m: str(CHOICE_LABELS[m.group(1)]) if m.group(1) in CHOICE_LABELS else m.group(1),
        text,
    )


def choice_label(value: Any) -> str:
    """A choice or map key of an option in words: "nearest_5" -> "to the nearest 5"."""
    if isinstance(value, bool):
        return str(_("on")) if value else str(_("off"))
    label = CHOICE_LABELS.get(str(value))
    return str(label) if label is not None else str(value).replace("_", " ")


# ---------------------------------------------------------------------------- rendering


def _seat_name(players: Sequence[str], seat: Any) -> str | None:
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(players):
        return players[seat]
    return None


def join_names(names: Sequence[str]) -> str:
    """"Anna", "Anna and Boris", "Anna, Boris and Vera" in the page's language."""
    if len(names) <= 1:
        return "".join(names)
    return gettext("%(names)s and %(last)s") % {
        "names": ", ".join(names[:-1]),
        "last": names[-1],
    }


# An entry's fields as the players call them, for the objections that name a field (docs/format.md
# keys are never shown).
FIELD_WORDS: dict[str, Any] = {
    "amount": _("the amount"),
    "announced": _("what was announced"),
    "bid": _("the bid"),
    "card_points": _("the declarer's card points"),
    "contract": _("the contract"),
    "count": _("the number of marriages"),
    "dark": _("dark"),
    "declarer": _("who played"),
    "first_flek_by": _("who gave the first flek"),
    "fleks": _("the fleks"),
    "game": _("the game"),
    "kind": _("what it was"),
    "marriages": _("the marriages"),
    "melds": _("the melds"),
    "played_out": _("played out"),
    "points": _("the card points"),
    "reason": _("the reason"),
    "result": _("the result"),
    "seat": _("who"),
    "seven": _("the seven"),
    "silent_seven": _("the silent seven"),
    "sitting_out": _("who sits out"),
    "trump": _("the trumps"),
    "trump_nines": _("the trump nines"),
    # the referee's questions
    "hand": _("the hand"),
    "trick": _("the trick"),
    "tricks_done": _("the tricks played"),
    "announced_seven": _("the announced seven"),
    "declare_marriage": _("declaring a marriage"),
}
FIELD_PREFIX = re.compile(r"^(?P<field>[a-z]+(?:_[a-z]+)*): ")


def field_in_words(text: str) -> str:
    """An objection that starts with the field it is about ("card_points: ...") names the field
    as the players call it ("the declarer's card points: ...")."""
    found = FIELD_PREFIX.match(text)
    if found and found.group("field") in FIELD_WORDS:
        return f"{FIELD_WORDS[found.group('field')]}: {text[found.end():]}"
    return text


SEAT_KEYS = ("declarer", "dealer", "payer", "payee", "flek_by", "first", "second", "winner")
# The seven that took the last trick (the ``seven`` of the engine's last-trick objections).
SEVEN_WORDS: dict[str, Any] = {
    "silent": pgettext_lazy("with the ...", "silent seven"),
    "won": pgettext_lazy("with the ...", "won seven"),
    "lost": pgettext_lazy("with the ...", "lost seven"),
    "against_won": pgettext_lazy("with the ...", "won seven against him"),
}


def words(params: Mapping[str, Any], *, game: str = "", players: Sequence[str] = ()) -> dict[
    str, Any
]:
    """The engine's params with the words a template may use besides them (module docstring)."""
    out: dict[str, Any] = dict(params)
    if isinstance(params.get("field"), str) and params["field"] in FIELD_WORDS:
        out["field"] = str(FIELD_WORDS[params["field"]])
    if isinstance(params.get("option"), str):
        out["option"] = option_label(params["option"])
    _seat_words(params, players, out)
    _number_words(params, out)
    _table_words(params, game, out)
    if game == "marias":
        _marias_words(params, out)
    return out


def _seat_words(params: Mapping[str, Any], players: Sequence[str], out: dict[str, Any]) -> None:
    """The names of the seats the params point at."""
    if (name := _seat_name(players, params.get("seat"))) is not None:
        out["name"] = name
    if isinstance(params.get("seat"), int):
        out.setdefault("number", params["seat"] + 1)
    for key in SEAT_KEYS:
        if (name := _seat_name(players, params.get(key))) is not None:
            out[f"{key}_name"] = name
    seats = params.get("seats")
    if isinstance(seats, list):
        out["names"] = join_names([n for s in seats if (n := _seat_name(players, s))])
    by = params.get("by")
    if isinstance(by, list):
        out["by_names"] = join_names([n for s in by if (n := _seat_name(players, s))])
    elif isinstance(by, str):
        out["by_text"] = str(OFFENDER_WORDS.get(by, by))


def _number_words(params: Mapping[str, Any], out: dict[str, Any]) -> None:
    """Row numbers as players count them, signed changes, sums, counts in words."""
    if isinstance(params.get("entry"), int):
        out["row"] = params["entry"] + 1
    if isinstance(params.get("delta"), int):
        out["signed_delta"] = f"{params['delta']:+d}"
    if isinstance(params.get("amount"), int):
        out["signed_amount"] = f"{params['amount']:+d}"
    if "melds" in params and "tricks" in params and "score" not in params:
        out["score"] = params["melds"] + params["tricks"]
    if "pairs" in params and "families" in params:
        out["couples"] = params["pairs"] + params["families"]
    if isinstance(params.get("copies"), int):
        copies = params["copies"]
        out["times"] = (
            gettext("once") if copies == 1
            else ngettext("%(count)s time", "%(count)s times", copies) % {"count": copies}
        )
    if isinstance(params.get("counts"), list):
        counts = [str(c) for c in params["counts"]]
        out["allowed"] = (
            counts[0] if len(counts) == 1
            else gettext("%(some)s or %(last)s") % {
                "some": ", ".join(counts[:-1]), "last": counts[-1]}
        )


def _table_words(params: Mapping[str, Any], game: str, out: dict[str, Any]) -> None:
    """The words of the engine's codes: suits, actions, roles, reasons, games, melds."""
    for key, table, target in (
        ("suit", _suit_words(game), "suit_name"),
        ("action", ACTION_WORDS, "action_text"),
        ("role", ROLE_WORDS, "role_text"),
        ("reason", reason_words(game), "reason_text"),
        ("game", {**CONTRACT_WORDS, **GAME_WORDS}, "game_name"),
        ("contract", CONTRACT_WORDS, "contract_name"),
        ("kind", _meld_words() if game == "binokel" else {}, "meld"),
    ):
        value = params.get(key)
        if isinstance(value, str):
            out[target] = str(table.get(value, value.replace("_", " ")))


# The deck whose suit names a game's pages use everywhere (the deal form, the meld calculator,
# the referee, the messages): one set of names per game.
GAME_DECKS = {"thousand": DeckName.THOUSAND, "binokel": DeckName.BINOKEL}


def suit_word(game: str, suit: str) -> str:
    """A suit's name as ``game``'s pages say it (its deck's names, in the page's language)."""
    deck = GAME_DECKS.get(game)
    if deck is not None and suit in DECKS[deck].suit_names:
        return card_word(deck.value, DECKS[deck].face(Suit(suit)).name)
    return str(SUIT_WORDS.get(suit, suit))


# Words that live beside each game's forms (scoresheet/sheets/gameforms/<game>.py) and that notes
# and
# objections quote: the forms hand them over when they are imported (``game_words``).  This module
# never imports the forms, so the forms may import it: no import circle.
_GAME_WORDS: dict[str, dict[str, Any]] = {}


def game_words(game: str, **words: Any) -> None:
    """Register words of ``game``'s forms (called by each scoresheet/sheets/gameforms module)."""
    _GAME_WORDS.setdefault(game, {}).update(words)


def _word(game: str, name: str, default: Any) -> Any:
    return _GAME_WORDS.get(game, {}).get(name, default)


def _suit_words(game: str) -> Mapping[str, Any]:
    suit_label = _word(game, "suit_label", None) if game == "marias" else None
    if suit_label is not None:
        return {s: suit_label(s) for s in marias_engine.SUITS}
    return {s: suit_word(game, s) for s in SUIT_WORDS}


def reason_words(game: str) -> Mapping[str, Any]:
    if game == "thousand":
        reasons: Mapping[str, Any] = _word("thousand", "redeal_reasons", {})
        return reasons
    if game == "binokel":
        return BINOKEL_REDEAL_NOTE
    return {}


def _meld_words() -> Mapping[str, Any]:
    melds: Mapping[str, tuple[Any, Any]] = _word("binokel", "meld_words", {})
    return {kind: short for kind, (short, _long) in melds.items()}


def _marias_words(params: Mapping[str, Any], out: dict[str, Any]) -> None:
    components: Mapping[str, Any] = _word("marias", "component_labels", {})
    renonc_texts: Mapping[int, Any] = _word("marias", "renonc_texts", {})
    flek_word = _word("marias", "flek_word", str)
    from scoresheet.sheets.paper import format_amount, paper_of

    paper = paper_of("marias")
    for key in ("amount", "base", "extra", "first_amount", "second_amount"):
        if isinstance(params.get(key), int):
            out[f"{key}_money"] = format_amount(params[key], paper)
    component = params.get("component")
    if isinstance(component, str):
        what = NOTE_WHAT.get((component, bool(params.get("red"))))
        out["what"] = str(what) if what is not None else component.replace("_", " ")
        label = components.get(component)
        out["component_name"] = str(label) if label is not None else component
    played = params.get("played")
    if isinstance(played, list):
        out["played_names"] = ", ".join(str(components.get(c, c)) for c in played)
    level = params.get("level")
    if isinstance(level, int):
        out["flek"] = flek_word(level)
        out["factor"] = marias_engine.flek_factor(level)
    most = params.get("max")
    if isinstance(most, int) and "component" in params:
        out["max_flek"] = flek_word(most)
    written = params.get("written")
    if isinstance(written, int):
        out["written_flek"] = flek_word(written)
    seven = params.get("seven")
    if isinstance(seven, str):
        out["seven_text"] = str(SEVEN_WORDS.get(seven, seven))
    if "top" in params:  # flek_joined: the joining defender pays, or receives, the doubling
        out["verb_text"] = str(_("pays")) if params.get("won", True) else str(_("receives"))
    if isinstance(params.get("payers"), int):
        out.update(payers_words(params["payers"]))
    kind = params.get("kind")
    if isinstance(kind, int):
        text = renonc_texts.get(kind)
        out["kind_text"] = str(text) if text is not None else str(kind)


def payers_words(count: int) -> dict[str, str]:
    """Who pays the declarer of a Mariáš deal, or whom the declarer pays, counted in words."""
    values = {"count": count}
    return {
        "payers_from": ngettext(
            "from the other player", "from each of the %(count)s others", count) % values,
        "payers_to": ngettext(
            "to the other player", "to each of the %(count)s others", count) % values,
    }


def _variant(kind: str, game: str, code: str, params: Mapping[str, Any]) -> str:
    """Which of a code's templates fits these params (codes with several sentences)."""
    if kind == "error":
        if code in ("bad_field", "bad_option", "bad_card"):
            return str(params.get("rule", ""))
        if code == "contract_low":
            return str(params.get("reason", "opening"))
        if code == "needs_trump_pair":
            return "melds" if "melds" in params else "show"
        if code == "flek_limit":
            return "max" if params.get("max") else "off"
        if code == "bad_options":
            return "players" if "count" in params else "contradiction"
        if code == "bad_meta":
            return str(params.get("key", ""))
        if code == "marriage_incomplete":
            return "partner" if "partner" in params else "rank"
        return ""
    if code == "barrel_blocked":
        return "over" if "total" in params else "on"
    if code == "barrel_reset":
        return str(params.get("cause", "barrel_fall"))
    if code == "penalty_revoke":
        return "compensation" if params.get("compensation") else "plain"
    if game == "marias" and code in ("won", "lost"):
        return "liable" if "extra" in params else "flek" if params.get("level") else "plain"
    return ""


def _pick(template: Template, variant: str) -> Any:
    if isinstance(template, Mapping):
        return template.get(variant)
    return template


def _fill(template: Any, values: Mapping[str, Any]) -> str | None:
    if template is None:
        return None
    try:
        return str(template) % values
    except (KeyError, TypeError, ValueError):
        return None


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def error_template(code: str, game: str = "") -> Template | None:
    """The template(s) of an objection code: the game's own first, then the shared one."""
    return GAME_ERRORS.get(game, {}).get(code) or ERRORS.get(code)


def engine_message(
    code: str,
    params: Mapping[str, Any],
    message: str,
    *,
    game: str = "",
    players: Sequence[str] = (),
) -> str:
    """A translated text for an engine objection; the engine's English when the code is not
    known (or its params do not fit the template)."""
    if code == "bad_options" and message == "options must be an object":
        return str(ERRORS["bad_options"]["object"])
    template = _pick(error_template(code, game), _variant("error", game, code, params))
    values = words(params, game=game, players=players)
    if code == "bad_options" and "count" not in params:
        values["detail"] = message
    text = _fill(template, values)
    return _capital(field_in_words(text if text is not None else message))


def error_text(error: rules.RulesError, sheet: rules.Sheet | None = None) -> str:
    """An engine error in the page's language, with the names of ``sheet``'s players."""
    return engine_message(
        error.code,
        error.params,
        error.message,
        game=sheet.game if sheet is not None else "",
        players=sheet.players if sheet is not None else (),
    )


def rejection_text(error: Any, sheet: rules.Sheet | None = None) -> str:
    """A refused write's objection (a :class:`scoresheet.sheets.services.Rejected`), in the player's
    words; when it is about a later row than the one written, the text says which."""
    text = engine_message(
        error.code,
        error.params,
        error.message,
        game=sheet.game if sheet is not None else "",
        players=sheet.players if sheet is not None else (),
    )
    if error.elsewhere and error.entry is not None:
        return str(_("Row %(number)s would no longer be right: %(text)s")) % {
            "number": error.entry + 1,
            "text": text,
        }
    return text


def note_text(note: rules.Note, *, game: str, players: Sequence[str]) -> str:
    """What a row note says, in the page's language (the engine's English for an unknown code)."""
    template = _pick(
        NOTES.get(game, {}).get(note.code), _variant("note", game, note.code, note.params)
    )
    text = _fill(template, words(note.params, game=game, players=players))
    return text if text is not None else note.text


def outcome_reason(code: str, params: Mapping[str, Any], reason: str) -> str:
    """Why the game ended, translated when the code is known; the engine's words otherwise."""
    text = _fill(OUTCOMES.get(code), dict(params))
    return text if text is not None else reason


def mark_label(mark: str) -> tuple[str, str]:
    """The badge text and its explanation for a mark code."""
    short, long = MARKS.get(mark, (mark.replace("_", " "), mark.replace("_", " ")))
    return str(short), str(long)


def game_label(game: str) -> str:
    return str(GAMES.get(game, game.capitalize()))


def preset_label(ruleset: str) -> str:
    return str(PRESETS.get(ruleset, ruleset))

