"""Hands worked by hand from the classic rules (shared/rules.md §1.1, §2.1), for the
service, API and page tests.

HAND_A: NS went out with 1 natural + 2 mixed canastas and 2 red threes, melded 310, partner
holds 25: 310 − 25 + 500 + 2·300 + 2·100 + 100 = 1685. EW melded 150 with 1 mixed canasta
and 1 red three, holds 65: 150 − 65 + 300 + 100 = 485. (Same hand as the first of the case
classic-three-hands-running-totals.) After it NS (1685) needs 90, EW (485) needs 50.

HAND_B: EW went out with 1 natural canasta, melded 215, partner holds 25:
215 − 25 + 500 + 100 = 790. NS never melded, holds 120 with 1 red three:
−120 − 100 = −220.
"""

HAND_A = {
    "NS": {
        "natural_canastas": 1,
        "mixed_canastas": 2,
        "red_threes": 2,
        "went_out": True,
        "melded_points": 310,
        "hand_points": 25,
    },
    "EW": {"mixed_canastas": 1, "red_threes": 1, "melded_points": 150, "hand_points": 65},
}
HAND_A_SCORES = {"NS": 1685, "EW": 485}

HAND_B = {
    "NS": {"red_threes": 1, "melded_points": 0, "hand_points": 120},
    "EW": {"natural_canastas": 1, "went_out": True, "melded_points": 215, "hand_points": 25},
}
HAND_B_SCORES = {"NS": -220, "EW": 790}

# Both sides claim to have gone out: rules.md §4 check 3 (S0, S4).
HAND_TWO_OUT = {
    "NS": {"natural_canastas": 1, "went_out": True, "melded_points": 200, "hand_points": 10},
    "EW": {"natural_canastas": 1, "went_out": True, "melded_points": 200, "hand_points": 10},
}


# Hand and Foot each alone or in three partnerships (rules.md §6a; the pack one deck more than
# the players; the books to go out Pagat's 2 clean, 2 dirty, 1 wild: §1.3).
HF_OUT = {"natural_canastas": 2, "mixed_canastas": 2, "wild_canastas": 1, "went_out": True}

# Four alone (5 decks): N 850 + 1000 + 600 + 1500 + 100 = 4050; E 200 − 45 + 500 = 655;
# S 90 − 60 = 30; W never melded, −85.
HF_FOUR = (
    {
        "N": {**HF_OUT, "melded_points": 850},
        "E": {"natural_canastas": 1, "melded_points": 200, "hand_points": 45},
        "S": {"melded_points": 90, "hand_points": 60},
        "W": {"hand_points": 85},
    },
    {"N": 4050, "E": 655, "S": 30, "W": -85},
)


# The first hand of the case chilean-four-packs-seven-red-threes, with the card NS's partner still
# holds (rules.md §3's note; the case has one 5-point card): here a king, 10 points.
# NS went out: 420 − 10 + escalera 1500 + natural 500 + 7 red threes at 100 (two canastas, so
# for the side; four packs hold eight) 700 + going out 200 = 3310.
NS_SEVEN = {
    "sequence_canastas": 1,
    "natural_canastas": 1,
    "red_threes": 7,
    "went_out": True,
    "melded_points": 420,
    "hand_points": 10,
}
# EW: 480 − 65 + bolivia 2500 + mixed 300 + 1 red three (two canastas: for the side) 100 = 3315.
EW_ONE = {"wild_canastas": 1, "mixed_canastas": 1, "red_threes": 1, "melded_points": 480, "hand_points": 65}
