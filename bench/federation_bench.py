"""A federation's ratings on PostgreSQL: 160 member clubs, their people, a year of nights.

Data (generated once into the database, kept for later runs), federation `bench-federation`:
- `--clubs` clubs (160), each with 4 x `--tables` players (100), every one linked to a person;
  one player in 20 is a person who also plays at the next club (a person of two clubs);
- each club `--nights` ranked nights (25) of 5 rounds of `--tables` tables (25), one finished
  Classic game a table: 160 x 25 x 5 x 25 = 500,000 games; no hand rows (the rebuild reads the
  games' totals and results; no event asks for confirmation).

Timed (wall seconds, and CPU seconds of this process and its PostgreSQL backend, from /proc):
- (f0) `federation_ratings_rebuild` with nothing stored (every history row written);
- (f) the same over the ratings as stored (what the nightly refresh, or a game's save, runs);
- (r) the federation's ranking of Classic over every night (`selectors.federation_ranking`),
  and the number of queries each took (no query a person: the counts do not grow with them);
- (g) `federation_game_rate`, a game saved at the end of its people's games: `--games` games
  (each the last of its four people: tables of the last round of a club's last night), each
  first unrated (its history rows deleted, its people's ratings put back to those before it,
  untimed), then rated by itself (timed), its rows compared with the rebuild's, and all rolled
  back; the median and the spread in ms;
- (p) the pages, through Django's test client (view, template, paging): the federation's
  ranking of Classic (its first page, and page 100), each read again after a name changed (the
  stamp of the names renewed before each load), page 1 after a rated game (a rating row
  written anew before each load: the names kept) and each from what is kept, and
  for comparison a club's ranking page (the first club, its own ratings built first, untimed):
  median of `--pages` loads each. With `CACHE_URL` (a Redis) the cache is the site's.

    createdb -h 127.0.0.1 -U postgres benchfed
    export DATABASE_URL=postgres://postgres@127.0.0.1:5432/benchfed
    .venv/bin/python manage.py migrate
    .venv/bin/python -m bench.federation_bench [--nights 5] [--repeat 3]
"""

from __future__ import annotations

import argparse
import datetime
import os
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ROUNDS = 5


def generate(clubs: int, nights: int, tables: int, seed: int) -> None:
    from django.db import transaction

    from clubs.models import Club, Federation, FederationClub, Person, Player
    from clubs.names import name_words_key
    from clubs.numbers import number_key
    from tournaments.models import Event, Game, Round, Seat, Table

    rng = random.Random(seed)
    start = time.perf_counter()
    federation = Federation.objects.create(name="Bench federation", slug="bench-federation")
    first = datetime.date(2026, 1, 2)
    per_club = 4 * tables
    for c in range(clubs):
        with transaction.atomic():
            club = Club.objects.create(name=f"Bench club {c:03d}", slug=f"bench-club-{c:03d}")
            FederationClub.objects.create(federation=federation, club=club, joined_on=first)
            people = Person.objects.bulk_create(
                Person(
                    federation=federation,
                    member_number=f"B{c:03d}-{i:03d}",
                    number_key=number_key(f"B{c:03d}-{i:03d}"),  # bulk_create skips Person.save
                    name=f"Person {c:03d} {i:03d}",
                    name_words=name_words_key(f"Person {c:03d} {i:03d}"),
                )
                for i in range(per_club)
            )
            # One player in 20 of the club before is the same person, playing here too.
            visiting = (
                [] if c == 0 else list(Person.objects.filter(member_number__startswith=f"B{c - 1:03d}-"))
            )
            players = Player.objects.bulk_create(
                Player(
                    club=club,
                    name=f"Player {c:03d} {i:03d}",
                    person=visiting[i] if visiting and i % 20 == 0 else people[i],
                )
                for i in range(per_club)
            )
            ids = [p.pk for p in players]
            for night in range(nights):
                event = Event.objects.create(
                    club=club,
                    name=f"Night {night + 1}",
                    date=first + datetime.timedelta(days=7 * night + c % 7),
                    variant="classic",
                    hands_per_round=1,
                    status=Event.Status.FINISHED,
                )
                rounds = Round.objects.bulk_create(
                    Round(event=event, number=n, status=Round.Status.SEATED) for n in range(1, ROUNDS + 1)
                )
                table_rows = Table.objects.bulk_create(
                    Table(round=r, number=t, access_token=f"f{c}-{r.pk}-{t}")
                    for r in rounds
                    for t in range(1, tables + 1)
                )
                seats, games = [], []
                for index, table in enumerate(table_rows):
                    if index % tables == 0:
                        order = ids[:]
                        rng.shuffle(order)
                    four = order[(index % tables) * 4 : (index % tables) * 4 + 4]
                    for player, side, position in zip(four, ("NS", "NS", "EW", "EW"), "NSEW", strict=True):
                        seats.append(Seat(table=table, player_id=player, side=side, position=position))
                    ns, ew = rng.randrange(0, 5000, 10), rng.randrange(0, 5000, 10)
                    games.append(
                        Game(
                            table=table,
                            variant="classic",
                            options={},
                            sides=["NS", "EW"],
                            hands_planned=1,
                            totals={"NS": ns, "EW": ew},
                            game_over=True,
                            winner="" if ns == ew else ("NS" if ns > ew else "EW"),
                            is_draw=ns == ew,
                            hands_played=1,
                            next_number=2,
                        )
                    )
                Seat.objects.bulk_create(seats, batch_size=5000)
                Game.objects.bulk_create(games, batch_size=5000)
        if c % 10 == 9 or c == clubs - 1:
            print(f"  {c + 1}/{clubs} clubs, {time.perf_counter() - start:.0f} s", flush=True)


