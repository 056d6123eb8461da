"""A federation's ratings moved by one game as it is saved (`services.federation_game_rate`),
checked against what a rebuild from every game gives (`services.federation_ratings_rebuild`):
the same ratings and history to the float, and the same counts of games counted and left out.

The federation North has two member clubs. Avon's eight players and Brook's eight are each
linked to a person, Pia at both clubs to one person; Avon's Gus to none. Every night is a round
robin of four pairs (two tables a round), one hand a game, so a game ends on its one hand.
The tasks run in-process after each save's commit, as the workers run them.
"""

from __future__ import annotations

import datetime

import pytest

from clubs.models import Club, Federation, FederationClub, FederationLeftOut, Person, Player
from clubs.names import name_words_key
from clubs.services import pair_requests_from_text
from tests.support import cast
from tests.support.factories import ClubFactory, PlayerFactory
from tournaments import services
from tournaments.models import Event, Game, Hand, PersonRating, PersonRatingHistory
from tournaments.workers import tasks

pytestmark = pytest.mark.django_db

D = datetime.date
AVON = ("Pia", "Al", "Ada", "Abe", "Ann", "Art", "Amy", "Ari")
BROOK = ("Pia", "Bo", "Bud", "Bea", "Ben", "Bly", "Bex", "Bob", "Bix")


@pytest.fixture
def outcomes(monkeypatch):
    """Each `game_rate` run's outcomes in the federations, and each rebuild the runs queued (the
    tasks run in-process, after the commit)."""
    seen: dict[str, list] = {"games": [], "rebuilds": []}
    rate, rebuild = services.game_rate, services.federation_ratings_rebuild

    def rate_and_note(*, game_id):
        result = rate(game_id=game_id)
        seen["games"].append((game_id, result.federations))
        return result

    def rebuild_and_note(*, federation_id):
        seen["rebuilds"].append(federation_id)
        return rebuild(federation_id=federation_id)

    monkeypatch.setattr(services, "game_rate", rate_and_note)
    monkeypatch.setattr(services, "federation_ratings_rebuild", rebuild_and_note)
    return seen


@pytest.fixture
def north():
    north = Federation.objects.create(name="North", slug="north")
    for name, roster in (("Avon", (*AVON, "Gus")), ("Brook", BROOK)):
        club = ClubFactory(name=name, slug=name.lower())
        FederationClub.objects.create(federation=north, club=club, joined_on=D(2026, 11, 1))
        cast.member(club, f"director-{club.slug}", "director")
        for player_name in roster:
            player = PlayerFactory(club=club, name=player_name)
            if player_name == "Gus":
                continue
            number = "N-PIA" if player_name == "Pia" else f"N-{club.slug}-{player_name}"
            person, _ = Person.objects.get_or_create(
                federation=north,
                member_number=number,
                defaults={"name": player_name, "name_words": name_words_key(player_name)},
            )
            Player.objects.filter(pk=player.pk).update(person=person)
    return north


def _night(slug, date, names, variant="classic"):
    pairs = "\n".join(f"{names[i]} & {names[i + 1]}" for i in range(0, 8, 2))
    return services.event_create(
        club=Player.objects.get(club__slug=slug, name=names[0]).club,
        asked=services.EventInput(
            name=f"Night {date}",
            date=date,
            variant=variant,
            hands_per_round=1,
            format=Event.Format.ROUND_ROBIN,
            players=[],
            pairs=pair_requests_from_text(pairs),
        ),
    )


def _round(event, capture):
    with capture(execute=True):
        round_ = services.round_start(event=event)
    return list(Game.objects.filter(table__round=round_).order_by("table__number"))


def _play(game, totals, capture, *, by=None, reason=""):
    """The game's one hand, a new one or (with `by`, a director) a correction: the first side
    scores totals[0], the second totals[1]."""
    game.refresh_from_db()
    entries = {side: {"total": total} for side, total in zip(game.sides, totals, strict=True)}
    hand = Hand.objects.filter(game=game, number=1).first()
    asked = services.HandInput(
        number=1, entries=entries, expected_version=hand.version if hand else None, reason=reason
    )
    with capture(execute=True):
        services.hand_record(game=game, asked=asked, recorded_by=by)


TOTALS = ("wins", "draws", "points", "victory_points", "last_played")


