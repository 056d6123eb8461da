"""Time individual seating and report its quality as a markdown table.

Not a test. Run from the project root:

    .venv/bin/python -m bench.seating_bench [--cap SECONDS] [--seed S] [--burden]

For each field size it plans 5 rounds, 8 rounds and a full cycle (n - 1 rounds
for n = 0 mod 4) with `individual_schedule`, and seats the same night round by
round with `seat_round` as a live event would. Each run happens in a child
process and is abandoned after --cap seconds.

With --burden it seats, round by round, fields at tables of five (the spread of
the sides of three, worst after any round) and championships keeping clubs
apart (meetings of one club as partners and as opponents) instead.
"""

from __future__ import annotations

import argparse
import multiprocessing
import time

from tournaments.domain.seating import (
    SeatingHistory,
    individual_schedule,
    seat_round,
    seating_quality,
)

FIELDS = (8, 12, 16, 20, 40, 100)
# (label, players, clubs of equal size or 0, seat_round's table options)
BURDEN = (
    ("3+2", 15, 0, {"shape": (3, 2)}),
    ("3+2", 20, 0, {"shape": (3, 2)}),
    ("fours and fives", 14, 0, {"five_player_tables": True}),
    ("fours and fives", 15, 0, {"five_player_tables": True}),
    ("fours and fives", 39, 0, {"five_player_tables": True}),
    ("3+2", 16, 4, {"shape": (3, 2)}),
    ("2+2", 12, 3, {}),
    ("2+2", 16, 4, {}),
    ("2+2", 40, 5, {}),
    ("2+2", 100, 10, {}),
)


def _plan(mode: str, players: int, rounds: int, seed: int) -> list:
    if mode == "schedule":
        return individual_schedule(players, rounds, seed=seed)
    history, night = SeatingHistory(), []
    for number in range(rounds):
        seating = seat_round(range(1, players + 1), history, seed=seed + number)
        history.record(seating)
        night.append(seating)
    return night


def _run(queue: multiprocessing.Queue, mode: str, players: int, rounds: int, seed: int) -> None:
    started = time.perf_counter()
    night = _plan(mode, players, rounds, seed)
    elapsed = time.perf_counter() - started
    queue.put((elapsed, seating_quality(night, range(1, players + 1))))


def measure(mode: str, players: int, rounds: int, seed: int, cap: float) -> str:
    queue: multiprocessing.Queue = multiprocessing.Queue()
    child = multiprocessing.Process(target=_run, args=(queue, mode, players, rounds, seed))
    child.start()
    child.join(cap)
    if child.is_alive():
        child.terminate()
        child.join()
        return f"| {players} | {rounds} | {mode} | > {cap:.0f} (capped) | | | | |"
    elapsed, quality = queue.get()
    return (
        f"| {players} | {rounds} | {mode} | {elapsed:.2f} | {quality.repeated_partners} "
        f"| {quality.max_partnered} | {quality.max_meetings} | {quality.sit_out_spread} |"
    )


def _burden(players: int, clubs: int, rounds: int, seed: int, options: dict) -> tuple[float, str]:
    club_of = {p: (p - 1) % clubs for p in range(1, players + 1)} if clubs else None
    history, night = SeatingHistory(), []
    started = time.perf_counter()
    for number in range(rounds):
        seating = seat_round(range(1, players + 1), history, seed=seed + number, clubs=club_of, **options)
        history.record(seating)
        night.append(seating)
    elapsed = time.perf_counter() - started
    quality = seating_quality(night, range(1, players + 1), club_of)
    meetings = (
        f"{quality.club_partners} | {quality.club_meetings - quality.club_partners}" if clubs else " | "
    )
    return elapsed, (
        f"{quality.three_side_spread} | {quality.repeated_partners} | {quality.sit_out_spread} | {meetings}"
    )


def burden(seed: int) -> None:
    print(
        "| tables | players | clubs | rounds | seconds | side-of-three spread | repeated partners "
        "| sit-out spread | club-mates as partners | club-mates as opponents |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for label, players, clubs, options in BURDEN:
        elapsed, figures = _burden(players, clubs, 5, seed, options)
        print(f"| {label} | {players} | {clubs or ''} | 5 | {elapsed:.2f} | {figures} |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cap", type=float, default=120.0, help="seconds allowed per run")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--burden", action="store_true", help="tables of five and clubs kept apart")
    args = parser.parse_args()
    if args.burden:
        burden(args.seed)
        return
    print(
        "| players | rounds | how | seconds | repeated partners | max partnered "
        "| max meetings | sit-out spread |"
    )
    print("|---:|---:|---|---:|---:|---:|---:|---:|")
    for players in FIELDS:
        full_cycle = players - 1 if players % 4 == 0 else players
        for rounds in sorted({5, 8, full_cycle}):
            for mode in ("schedule", "round by round"):
                print(measure(mode, players, rounds, args.seed, args.cap), flush=True)


if __name__ == "__main__":
    main()
