"""Does a hand save cost more as the game grows? CPU per save at hand 1, 10, 30, 60, 100.

A script, not a test. In one process, no network (as bench/save_profile.py): it seats one
night of REPS x len(HANDS) tables in the database of DATABASE_URL, fills each table's game
with the hands before the one it will measure (table t of level k holds hands 1..k-1), then
saves hand k at every table through the API (Django's test client, the whole middleware
stack, token authentication), the levels interleaved: round r saves one hand of each level,
in an order that turns by one each round, so that a slow minute of a shared machine falls on
every level alike. It prints the median CPU ms (`time.process_time`, this process only: the
site's Python, not PostgreSQL's work) and wall ms of a save at each level, and the ratio of the
last level to the first.

`--tree` runs another checkout's code (a copy of the project at another commit) with this
script, to measure before and after a change in the same hour; migrate its database first.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_growth \
    .venv/bin/python -m bench.save_growth --reps 15 [--tree /tmp/before]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
import uuid
from pathlib import Path


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--hands", default="1,10,30,60,100", help="the hand numbers to time")
    parser.add_argument("--reps", type=int, default=15, help="saves timed at each hand number")
    parser.add_argument(
        "--tree", default=str(Path(__file__).resolve().parents[1]), help="project tree to run"
    )
    args = parser.parse_args()
    levels = [int(n) for n in args.hands.split(",")]
    tree = Path(args.tree).resolve()
    os.chdir(tree)
    # The tree to run comes first on the path: its project and its own bench/load_bench.py (a
    # tree from before bench/ was a package imports it as a script's neighbour).
    sys.path[:0] = [str(tree), str(tree / "bench")]
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.production")
    os.environ.setdefault("DJANGO_SECRET_KEY", "bench-" + uuid.uuid4().hex)
    os.environ.setdefault("DJANGO_ALLOWED_HOSTS", "127.0.0.1")

    import load_bench  # the tree's own: sets up Django and the night

    night = load_bench.setup(args.reps * len(levels))
    from django.test import Client

    client = Client(SERVER_NAME="127.0.0.1", HTTP_AUTHORIZATION=f"Token {night['token']}")
    games = [game_id for game_id, _link in night["games"]]
    by_level = {k: games[i * args.reps : (i + 1) * args.reps] for i, k in enumerate(levels)}

    def save(game_id: int, number: int) -> None:
        body = {"number": number, "entries": load_bench.hand_for(number), "submission_id": str(uuid.uuid4())}
        response = client.post(
            f"/api/v1/games/{game_id}/hands/", json.dumps(body), content_type="application/json", secure=True
        )
        if response.status_code != 201:
            raise SystemExit(
                f"game {game_id} hand {number}: {response.status_code} {response.content[:300]!r}"
            )

    started = time.perf_counter()
    for k, level_games in by_level.items():
        for game_id in level_games:
            for number in range(1, k):
                save(game_id, number)
    filled = time.perf_counter() - started

    cpu: dict[int, list[float]] = {k: [] for k in levels}
    wall: dict[int, list[float]] = {k: [] for k in levels}
    for rep in range(args.reps):
        order = levels[rep % len(levels) :] + levels[: rep % len(levels)]
        for k in order:
            game_id = by_level[k][rep]
            w, c = time.perf_counter(), time.process_time()
            save(game_id, k)
            cpu[k].append(1000 * (time.process_time() - c))
            wall[k].append(1000 * (time.perf_counter() - w))

    print(
        f"tree {tree}; {len(games)} tables filled in {filled:.0f} s; {args.reps} saves timed per hand number"
    )
    print("| hand | CPU ms (median) | wall ms (median) | CPU ms (min - max) |\n|---:|---:|---:|---|")
    for k in levels:
        print(
            f"| {k} | {statistics.median(cpu[k]):.1f} | {statistics.median(wall[k]):.1f} | "
            f"{min(cpu[k]):.1f} - {max(cpu[k]):.1f} |"
        )
    first, last = statistics.median(cpu[levels[0]]), statistics.median(cpu[levels[-1]])
    print(f"hand {levels[-1]} / hand {levels[0]}: {last / first:.2f}")


if __name__ == "__main__":
    main()
