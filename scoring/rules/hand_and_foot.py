"""Hand and Foot (rules.md §1.3, §2.3; Pagat main = S2)."""

from __future__ import annotations

from scoring.rules.common import MIXED, NATURAL, per_three
from scoring.rules.ruleset import CanastaKind, GoingOutRequirement, RuleSet

HAND_AND_FOOT = RuleSet(
    key="hand-and-foot",
    name="Hand and Foot",
    tables=((2, 2),),
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
    ),
    decks=5,
    pack_points=2950,  # 5 packs of 54 (S2, PAG-HF via GH-HFG; rules.md §1.0)
    red_threes_in_pack=10,
    black_threes_in_pack=10,
    black_threes_meldable=False,  # never melded; 5 if left in hand or foot (S2, GH-TSt)
    canastas=(  # clean 500, dirty 300, wild 1500 (S2, GH-TSt, GH-HFG)
        NATURAL,
        MIXED,
        CanastaKind(field="wild_canastas", bonus=1500, group="wild", min_points=140),
    ),
    # Naturals at least twice the wild cards, so a dirty book of 7 holds at most 2 (S2,
    # GH-HFG; rules.md §1.3, §4 #11).
    mixed_max_wild=2,
    # Several books of one rank are allowed; 250 non-three cards / 7 = 35; 30 wild cards hold
    # four wild books (rules.md §1.3, [derived]).
    max_canastas_per_side=35,
    max_natural_canastas_total=35,
    max_mixed_canastas_total=35,
    max_wild_canastas_total=4,
    max_canastas_total=35,
    going_out_bonus=100,  # S2, GH-TSt V15, GH-HFG
    # S2, GH-HFG, GH-TS
    going_out=GoingOutRequirement(canastas=5, natural=2, mixed=2, wild=1),
    red_three_values=per_three(10),  # +100 each laid (S2, GH-TS, GH-HFG)
    red_threes_positive="always",
    red_three_in_hand_penalty=100,  # Pagat/S2; rules.md §6 (option 300 or 500)
    initial_meld_bands=(),
    initial_meld_top=150,
    initial_meld_by_deal=(50, 90, 120, 150),  # S2, GH-TSt V16, S0, S4
    deals=4,  # 4 deals, highest total wins (S2, GH-TS)
)
