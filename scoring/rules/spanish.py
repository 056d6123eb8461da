"""Greek-seed "Spanish" Canasta (rules.md §1.10, §2.5; S3 only)."""

from __future__ import annotations

from scoring.rules.common import CLASSIC_BANDS, COMMON_OPTIONS, MIXED, NATURAL
from scoring.rules.ruleset import CanastaKind, CanastaSetBonus, GoingOutRequirement, RuleSet

SPANISH = RuleSet(
    key="spanish",
    name="Spanish Canasta (Greek seed S3)",
    # 2 to 4 players, alone or in two partnerships, and 6 in two teams of three ("Τρίο: Με 6
    # παίκτες να σχηματίζουν δύο ομάδες", seated A, B, A, B, A, B: S3, rules.md §1.10, §6a). No
    # source describes three teams of two. Two sides are two partnerships unless the game says
    # otherwise.
    tables=((2, 2), (1, 1), (1, 1, 1), (3, 3)),
    fields=(
        "melded_points",
        "hand_points",
        "natural_canastas",
        "mixed_canastas",
        "concealed_natural_canastas",
        "concealed_mixed_canastas",
        "wild_canastas",
        "deuce_canastas",
        "joker_canastas",
        "red_threes",
        "went_out",
        "penalty_points",
    ),
    options=COMMON_OPTIONS,
    # 4 decks + 8 jokers = 2360; a black three in hand is -100, 95 over its 5 points, for each
    # of the 8 black threes: 2360 + 760 = 3120 (rules.md §4 #10).
    decks=4,
    pack_points=3120,
    black_three_in_hand=100,  # S3
    red_threes_in_pack=8,
    black_threes_in_pack=8,
    canastas=(  # all S3
        NATURAL,
        MIXED,
        # Hidden canasta 1000 in place of its natural or mixed bonus (rules.md §6).
        CanastaKind(
            field="concealed_natural_canastas",
            bonus=1000,
            group="natural",
            min_points=35,
        ),
        CanastaKind(field="concealed_mixed_canastas", bonus=1000, group="mixed", min_points=50),
        # mixed wild (jokers and 2s) 2000
        CanastaKind(field="wild_canastas", bonus=2000, group="wild", min_points=170),
        # pure wild: seven 2s 3000 (seven jokers below)
        CanastaKind(field="deuce_canastas", bonus=3000, group="wild", min_points=140),
        CanastaKind(
            field="joker_canastas",
            bonus=3000,
            group="wild",
            min_points=350,
            max_total=1,
        ),
    ),
    mixed_max_wild=3,  # a mixed canasta: 4 to 6 naturals and 1 to 3 wild cards (S3)
    canasta_set_bonuses=(  # S3; rules.md §2.5 adds both (7 canastas: 500 + 2000)
        CanastaSetBonus(item="five_canastas", points=500, min_total=5),
        CanastaSetBonus(item="seven_canastas", points=2000, min_total=7),
    ),
    max_canastas_per_side=30,
    max_natural_canastas_total=30,
    max_mixed_canastas_total=24,
    max_wild_canastas_total=3,  # 24 wild cards
    max_canastas_total=30,  # 216 - 16 threes = 200 cards / 7 ([derived])
    going_out_bonus=200,  # closing bonus (S3)
    going_out=GoingOutRequirement(canastas=2, natural=1, mixed=1),  # S3
    # 100 each, all four 800 (S3). S3 defines no value for 5-8 (a 4-deck pack has 8): rules.md
    # §2.5's formula gives 100 each.
    red_three_values=(0, 100, 200, 300, 800, 500, 600, 700, 800),
    red_threes_positive="canastas",
    red_threes_min_canastas=1,  # S3
    melded_points_negative_without_canasta=True,  # S3
    # S3 gives nothing from 5000 (rules.md §1.10 gap): 120 stays the top band.
    initial_meld_bands=CLASSIC_BANDS,
    initial_meld_top=120,
    targets=((2, 7000), (3, 7000)),  # S3 normal game; rules.md §6
)
