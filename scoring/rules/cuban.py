"""Cuban Canasta (rules.md §1.7, §2.5)."""

from __future__ import annotations

from scoring.rules.common import CLASSIC_BANDS, COMMON_OPTIONS, MIXED, NATURAL
from scoring.rules.ruleset import CanastaKind, GoingOutRequirement, RuleSet

CUBAN = RuleSet(
    key="cuban",
    name="Cuban Canasta",
    tables=((2, 2),),
    fields=(
        "melded_points",
        "hand_points",
        "natural_canastas",
        "mixed_canastas",
        "wild_canastas",
        "deuce_canastas",
        "joker_canastas",
        "red_threes",
        "captured_black_threes",
        "went_out",
        "penalty_points",
    ),
    options=COMMON_OPTIONS,
    decks=2,
    pack_points=1180,  # 2 decks (S0, S4, RG-CU)
    red_threes_in_pack=4,
    black_threes_in_pack=4,
    canastas=(
        NATURAL,  # 500 / 300 not restated: Classic's values (rules.md §1.7 [derived])
        MIXED,
        # RG-CU
        CanastaKind(field="wild_canastas", bonus=2000, group="wild", min_points=170),
        CanastaKind(
            field="deuce_canastas",
            bonus=4000,
            group="wild",
            min_points=140,
            max_total=1,
        ),
        CanastaKind(
            field="joker_canastas",
            bonus=3000,
            group="wild",
            min_points=260,
            max_total=1,
        ),
    ),
    # Not restated: Classic's 3 wild cards ([derived, unverified], rules.md §1.7, §4 #11).
    mixed_max_wild=3,
    max_canastas_per_side=12,
    max_natural_canastas_total=11,
    max_mixed_canastas_total=12,
    max_wild_canastas_total=1,  # 12 wild cards
    max_canastas_total=14,
    going_out_bonus=100,  # Classic's value (rules.md §1.7 [derived, unverified])
    going_out=GoingOutRequirement(canastas=1),  # Classic's (rules.md §1.7 [derived])
    red_three_values=(0, 100, 300, 500, 1000),  # RG-CU, S0, S4
    red_threes_positive="canastas",
    red_threes_min_canastas=1,  # RG-CU
    # 5 each, all four 100 (RG-CU, S0, S4)
    captured_black_three_values=(0, 5, 10, 15, 100),
    # Classic table plus 150 "at 5000 and up" (RG-CU; S0/S4 "exceeds 5000": exactly 5000 is
    # ambiguous, the project reads RG-CU).
    initial_meld_bands=(*CLASSIC_BANDS, (5000, 120)),
    initial_meld_top=150,
    targets=((2, 7500),),  # S0, S4, RG-CU
)
