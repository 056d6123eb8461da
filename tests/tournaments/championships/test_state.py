"""A championship's states: finished, a withdrawn entrant, a host that leaves, an unlinked entrant,
and where its games count. The federation is `north` of tests/tournaments/services/test_championships.py."""

from __future__ import annotations

import datetime

import pytest
from django.core.exceptions import ValidationError
from rest_framework.test import APIClient

from clubs.models import FederationClub, FederationLeftOut, FederationOfficer, Person
from clubs.services import federation_place_end, person_unlink
from tests.support.championships import (  # noqa: F401  (north: the fixture)
    _championship,
    _entrants,
    _player,
    north,
)
from tests.support.factories import UserFactory
from tournaments import services
from tournaments.models import Event, Game, PersonRating, Rating

pytestmark = pytest.mark.django_db
D = datetime.date


def _play_one_round(event, capture, before_play=None):
    with capture(execute=True):
        round_ = services.round_start(event=event)
    if before_play is not None:
        before_play()
    for game in Game.objects.filter(table__round=round_):
        sides = sorted({seat.side for seat in game.table.seats.all()})
        with capture(execute=True):
            hand = services.hand_record(
                game=game,
                asked=services.HandInput(
                    number=1,
                    entries={s: {"total": 500 if i == 0 else 100} for i, s in enumerate(sides)},
                    entered_by_side=sides[0],
                ),
            )
            if event.confirmation_required:
                services.hand_confirm(hand=hand, side=sides[1], as_director=True)
    return round_


FOUR = [("avon", "Al"), ("avon", "Pia"), ("brook", "Bix"), ("brook", "Bo")]


def test_qualify_enters_players_into_a_finished_championship(north, django_capture_on_commit_callbacks):  # noqa: F811
    event = _championship(north, hands_per_round=1)
    services.championship_enter(event=event, players=[_player(*p) for p in FOUR])
    _play_one_round(event, django_capture_on_commit_callbacks)
    with django_capture_on_commit_callbacks(execute=True):
        services.event_finish(event=Event.objects.get(pk=event.pk))
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED
    # championship_enter refuses a finished championship; qualify should too.
    with pytest.raises(ValidationError):
        services.championship_qualify(event=event, source=services.QUALIFY_FROM_CLUBS, top=3)


def test_qualify_via_api_after_finish(north, django_capture_on_commit_callbacks):  # noqa: F811
    officer = UserFactory(username="olga")
    FederationOfficer.objects.create(federation=north, user=officer)
    event = _championship(north, hands_per_round=1)
    services.championship_enter(event=event, players=[_player(*p) for p in FOUR])
    _play_one_round(event, django_capture_on_commit_callbacks)
    with django_capture_on_commit_callbacks(execute=True):
        services.event_finish(event=Event.objects.get(pk=event.pk))
    api = APIClient()
    api.force_authenticate(officer)
    before = event.participants.count()
    answer = api.post(f"/api/v1/events/{event.pk}/qualify/", {"ranking": "clubs", "top": 4}, format="json")
    assert answer.status_code == 400 and event.participants.count() == before, (
        answer.status_code,
        answer.json(),
    )


def test_qualify_brings_back_a_withdrawn_entrant(north):  # noqa: F811
    event = _championship(north)
    services.championship_qualify(event=event, source=services.QUALIFY_FROM_CLUBS, top=1)
    assert _entrants(event) == [("avon", "Al"), ("brook", "Bix")]
    services.participant_withdraw(event=event, player=_player("avon", "Al"))  # Al cannot come
    done = services.championship_qualify(event=event, source=services.QUALIFY_FROM_CLUBS, top=2)
    al = event.participants.get(player=_player("avon", "Al"))
    # The director withdrew Al; qualifying more should not silently put him back.
    assert al.withdrawn_after_round is not None, [p.name for p in done.entered]


def test_a_person_withdrawn_for_one_club_enters_again_for_another(north):  # noqa: F811
    event = _championship(north)
    services.championship_enter(event=event, players=[_player("avon", "Pia")])
    services.participant_withdraw(event=event, player=_player("avon", "Pia"))
    services.championship_enter(event=event, players=[_player("brook", "Pia")])
    # Now bring Avon's Pia back (participant_add on a withdrawn player)
    with pytest.raises(ValidationError):
        services.participant_add(event=event, player=_player("avon", "Pia"))


