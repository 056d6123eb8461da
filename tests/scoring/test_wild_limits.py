"""Each variant's wild-card limit on a mixed canasta (rules.md §4 #11), counted card by card: a
mixed canasta (a Hand and Foot dirty book) of 7 cards at the limit is accepted, one with one
wild card more (so one natural fewer) is refused, naming the canasta's field.

The limits, from the sources: Classic and its relatives 3 wild cards (S0, S4, PAG via GH-NL;
Cuban takes Classic's, §1.7), Spanish 3 (S3: "4, 5 or 6 naturals and 1, 2 or 3 wild cards"),
Modern American 2 (CLA, PAG), the Samba family 2 (BIC-SA, PAG-SA: a canasta needs 5 naturals;
Italian takes its parent Samba's, §1.8), Hand and Foot 2 (S2: naturals at least twice the wild
cards, so 5 + 2 in a book of 7).
"""

from __future__ import annotations

from typing import Any

import pytest

import scoring
from tests.support.sheets import errors_of, where

LIMITS = {
    "classic": 3,
    "classic-2p": 3,
    "classic-3p": 3,
    "classic-5p": 3,
    "classic-6p": 3,
    "uruguayan": 3,
    "british": 3,
    "cuban": 3,
    "spanish": 3,
    "modern-american": 2,
    "samba": 2,
    "bolivia": 2,
    "chilean": 2,
    "brazilian": 2,
    "italian": 2,
    "hand-and-foot": 2,
}


def test_every_variant_has_its_limit_here() -> None:
    assert set(LIMITS) == set(scoring.VARIANTS)
    assert {key: rules.mixed_max_wild for key, rules in scoring.VARIANTS.items()} == LIMITS


def _sheet(variant: str, wild: int) -> tuple[dict[str, Any], int]:
    """A sheet whose first side melded one mixed canasta alone: 7 - `wild` cards of 8 to K
    (10 points each) and `wild` jokers (50 each), each of its players holding a 10 (the side did
    not go out); every other side holds a 10 a player. With its expected score."""
    shape = scoring.VARIANTS[variant].tables[0]
    players = scoring.playing(shape)
    sides = ["A", "B", "C"][: len(shape)]
    melded = {"high": 7 - wild, "jokers": wild}
    first = {"cards": {"melded": melded, "in_hand": {"high": players}}, "mixed_canastas": 1}
    hand = {side: {"hand_points": 10 * players} for side in sides[1:]}
    # melded (7 - wild) x 10 + wild x 50, less the 10s in hand, plus the mixed canasta's 300
    score = (7 - wild) * 10 + wild * 50 - 10 * players + 300
    return {"variant": variant, "sides": sides, "hands": [{"A": first, **hand}]}, score


@pytest.mark.parametrize(("variant", "limit"), sorted(LIMITS.items()))
def test_a_mixed_canasta_at_the_limit_is_accepted(variant: str, limit: int) -> None:
    data, score = _sheet(variant, limit)
    assert scoring.score_sheet(data)["hands"][0]["A"]["score"] == score


@pytest.mark.parametrize(("variant", "limit"), sorted(LIMITS.items()))
def test_one_wild_card_more_is_refused_naming_the_canasta(variant: str, limit: int) -> None:
    data, _score = _sheet(variant, limit + 1)
    errors = errors_of(data)
    assert where(errors) == {(0, "A", "mixed_canastas")}
    assert f"{7 - limit} in a mixed one, which holds at most {limit} wild cards" in errors[0]["message"]


def test_the_refusal_names_a_natural_canasta_when_there_is_no_mixed_one() -> None:
    # A natural canasta holds 7 natural cards; 6 counted (and a joker: not one of them).
    entry = {"cards": {"melded": {"high": 6, "jokers": 1}, "in_hand": {"high": 2}}, "natural_canastas": 1}
    data = {"variant": "classic", "sides": ["NS", "EW"], "hands": [{"NS": entry, "EW": {"hand_points": 10}}]}
    assert where(errors_of(data)) == {(0, "NS", "natural_canastas")}
