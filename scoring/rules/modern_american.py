"""Modern American (rules.md §1.2, §2.2; CLA via GH-NL)."""

from __future__ import annotations

from scoring.rules.common import COMMON_OPTIONS, MIXED, NATURAL
from scoring.rules.ruleset import CanastaKind, GoingOutRequirement, RuleSet, SpecialHand

CLA_SPECIAL_HANDS = (
    SpecialHand(name="pairs", points=2500),
    SpecialHand(name="wild_pairs", points=2000),
    SpecialHand(name="miami_pairs", points=2500),
    SpecialHand(name="zip_code", points=2500),
    SpecialHand(name="straight", points=3000),
    SpecialHand(name="garbage", points=3000),  # CLA 3000 (Pagat 2000), rules.md §6
    SpecialHand(name="blast_off", points=3000),
    SpecialHand(name="triples", points=3500),
    SpecialHand(name="quads", points=3500),
    SpecialHand(name="dream_hand_4", points=8500, wins_game=True),
    SpecialHand(name="dream_hand_5", points=8500, wins_game=True),
)
PAGAT_SPECIAL_HANDS = (  # PAG via GH-NL §2.12/§2.14
    SpecialHand(name="straight", points=3000),
    SpecialHand(name="pairs", points=2500),
    SpecialHand(name="wild_pairs", points=2000),  # pairs with 2s, 7s or aces
    SpecialHand(name="garbage", points=2000),
)

MODERN_AMERICAN = RuleSet(
    key="modern-american",
    name="Modern American Canasta (CLA)",
    tables=((2, 2),),
    fields=(
        "melded_points",
        "hand_points",
        "natural_canastas",
        "mixed_canastas",
        "sevens_canastas",
        "aces_canastas",
        "wild_canastas",
        "deuce_canastas",
        "joker_canastas",
        "red_threes",
        "black_threes",
        "went_out",
        "unfinished_aces",
        "unfinished_sevens",
        "unfinished_wild",
        "players_with_three_aces",
        "players_with_three_sevens",
        "special_hand",
        "penalty_points",
    ),
    options=(*COMMON_OPTIONS, "special_hands", "unfinished_wild_four_jokers"),
    decks=2,
    pack_points=1180,
    red_threes_in_pack=4,
    black_threes_in_pack=4,
    # Threes are laid down with a replacement draw and scored per colour (`black_threes`), never
    # melded as cards; a 3 left in hand is -5 (CLA, PAG; rules.md §6).
    black_threes_meldable=False,
    canastas=(
        NATURAL,
        MIXED,
        # 2500 each: CLA, PAG, CCOM, CJ-2. Only 8 of each rank, so one per hand (§4 #13).
        CanastaKind(
            field="sevens_canastas",
            bonus=2500,
            group="natural",
            min_points=35,
            max_total=1,
        ),
        CanastaKind(
            field="aces_canastas",
            bonus=2500,
            group="natural",
            min_points=140,
            max_total=1,
        ),
        CanastaKind(field="wild_canastas", bonus=2000, group="wild", min_points=170),
        CanastaKind(
            field="deuce_canastas",
            bonus=3000,
            group="wild",
            min_points=140,
            max_total=1,
        ),
        CanastaKind(
            field="joker_canastas",
            bonus=2500,
            group="wild",
            min_points=260,
            max_total=1,
        ),
    ),
    # One meld per rank (4..A, 11 ranks; a natural canasta takes 7 of a rank's 8 cards) plus one
    # wild meld per side; 12 wild cards hold one wild canasta ([derived]).
    mixed_max_wild=2,  # a mixed meld holds at most 2 wild cards (CLA, PAG, CCOM; §4 #11)
    max_canastas_per_side=12,
    max_natural_canastas_total=11,
    max_mixed_canastas_total=12,
    max_wild_canastas_total=1,
    max_canastas_total=14,
    going_out_bonus=100,  # CLA, PAG; no concealed bonus (GH-NL §2.7)
    going_out=GoingOutRequirement(canastas=2),  # CLA, PAG, S0, CJ-R
    red_three_values=(0, 100, 300, 500, 1000),  # per colour: CLA, PAG, CCOM, CJ-R
    red_threes_positive="swing",  # CLA & PAG: C=0 against, C=1 ignored, C>=2 for
    black_threes_scored=True,
    melded_points_negative_without_canasta=True,  # the swing: C=0 subtracts melded cards
    unfinished_aces_penalty=2500,  # CLA, PAG, CCOM, CJ-3
    unfinished_sevens_penalty=2500,
    unfinished_wild_penalty=2000,  # CLA (Pagat 2500 with all four jokers), rules.md §6
    three_aces_penalty=1500,  # per player, cumulative (CCOM, CJ-3)
    three_sevens_penalty=1500,
    special_hands=CLA_SPECIAL_HANDS,
    # CLA; negative scores need 125 too (PAG): < 3000 -> 125; 3000-4995 -> 155; >= 5000 -> 180.
    initial_meld_bands=((3000, 125), (5000, 155)),
    initial_meld_top=180,
    targets=((2, 8500),),  # CLA, PAG, S0, CJ-R
)
