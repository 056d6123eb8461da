"""Time the scoring engine and print the figures as a markdown table (bench/README.md, "## Scoring").

Not a test. Run from the project root:

    .venv/bin/python -m bench.scoring_bench [--seconds S] [--hands N] [--profile]

(a) Side entries scored per second in this process: a hand's JSON entries are parsed
    (`scoring.parse_entry`) and the hand is checked and scored (`scoring.score_hand`), for
    classic, samba and modern-american summary entries, classic card-count entries and classic
    total-only entries. The figure is entries (one side's result in one hand) per second,
    the best of 7 runs of about --seconds of CPU time each.
(b) A --hands hand classic sheet (default 10 000) scored end to end by `manage.py score_sheet`
    in a subprocess: interpreter and Django start-up, JSON parsing, scoring, JSON output. The
    sheet is valid: its `target` option is set above the final totals, so the game does not
    end before the last hand.

--profile prints the top of a cProfile of (a) for classic summary entries instead.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import platform
import pstats
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import scoring

ROOT = Path(__file__).resolve().parents[1]

# One hand per variant, each side's entry valid on its own and with the other side's.
HANDS: dict[str, dict[str, dict[str, Any]]] = {
    # rules.md §3.1 C1A / C1B: 1685 and 485.
    "classic": {
        "NS": {
            "natural_canastas": 1,
            "mixed_canastas": 2,
            "red_threes": 2,
            "went_out": True,
            "melded_points": 285,
            "hand_points": 5,
        },
        "EW": {"mixed_canastas": 1, "red_threes": 1, "melded_points": 150, "hand_points": 65},
    },
    # rules.md §3.5 Sa1 / Sa2 (red threes 6 and 0 over both sides).
    "samba": {
        "NS": {
            "sequence_canastas": 1,
            "natural_canastas": 1,
            "mixed_canastas": 1,
            "red_threes": 6,
            "went_out": True,
            "melded_points": 720,
            "hand_points": 10,
        },
        "EW": {"mixed_canastas": 1, "melded_points": 360, "hand_points": 140},
    },
    # rules.md §3.3 A1 / A3.
    "modern-american": {
        "NS": {
            "natural_canastas": 1,
            "mixed_canastas": 1,
            "red_threes": 2,
            "black_threes": 1,
            "went_out": True,
            "melded_points": 380,
            "hand_points": 5,
        },
        "EW": {"red_threes": 1, "melded_points": 125, "hand_points": 90},
    },
}
# The classic hand again, with each side's cards counted instead of its points added up:
# NS melds 1 joker, 2 twos, 3 aces, 14 eights-to-kings, 1 four-to-seven = 50+40+60+140+5 = 295.
CARD_HAND = {
    "NS": {
        "cards": {
            "melded": {"jokers": 1, "twos": 2, "aces": 3, "high": 14, "low": 1},
            "in_hand": {"low": 1},
        },
        "natural_canastas": 1,
        "mixed_canastas": 2,
        "red_threes": 2,
        "went_out": True,
    },
    "EW": {
        "cards": {"melded": {"twos": 1, "high": 10, "low": 6}, "in_hand": {"aces": 2, "high": 2, "low": 1}},
        "mixed_canastas": 1,
        "red_threes": 1,
    },
}
TOTAL_HAND = {"NS": {"total": 1685, "went_out": True}, "EW": {"total": 485}}

CASES: dict[str, tuple[str, dict[str, dict[str, Any]]]] = {
    "classic, summary entries": ("classic", HANDS["classic"]),
    "samba, summary entries": ("samba", HANDS["samba"]),
    "modern-american, summary entries": ("modern-american", HANDS["modern-american"]),
    "classic, card-count entries": ("classic", CARD_HAND),
    "classic, total-only entries": ("classic", TOTAL_HAND),
}


def _hand_loop(variant: str, hand: dict[str, dict[str, Any]]) -> Callable[[int], None]:
    """A function scoring `hand` n times the way a sheet does: parse each side, then score."""
    rules = scoring.rules_for(variant)
    totals = dict.fromkeys(hand, 0)
    parse, score = scoring.parse_entry, scoring.score_hand
    items = list(hand.items())

    def run(n: int) -> None:
        for index in range(n):
            entries = {side: parse(rules, raw, hand=index, side=side) for side, raw in items}
            score(rules, entries, totals, hand=index)

    return run


def entries_per_second(
    variant: str, hand: dict[str, dict[str, Any]], seconds: float, repeats: int = 7
) -> float:
    """Best of `repeats` runs of about `seconds` each, in side entries per CPU second.

    CPU time of this process (time.process_time), and the best run rather than the mean: on a
    shared machine, time spent waiting for the CPU is not the engine's.
    """
    run = _hand_loop(variant, hand)
    run(200)  # warm up
    n, elapsed = 1000, 0.0
    while elapsed < seconds / 4:  # find a batch size that takes about `seconds`
        started = time.process_time()
        run(n)
        elapsed = time.process_time() - started
        if elapsed < seconds / 4:
            n *= 4
    n = max(1000, int(n * seconds / elapsed))
    best = 0.0
    for _ in range(repeats):
        started = time.process_time()
        run(n)
        best = max(best, n * len(hand) / (time.process_time() - started))
    return best


def classic_sheet(hands: int) -> dict[str, Any]:
    """A valid classic sheet of `hands` hands, alternating who goes out.

    Totals grow by about 1000 a hand, so the `target` option is set above the final totals
    (a multiple of 5) and the game is not over before the last hand.
    """
    hand_a = HANDS["classic"]
    hand_b = {"NS": hand_a["EW"], "EW": hand_a["NS"]}
    per_pair = 1685 + 485
    target = (hands // 2 + 1) * per_pair + 5000
    return {
        "variant": "classic",
        "options": {"target": target},
        "sides": ["NS", "EW"],
        "hands": [hand_a if i % 2 == 0 else hand_b for i in range(hands)],
    }


def sheet_through_command(hands: int) -> dict[int, tuple[float, float, dict[str, Any]]]:
    """Run `manage.py score_sheet` on a `hands`-hand sheet and on a 1-hand sheet (start-up cost).

    Returns {hands: (wall seconds, CPU seconds of the child, result)}, the best of 3 runs each.
    The command runs with manage.py's own settings, as a user would run it.
    """
    out: dict[int, tuple[float, float, dict[str, Any]]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for n in (hands, 1):
            path = Path(tmp) / f"sheet-{n}.json"
            path.write_text(json.dumps(classic_sheet(n)), encoding="utf-8")
            best_wall = best_cpu = float("inf")
            for _ in range(3):
                before = resource.getrusage(resource.RUSAGE_CHILDREN)
                started = time.perf_counter()
                proc = subprocess.run(
                    [sys.executable, "manage.py", "score_sheet", str(path)],
                    cwd=ROOT,
                    capture_output=True,
                    text=True,
                    check=False,
                )
                wall = time.perf_counter() - started
                after = resource.getrusage(resource.RUSAGE_CHILDREN)
                cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
                if proc.returncode != 0:
                    raise SystemExit(f"score_sheet failed: {proc.stdout[:500]} {proc.stderr[-500:]}")
                best_wall, best_cpu = min(best_wall, wall), min(best_cpu, cpu)
            out[n] = (best_wall, best_cpu, json.loads(proc.stdout))
    return out


def profile(seconds: float) -> None:
    run = _hand_loop("classic", HANDS["classic"])
    profiler = cProfile.Profile()
    profiler.enable()
    run(int(20000 * seconds))
    profiler.disable()
    pstats.Stats(profiler).sort_stats("tottime").print_stats(18)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=0.5, help="length of one timed run (a)")
    parser.add_argument("--hands", type=int, default=10000, help="hands in the sheet of (b)")
    parser.add_argument("--profile", action="store_true", help="profile (a) for classic instead")
    args = parser.parse_args()
    if args.profile:
        profile(args.seconds)
        return

    print(f"Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} CPUs\n")
    print("| (a) parse + check + score, one process | side entries / s |")
    print("|---|---:|")
    for label, (variant, hand) in CASES.items():
        print(f"| {label} | {entries_per_second(variant, hand, args.seconds):,.0f} |", flush=True)

    runs = sheet_through_command(args.hands)
    full_wall, full_cpu, result = runs[args.hands]
    start_wall, start_cpu, _ = runs[1]
    assert len(result["hands"]) == args.hands and not result["game_over"], "the sheet ended early"
    print("\n| (b) `manage.py score_sheet`, classic sheet (best of 3) | wall s | CPU s |")
    print("|---|---:|---:|")
    print(f"| {args.hands:,} hands ({2 * args.hands:,} side entries) | {full_wall:.2f} | {full_cpu:.2f} |")
    print(f"| 1 hand (interpreter + Django start-up) | {start_wall:.2f} | {start_cpu:.2f} |")
    rate = 2 * args.hands / (full_cpu - start_cpu)
    print(
        f"| the {args.hands:,} hands alone, by difference | {full_wall - start_wall:.2f} | "
        f"{full_cpu - start_cpu:.2f} ({rate:,.0f} entries / CPU s) |"
    )


if __name__ == "__main__":
    main()
