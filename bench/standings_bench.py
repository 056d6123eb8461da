"""Standings and ratings on PostgreSQL: a season of 200 players, 40 nights, 300,000 hands.

A script, not a test. It fills the database named by DATABASE_URL (give it a database of its
own; it must be migrated) with two clubs, unless they are there from an earlier run:

- *bench-season*: 200 players, a season of 40 league nights, each night 5 rounds of 50 tables,
  each table's game 30 classic hands (`hands_per_round` 30): 10,000 games, 300,000 hands,
  600,000 side entries;
- *bench-ratings*: 200 players, 400 nights of 5 rounds of 50 tables, one hand a game
  (`hands_per_round` 1): 100,000 finished games for the ratings.

Rows are written with `bulk_create` (no history rows: the bench needs none). Every hand is a
valid classic entry: a few game shapes (30-hand sequences drawn from a palette of small
hands, and their mirror images) are scored once each by the service's own `game_score`
(the rules engine), and each game copies one shape's entries, scores, breakdowns, totals,
game_over, winner and draw. Then it times, wall seconds:

- (a) `standings_rebuild` of each of the 40 nights, then the season table
  (`selectors.season_standings`), over the stored standings as they are;
- (a1) the same after one game of each night had its result turned round (its sides' totals
  and the winner swapped, as a correction does): what the task after a saved hand finds;
- (a0) the same with no standings stored (every row written);
- (b) `ratings_rebuild` of the ratings club (100,000 games) over the stored ratings as they
  are (the nightly refresh);
- (b1) the same after the game halfway through the club's order had its result turned round
  (a correction: the history from that game on changes);
- (b0) the same with no ratings or history stored (400,000 history rows written).

Each scenario's changes are undone afterwards (the game turned back, the standings or ratings
rebuilt, untimed), so every run starts from the same data, and each timed run after a VACUUM
ANALYZE of the tables the rebuilds rewrite (what autovacuum does in a live database). Besides
the wall time, the CPU time of this process and its PostgreSQL backend (from /proc).

`--tree` runs another checkout's services and selectors (a copy of the project at another
commit, same database schema) with this script; `--compare` runs this tree and another one
alternately in child processes, `--rounds` times each, and prints the medians side by side.

    createdb -h 127.0.0.1 -U postgres bench6
    export DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench6
    .venv/bin/python manage.py migrate
    .venv/bin/python -m bench.standings_bench [--repeat 3] [--profile standings|ratings]
    git worktree add --detach /tmp/before <commit>
    .venv/bin/python -m bench.standings_bench --compare /tmp/before --rounds 5
"""

from __future__ import annotations

import argparse
import cProfile
import datetime
import json
import os
import pstats
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

PLAYERS = 200
ROUNDS = 5
SHAPES = 24  # distinct game shapes, each also played mirrored (NS and EW swapped)


def palette() -> list[dict]:
    """Small valid classic hands: one side melds a little (at least the 50 opening minimum
    below 1,500) and the other is caught with cards. Thirty of them never take a side past
    1,200, so the opening minimum stays 50 and no game ends by the target."""
    hands = []
    for melded in (50, 60, 70):
        for held in (10, 20):
            for caught in (10, 20, 30):
                maker = {"melded_points": melded, "hand_points": held}
                other = {"melded_points": 0, "hand_points": caught}
                hands.append({"NS": maker, "EW": other})
                hands.append({"NS": other, "EW": maker})
    return hands


def shapes(hands_per_game: int, rng: random.Random) -> list[dict]:
    """Scored game shapes: entries, scores and breakdowns per hand, and the game's result."""
    from tournaments.models import Game
    from tournaments.services import game_score

    pal = palette()
    probe = Game(variant="classic", options={}, sides=["NS", "EW"], hands_planned=hands_per_game)
    out = []
    for _ in range(SHAPES):
        picks = [rng.randrange(len(pal)) for _ in range(hands_per_game)]
        for mirror in (False, True):
            hands = [pal[i] for i in picks]
            if mirror:
                hands = [{"NS": h["EW"], "EW": h["NS"]} for h in hands]
            result = game_score(game=probe, hands=hands)
            assert result["game_over"], "a shape must end at its hands_per_round"
            out.append(
                {
                    "hands": [
                        {
                            side: (hand[side], scored[side]["score"], scored[side]["breakdown"])
                            for side in hand
                        }
                        for hand, scored in zip(hands, result["hands"], strict=True)
                    ],
                    "totals": result["totals"],
                    "winner": result["winner"] or "",
                    "draw": result["draw"],
                }
            )
    return out


