"""A championship whose host left its federation: the attack of issue 39, door by door. Avon hosts
North's championship (entrants of Avon and Brook), a hand is saved at table 1, then Avon leaves.
Avon's people then have nothing of it, as a club outside; North's officer and Brook's members keep
what they had; its table link and card act again when Avon rejoins. The federation is `north` of
tests/tournaments/services/test_championships.py; tests/site/test_membership_matrix.py probes
every door so, in each state of the federation."""

from __future__ import annotations

import uuid

import pytest
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from clubs.models import Club, FederationClub, FederationOfficer, Membership
from clubs.services import federation_club_invite, federation_invitation_answer, federation_place_end
from tests.support import cast
from tests.support.championships import (  # noqa: F401  (north: the fixture)
    _championship,
    _player,
    north,
)
from tests.support.factories import UserFactory
from tests.support.pages import names_in
from tournaments import selectors, services
from tournaments.models import Game, Hand, SideEntry, TableCard

pytestmark = pytest.mark.django_db

FOUR = [("avon", "Al"), ("avon", "Pia"), ("brook", "Bix"), ("brook", "Bo")]
FIRST = {"NS": {"total": 300}, "EW": {"total": 100}}
SECOND = {"NS": {"total": 150}, "EW": {"total": 250}}


@pytest.fixture
def played(north, django_capture_on_commit_callbacks):  # noqa: F811
    """North's championship at Avon, round 1 seated, hand 1 saved at its one table; the people."""
    event = _championship(north, confirmation_required=False)
    services.championship_enter(event=event, players=[_player(*p) for p in FOUR])
    with django_capture_on_commit_callbacks(execute=True):
        services.round_start(event=event)
    game = Game.objects.get(table__round__event=event)
    with django_capture_on_commit_callbacks(execute=True):
        hand = services.hand_record(game=game, asked=services.HandInput(number=1, entries=FIRST))
    avon, brook = Club.objects.get(slug="avon"), Club.objects.get(slug="brook")
    people = {
        "avon_director": cast.member(avon, "dee", Membership.Role.DIRECTOR),
        "avon_scorer": cast.member(avon, "sid", Membership.Role.SCORER),
        "avon_member": cast.member(avon, "meg", Membership.Role.MEMBER),
        "brook_member": cast.member(brook, "bea", Membership.Role.MEMBER),
        "officer": UserFactory(username="olga"),
    }
    FederationOfficer.objects.create(federation=north, user=people["officer"])
    return game, hand, people


def _leaves(north):  # noqa: F811
    place = FederationClub.objects.get(federation=north, club__slug="avon", left_on__isnull=True)
    federation_place_end(place=place, by=None)


