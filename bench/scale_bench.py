"""A hand save in a federation's database: its time, and the plan of each of its queries.

A script, not a test, for PostgreSQL (DATABASE_URL, migrated). Two steps:

- `fill`: adds many clubs' past nights to the database, SIDE_ENTRIES side entries in all
  (250 clubs x 4 nights x 5 rounds x 5 tables of 20 classic hands for 1,000,000), written
  with INSERT ... SELECT, each table with its four players seated (four players a club), and
  turns autovacuum off on the site's tables, so that PostgreSQL has
  no statistics of them until someone runs ANALYZE: a restored or freshly loaded database,
  or a live one before autovacuum catches up. Nothing is analysed.
- `measure`: seats a night of its own (bench/load_bench.py) and saves hands 1..HANDS at every
  table through the API in this process (Django's test client, the whole middleware stack,
  token authentication), timing each save (wall ms, and this process's CPU ms); then one
  correction and one retried submission per table. It prints the median and p95 of each, and
  `EXPLAIN` of every query of one new hand, one correction and one retry that reads or updates
  rows, and of the game's hands that the table page's answer to a save reads, naming the
  queries whose plan scans a whole table.
- `standings`: seats a night of its own, saves hands 1..HANDS at every table in this process,
  then times the event's standings rebuild (`services.standings_rebuild`, what the worker runs
  after a saved hand: median of --repeat runs) and prints `EXPLAIN` of each of its queries,
  naming those whose plan scans a whole table.

`--tree` runs another checkout's code with this script (measure before and after a change);
its database must be migrated by that tree.

    createdb -h 127.0.0.1 -U postgres bench_big; DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_big
    .venv/bin/python manage.py migrate
    .venv/bin/python -m bench.scale_bench fill --side-entries 1000000
    .venv/bin/python -m bench.scale_bench measure --tables 10 --hands 20
    .venv/bin/python -m bench.scale_bench standings --tables 10 --hands 3
    psql -h 127.0.0.1 -U postgres bench_big -c ANALYZE
    .venv/bin/python -m bench.scale_bench measure --tables 10 --hands 20
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

HANDS_PER_GAME = 20
TABLES, ROUNDS, NIGHTS = 5, 5, 4  # per club: 100 games, 2,000 hands, 4,000 side entries


def _django(tree: Path) -> None:
    os.chdir(tree)
    # The tree to run comes first on the path: its project and its own bench/load_bench.py.
    sys.path[:0] = [str(tree), str(tree / "bench")]
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.production")
    os.environ.setdefault("DJANGO_SECRET_KEY", "bench-" + uuid.uuid4().hex)
    os.environ.setdefault("DJANGO_ALLOWED_HOSTS", "127.0.0.1")
    import django

    django.setup()


# Each table's four seats: the club's four players (by id) at N, E, S, W, sides NS and EW.
SEATS_SQL = (
    "INSERT INTO tournaments_seat (table_id, player_id, side, position) "
    "SELECT t.id, p.id, CASE WHEN p.n %% 2 = 1 THEN 'NS' ELSE 'EW' END, (ARRAY['N', 'E', 'S', 'W'])[p.n] "
    "FROM tournaments_table t JOIN tournaments_round r ON r.id = t.round_id "
    "JOIN tournaments_event e ON e.id = r.event_id "
    "JOIN (SELECT id, club_id, row_number() OVER (PARTITION BY club_id ORDER BY id) AS n "
    "FROM clubs_player) p "
    "ON p.club_id = e.club_id AND p.n <= 4 "
    "WHERE t.id BETWEEN %s AND %s"
)


def fill(side_entries: int) -> None:
    from django.db import connection, transaction

    from clubs.models import Club, Player
    from tournaments.models import Event, Game, Round, Table

    games_per_club = NIGHTS * ROUNDS * TABLES
    clubs = max(1, side_entries // (2 * HANDS_PER_GAME * games_per_club))
    started = time.perf_counter()
    stamp = uuid.uuid4().hex[:8]
    with transaction.atomic():
        made = Club.objects.bulk_create(
            Club(name=f"Federation club {n}", slug=f"federation-{stamp}-{n}") for n in range(clubs)
        )
        events = Event.objects.bulk_create(
            Event(club=club, name=f"Night {n}", date="2026-01-01", variant="classic", status="finished")
            for club in made
            for n in range(NIGHTS)
        )
        rounds = Round.objects.bulk_create(
            Round(event=event, number=n, status="seated") for event in events for n in range(1, ROUNDS + 1)
        )
        tables = Table.objects.bulk_create(
            Table(round=round_, number=n) for round_ in rounds for n in range(1, TABLES + 1)
        )
        fields = {f.name for f in Game._meta.get_fields()}
        state = (
            {"hands_played": HANDS_PER_GAME, "next_number": HANDS_PER_GAME + 1}
            if "next_number" in fields
            else {}
        )
        games = Game.objects.bulk_create(
            Game(
                table=table,
                variant="classic",
                sides=["NS", "EW"],
                totals={"NS": 400, "EW": 400},
                initial_meld={"NS": 50, "EW": 50},
                **state,
            )
            for table in tables
        )
        low, high = games[0].pk, games[-1].pk
        Player.objects.bulk_create(Player(club=club, name=f"Member {n}") for club in made for n in range(4))
        odd = (
            {"melded_points": 50, "hand_points": 10},
            [{"item": "melded_cards", "points": 50}, {"item": "cards_in_hand", "points": -10}],
            40,
        )
        even = ({"melded_points": 0, "hand_points": 30}, [{"item": "cards_in_hand", "points": -30}], -30)
        with connection.cursor() as cursor:
            cursor.execute(SEATS_SQL, [tables[0].pk, tables[-1].pk])
            cursor.execute(
                "INSERT INTO tournaments_hand (game_id, number, submission_id, version, entered_by_side, "
                "confirmed_by_side, confirmed_via, created_at, updated_at) "
                "SELECT g.id, n, gen_random_uuid(), 1, '', '', '', now(), now() "
                "FROM tournaments_game g CROSS JOIN generate_series(1, %s) n WHERE g.id BETWEEN %s AND %s",
                [HANDS_PER_GAME, low, high],
            )
            cursor.execute(
                "INSERT INTO tournaments_sideentry (hand_id, side, entry, score, breakdown) "
                "SELECT h.id, s.side, "
                "CASE WHEN (h.number %% 2 = 1) = (s.side = 'NS') THEN %s::jsonb ELSE %s::jsonb END, "
                "CASE WHEN (h.number %% 2 = 1) = (s.side = 'NS') THEN %s ELSE %s END, "
                "CASE WHEN (h.number %% 2 = 1) = (s.side = 'NS') THEN %s::jsonb ELSE %s::jsonb END "
                "FROM tournaments_hand h CROSS JOIN (VALUES ('NS'), ('EW')) s(side) "
                "WHERE h.game_id BETWEEN %s AND %s",
                [
                    json.dumps(odd[0]),
                    json.dumps(even[0]),
                    odd[2],
                    even[2],
                    json.dumps(odd[1]),
                    json.dumps(even[1]),
                    low,
                    high,
                ],
            )
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
            "WHERE n.nspname = 'public' AND c.relkind = 'r'"
        )
        for (name,) in cursor.fetchall():
            cursor.execute(f'ALTER TABLE "{name}" SET (autovacuum_enabled = false)')
        cursor.execute("SELECT count(*) FROM tournaments_sideentry")
        (count,) = cursor.fetchone()
    print(
        f"{clubs} clubs, {len(games)} games, {len(games) * HANDS_PER_GAME} hands added in "
        f"{time.perf_counter() - started:.0f} s; {count} side entries in the database; autovacuum off, "
        "nothing analysed"
    )


def _statistics() -> str:
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT relname, reltuples, (SELECT count(*) FROM pg_stats s WHERE s.tablename = c.relname) "
            "FROM pg_class c WHERE relname IN "
            "('tournaments_sideentry', 'tournaments_hand', 'tournaments_table', 'tournaments_seat')"
        )
        rows = cursor.fetchall()
    return ", ".join(
        f"{name}: reltuples {tuples:.0f}, {stats} column statistics" for name, tuples, stats in rows
    )


def measure(tables: int, hands: int, explain: bool) -> None:
    import load_bench
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    night = load_bench.setup(tables)
    client = Client(SERVER_NAME="127.0.0.1", HTTP_AUTHORIZATION=f"Token {night['token']}")
    games = [game_id for game_id, _link in night["games"]]

    def post(game_id: int, body: dict, expected: int) -> dict:
        response = client.post(
            f"/api/v1/games/{game_id}/hands/", json.dumps(body), content_type="application/json", secure=True
        )
        if response.status_code != expected:
            raise SystemExit(f"game {game_id}: {response.status_code} {response.content[:300]!r}")
        return response.json()

    def timed(into: dict[str, list[float]], game_id: int, body: dict, expected: int) -> dict:
        w, c = time.perf_counter(), time.process_time()
        answer = post(game_id, body, expected)
        into["wall"].append(1000 * (time.perf_counter() - w))
        into["cpu"].append(1000 * (time.process_time() - c))
        return answer

    new: dict[str, list[float]] = {"wall": [], "cpu": []}
    versions: dict[tuple[int, int], int] = {}
    plans: dict[str, list[dict]] = {}
    for number in range(1, hands + 1):
        for game_id in games:
            body = {
                "number": number,
                "entries": load_bench.hand_for(number),
                "submission_id": str(uuid.uuid4()),
            }
            if explain and number == hands and game_id == games[0]:
                with CaptureQueriesContext(connection) as captured:
                    answer = post(game_id, body, 201)
                plans["new hand"] = captured.captured_queries
            else:
                answer = timed(new, game_id, body, 201)
            versions[(game_id, number)] = answer["version"]
    corrected: dict[str, list[float]] = {"wall": [], "cpu": []}
    retried: dict[str, list[float]] = {"wall": [], "cpu": []}
    middle = max(1, hands // 2)
    for game_id in games:
        body = {
            "number": middle,
            "entries": load_bench.hand_for(middle + 1),
            "expected_version": versions[(game_id, middle)],
            "submission_id": str(uuid.uuid4()),
        }
        if explain and game_id == games[0]:
            with CaptureQueriesContext(connection) as captured:
                post(game_id, body, 200)
            plans["correction"] = captured.captured_queries
            with CaptureQueriesContext(connection) as captured:
                post(game_id, body, 200)
            plans["retry"] = captured.captured_queries
            continue
        timed(corrected, game_id, body, 200)
        timed(retried, game_id, body, 200)

    print(f"{_statistics()}")
    print(f"{tables} tables x {hands} hands; then hand {middle} corrected once and the correction sent again")
    print("| save | n | wall ms median | wall ms p95 | CPU ms median |\n|---|---:|---:|---:|---:|")
    for name, figures in (("new hand", new), ("correction", corrected), ("retry", retried)):
        wall, p95 = figures["wall"], load_bench.percentile(figures["wall"], 95)
        print(
            f"| {name} | {len(wall)} | {statistics.median(wall):.1f} | {p95:.1f} | "
            f"{statistics.median(figures['cpu']):.1f} |"
        )
    if explain:
        from tournaments import selectors
        from tournaments.models import Game

        game = Game.objects.get(pk=games[0])
        with CaptureQueriesContext(connection) as captured:
            selectors.game_hands(game=game)  # what the table page's answer to a save reads
        plans["the game's hands"] = captured.captured_queries
        _explain(plans)


def standings(tables: int, hands: int, repeat: int, confirmation: bool) -> None:
    import load_bench
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from tournaments import services
    from tournaments.models import Event, Game, Hand

    night = load_bench.setup(tables)
    # With confirmation, the rebuild also reads the night's hands and side entries.
    Event.objects.filter(pk=night["event"]).update(confirmation_required=confirmation)
    for number in range(1, hands + 1):
        for game_id, _link in night["games"]:
            services.hand_record(
                game=Game(pk=game_id),
                asked=services.HandInput(
                    number=number,
                    entries=load_bench.hand_for(number),
                    submission_id=uuid.uuid4(),
                    entered_by_side="NS" if confirmation else "",
                ),
            )
    if confirmation:  # every other hand confirmed
        Hand.objects.filter(
            game_id__in=[g for g, _link in night["games"]], number__in=range(1, hands + 1, 2)
        ).update(confirmed_at=time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()))
    wall, cpu = [], []
    for _ in range(repeat):
        w, c = time.perf_counter(), time.process_time()
        services.standings_rebuild(event_id=night["event"])
        wall.append(1000 * (time.perf_counter() - w))
        cpu.append(1000 * (time.process_time() - c))
    with CaptureQueriesContext(connection) as captured:
        services.standings_rebuild(event_id=night["event"])
    print(f"{_statistics()}")
    print(
        f"{tables} tables x {hands} hands; the event's standings rebuilt {repeat} times: "
        f"{'with' if confirmation else 'without'} confirmation: "
        f"median {statistics.median(wall):.1f} ms wall, {statistics.median(cpu):.1f} ms CPU (this process)"
    )
    _explain({"standings rebuild": captured.captured_queries})


SMALL_TABLE = 10_000  # rows: a table this small is read whole faster than through an index


def _explain(plans: dict[str, list[dict]]) -> None:
    import re

    from django.db import connection

    scans: dict[str, set[str]] = {}
    for name, queries in plans.items():
        print(f"\n### {name}: {len(queries)} queries")
        for query in queries:
            sql = query["sql"]
            print(f"\n{sql[:160]}{'...' if len(sql) > 160 else ''}")
            if not sql.lstrip().upper().startswith(("SELECT", "UPDATE", "DELETE")):
                continue
            with connection.cursor() as cursor:
                cursor.execute("EXPLAIN " + sql)
                plan = [row[0] for row in cursor.fetchall()]
            for line in plan:
                print(f"    {line}")
                found = re.search(r"Seq Scan on (\w+)", line)
                if found:
                    scans.setdefault(found.group(1), set()).add(name)
    big, small = [], []
    for table, where in sorted(scans.items()):
        with connection.cursor() as cursor:
            cursor.execute(f'SELECT count(*) FROM "{table}"')
            (rows,) = cursor.fetchone()
        (small if rows < SMALL_TABLE else big).append(f"{table} ({rows} rows; {', '.join(sorted(where))})")
    print(f"\nwhole-table scans of tables of {SMALL_TABLE} rows or more:", ", ".join(big) or "none")
    print("of smaller tables (the planner's right choice there):", ", ".join(small) or "none")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("step", choices=("fill", "measure", "standings"))
    parser.add_argument("--side-entries", type=int, default=1_000_000)
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--no-explain", action="store_true")
    parser.add_argument("--repeat", type=int, default=15, help="standings: rebuilds timed")
    parser.add_argument("--confirmation", action="store_true", help="standings: the event asks for it")
    parser.add_argument(
        "--tree", default=str(Path(__file__).resolve().parents[1]), help="project tree to run"
    )
    args = parser.parse_args()
    _django(Path(args.tree).resolve())
    if args.step == "fill":
        fill(args.side_entries)
    elif args.step == "standings":
        standings(args.tables, args.hands, args.repeat, args.confirmation)
    else:
        measure(args.tables, args.hands, not args.no_explain)


if __name__ == "__main__":
    main()
