"""Italian Canasta (rules.md §1.8, §2.4)."""

from __future__ import annotations

from scoring.rules.common import CLASSIC_BANDS, COMMON_OPTIONS, MIXED, NATURAL
from scoring.rules.ruleset import CanastaKind, CanastaSetBonus, GoingOutRequirement, RuleSet

ITALIAN = RuleSet(
    key="italian",
    name="Italian Canasta",
    tables=((2, 2),),
    fields=(
        "melded_points",
        "hand_points",
        "natural_canastas",
        "mixed_canastas",
        "deuce_canastas",
        "wild_canastas",
        "red_threes",
        "went_out",
        "penalty_points",
    ),
    options=COMMON_OPTIONS,
    decks=3,
    pack_points=1770,  # 3 decks (RG-IT, HSW-IT)
    red_threes_in_pack=6,
    black_threes_in_pack=6,
    canastas=(
        NATURAL,
        MIXED,
        # Seven 2s 3000; a mixed canasta of deuces (2s and jokers) 2000 (RG-IT, HSW-IT). Read as
        # the canasta's whole bonus; these are not counted again as natural or mixed.
        CanastaKind(
            field="deuce_canastas",
            bonus=3000,
            group="wild",
            min_points=140,
            max_total=1,
        ),
        CanastaKind(field="wild_canastas", bonus=2000, group="wild", min_points=170),
    ),
    canasta_set_bonuses=(  # RG-IT, HSW-IT, on top of the canastas' own bonuses
        CanastaSetBonus(item="five_natural_canastas", points=2000, min_natural=5),
        CanastaSetBonus(
            item="four_natural_one_mixed_canastas",
            points=1000,
            min_natural=4,
            max_natural=4,
            min_mixed=1,
        ),
        CanastaSetBonus(item="ten_canastas", points=2000, min_total=10),
    ),
    # No source states it: the parent variant's, Samba's 2 wild cards ([derived], rules.md §1.8).
    mixed_max_wild=2,
    max_canastas_per_side=21,
    max_natural_canastas_total=21,
    max_mixed_canastas_total=18,
    max_wild_canastas_total=2,
    max_canastas_total=21,
    going_out_bonus=300,  # RG-IT, HSW-IT
    going_out=GoingOutRequirement(canastas=2, counts_wild=False),  # RG-IT, HSW-IT
    red_three_values=(0, 100, 200, 300, 800, 1000, 1200),  # 200 each for 4+ (RG-IT)
    # The negative rule is not stated (rules.md §1.8): the parent variant's (Samba) applies.
    red_threes_positive="canastas",
    red_threes_min_canastas=2,
    # RG-IT
    initial_meld_bands=(
        *CLASSIC_BANDS,
        (5000, 120),
        (7500, 160),
        (10000, 180),
    ),
    initial_meld_top=200,
    targets=((2, 15000),),  # S0, S4 (rules.md §6; option 12000: RG-IT, HSW-IT)
)