def test_a_left_out_championship_game_is_charged_to_no_club(north, django_capture_on_commit_callbacks):  # noqa: F811
    """Brook's Bo, entered and seated, is unlinked before playing (a seated round is not seated
    again; `selectors.next_round_refusal` refuses the next one): the game is left out of the
    federation's ranking, and no club's row of games counted and left out counts it (a
    championship's games are the federation's own): Avon, its host, is not told to link a player
    it does not have. Avon's and Brook's rows are those of their own nights
    (test_championships.py): both left out now, Avon's with Ann unlinked, Brook's with Bo."""
    event = _championship(north, hands_per_round=1)
    services.championship_enter(event=event, players=[_player(*p) for p in FOUR])
    officer = UserFactory(username="olga")
    _play_one_round(
        event,
        django_capture_on_commit_callbacks,
        before_play=lambda: person_unlink(player=_player("brook", "Bo"), by=officer),
    )
    services.federation_ratings_rebuild(federation_id=north.pk)
    rows = {r.club.slug: (r.counted, r.left_out) for r in FederationLeftOut.objects.select_related("club")}
    assert rows == {"avon": (0, 1), "brook": (0, 1)}


def test_host_leaves_then_championship_games_still_reach_the_federation(
    north,  # noqa: F811
    django_capture_on_commit_callbacks,
):
    event = _championship(north, hands_per_round=1)
    services.championship_enter(event=event, players=[_player(*p) for p in FOUR])
    officer = UserFactory(username="olga")
    with django_capture_on_commit_callbacks(execute=True):
        federation_place_end(place=FederationClub.objects.get(club__slug="avon"), by=officer)
    services.federation_ratings_rebuild(federation_id=north.pk)
    pia = Person.objects.get(member_number="N-PIA")
    assert not PersonRating.objects.filter(person=pia).exists()
    # The championship goes on (seated and played) after its host left.
    _play_one_round(event, django_capture_on_commit_callbacks)
    # A rebuild by hand counts it (the championship is the federation's own event) ...
    # ... but the game's end queues the host's ratings, then "the federation the host is a member of now":
    # none. The championship's own federation is never rebuilt until the nightly refresh.
    rated_by_the_queue = PersonRating.objects.filter(person=pia).exists()
    services.federation_ratings_rebuild(federation_id=north.pk)
    assert PersonRating.objects.filter(person=pia).exists()  # a rebuild by hand counts it
    assert rated_by_the_queue, "the game's end never queued the championship's federation"


def test_ranked_false_keeps_it_out_of_every_ranking(north, django_capture_on_commit_callbacks):  # noqa: F811
    event = _championship(north, hands_per_round=1, ranked=False)
    services.championship_enter(event=event, players=[_player(*p) for p in FOUR])
    club_ratings = sorted(Rating.objects.values_list("player_id", "mu", "games"))
    _play_one_round(event, django_capture_on_commit_callbacks)
    services.federation_ratings_rebuild(federation_id=north.pk)
    pia = Person.objects.get(member_number="N-PIA")
    assert not PersonRating.objects.filter(person=pia).exists()
    for slug in ("avon", "brook"):
        services.ratings_rebuild(club_id=_player(slug, "Al" if slug == "avon" else "Bo").club_id)
    assert sorted(Rating.objects.values_list("player_id", "mu", "games")) == club_ratings


def test_late_entrant_after_round_one_is_seated_next(north, django_capture_on_commit_callbacks):  # noqa: F811
    event = _championship(north, hands_per_round=1)
    services.championship_enter(event=event, players=[_player(*p) for p in FOUR])
    _play_one_round(event, django_capture_on_commit_callbacks)
    services.championship_enter(
        event=event,
        players=[
            _player("avon", "Ada"),
            _player("avon", "Abe"),
            _player("brook", "Bud"),
            _player("brook", "Bea"),
        ],
    )
    event.refresh_from_db()
    r2 = _play_one_round(event, django_capture_on_commit_callbacks)
    seated = set(r2.tables.values_list("seats__player__name", flat=True))
    assert {"Ada", "Abe", "Bud", "Bea"} <= seated


def test_host_leaves_qualify_from_clubs_and_entries(north):  # noqa: F811
    event = _championship(north)
    officer = UserFactory(username="olga")
    federation_place_end(place=FederationClub.objects.get(club__slug="avon"), by=officer)
    done = services.championship_qualify(event=event, source=services.QUALIFY_FROM_CLUBS, top=1)
    assert [(p.club.slug, p.name) for p in done.entered] == [("brook", "Bix")]
    # New championships cannot be hosted there any more
    with pytest.raises(ValidationError):
        _championship(north, name="Second")
