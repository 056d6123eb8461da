"""Hand and Foot (rules.md §1.3, §2.3; Pagat main = S2)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from scoring.rules.common import MIXED, NATURAL, pack_counts, per_three
from scoring.rules.ruleset import CanastaKind, GoingOutRequirement, RuleSet


def hand_and_foot_pack(decks: int, black_three_in_hand: int = 5) -> dict[str, Any]:
    """The RuleSet values a Hand and Foot pack of `decks` decks decides (`pack_counts`), its red
    threes 100 each laid (S2, GH-TS, GH-HFG; no bonus for all of them)."""
    return {**pack_counts(decks, black_three_in_hand), "red_three_values": per_three(2 * decks)}


HAND_AND_FOOT = RuleSet(
    key="hand-and-foot",
    name="Hand and Foot",
    # Four in two partnerships (S2, PAG-HF); also two, three or four each alone (Simpson via
    # GH-TS, TableScore, PAG-HF) and six in three partnerships (PAG-HF; rules.md §6a). Three sides
    # are three players alone unless the game says otherwise.
    tables=((2, 2), (1, 1), (1, 1, 1), (1, 1, 1, 1), (2, 2, 2)),
    pack_follows_players=True,  # one deck more than the players (PAG-HF, S0; rules.md §1.3, §6a)
    fields=(
        "melded_points",
        "hand_points",
        "natural_canastas",
        "mixed_canastas",
        "wild_canastas",
        "red_threes",
        "red_threes_in_hand",
        "went_out",
        "penalty_points",
    ),
    options=(
        "tie_policy",
        "red_three_in_hand_penalty",
        "books_to_go_out",
        "initial_meld_by_deal",
        "red_three_values",
        "going_out_bonus",
        "book_values",
        # The house rules other clubs' scorers play (rules.md §6a): to a target rather than four
        # deals (with its minimums by score), and more.
        "deals",
        "target",
        "initial_meld_table",
        "black_three_in_hand",
        "special_books",
        "perfect_cut_bonus",
        "going_out_bonus_by_deal",
        "books_to_go_out_by_deal",
    ),
    # 5 packs of 54 for four players (S2, PAG-HF via GH-HFG; rules.md §1.0): 2950 card points,
    # 10 red and 10 black threes, 30 wild cards; 250 non-three cards / 7 = 35 books, four of them
    # wild ([derived]). Several books of one rank are allowed (rules.md §1.3).
    **hand_and_foot_pack(5),
    black_threes_meldable=False,  # never melded; 5 if left in hand or foot (S2, GH-TSt)
    canastas=(  # clean 500, dirty 300, wild 1500 (S2, GH-TSt, GH-HFG)
        NATURAL,
        MIXED,
        CanastaKind(field="wild_canastas", bonus=1500, group="wild", min_points=140),
    ),
    # Naturals at least twice the wild cards, so a dirty book of 7 holds at most 2 (S2,
    # GH-HFG; rules.md §1.3, §4 #11).
    mixed_max_wild=2,
    going_out_bonus=100,  # S2, GH-TSt V15, GH-HFG
    # S2, GH-HFG, GH-TS
    going_out=GoingOutRequirement(canastas=5, natural=2, mixed=2, wild=1),
    red_threes_positive="always",
    red_three_in_hand_penalty=100,  # Pagat/S2; rules.md §6 (option 300 or 500)
    initial_meld_bands=(),
    initial_meld_top=150,
    initial_meld_by_deal=(50, 90, 120, 150),  # S2, GH-TSt V16, S0, S4
    deals=4,  # 4 deals, highest total wins (S2, GH-TS)
    canastas_called_books=True,  # S2, Pagat; glossary "book"
)


def at_table(rules: RuleSet, players: int) -> RuleSet:
    """`rules` with the pack of a table of `players` players: one deck more (PAG-HF, S0; rules.md
    §6a), so 3 decks for two alone, 4 for three, 5 for four, 7 for six."""
    decks = players + 1
    if decks == rules.decks:
        return rules
    return replace(rules, **hand_and_foot_pack(decks, rules.black_three_in_hand))