def backend_cpu(pid: int) -> float:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return float("nan")
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clubs", type=int, default=160)
    parser.add_argument("--nights", type=int, default=25)
    parser.add_argument("--tables", type=int, default=25)
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--games", type=int, default=9)
    parser.add_argument("--pages", type=int, default=5)
    parser.add_argument("--only", choices=("rebuild", "game", "pages"), default=None)
    args = parser.parse_args()
    os.chdir(ROOT)
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.base")
    import django

    django.setup()
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from clubs.models import Federation
    from tournaments import selectors
    from tournaments.models import Game, PersonRating, PersonRatingHistory
    from tournaments.selectors import RankingPeriod
    from tournaments.services import federation_ratings_rebuild

    assert connection.vendor == "postgresql", "run it on PostgreSQL (DATABASE_URL)"
    if not Federation.objects.filter(slug="bench-federation").exists():
        generate(args.clubs, args.nights, args.tables, seed=7)
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")
    federation = Federation.objects.get(slug="bench-federation")
    games = Game.objects.filter(table__round__event__club__federation_places__federation=federation).count()
    print(
        f"{federation.clubs.count()} clubs, {federation.people.count():,} people, {games:,} games", flush=True
    )
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        backend = cursor.fetchone()[0]

    def timed(label: str, fn) -> None:
        with connection.cursor() as cursor:
            cursor.execute("VACUUM ANALYZE tournaments_personratinghistory")
            cursor.execute("VACUUM ANALYZE tournaments_personrating")
        connection.queries_log.clear()  # the generation's queries filled the log
        wall, cpu, server = time.perf_counter(), time.process_time(), backend_cpu(backend)
        with CaptureQueriesContext(connection) as queries:
            fn()
        cpu = time.process_time() - cpu + backend_cpu(backend) - server
        print(
            f"{label}: {time.perf_counter() - wall:.2f} s wall, {cpu:.2f} s CPU, {len(queries)} queries",
            flush=True,
        )

    if not PersonRating.objects.filter(person__federation=federation).exists():
        federation_ratings_rebuild(federation_id=federation.pk)
    if args.only in (None, "game"):
        game_rate(federation, args.games)
    if args.only in (None, "pages"):
        pages(federation, args.pages)
    if args.only not in (None, "rebuild"):
        return
    for _ in range(args.repeat):
        PersonRatingHistory.objects.filter(person__federation=federation).delete()
        PersonRating.objects.filter(person__federation=federation).delete()
        timed("(f0) rebuild, nothing stored", lambda: federation_ratings_rebuild(federation_id=federation.pk))
        timed(
            "(f) rebuild, ratings as stored", lambda: federation_ratings_rebuild(federation_id=federation.pk)
        )
        timed(
            "(r) ranking of Classic, every night",
            lambda: selectors.federation_ranking(
                federation=federation, group="classic", period=RankingPeriod()
            ),
        )
    print(f"{PersonRatingHistory.objects.filter(person__federation=federation).count():,} history rows")


