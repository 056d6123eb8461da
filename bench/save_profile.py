"""What one hand save costs inside the site: CPU ms and queries, no network, no other process.

A script, not a test. It sets up a night as bench/load_bench.py does (in the database of
DATABASE_URL), then saves hands 1..HANDS at every table through the API in this process
(Django's test client, the whole middleware stack, token authentication) and prints the CPU
and wall time per save and the queries of one save. `--profile` adds a cProfile listing of
the measured saves, sorted by cumulative time. Run it on a quiet machine: the figures are CPU
time of this process only (PostgreSQL's own work is not in them, its wait is in the wall time).
`--floor` also times, in the same process and the same way, the framework floor's DRF endpoint
that authenticates the token and reads one game's totals (bench/floor_urls.py), and prints the
floor's CPU per request over the save's: the ratio of the loaded site's throughputs when the
web processes' CPU is what limits them, measured where other load on the machine moves it less.

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
    parser.add_argument("--floor", action="store_true", help="the floor's one-row endpoint, for the ratio")
    parser.add_argument(
        "--form",
        action="store_true",
        help="also hands saved at the table page (its GET, then its form's POST)",
    )
    parser.add_argument(
        "--sort",
        default="cumulative",
        help="the listing's order: cumulative, tottime (time in each function)",
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
    api_cpu = 1000 * cpu / saves
    form_cpu = _form(args.tables, args.hands) if args.form else None
    if form_cpu is not None:
        print(f"per hand at the table page without its script (GET + POST): {form_cpu:.1f} ms CPU")
        form_cpu = _form(args.tables, args.hands, script=True)
        print(f"per hand at the table page with its script (preview + save): {form_cpu:.1f} ms CPU")
    if args.floor:
        floor_cpu = _floor(client, games[0], saves)
        print(
            f"floor (/floor/one-query/): {floor_cpu:.1f} ms CPU a request; floor / API save: "
            f"{floor_cpu / api_cpu:.2f}"
            + (
                f"; floor / a hand with a fifth of the tables at the page: "
                f"{floor_cpu / (0.8 * api_cpu + 0.2 * form_cpu):.2f}"
                if form_cpu is not None
                else ""
            )
        )
    print(f"queries of one save (hand {WARM_HANDS + 1}): {len(queries)}")
    for query in queries:
        print("   ", query["sql"][:120])
    if profiler:
        pstats.Stats(profiler).sort_stats(args.sort).print_stats(40)


def _form(tables: int, hands: int, script: bool = False) -> float:
    """CPU ms of this process per hand saved at the table page as bench/load_bench.py does it,
    on a night of its own: without the page's script (`script` False: the page's GET, then its
    form's POST, answered by a redirect) or with it (the live preview of the hand, then the
    save, both answered with fragments)."""
    from django.test import Client

    night = load_bench.setup(tables)
    client = Client(SERVER_NAME="127.0.0.1")
    scripted = {"HTTP_HX_REQUEST": "true"}

    def hand(link: str, number: int) -> None:
        fields = {"submission_id": str(uuid.uuid4()), "number": str(number), "expected_version": ""}
        for side, entry in load_bench.hand_for(number).items():
            for name, value in entry.items():
                fields[f"{side}-{name}"] = "on" if value is True else str(value)
        if script:
            preview = client.post(
                f"/t/{link}/hands/", {**fields, "preview": "1"}, **scripted, HTTP_HX_TARGET="preview"
            )
            response = client.post(f"/t/{link}/hands/", fields, **scripted)
            if preview.status_code != 200 or b'id="save-answer"' not in response.content:
                raise SystemExit(f"table page hand {number}: {preview.status_code}, {response.status_code}")
            return
        page = client.get(f"/t/{link}/")
        response = client.post(f"/t/{link}/hands/", fields)
        if page.status_code != 200 or response.status_code != 302:
            raise SystemExit(f"table page hand {number}: {page.status_code}, {response.status_code}")

    for _game_id, link in night["games"]:
        client.get(f"/t/{link}/")  # the page loaded once: its session and CSRF cookie
    for number in range(1, WARM_HANDS + 2):
        for _game_id, link in night["games"]:
            hand(link, number)
    cpu = time.process_time()
    for number in range(WARM_HANDS + 2, hands + 1):
        for _game_id, link in night["games"]:
            hand(link, number)
    return 1000 * (time.process_time() - cpu) / (len(night["games"]) * (hands - WARM_HANDS - 1))


def _floor(client, game_id: int, requests: int) -> float:
    """CPU ms of this process per request of the floor's one-row endpoint (after a warm-up)."""
    from django.test import override_settings

    with override_settings(ROOT_URLCONF="bench.floor_urls"):
        body = json.dumps({"game": game_id})

        def one() -> None:
            response = client.post("/floor/one-query/", body, content_type="application/json")
            if response.status_code != 201:
                raise SystemExit(f"floor: {response.status_code} {response.content[:300]!r}")

        for _ in range(20):
            one()
        cpu = time.process_time()
        for _ in range(requests):
            one()
        return 1000 * (time.process_time() - cpu) / requests


if __name__ == "__main__":
    main()