def generate(
    slug: str,
    nights: int,
    tables: int,
    hands_per_game: int,
    seed: int,
    with_season: bool,
    *,
    club=None,
    first_date: datetime.date = datetime.date(2026, 1, 2),
) -> None:
    """The club `slug` (or the past of `club`, with players of its own), a night a week from
    `first_date`."""
    from django.db import transaction

    from clubs.models import Club, Player
    from tournaments.models import Event, Game, Hand, Participant, Round, Season, Seat, SideEntry, Table
    from tournaments.services.rounds import _opening_minimums

    rng = random.Random(seed)
    game_shapes = shapes(hands_per_game, rng)
    start = time.perf_counter()
    club = club or Club.objects.create(name=slug, slug=slug)
    players = Player.objects.bulk_create(Player(club=club, name=f"{slug} {i:03d}") for i in range(PLAYERS))
    ids = [p.pk for p in players]
    season = Season.objects.create(club=club, name=f"{slug} season") if with_season else None
    minimums = _opening_minimums("classic", {}, ["NS", "EW"], 2)
    for night in range(nights):
        with transaction.atomic():
            event = Event.objects.create(
                club=club,
                name=f"Night {night + 1}",
                date=first_date + datetime.timedelta(days=7 * night),
                variant="classic",
                hands_per_round=hands_per_game,
                status=Event.Status.FINISHED,
                season=season,
            )
            Participant.objects.bulk_create(Participant(event=event, player_id=p) for p in ids)
            rounds = Round.objects.bulk_create(
                Round(event=event, number=n, status=Round.Status.SEATED) for n in range(1, ROUNDS + 1)
            )
            table_rows = Table.objects.bulk_create(
                Table(round=r, number=t, access_token=f"{slug}-{r.pk}-{t}")
                for r in rounds
                for t in range(1, tables + 1)
            )
            seats, games, chosen = [], [], []
            for index, table in enumerate(table_rows):
                if index % tables == 0:
                    order = ids[:]
                    rng.shuffle(order)
                four = order[(index % tables) * 4 : (index % tables) * 4 + 4]
                for player, side, position in zip(four, ("NS", "NS", "EW", "EW"), "NSEW", strict=True):
                    seats.append(Seat(table=table, player_id=player, side=side, position=position))
                shape = rng.choice(game_shapes)
                chosen.append(shape)
                games.append(
                    Game(
                        table=table,
                        variant="classic",
                        options={},
                        sides=["NS", "EW"],
                        hands_planned=hands_per_game,
                        totals=shape["totals"],
                        initial_meld=minimums,
                        game_over=True,
                        winner=shape["winner"],
                        is_draw=shape["draw"],
                        hands_played=hands_per_game,
                        next_number=hands_per_game + 1,
                    )
                )
            Seat.objects.bulk_create(seats, batch_size=5000)
            games = Game.objects.bulk_create(games, batch_size=5000)
            hands = Hand.objects.bulk_create(
                (
                    Hand(game=game, number=n)
                    for game, shape in zip(games, chosen, strict=True)
                    for n in range(1, len(shape["hands"]) + 1)
                ),
                batch_size=5000,
            )
            entries = []
            position = 0
            for shape in chosen:
                for hand_shape in shape["hands"]:
                    hand = hands[position]
                    position += 1
                    for side, (entry, score, breakdown) in hand_shape.items():
                        entries.append(
                            SideEntry(hand=hand, side=side, entry=entry, score=score, breakdown=breakdown)
                        )
            SideEntry.objects.bulk_create(entries, batch_size=5000)
        if night % 10 == 9 or night == nights - 1:
            print(f"  {slug}: {night + 1}/{nights} nights, {time.perf_counter() - start:.0f} s", flush=True)


SCENARIOS = {
    "a": "(a) 40 nights' standings + season table, standings as stored",
    "a1": "(a1) the same, one game of each night turned round",
    "a0": "(a0) the same, no standings stored",
    "b": "(b) ratings, 100,000 games, ratings as stored",
    "b1": "(b1) the same, the game halfway turned round",
    "b0": "(b0) the same, no ratings stored",
}


