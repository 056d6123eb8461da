"""The director's event page: the round's clock, the actions that cannot be taken now shown
disabled with the words the service refuses them with, the swap as one form, and the
corrections listed as made after a game ended only when they were."""

from __future__ import annotations

import datetime
import re

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone

from tests.support.hands import HAND_A, HAND_B
from tournaments import services
from tournaments.models import Game

pytestmark = pytest.mark.django_db


def _games(event):
    return list(Game.objects.filter(table__round__event=event).order_by("table__number"))


def _button(page: str, button_id: str) -> str:
    """The opening tag of the button `button_id`."""
    found = re.search(rf'<button[^>]*id="{button_id}"[^>]*>', page)
    assert found, button_id
    return found.group(0)


def _reason(page: str, button_id: str) -> str | None:
    """The words beside a disabled button (None for none), unescaped as a reader sees them."""
    found = re.search(rf'<small class="hint why" id="{button_id}-why">(.*?)</small>', page, re.S)
    if found is None:
        return None
    return found.group(1).replace("&#x27;", "'").replace("&amp;", "&")


def _refusal(call) -> str:
    with pytest.raises(ValidationError) as refused:
        call()
    return " ".join(refused.value.messages)


def test_the_event_page_shows_the_rounds_clock(client, alice, league_night):
    league_night.minutes_per_round, league_night.warning_minutes = 45, 10
    league_night.save()
    round_ = league_night.rounds.get(number=1)
    round_.clock_started_at = timezone.now() - datetime.timedelta(minutes=5)
    round_.save()
    client.force_login(alice)
    page = client.get(f"/events/{league_night.pk}/").content.decode()
    assert 'id="round-clock"' in page
    # 45 minutes from 5 minutes ago: 40 minutes left, give or take the second the test takes.
    assert re.search(r'role="timer"><bdi dir="ltr">(40:00|39:59)</bdi>', page)


def test_no_clock_without_minutes_per_round(client, alice, league_night):
    client.force_login(alice)
    assert 'id="round-clock"' not in client.get(f"/events/{league_night.pk}/").content.decode()


def test_seating_the_next_round_while_tables_play_is_disabled_with_the_services_words(
    client, alice, league_night
):
    games = _games(league_night)
    services.hand_record(game=games[0], asked=services.HandInput(number=1, entries=HAND_A))
    client.force_login(alice)
    page = client.get(f"/events/{league_night.pk}/").content.decode()
    assert "disabled" in _button(page, "start-round")
    said = (
        "Round 1 still has games in play at tables 1, 2: wait for them, or end them at their current score."
    )
    assert _reason(page, "start-round") == said
    assert _reason(page, "start-round") == _refusal(lambda: services.round_start(event=league_night))
    # Finishing refuses for the same games, by the same rule.
    assert "disabled" in _button(page, "finish-event")
    finish = _refusal(lambda: services.event_finish(event=league_night))
    assert _reason(page, "finish-event") == said == finish
    # Ending the games first is open: no reason, not disabled.
    assert "disabled" not in _button(page, "start-round-ending-games")
    assert _reason(page, "start-round-ending-games") is None
    # Forced, the POST refuses with the same words.
    answer = client.post(f"/events/{league_night.pk}/rounds/start/", follow=True).content.decode()
    assert said.replace("'", "&#x27;") in answer
    assert league_night.rounds.count() == 1


def test_unconfirmed_hands_disable_even_ending_the_games(client, alice, league_night):
    league_night.confirmation_required = True
    league_night.save()
    game = _games(league_night)[0]
    services.hand_record(game=game, asked=services.HandInput(number=1, entries=HAND_A, entered_by_side="NS"))
    client.force_login(alice)
    page = client.get(f"/events/{league_night.pk}/").content.decode()
    said = (
        "Round 1 has hands waiting for the other side's confirmation at table 1. A game counts in "
        "the standings only once its hands are confirmed: the other side confirms them with its "
        "code, or you as the director."
    )
    for button, call in (
        ("start-round-ending-games", lambda: services.round_start(event=league_night, end_unfinished=True)),
        ("finish-event-ending-games", lambda: services.event_finish(event=league_night, end_unfinished=True)),
    ):
        assert "disabled" in _button(page, button)
        assert _reason(page, button) == said == _refusal(call)


def test_the_actions_are_open_once_every_game_is_over(client, alice, league_night):
    for game in _games(league_night):
        for number, hand in enumerate([HAND_A, HAND_B, HAND_A, HAND_B], start=1):
            services.hand_record(game=game, asked=services.HandInput(number=number, entries=hand))
    client.force_login(alice)
    page = client.get(f"/events/{league_night.pk}/").content.decode()
    for button in ("start-round", "finish-event"):
        assert "disabled" not in _button(page, button)
        assert _reason(page, button) is None
    assert "start-round-ending-games" not in page
    # The round's seating cannot be computed again once hands are entered: the service's words.
    round_ = league_night.rounds.get(number=1)
    assert "disabled" in _button(page, "reseat-1")
    assert _reason(page, "reseat-1") == _refusal(lambda: services.round_reseat(round=round_))


