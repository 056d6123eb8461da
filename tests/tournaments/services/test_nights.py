"""A night before its event: replies and the tables they make, partners proposed, the check-in
and when it closes, and the night's event made of exactly the players checked in."""

from __future__ import annotations

import datetime

import pytest
from django.core.exceptions import ValidationError

from clubs.models import Player
from tournaments import selectors, services
from tournaments.models import CheckIn, Night, Round

pytestmark = pytest.mark.django_db


def _tonight(club) -> Night:
    (night,) = services.nights_schedule(
        club=club,
        asked=services.NightInput(
            date=selectors.club_today(club), start_time=datetime.time(19, 30), variant="classic"
        ),
    )
    return night


def _choices(choices) -> dict[tuple[bool, bool], tuple[list[int], int]]:
    """(threes, fives) -> (the table sizes, sorted; who sits out)."""
    return {(c.three_player_tables, c.five_player_tables): (sorted(c.tables), c.sit_outs) for c in choices}


def test_fourteen_coming_two_looking_for_a_partner_make_tables_and_a_pair(club, players):
    night = _tonight(club)
    services.night_reply_set(night=night, player=players[5], answer="partner")
    for player in players[:14]:
        if player != players[5]:
            services.night_reply_set(night=night, player=player, answer="coming")
    services.night_reply_set(night=night, player=players[9], answer="partner")  # changed their mind
    services.night_reply_set(night=night, player=players[14], answer="not_coming")

    replies = selectors.night_replies(night=night)

    assert len(replies.coming) == 14
    assert [p.name for p in replies.not_coming] == ["Player 15"]
    assert replies.proposed_pairs == [(players[5], players[9])]
    assert replies.unpaired is None
    # 14 at tables of four: 4 + 4 + 4, two sit out; with threes 4 + 4 + 3 + 3; with fives 4 + 5 + 5.
    assert _choices(replies.tables) == {
        (False, False): ([4, 4, 4], 2),
        (True, False): ([3, 3, 4, 4], 0),
        (False, True): ([4, 5, 5], 0),
    }


def test_a_third_player_looking_for_a_partner_waits_for_one(club, players):
    night = _tonight(club)
    for player in players[:3]:
        services.night_reply_set(night=night, player=player, answer="partner")
    replies = selectors.night_replies(night=night)
    assert replies.proposed_pairs == [(players[0], players[1])]
    assert replies.unpaired == players[2]


def test_no_reply_to_a_cancelled_or_past_night_nor_for_another_clubs_player(club, players, mallory):
    night = _tonight(club)
    stranger = Player.objects.create(club=mallory.memberships.get().club, name="Stranger")
    with pytest.raises(ValidationError, match="another club"):
        services.night_reply_set(night=night, player=stranger, answer="coming")
    with pytest.raises(ValidationError, match="Choose coming"):
        services.night_reply_set(night=night, player=players[0], answer="maybe")
    Night.objects.filter(pk=night.pk).update(date=night.date - datetime.timedelta(days=1))
    night.refresh_from_db()
    with pytest.raises(ValidationError, match="over"):
        services.night_reply_set(night=night, player=players[0], answer="coming")
    services.night_cancel(night=night)
    night.refresh_from_db()
    with pytest.raises(ValidationError, match="cancelled"):
        services.night_reply_set(night=night, player=players[0], answer="coming")


def test_the_door_opens_on_the_night_itself(club, players):
    night = _tonight(club)
    Night.objects.filter(pk=night.pk).update(date=night.date + datetime.timedelta(days=7))
    night.refresh_from_db()
    with pytest.raises(ValidationError, match="opens on the night itself"):
        services.night_check_in(night=night, player=players[0], present=True, how="door", at_the_door=True)
    # A director may tick ahead.
    services.night_check_in(night=night, player=players[0], present=True, how="director")
    assert night.check_ins.count() == 1


def test_the_event_seats_exactly_the_players_checked_in_and_the_door_closes_at_round_one(club, players):
    night = _tonight(club)
    here = players[:13]
    for player in here:
        services.night_check_in(night=night, player=player, present=True, how="door", at_the_door=True)
    services.night_check_in(night=night, player=players[13], present=True, how="director")
    services.night_check_in(night=night, player=players[13], present=False, how="director")  # untick

    event = services.night_event_create(night=night)

    assert set(event.participants.filter(present=True).values_list("player_id", flat=True)) == {
        p.pk for p in here
    }
    # A player ticked after the event exists joins it; unticked, they are absent from it.
    services.night_check_in(night=night, player=players[14], present=True, how="director")
    assert event.participants.get(player=players[14]).present
    services.night_check_in(night=night, player=players[14], present=False, how="director")
    assert not event.participants.get(player=players[14]).present
    services.event_odd_tables_set(event=event, three_player_tables=False, five_player_tables=True)
    round_ = services.round_start(event=event)
    services.round_seat(round_id=round_.pk)

    seated = set(round_.tables.values_list("seats__player_id", flat=True))
    assert seated == {p.pk for p in here}
    assert sorted(round_.tables.values_list("number", flat=True)) == [1, 2, 3]
    assert Round.objects.get(pk=round_.pk).status == Round.Status.SEATED
    night.refresh_from_db()
    assert selectors.night_check_in_refusal(night=night) is not None
    with pytest.raises(ValidationError, match="round 1 was seated"):
        services.night_check_in(night=night, player=players[15], present=True, how="door", at_the_door=True)
    assert not CheckIn.objects.filter(night=night, player=players[15]).exists()
    with pytest.raises(ValidationError, match="created already"):
        services.night_event_create(night=night)


def test_a_night_of_fixed_partnerships_pairs_the_partners_proposed(club, players):
    (night,) = services.nights_schedule(
        club=club,
        asked=services.NightInput(
            date=selectors.club_today(club),
            start_time=datetime.time(19, 30),
            variant="classic",
            format="swiss",
        ),
    )
    services.night_reply_set(night=night, player=players[7], answer="partner")
    services.night_reply_set(night=night, player=players[0], answer="partner")
    for player in players[:8]:
        services.night_check_in(night=night, player=player, present=True, how="director")
    event = services.night_event_create(night=night)
    pairs = {frozenset((p.partnership.first_id, p.partnership.second_id)) for p in event.pairs.all()}
    assert frozenset((players[0].pk, players[7].pk)) in pairs
    assert len(pairs) == 4


def test_the_api_gives_a_nights_sign_ups_and_check_ins_to_its_directors_only(club, players, alice, bob):
    from rest_framework.test import APIClient

    night = _tonight(club)
    services.night_reply_set(night=night, player=players[3], answer="partner")
    services.night_reply_set(night=night, player=players[8], answer="not_coming")
    services.night_check_in(night=night, player=players[3], present=True, how="door", at_the_door=True)
    url = f"/api/v1/nights/{night.pk}/sign-ups/"
    client = APIClient()
    assert client.get(url).status_code in (401, 403)
    client.force_authenticate(bob)
    assert client.get(url).status_code == 404
    client.force_authenticate(alice)
    body = client.get(url).json()
    assert (body["coming"], body["checked_in"], body["event"]) == (1, 1, None)
    assert body["start_time"] == "19:30:00"
    first = body["results"][0]
    assert (first["player"], first["answer"], first["checked_in"], first["how"]) == (
        players[3].pk,
        "partner",
        True,
        "door",
    )
    assert first["at"] is not None
    assert {(r["name"], r["answer"]) for r in body["results"][1:3]} >= {("Player 01", "")}
    assert ("Player 09", "not_coming") in {(r["name"], r["answer"]) for r in body["results"]}
    assert len(body["results"]) == 16