def turn_round(game_ids: list[int]) -> None:
    """Swap the two sides' totals and the winner of each game (none of them a draw)."""
    from tournaments.models import Game

    for game in Game.objects.filter(pk__in=game_ids).only("pk", "sides", "totals", "winner"):
        first, second = game.sides
        totals = {first: game.totals[second], second: game.totals[first]}
        winner = second if game.winner == first else first
        Game.objects.filter(pk=game.pk).update(totals=totals, winner=winner)


def backend_cpu(pid: int) -> float:
    """CPU seconds (user + system) of the PostgreSQL backend process `pid`, from /proc: the
    server runs on this machine. NaN where /proc cannot tell."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return float("nan")
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def timed(fn, backend: int) -> tuple[float, float]:
    """Wall seconds of `fn()`, and CPU seconds of this process and the database backend
    together (less moved by other work on a shared machine than the wall time)."""
    wall, cpu, server = time.perf_counter(), time.process_time(), backend_cpu(backend)
    fn()
    cpu = time.process_time() - cpu + backend_cpu(backend) - server
    return time.perf_counter() - wall, cpu


def run(args: argparse.Namespace) -> dict[str, list[float]]:
    """Set up Django on the tree to run, generate the data if need be, time the scenarios."""
    tree = Path(args.tree).resolve()
    os.chdir(tree)  # Django's set-up (Celery's app loader) puts the working directory on the path
    sys.path.insert(0, str(tree))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.base")
    import django

    django.setup()
    from django.db import connection

    from clubs.models import Club
    from tournaments import selectors
    from tournaments.models import Event, Game, Hand, Rating, RatingHistory, Season, SideEntry, Standing
    from tournaments.services import ratings_rebuild, standings_rebuild

    assert connection.vendor == "postgresql", "run it on PostgreSQL (DATABASE_URL)"
    if not Club.objects.filter(slug="bench-season").exists():
        generate("bench-season", args.nights, 50, 30, seed=1, with_season=True)
    if not Club.objects.filter(slug="bench-ratings").exists():
        generate("bench-ratings", args.rating_nights, 50, 1, seed=2, with_season=False)

    def vacuum() -> None:
        """What autovacuum does in a live database between rebuilds (a server may run without
        it: the one these figures come from did): the dead rows of the tables the rebuilds
        rewrite made reusable, their statistics fresh."""
        tables = [model._meta.db_table for model in (Standing, Rating, RatingHistory, Game)]
        with connection.cursor() as cursor:
            cursor.execute(f"VACUUM ANALYZE {', '.join(tables)}")

    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")  # fresh planner statistics after the bulk load, as autovacuum gives
    vacuum()
    season_club = Club.objects.get(slug="bench-season")
    ratings_club = Club.objects.get(slug="bench-ratings")
    season = Season.objects.get(club=season_club)
    event_ids = list(Event.objects.filter(season=season).order_by("date").values_list("pk", flat=True))
    if not args.json:
        print(
            f"season: {len(event_ids)} nights, "
            f"{Game.objects.filter(table__round__event__club=season_club).count():,} games, "
            f"{Hand.objects.filter(game__table__round__event__club=season_club).count():,} hands, "
            f"{SideEntry.objects.filter(hand__game__table__round__event__club=season_club).count():,} "
            f"entries; ratings club: "
            f"{Game.objects.filter(table__round__event__club=ratings_club).count():,} games; "
            f"code of {Path(sys.modules[standings_rebuild.__module__].__file__).parents[2]}"
        )
    # One decided game of each night (its first table of round 3), and the decided game halfway
    # through the ratings club's order.
    night_games = [
        Game.objects.filter(table__round__event_id=event_id, table__round__number=3, is_draw=False)
        .order_by("table__number")
        .values_list("pk", flat=True)
        .first()
        for event_id in event_ids
    ]
    rated = Game.objects.filter(table__round__event__club=ratings_club, is_draw=False).order_by(
        "table__round__event__date", "table__round__event_id", "table__round__number", "table__number"
    )
    halfway = [rated.values_list("pk", flat=True)[rated.count() // 2]]

    def season_rebuild() -> None:
        for event_id in event_ids:
            standings_rebuild(event_id=event_id)
        selectors.season_standings(season=season)

    def ratings() -> None:
        ratings_rebuild(club_id=ratings_club.pk)

    if args.profile:
        profiler = cProfile.Profile()
        profiler.runcall(season_rebuild if args.profile == "standings" else ratings)
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(25)
        return {}

    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        backend = cursor.fetchone()[0]  # the one connection of this process (CONN_MAX_AGE)
    times: dict[str, list[float]] = {}
    scenarios = {
        "standings": ["a", "a1", "a0"],
        "ratings": ["b", "b1", "b0"],
    }
    for _ in range(args.repeat):
        for part in ["standings", "ratings"] if args.only is None else [args.only]:
            for name in scenarios[part]:
                if name == "a1":
                    turn_round(night_games)
                elif name == "a0":
                    Standing.objects.filter(event__season=season).delete()
                elif name == "b1":
                    turn_round(halfway)
                elif name == "b0":
                    RatingHistory.objects.filter(player__club=ratings_club).delete()
                    Rating.objects.filter(player__club=ratings_club).delete()
                vacuum()
                wall, cpu = timed(season_rebuild if part == "standings" else ratings, backend)
                times.setdefault(name, []).append(wall)
                times.setdefault(f"{name} cpu", []).append(cpu)
                if name == "a1":
                    turn_round(night_games)
                    season_rebuild()
                elif name == "b1":
                    turn_round(halfway)
                    ratings()
                if not args.json:
                    print(f"{SCENARIOS[name]}: {wall:.2f} s, CPU {cpu:.2f} s", flush=True)
    return times


def compare(args: argparse.Namespace) -> None:
    """Run the other tree and this one alternately in child processes; print the medians."""
    trees = {"before": Path(args.compare).resolve(), "after": Path(__file__).resolve().parents[1]}
    runs: dict[str, dict[str, list[float]]] = {"before": {}, "after": {}}
    loads: list[float] = []
    for round_number in range(args.rounds):
        for label, tree in trees.items():
            command = [sys.executable, str(Path(__file__).resolve()), "--tree", str(tree)]
            command += ["--repeat", str(args.repeat), "--json"]
            if args.only:
                command += ["--only", args.only]
            loads.append(os.getloadavg()[0])
            child = subprocess.run(command, capture_output=True, text=True, check=True)
            loads.append(os.getloadavg()[0])
            result = json.loads(child.stdout.strip().splitlines()[-1])
            for name, values in result.items():
                runs[label].setdefault(name, []).extend(values)
            print(
                f"round {round_number + 1} {label} (load {loads[-2]:.1f} to {loads[-1]:.1f}): "
                + ", ".join(f"{name} {statistics.median(values):.2f}" for name, values in result.items()),
                flush=True,
            )
    print(f"\nload average (1 min) during the runs: {min(loads):.1f} to {max(loads):.1f}")
    print(f"{args.rounds} rounds of {args.repeat} run(s) each; medians, seconds")
    print("(CPU: this process and its PostgreSQL backend)\n")
    print("| | before | after | before / after | CPU before | CPU after | before / after |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for name, label in SCENARIOS.items():
        if name not in runs["after"]:
            continue
        row = []
        for key in (name, f"{name} cpu"):
            before = statistics.median(runs["before"][key])
            after = statistics.median(runs["after"][key])
            row += [f"{before:.2f}", f"{after:.2f}", f"{before / after:.1f}"]
        print(f"| {label} | " + " | ".join(row) + " |")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--nights", type=int, default=40)
    parser.add_argument("--rating-nights", type=int, default=400)
    parser.add_argument("--profile", choices=["standings", "ratings"])
    parser.add_argument("--only", choices=["standings", "ratings"])
    parser.add_argument("--tree", default=str(ROOT), help="the project tree whose code to run")
    parser.add_argument("--compare", help="another project tree to run alternately with this one")
    parser.add_argument("--rounds", type=int, default=5, help="with --compare: runs of each tree")
    parser.add_argument("--json", action="store_true", help="print the times as one JSON line")
    args = parser.parse_args()
    if args.compare:
        compare(args)
        return
    times = run(args)
    if args.json:
        print(json.dumps(times))
    elif times:
        print()
        for name, label in SCENARIOS.items():
            if name in times:
                print(
                    f"{label}: median {statistics.median(times[name]):.2f} s "
                    f"(CPU {statistics.median(times[f'{name} cpu']):.2f} s), runs "
                    + ", ".join(f"{t:.2f}" for t in times[name])
                )


if __name__ == "__main__":
    main()
