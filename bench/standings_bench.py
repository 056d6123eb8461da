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
game_over, winner and draw. Then it times:

- (a) `standings_rebuild` of each of the 40 nights, then the season table
  (`selectors.season_standings`), wall seconds, best of --repeat;
- (b) `ratings_rebuild` of the ratings club (100,000 games), wall seconds, best of --repeat.

    createdb -h 127.0.0.1 -U postgres bench6
    export DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench6
    .venv/bin/python manage.py migrate
    .venv/bin/python -m bench.standings_bench [--repeat 3] [--profile standings|ratings]
"""

from __future__ import annotations

import argparse
import cProfile
import datetime
import os
import pstats
import random
import time

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


def generate(slug: str, nights: int, tables: int, hands_per_game: int, seed: int, with_season: bool) -> None:
    from django.db import transaction

    from clubs.models import Club, Player
    from tournaments.models import Event, Game, Hand, Participant, Round, Season, Seat, SideEntry, Table
    from tournaments.services.rounds import _opening_minimums

    rng = random.Random(seed)
    game_shapes = shapes(hands_per_game, rng)
    start = time.perf_counter()
    club = Club.objects.create(name=slug, slug=slug)
    players = Player.objects.bulk_create(Player(club=club, name=f"Player {i:03d}") for i in range(PLAYERS))
    ids = [p.pk for p in players]
    season = Season.objects.create(club=club, name=f"{slug} season") if with_season else None
    minimums = _opening_minimums("classic", {}, ("NS", "EW"))
    first_date = datetime.date(2026, 1, 2)
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


def best_of(repeat: int, fn) -> tuple[float, object]:
    times, value = [], None
    for _ in range(repeat):
        began = time.perf_counter()
        value = fn()
        times.append(time.perf_counter() - began)
    return min(times), (value, times)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--nights", type=int, default=40)
    parser.add_argument("--rating-nights", type=int, default=400)
    parser.add_argument("--profile", choices=["standings", "ratings"])
    args = parser.parse_args()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.base")
    import django

    django.setup()
    from django.db import connection

    from clubs.models import Club
    from tournaments import selectors
    from tournaments.models import Event, Game, Hand, Season, SideEntry
    from tournaments.services import ratings_rebuild, standings_rebuild

    assert connection.vendor == "postgresql", "run it on PostgreSQL (DATABASE_URL)"
    if not Club.objects.filter(slug="bench-season").exists():
        generate("bench-season", args.nights, 50, 30, seed=1, with_season=True)
    if not Club.objects.filter(slug="bench-ratings").exists():
        generate("bench-ratings", args.rating_nights, 50, 1, seed=2, with_season=False)

    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")  # fresh planner statistics after the bulk load, as autovacuum gives
    season_club = Club.objects.get(slug="bench-season")
    ratings_club = Club.objects.get(slug="bench-ratings")
    season = Season.objects.get(club=season_club)
    event_ids = list(Event.objects.filter(season=season).order_by("date").values_list("pk", flat=True))
    print(
        f"season: {len(event_ids)} nights, "
        f"{Game.objects.filter(table__round__event__club=season_club).count():,} games, "
        f"{Hand.objects.filter(game__table__round__event__club=season_club).count():,} hands, "
        f"{SideEntry.objects.filter(hand__game__table__round__event__club=season_club).count():,} entries; "
        f"ratings club: {Game.objects.filter(table__round__event__club=ratings_club).count():,} games"
    )

    def season_rebuild():
        for event_id in event_ids:
            standings_rebuild(event_id=event_id)
        return selectors.season_standings(season=season)

    def ratings():
        return ratings_rebuild(club_id=ratings_club.pk)

    if args.profile:
        profiler = cProfile.Profile()
        profiler.runcall(season_rebuild if args.profile == "standings" else ratings)
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(25)
        return

    seconds, (rows, runs) = best_of(args.repeat, season_rebuild)
    print(
        f"(a) standings of {len(event_ids)} nights + season table ({len(rows)} rows): "
        f"best {seconds:.2f} s, runs " + ", ".join(f"{t:.2f}" for t in runs)
    )
    seconds, (rated, runs) = best_of(args.repeat, ratings)
    print(
        f"(b) ratings_rebuild, {rated} players: best {seconds:.2f} s, runs "
        + ", ".join(f"{t:.2f}" for t in runs)
    )


if __name__ == "__main__":
    main()
