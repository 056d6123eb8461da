"""Classic family (rules.md §1.1, §2.1): Classic for 2 to 6 players, Uruguayan, British."""

from __future__ import annotations

from dataclasses import replace

from scoring.rules.common import CLASSIC_BANDS, CLASSIC_CANASTAS, CLASSIC_FIELDS, CLASSIC_OPTIONS
from scoring.rules.ruleset import GoingOutRequirement, RuleSet

CLASSIC = RuleSet(
    key="classic",
    name="Classic Canasta (4 players, 2 partnerships)",
    tables=((2, 2),),  # S0, S4, PAG via GH-NL
    fields=CLASSIC_FIELDS,
    options=CLASSIC_OPTIONS,
    decks=2,
    pack_points=1180,  # 2 decks + 4 jokers (rules.md §1.0, [derived])
    red_threes_in_pack=4,
    black_threes_in_pack=4,
    canastas=CLASSIC_CANASTAS,
    mixed_max_wild=3,  # at most 3 wild cards, so 4 naturals (S0, S4, PAG via GH-NL; §4 #11)
    # One meld per rank (4..A = 11 ranks) per side; a natural canasta takes 7 of a rank's 8
    # cards; 12 wild cards; 100 non-three cards / 7 (rules.md §1.1, §4 #12, [derived]).
    max_canastas_per_side=11,
    max_natural_canastas_total=11,
    max_mixed_canastas_total=12,
    max_wild_canastas_total=0,
    max_canastas_total=14,
    going_out_bonus=100,  # S0, S4, BRIT, PAG
    concealed_going_out_bonus=200,  # 200 in all, not 100 + 200 (S0, S4, BRIT, PAG via GH-NL)
    going_out=GoingOutRequirement(canastas=1),  # S0, S4, BRIT, PAG via GH-NL
    # all four = 800 (S0, S4, BRIT, PAG via GH-NL)
    red_three_values=(0, 100, 200, 300, 800),
    red_threes_positive="melded",  # PAG via GH-NL, BRIT; rules.md §6 default
    red_three_in_hand_penalty=500,  # S0 table, DUM; rules.md §6
    initial_meld_bands=CLASSIC_BANDS,
    initial_meld_top=120,
    targets=((2, 5000),),  # S0, S4, PAG via GH-NL
)

CLASSIC_2P = replace(
    CLASSIC,
    key="classic-2p",
    name="Classic Canasta for 2 players",
    tables=((1, 1),),  # each for themself: S0, S4, PAG via GH-NL, BIC-2H, RG-2
    # PAG via GH-NL, BIC-2H, RG-2 (rules.md §1.1a)
    going_out=GoingOutRequirement(canastas=2),
)

CLASSIC_3P = replace(
    CLASSIC,
    key="classic-3p",
    name="Classic Canasta for 3 players (each for themself)",
    tables=((1, 1, 1),),  # basic game: S0, S4, RG-3 (rules.md §1.1b); cutthroat is not supported
    targets=((3, 5000),),  # S0, S4, RG-3
)

CLASSIC_6P = replace(
    CLASSIC,
    key="classic-6p",
    name="Classic Canasta for 6 players (3 decks)",
    tables=((3, 3), (2, 2, 2)),  # 2 teams of 3 or 3 teams of 2 (RG-6, rules.md §1.1c)
    decks=3,
    pack_points=1770,  # 3 decks + 6 jokers (rules.md §1.0)
    red_threes_in_pack=6,
    black_threes_in_pack=6,
    # Still one meld per rank per side, and 7 of a rank's 12 cards per natural canasta, so one
    # natural canasta per rank; 18 wild cards; 150 non-three cards / 7 = 21 ([derived]).
    max_mixed_canastas_total=18,
    max_canastas_total=21,
    going_out=GoingOutRequirement(canastas=2),  # RG-6
    # RG-6: 100 each for 1-4, 5 = 1000, 6 = 1200 (so 4 = 400, not the 4-player 800).
    red_three_values=(0, 100, 200, 300, 400, 1000, 1200),
    initial_meld_bands=(*CLASSIC_BANDS, (7500, 120)),
    initial_meld_top=150,  # RG-6, "150 at 7500" in the 10 000 game (single source)
    targets=((2, 10000), (3, 7500)),  # RG-6: 2 teams 10 000, 3 teams 7500
)

# Five players: a side of three against a side of two, the three taking turns to sit out one
# hand each, so that every hand is an ordinary partnership game scored as Classic, per side
# (RG-5, SK-K; S0 and S4 name the game; rules.md §1.1d). Who sat out is the table's record, not a
# scoring fact.
CLASSIC_5P = replace(
    CLASSIC,
    key="classic-5p",
    name="Classic Canasta for 5 players (a side of three against a side of two)",
    tables=((3, 2),),
)

# "Exactly the original game with its original rules" (S0, S4; rules.md §1.12): Classic under the
# name a club that plays "Uruguayan" looks for, scored exactly as Classic.
URUGUAYAN = replace(
    CLASSIC,
    key="uruguayan",
    name="Uruguayan Canasta (the original rules, as Classic)",
)

BRITISH = replace(
    CLASSIC,
    key="british",
    name="British Canasta (Acaba)",
    fields=(*CLASSIC_FIELDS, "acaba"),
    acaba_award=1500,  # S0, S4: caller's side 0, the other side 1500 (rules.md §1.9, §6)
)