def _api(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def _page(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _typed() -> dict[str, str]:
    """Hand 2 (SECOND) as the table page's form sends it, by totals."""
    return {
        "number": "2",
        "submission_id": str(uuid.uuid4()),
        "mode": "total",
        "NS-total": "150",
        "EW-total": "250",
    }


def _written() -> tuple:
    """Every hand and side entry as stored: what a refused write leaves equal."""
    return (
        list(Hand.objects.order_by("pk").values_list("pk", "version", "confirmed_at")),
        list(SideEntry.objects.order_by("pk").values_list("pk", "score")),
        list(Game.objects.order_by("pk").values_list("pk", "totals")),
    )


@pytest.mark.parametrize("who", ["avon_director", "avon_scorer", "avon_member"])
def test_the_host_that_left_reads_neither_its_games_nor_its_hands(north, played, who):  # noqa: F811
    game, hand, people = played
    _leaves(north)
    user = people[who]
    assert _page(user).get(reverse("tournaments:game_detail", args=[game.pk])).status_code == 404
    api = _api(user)
    assert api.get(f"/api/v1/games/{game.pk}/").status_code == 404
    assert api.get(f"/api/v1/hands/{hand.pk}/").status_code == 404
    # Its own night's games and hands are still listed; the championship's are not.
    assert game.pk not in {row["id"] for row in api.get("/api/v1/games/").json()["results"]}
    assert hand.pk not in {row["id"] for row in api.get("/api/v1/hands/").json()["results"]}


@pytest.mark.parametrize("who", ["avon_director", "avon_scorer"])
def test_the_host_that_left_neither_saves_nor_corrects_a_hand(north, played, who):  # noqa: F811
    game, _hand, people = played
    _leaves(north)
    api = _api(people[who])
    before = _written()
    url = f"/api/v1/games/{game.pk}/hands/"
    new = api.post(url, {"number": 2, "entries": SECOND, "submission_id": str(uuid.uuid4())}, format="json")
    corrected = api.post(url, {"number": 1, "entries": SECOND, "expected_version": 1}, format="json")
    confirmed = api.post(f"{url}1/confirm/", {"side": "EW", "code": ""}, format="json")
    page = _page(people[who]).post(reverse("tournaments:game_save", args=[game.pk]), _typed())
    assert (new.status_code, corrected.status_code, confirmed.status_code, page.status_code) == (
        404,
        404,
        404,
        404,
    )
    assert _written() == before


def _reads(user, game, hand) -> tuple[int, int, int]:
    api = _api(user)
    return (
        _page(user).get(reverse("tournaments:game_detail", args=[game.pk])).status_code,
        api.get(f"/api/v1/games/{game.pk}/").status_code,
        api.get(f"/api/v1/hands/{hand.pk}/").status_code,
    )


@pytest.mark.parametrize("who", ["officer", "brook_member"])
def test_the_officer_and_another_member_club_see_the_games_before_and_after(north, played, who):  # noqa: F811
    game, hand, people = played
    assert _reads(people[who], game, hand) == (200, 200, 200)
    _leaves(north)
    assert _reads(people[who], game, hand) == (200, 200, 200)


def test_the_officer_scores_the_championship_after_the_host_left(north, played):  # noqa: F811
    game, _hand, people = played
    _leaves(north)
    answer = _api(people["officer"]).post(
        f"/api/v1/games/{game.pk}/hands/",
        {"number": 2, "entries": SECOND, "submission_id": str(uuid.uuid4())},
        format="json",
    )
    assert answer.status_code == 201
    assert game.hands.count() == 2


def test_a_member_of_another_club_does_not_score(north, played):  # noqa: F811
    game, _hand, people = played
    answer = _api(people["brook_member"]).post(
        f"/api/v1/games/{game.pk}/hands/", {"number": 2, "entries": SECOND}, format="json"
    )
    assert answer.status_code == 404
    assert game.hands.count() == 1


def test_the_table_link_and_card_act_while_the_host_is_a_member(north, played):  # noqa: F811
    """Decided (docs/federation.md, "A host that leaves"): a table's link and card were handed out
    in the host's room; they act while the host holds the championship, and again if it rejoins."""
    game, _hand, people = played
    card = TableCard.objects.get(event=game.table.round.event, number=game.table.number)
    link = reverse("tournaments:link_detail", args=[game.table.access_token])
    by_card = reverse("tournaments:link_detail", args=[card.access_token])
    save = reverse("tournaments:card_save", args=[card.access_token, game.pk])
    assert (Client().get(link).status_code, Client().get(by_card).status_code) == (200, 200)
    _leaves(north)
    before = _written()
    assert (Client().get(link).status_code, Client().get(by_card).status_code) == (404, 404)
    assert Client().post(save, _typed()).status_code == 404
    assert _written() == before
    place = federation_club_invite(federation=north, club_slug="avon", by=people["officer"])
    federation_invitation_answer(place=place, accept=True, by=people["avon_director"])
    assert (Client().get(link).status_code, Client().get(by_card).status_code) == (200, 200)
    assert Client().post(save, _typed()).status_code == 302
    assert game.hands.count() == 2


def test_the_scope_is_read_again_inside_the_save(north, played):  # noqa: F811
    """The host leaves between the scorer's page and the save: the service, reading the scope
    after the game's lock, refuses it."""
    game, _hand, people = played
    scorer = people["avon_scorer"]
    assert selectors.door_level(door=selectors.Door(user=scorer), game=game) == selectors.Level.SCORE
    _leaves(north)
    with pytest.raises(Game.DoesNotExist):
        services.hand_record(
            game=game,
            asked=services.HandInput(number=2, entries=SECOND),
            recorded_by=scorer,
            door=selectors.Door(user=scorer),
        )
    assert game.hands.count() == 1


def test_the_host_that_left_finds_none_of_it_in_its_audit(north, played):  # noqa: F811
    """The club's audit lists the changes of the events it holds: the championship's while it is a
    member, none of them once it left (their scores and who entered them)."""
    _game, _hand, people = played
    audit = reverse("audit:club_audit", args=["avon"])
    assert "North Open" in _page(people["avon_director"]).get(audit).content.decode()
    _leaves(north)
    assert "North Open" not in _page(people["avon_director"]).get(audit).content.decode()


def test_the_host_that_left_finds_none_of_it_on_its_players_pages(north, played):  # noqa: F811
    """A player's page (their games, partners and opponents, their recent nights) counts the
    championship for whoever sees it: its host's members while a member, not once it left."""
    game, _hand, people = played
    services.game_stop(game=game)
    seated = game.table.seats.select_related("player__club")
    mine = next(seat.player for seat in seated if seat.player.club.slug == "avon")
    others = [seat.player.name for seat in seated if seat.player.club.slug == "brook"]
    url = reverse("tournaments:player_detail", args=[mine.pk])
    before = _page(people["avon_member"]).get(url).content.decode()
    assert "North Open" in before and names_in(before, others) == others
    _leaves(north)
    after = _page(people["avon_member"]).get(url).content.decode()
    assert "North Open" not in after and names_in(after, others) == []


@pytest.mark.parametrize("page", ["home", "tournaments:club_detail"])
def test_the_host_that_left_finds_none_of_it_on_its_club_pages(north, played, page):  # noqa: F811
    _game, _hand, people = played
    url = reverse(page, args=["avon"] if page != "home" else [])
    assert "North Open" in _page(people["avon_member"]).get(url).content.decode()
    _leaves(north)
    assert "North Open" not in _page(people["avon_member"]).get(url).content.decode()


def test_a_championship_is_no_night_of_its_hosts_season(north, played):  # noqa: F811
    """Its standings would stay on the host's season table after it left."""
    game, _hand, _people = played
    championship = game.table.round.event
    with pytest.raises(ValidationError):
        services.season_save(club=championship.club, name="Winter", events=[championship])
