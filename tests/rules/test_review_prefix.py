"""Issue #25 item 1: the review accuses no one it cannot prove.

The table uses the review while it lays the tricks out, so *prefixes* of a deal are reviewed:
for random legal deals of every game (3,000 each), no prefix — cut after any card, with no talon
and no hands, as the page has it mid-deal — yields a finding.  A marriage whose partner has not
been shown is pending, never an offence (docs/referee.md: "a card that broke a rule is a finding
only once the proving card is shown").

Every prefix of 3,000 deals per game is some 520,000 reviews (about five minutes on two cores):
the suite reviews every prefix of the first 100 deals of each game and two random cuts of each
of the 3,000; ``LISTEK_EVERY_PREFIX=1`` reviews every prefix of all 3,000.
"""

from __future__ import annotations

import os
import random
from dataclasses import replace

import pytest

from rules.bench import legal_deal
from rules.review import Deal, read_deal, review

DEALS = 3000
EVERY_PREFIX = 3000 if os.environ.get("LISTEK_EVERY_PREFIX") else 100
GAMES = ["ru", "pl", "tisic", "one-thousand", "marias", "binokel"]


def _cut(whole: Deal, cut: int) -> Deal:
    plays = [play for trick in whole.tricks for play in trick][:cut]
    return replace(whole, tricks=tuple(tuple(plays[i:i + 3]) for i in range(0, cut, 3)))


@pytest.mark.parametrize("ruleset", GAMES)
def test_no_prefix_of_a_legal_deal_yields_a_finding(ruleset: str) -> None:
    rng = random.Random(25)
    pending_seen = reviewed = 0
    for n in range(DEALS):
        doc = legal_deal(ruleset, rng)
        whole = read_deal({**doc, "talon": None})
        size = sum(len(t) for t in whole.tricks)
        cuts = range(1, size + 1) if n < EVERY_PREFIX else rng.sample(range(1, size), 2)
        for cut in cuts:
            r = review(_cut(whole, cut))
            assert r.findings == (), (ruleset, doc, cut, r.findings)
            pending_seen += bool(r.pending)
            reviewed += 1
        assert review(whole).findings == ()
        assert review(read_deal(doc)).findings == ()  # with its talon too
    assert reviewed >= DEALS * 2
    if ruleset != "binokel":  # Binokel melds: no marriage is declared with a card
        assert pending_seen  # the property did meet marriages waiting for their partner