def test_too_few_players_present_disables_seating(client, alice, league_night, players):
    for player in players[:5]:
        services.participant_set_present(event=league_night, player=player, present=False)
    client.force_login(alice)
    page = client.get(f"/events/{league_night.pk}/").content.decode()
    assert _reason(page, "start-round") == "Seating needs at least 4 players present; 3 are."


def test_the_swap_is_one_labelled_form(client, alice, league_night):
    client.force_login(alice)
    page = client.get(f"/events/{league_night.pk}/").content.decode()
    form = re.search(r'<form[^>]*id="swap-1".*?</form>', page, re.S).group(0)
    assert "<legend>Swap two players' places</legend>" in form
    for select in ("swap-1-first", "swap-1-second"):
        assert re.search(rf'<label for="{select}">', form)
        assert re.search(rf'<select name="[a-z]+" id="{select}" required>', form)
    assert form.count("<optgroup") == 4  # both selects list the two tables
    seated = _games(league_night)[0].table.seats.select_related("player")
    first, second = (seat.player for seat in seated[:2])
    answer = client.post(
        f"/events/{league_night.pk}/rounds/1/swap/", {"first": first.pk, "second": second.pk}, follow=True
    )
    assert f"{first.name} and {second.name} swapped places" in answer.content.decode()


def _correct(game, director):
    """Hand 1 corrected by the director: EW's hand points 65 become 30, its 485 becomes 520."""
    corrected = dict(HAND_A, EW={**HAND_A["EW"], "hand_points": 30})
    asked = services.HandInput(number=1, entries=corrected, expected_version=1)
    services.hand_record(game=game, recorded_by=director, asked=asked)


def _play(game, hands):
    for number, hand in enumerate(hands, start=1):
        services.hand_record(game=game, asked=services.HandInput(number=number, entries=hand))


def test_only_corrections_made_after_the_game_ended_are_listed(client, alice, league_night):
    """Table 1's hand 1 corrected while its game was still played (after hand 2 of 4); table
    2's hand 1 corrected after its 4th and last hand. Only table 2's is after the end."""
    first, second = _games(league_night)
    _play(first, [HAND_A, HAND_B])
    _correct(first, alice)
    services.hand_record(game=first, asked=services.HandInput(number=3, entries=HAND_A))
    services.hand_record(game=first, asked=services.HandInput(number=4, entries=HAND_B))
    _play(second, [HAND_A, HAND_B, HAND_A, HAND_B])
    _correct(second, alice)
    from tournaments.selectors import finished_game_corrections

    listed = finished_game_corrections(event=league_night)
    assert [(game.table.number, c.number, c.side, c.before, c.after) for c, game in listed] == [
        (2, 1, "EW", 485, 520)
    ]
    client.force_login(alice)
    page = client.get(f"/events/{league_night.pk}/").content.decode()
    section = re.search(r'<section class="card" id="finished-corrections">.*?</section>', page, re.S).group(0)
    assert "Round 1, table 2, hand 1, EW: 485 → 520" in section
    assert "table 1," not in section


def test_a_correction_during_play_lists_nothing(client, alice, league_night):
    first = _games(league_night)[0]
    _play(first, [HAND_A])
    _correct(first, alice)
    _play_from(first, 2, [HAND_B, HAND_A, HAND_B])
    assert Game.objects.get(pk=first.pk).game_over
    client.force_login(alice)
    assert "finished-corrections" not in client.get(f"/events/{league_night.pk}/").content.decode()


def test_a_correction_after_the_director_stopped_the_game_is_listed(alice, league_night):
    first = _games(league_night)[0]
    _play(first, [HAND_A])
    services.game_stop(game=first, stopped_by=alice)
    _correct(first, alice)
    from tournaments.selectors import finished_game_corrections

    assert [(c.number, c.before, c.after) for c, _game in finished_game_corrections(event=league_night)] == [
        (1, 485, 520)
    ]


def _play_from(game, start, hands):
    for number, hand in enumerate(hands, start=start):
        services.hand_record(game=game, asked=services.HandInput(number=number, entries=hand))


def test_the_clock_is_offered_only_where_the_service_starts_it(
    client, alice, league_night, django_capture_on_commit_callbacks
):
    client.force_login(alice)
    assert 'id="clock-start-1"' not in client.get(f"/events/{league_night.pk}/").content.decode()
    league_night.minutes_per_round = 45
    league_night.save()
    assert 'id="clock-start-1"' in client.get(f"/events/{league_night.pk}/").content.decode()
    for game in _games(league_night):
        _play(game, [HAND_A, HAND_B, HAND_A, HAND_B])
    with django_capture_on_commit_callbacks(execute=True):
        services.round_start(event=league_night)
    page = client.get(f"/events/{league_night.pk}/").content.decode()
    assert 'id="clock-start-2"' in page and 'id="clock-start-1"' not in page  # round 1 is final
    round_1 = league_night.rounds.get(number=1)
    assert _refusal(lambda: services.round_clock_start(round=round_1)) == "This round is over."
    answer = client.post(f"/events/{league_night.pk}/rounds/1/clock/", follow=True).content.decode()
    assert "This round is over." in answer
