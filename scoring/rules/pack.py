"""The cards of the pack and what each is worth (rules.md §1.0)."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

# The kinds of card a card-count entry counts (scoring.cards), in display order. Red threes are
# not card points (they are bonus cards: `red_threes`, `red_threes_in_hand`).
CARD_KINDS = ("jokers", "twos", "aces", "high", "low", "black_threes")
# Points of one card, melded (+) or left in hand (-): joker 50, 2 20, ace 20, K-8 10, 7-4 5,
# black 3 5 (S0, S4, PAG via GH-NL, BRIT). Bolivia and Greek-Spanish charge a black three left
# in hand 100 (BIC-BO, S0, S4, S3): `RuleSet.black_three_in_hand`.
CARD_VALUES: Mapping[str, int] = MappingProxyType(
    {"jokers": 50, "twos": 20, "aces": 20, "high": 10, "low": 5, "black_threes": 5}
)
# One deck of 52 cards plus 2 jokers, red threes left out (rules.md §1.0): 2 jokers, 4 twos,
# 4 aces, 24 eights to kings, 16 fours to sevens, 2 black threes = 52 cards, 590 points.
CARDS_PER_DECK: Mapping[str, int] = MappingProxyType(
    {"jokers": 2, "twos": 4, "aces": 4, "high": 24, "low": 16, "black_threes": 2}
)
DECK_POINTS = sum(CARD_VALUES[kind] * n for kind, n in CARDS_PER_DECK.items())  # 590