def _stored(federation):
    """What a rebuild writes: ratings (with their totals), history rows (every column) and the
    clubs' counts."""
    ratings = PersonRating.objects.filter(person__federation=federation)
    history = PersonRatingHistory.objects.filter(person__federation=federation)
    counts = FederationLeftOut.objects.filter(federation=federation)
    return (
        sorted(
            ratings.values_list(
                "person_id", "group", "mu", "sigma", "ordinal", "games", "provisional", *TOTALS
            )
        ),
        sorted(history.values_list("person_id", "game_id", *services.RATING_HISTORY_COLUMNS[2:])),
        sorted(counts.values_list("club_id", "counted", "left_out")),
    )


def _as_rebuilt(federation):
    """What a rebuild from nothing stored gives."""
    PersonRating.objects.all().delete()
    PersonRatingHistory.objects.all().delete()
    FederationLeftOut.objects.all().delete()
    services.federation_ratings_rebuild(federation_id=federation.pk)
    return _stored(federation)


def _last_outcome(outcomes, federation):
    return outcomes["games"][-1][1][federation.pk]


@pytest.fixture
def played(north, outcomes, django_capture_on_commit_callbacks):
    """Four nights in two groups, their games saved out of the rating order where that is
    still exact: a round's second table before its first, Brook's night of the same date
    between Avon's tables, the Samba night before the Classic night of the day before."""
    capture = django_capture_on_commit_callbacks
    avon_1 = _night("avon", D(2026, 11, 2), AVON)
    brook_1 = _night("brook", D(2026, 11, 2), BROOK[1:])
    samba = _night("brook", D(2026, 11, 3), BROOK[:8], variant="samba")
    avon_2 = _night("avon", D(2026, 11, 9), AVON)
    games = {}
    a1, b1 = _round(avon_1, capture), _round(brook_1, capture)
    _play(a1[1], (300, 120), capture)  # table 2 first
    _play(b1[0], (500, 500), capture)  # a draw, at Brook, a later event of the same date
    _play(a1[0], (100, 400), capture)
    s1 = _round(samba, capture)
    _play(s1[0], (2000, 1500), capture)
    _play(s1[1], (900, 2500), capture)
    _play(b1[1], (700, 650), capture)  # after the Samba games of the next day: another group
    a2 = _round(avon_1, capture)
    for game, totals in zip(a2, ((250, 90), (80, 60)), strict=True):
        _play(game, totals, capture)
    n2 = _round(avon_2, capture)
    for game, totals in zip(n2, ((410, 300), (120, 330)), strict=True):
        _play(game, totals, capture)
    games.update(avon_1=a1 + a2, brook_1=b1, samba=s1, avon_2=n2)
    return games


def test_games_rated_one_by_one_give_what_a_rebuild_gives(north, played, outcomes):
    assert len(outcomes["games"]) == 10
    assert all(result == {north.pk: services.GAME_RATED} for _game, result in outcomes["games"])
    assert outcomes["rebuilds"] == []  # no game queued one, and no club's rebuild either
    stored = _stored(north)
    ratings, history, left_out = stored
    assert {group for _person, group, *_rest in ratings} == {"classic", "samba"}
    assert len(history) == 10 * 4
    pia = Person.objects.get(member_number="N-PIA")
    assert [
        (games, group) for person, group, _mu, _sigma, _ordinal, games, *_rest in ratings if person == pia.pk
    ] == [(3, "classic"), (1, "samba")]
    # Each rating's totals are its person's history rows of the group summed (the draw at Brook
    # among them), as the ranking of a period sums them.
    sums: dict[tuple[int, str], list] = {}
    for person, _game, group, _event, date, _seq, _mu, _sigma, _ordinal, won, drew, points, vps in history:
        total = sums.setdefault((person, group), [0, 0, 0, 0, date])
        total[:4] = [total[0] + won, total[1] + drew, total[2] + points, total[3] + vps]
        total[4] = max(total[4], date)
    assert {(row[0], row[1]): list(row[7:]) for row in ratings} == sums
    assert sum(row[8] for row in ratings) == 4  # the draw: its four people
    assert left_out == sorted(
        (Club.objects.get(slug=slug).pk, counted, 0) for slug, counted in (("avon", 6), ("brook", 4))
    )
    services.federation_ratings_rebuild(federation_id=north.pk)
    assert _stored(north) == stored  # the rebuild over them changed no row
    assert _as_rebuilt(north) == stored  # nor does one from nothing differ


def test_a_game_rated_again_by_the_task_changes_nothing(north, played, outcomes):
    before = _stored(north)
    last = played["avon_2"][1]
    assert tasks.game_rate(game_id=last.pk) == 2  # its club's ratings and its federation's
    assert tasks.game_rate(game_id=last.pk) == 2
    assert _stored(north) == before
    assert outcomes["rebuilds"] == []
    assert services.federation_game_rate(game_id=0) == {}