def game_rate(federation, count: int) -> None:
    """(g): see the module docstring."""
    import statistics

    from django.db import transaction

    from tournaments import services
    from tournaments.domain import ratings
    from tournaments.models import Event, Game, PersonRating, PersonRatingHistory

    columns = ("person_id", "game_id", *services.RATING_HISTORY_COLUMNS[2:])
    last_nights = [
        Event.objects.filter(club=place.club).order_by("-date", "-pk").first()
        for place in federation.clubs.select_related("club").order_by("club_id")[:count]
    ]
    times, outcomes = [], []
    for night in last_nights:
        games = Game.objects.filter(table__round__event=night)
        for game in games.order_by("-table__round__number", "table__number")[:25]:
            with transaction.atomic():
                rows = PersonRatingHistory.objects.filter(game=game, person__federation=federation)
                rated = sorted(rows.values_list(*columns))
                ratings_after = sorted(
                    PersonRating.objects.filter(person_id__in=[r[0] for r in rated]).values_list(
                        "person_id", "group", "mu", "sigma", "ordinal", "games", "provisional"
                    )
                )
                # Unrated: its rows gone, its people's ratings those after their game before it.
                rows.delete()
                for person_id, group, *_rest in ratings_after:
                    before = PersonRatingHistory.objects.filter(person_id=person_id, group=group).order_by(
                        "-sequence"
                    )
                    last = before.values_list("mu", "sigma", "sequence").first()
                    PersonRating.objects.filter(person_id=person_id, group=group).delete()
                    if last is not None:
                        r = ratings.player_rating(person_id, (last[0], last[1]), last[2])
                        PersonRating.objects.create(
                            person_id=person_id,
                            group=group,
                            mu=r.mu,
                            sigma=r.sigma,
                            ordinal=r.ordinal,
                            games=r.games,
                            provisional=r.provisional,
                        )
                start = time.perf_counter()
                outcome = services.federation_game_rate(game_id=game.pk)[federation.pk]
                elapsed = time.perf_counter() - start
                if outcome == services.GAME_RATED:
                    assert sorted(rows.values_list(*columns)) == rated, "not what the rebuild wrote"
                    assert (
                        sorted(
                            PersonRating.objects.filter(person_id__in=[r[0] for r in rated]).values_list(
                                "person_id", "group", "mu", "sigma", "ordinal", "games", "provisional"
                            )
                        )
                        == ratings_after
                    ), "not the rebuild's ratings"
                transaction.set_rollback(True)
            outcomes.append(outcome)
            if outcome == services.GAME_RATED:
                times.append(elapsed * 1000)
                break  # the next club's night
    print(
        f"(g) a game rated alone: median {statistics.median(times):.1f} ms "
        f"(min {min(times):.1f}, max {max(times):.1f}) over {len(times)} games, each equal to the "
        f"rebuild's rows; outcomes {dict((o, outcomes.count(o)) for o in set(outcomes))}",
        flush=True,
    )


def pages(federation, count: int) -> None:
    """(p): see the module docstring."""
    import statistics

    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from clubs import stamps
    from clubs.models import Club
    from tournaments.models import PersonRating, Rating
    from tournaments.services import ratings_rebuild

    Federation = type(federation)
    Federation.objects.filter(pk=federation.pk).update(ranking_public=True)
    club = Club.objects.filter(federation_places__federation=federation).order_by("pk").first()
    Club.objects.filter(pk=club.pk).update(results_public=True)
    if not Rating.objects.filter(player__club=club).exists():
        ratings_rebuild(club_id=club.pk)
    client = Client(SERVER_NAME="127.0.0.1")

    def renew() -> None:  # as after a name changed: the names and the ranking read again
        stamps.touch(stamps.FEDERATION_NAMES)

    def rated() -> None:  # as after a rated game: a rating row written anew, no name changed
        row = PersonRating.objects.filter(person__federation=federation, group="classic").latest("pk")
        row.delete()
        row.pk = None
        row.save()

    def kept() -> None:
        pass

    first, hundredth = (
        f"/federations/{federation.slug}/ranking/",
        f"/federations/{federation.slug}/ranking/?page=100",
    )
    for label, url, before in (
        ("federation ranking, page 1, after a name changed", first, renew),
        ("federation ranking, page 1, after a rated game", first, rated),
        ("federation ranking, page 1, kept", first, kept),
        ("federation ranking, page 100, after a name changed", hundredth, renew),
        ("federation ranking, page 100, kept", hundredth, kept),
        ("club ranking (100 players), page 1", f"/clubs/{club.slug}/rankings/?season=all", kept),
    ):
        times = []
        for _ in range(count):
            before()
            connection.queries_log.clear()
            start = time.perf_counter()
            with CaptureQueriesContext(connection) as queries:
                response = client.get(url)
            times.append(time.perf_counter() - start)
            assert response.status_code == 200, (url, response.status_code)
        print(
            f"(p) {label}: median {statistics.median(times) * 1000:.0f} ms "
            f"(min {min(times) * 1000:.0f}, max {max(times) * 1000:.0f}), {len(queries)} queries, "
            f"{len(response.content) // 1024} KB",
            flush=True,
        )


if __name__ == "__main__":
    main()
