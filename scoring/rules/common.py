"""Pieces several variants share: option lists, entry fields, canastas, initial-meld bands."""

from __future__ import annotations

from typing import Any

from scoring.rules.pack import CARDS_PER_DECK, DECK_POINTS
from scoring.rules.ruleset import CanastaKind

# Overrides of a variant's own values that a club or event may set (rules_for): every variant
# but Hand and Foot, whose minimums go by deal (`initial_meld_by_deal` instead).
_OVERRIDE_OPTIONS = ("initial_meld_table", "red_three_values", "going_out_bonus")
COMMON_OPTIONS = ("tie_policy", "target", *_OVERRIDE_OPTIONS)
CLASSIC_OPTIONS = (
    *COMMON_OPTIONS,
    "red_threes_negative_without",
    "negative_minimum",
    "concealed_canasta_bonus",
    "concealed_going_out_bonus",
    # The house rules other clubs' scorers play (rules.md §6a).
    "red_threes_against",
    "canasta_values",
    "wild_canasta",
    "canastas_to_go_out",
    "perfect_cut_bonus",
)
CLASSIC_FIELDS = (
    "melded_points",
    "hand_points",
    "natural_canastas",
    "mixed_canastas",
    "red_threes",
    "red_threes_in_hand",
    "went_out",
    "concealed",
    "penalty_points",
)
# Cheapest canastas (rules.md §4 #9, [derived]): natural = seven 5-point cards = 35; mixed = six
# 5-point cards + one 2 = 50; seven 2s = 140; four jokers + three 2s = 260; any other all-wild
# mix holds a joker and a 2 at least: six 2s + one joker = 170; seven jokers = 350; a
# seven-card sequence 4-10 = 4 x 5 + 3 x 10 = 50; a natural canasta of 7s = 35, of aces = 140.
NATURAL = CanastaKind(field="natural_canastas", bonus=500, group="natural", min_points=35)
MIXED = CanastaKind(field="mixed_canastas", bonus=300, group="mixed", min_points=50)
CLASSIC_CANASTAS = (NATURAL, MIXED)  # 500 / 300: S0, S4, BRIT, PAG (rules.md §1.1)

# Classic initial meld (S0, S4, PAG & Bicycle via GH-NL): < 0 -> 15; 0-1495 -> 50;
# 1500-2995 -> 90; >= 3000 -> 120.
CLASSIC_BANDS = ((0, 15), (1500, 50), (3000, 90))


def per_three(count: int, each: int = 100) -> tuple[int, ...]:
    """`red_three_values` of a pack of `count` red threes worth `each` apiece, no bonus for all."""
    return tuple(each * n for n in range(count + 1))


def pack_counts(decks: int, black_three_in_hand: int) -> dict[str, Any]:
    """The RuleSet values a pack of `decks` decks decides where several melds of one rank are
    allowed, a black three in hand worth `black_three_in_hand` ([derived], rules.md §1.0, §4 #10)."""
    threes = 2 * decks  # red threes; black threes as many (CARDS_PER_DECK)
    wild = decks * (CARDS_PER_DECK["jokers"] + CARDS_PER_DECK["twos"])
    canastas = decks * (sum(CARDS_PER_DECK.values()) - CARDS_PER_DECK["black_threes"]) // 7
    return {
        "decks": decks,
        "pack_points": decks * DECK_POINTS + (black_three_in_hand - 5) * threes,
        "red_threes_in_pack": threes,
        "black_threes_in_pack": threes,
        "max_canastas_per_side": canastas,
        "max_natural_canastas_total": canastas,
        "max_mixed_canastas_total": wild,
        "max_wild_canastas_total": wild // 7,
        "max_canastas_total": canastas,
    }