def test_a_correction_of_a_last_game_is_rated_again_alone(
    north, played, outcomes, django_capture_on_commit_callbacks
):
    director = Club.objects.get(slug="avon").memberships.get(role="director").user
    last = played["avon_2"][0]
    _play(last, (100, 900), django_capture_on_commit_callbacks, by=director, reason="sides swapped")
    assert _last_outcome(outcomes, north) == services.GAME_RATED
    assert outcomes["rebuilds"] == []
    stored = _stored(north)
    assert _as_rebuilt(north) == stored


def test_a_late_correction_falls_back_to_a_rebuild(
    north, played, outcomes, django_capture_on_commit_callbacks
):
    director = Club.objects.get(slug="avon").memberships.get(role="director").user
    first = played["avon_1"][0]  # its people played two games after it
    before = _stored(north)
    _play(first, (900, 100), django_capture_on_commit_callbacks, by=director, reason="misread")
    assert _last_outcome(outcomes, north) == services.REBUILD_QUEUED
    assert outcomes["rebuilds"] == [north.pk]  # run after the commit, on the same task path
    stored = _stored(north)
    assert stored != before  # the correction moved the later games' ratings
    assert _as_rebuilt(north) == stored


def test_a_game_saved_after_a_later_game_of_its_people_falls_back_to_a_rebuild(
    north, played, outcomes, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    later = _night("avon", D(2026, 11, 20), AVON)
    earlier = _night("avon", D(2026, 11, 16), AVON)
    _play(_round(later, capture)[0], (500, 100), capture)
    assert _last_outcome(outcomes, north) == services.GAME_RATED
    first_of_earlier = _round(earlier, capture)
    _play(first_of_earlier[0], (200, 300), capture)  # Pia and Al's pair: they played on Nov 20
    assert _last_outcome(outcomes, north) == services.REBUILD_QUEUED
    _play(first_of_earlier[1], (200, 300), capture)  # these four have played nothing since
    assert _last_outcome(outcomes, north) == services.GAME_RATED
    assert outcomes["rebuilds"] == [north.pk]
    stored = _stored(north)
    assert _as_rebuilt(north) == stored


def test_a_game_left_out_is_counted_as_left_out_and_moves_no_rating(
    north, played, outcomes, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    before_ratings, before_history, _counts = _stored(north)
    night = _night("avon", D(2026, 11, 23), ("Gus", "Al", "Ada", "Abe", "Ann", "Art", "Amy", "Ari"))
    games = _round(night, capture)
    with_gus = next(g for g in games if g.table.seats.filter(player__name="Gus").exists())
    _play(with_gus, (300, 200), capture)
    assert _last_outcome(outcomes, north) == services.GAME_NOT_COUNTED
    _play(with_gus, (100, 200), capture)  # corrected: still left out, counted once
    assert _last_outcome(outcomes, north) == services.GAME_NOT_COUNTED
    ratings, history, counts = _stored(north)
    assert (ratings, history) == (before_ratings, before_history)
    avon = with_gus.table.round.event.club_id
    assert (avon, 6, 1) in counts
    assert outcomes["rebuilds"] == []
    assert _as_rebuilt(north) == (ratings, history, counts)


def test_a_championship_game_goes_to_its_own_federation(north, outcomes, django_capture_on_commit_callbacks):
    capture = django_capture_on_commit_callbacks
    south = Federation.objects.create(name="South", slug="south")
    championship = _night("avon", D(2026, 11, 28), AVON)
    game = _round(championship, capture)[0]
    # Made South's once seated (seating a championship of South refuses entrants who are not
    # South's people): what a game counts in follows its event's federation when it is rated.
    Event.objects.filter(pk=championship.pk).update(federation=south)
    _play(game, (400, 100), capture)
    # South has none of these people: the game counts in South alone, where it is left out.
    assert outcomes["games"][-1][1] == {south.pk: services.GAME_NOT_COUNTED}
    assert not PersonRatingHistory.objects.filter(game=game).exists()
    # A championship's games are the federation's own: no club's row counts them.
    assert not FederationLeftOut.objects.filter(federation=south).exists()
    Event.objects.filter(pk=championship.pk).update(federation=north)
    assert services.federation_game_rate(game_id=game.pk) == {north.pk: services.GAME_RATED}
    assert PersonRatingHistory.objects.filter(game=game).count() == 4
