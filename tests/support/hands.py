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
