"""What one hand save costs inside the site: CPU ms and queries, no network, no other process.

A script, not a test. It sets up a night as bench/load_bench.py does (in the database of
DATABASE_URL), then saves hands 1..HANDS at every table through the API in this process
(Django's test client, the whole middleware stack, token authentication) and prints the CPU
and wall time per save and the queries of one save. `--profile` adds a cProfile listing of
the measured saves, sorted by cumulative time. Run it on a quiet machine: the figures are CPU
time of this process only (PostgreSQL's own work is not in them, its wait is in the wall time).

    . ./canasta.env      # the production settings of docs/deployment.md
    .venv/bin/python -m bench.save_profile --tables 10 --hands 20
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import time
import uuid

from bench import load_bench  # sets up Django and the night

WARM_HANDS = 3  # saved before measuring: imports, caches and prepared statements are warm


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--hands", type=int, default=20, help="hands per table (at most 60)")
    parser.add_argument("--profile", action="store_true", help="print a cProfile listing")
    parser.add_argument(
        "--sort", default="cumulative", help="the listing's order: cumulative, tottime (time in each function)"
    )
    args = parser.parse_args()
    if not WARM_HANDS + 2 <= args.hands <= 60:
        raise SystemExit(f"--hands {WARM_HANDS + 2}..60")

    night = load_bench.setup(args.tables)
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    client = Client(SERVER_NAME="127.0.0.1", HTTP_AUTHORIZATION=f"Token {night['token']}")
    games = [game_id for game_id, _link in night["games"]]

    def save(game_id: int, number: int) -> None:
        body = {"number": number, "entries": load_bench.hand_for(number), "submission_id": str(uuid.uuid4())}
        response = client.post(
            f"/api/v1/games/{game_id}/hands/", json.dumps(body), content_type="application/json"
        )
        if response.status_code != 201:
            raise SystemExit(
                f"game {game_id} hand {number}: {response.status_code} {response.content[:300]!r}"
            )

    for number in range(1, WARM_HANDS + 1):
        for game_id in games:
            save(game_id, number)
    with CaptureQueriesContext(connection) as captured:
        save(games[0], WARM_HANDS + 1)
    queries = captured.captured_queries  # now: the next request clears the connection's log
    for game_id in games[1:]:
        save(game_id, WARM_HANDS + 1)

    profiler = cProfile.Profile() if args.profile else None
    wall, cpu = time.perf_counter(), time.process_time()
    if profiler:
        profiler.enable()
    for number in range(WARM_HANDS + 2, args.hands + 1):
        for game_id in games:
            save(game_id, number)
    if profiler:
        profiler.disable()
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    saves = len(games) * (args.hands - WARM_HANDS - 1)

    print(f"{saves} saves (hands {WARM_HANDS + 2}..{args.hands} at {len(games)} tables)")
    print(f"per save: {1000 * cpu / saves:.1f} ms CPU, {1000 * wall / saves:.1f} ms wall")
    print(f"queries of one save (hand {WARM_HANDS + 1}): {len(queries)}")
    for query in queries:
        print("   ", query["sql"][:120])
    if profiler:
        pstats.Stats(profiler).sort_stats(args.sort).print_stats(40)


if __name__ == "__main__":
    main()
