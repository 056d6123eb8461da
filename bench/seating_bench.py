"""Time individual seating and report its quality as a markdown table.

Not a test. Run from the project root:

    .venv/bin/python -m bench.seating_bench [--cap SECONDS] [--seed S]

For each field size it plans 5 rounds, 8 rounds and a full cycle (n - 1 rounds
for n = 0 mod 4) with `individual_schedule`, and seats the same night round by
round with `seat_round` as a live event would. Each run happens in a child
process and is abandoned after --cap seconds.
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cap", type=float, default=120.0, help="seconds allowed per run")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
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
