"""Plausible classic Canasta hands for the demo club and the load benchmarks, multiples of 5 within
the pack; not a rule source (`scoring/` checks them)."""

from __future__ import annotations

import random
from typing import Any

import scoring

_CLASSIC = scoring.rules_for("classic", {})


def random_hand(rng: random.Random, totals: dict[str, int]) -> dict[str, dict[str, Any]]:
    """One hand of classic Canasta for sides NS and EW, given their totals before it."""
    out_side = rng.choice(["NS", "EW"])
    red_threes = rng.randint(0, 4)
    red_split = rng.randint(0, red_threes)
    hand: dict[str, dict[str, Any]] = {}
    for side, reds in (("NS", red_split), ("EW", red_threes - red_split)):
        minimum = scoring.initial_meld_minimum(_CLASSIC, totals.get(side, 0))
        going_out = side == out_side
        natural = rng.randint(1, 2) if going_out else rng.randint(0, 1)
        mixed = rng.randint(0, 2)
        floor = max(minimum, 35 * natural + 50 * mixed)
        melded = floor + 5 * rng.randint(0, 30)
        hand[side] = {
            "natural_canastas": natural,
            "mixed_canastas": mixed,
            "red_threes": reds,
            "went_out": going_out,
            "melded_points": melded,
            # Every player who has not gone out holds at least one card (5 points or more).
            "hand_points": 5 * (rng.randint(1, 8) if going_out else rng.randint(2, 20)),
        }
    return hand
