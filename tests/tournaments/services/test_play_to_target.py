"""Play to the target across tables (German clubs: when any game of a round reaches 5000, the
other tables finish the hand in play and stop). The target is 3000 here (the `target` house
rule, rules.md §6) so that two hands reach it.

HAND_A scores NS 1685, EW 485; HAND_B NS −220, EW 790 (tests/support/hands.py).
"""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from tests.support.factories import EVENT_DATE
from tests.support.hands import HAND_A, HAND_B
from tournaments import services
from tournaments.models import Game, Round

pytestmark = pytest.mark.django_db


def _round(club, players, capture, *, across: bool, **kwargs):
    event = services.event_create(
        club=club,
        asked=services.EventInput(
            name="Target",
            date=EVENT_DATE,
            variant="classic",
            options={"target": 3000},
            players=players[:12],
            play_to_target_across_tables=across,
            **kwargs,
        ),
    )
    with capture(execute=True):
        round_ = services.round_start(event=event)
    games = {g.table.number: g for g in Game.objects.filter(table__round=round_).select_related("table")}
    return event, round_, games


def _save(game: Game, number: int, hand, capture) -> Game:
    with capture(execute=True):
        services.hand_record(
            game=Game.objects.get(pk=game.pk), asked=services.HandInput(number=number, entries=hand)
        )
    return Game.objects.get(pk=game.pk)


def test_the_other_tables_finish_the_hand_in_play_and_stop(
    client, alice, club, players, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    event, round_, games = _round(club, players, capture, across=True)
    _save(games[2], 1, HAND_B, capture)  # table 2 has one hand when table 1 reaches the target
    _save(games[1], 1, HAND_A, capture)
    first = _save(games[1], 2, HAND_A, capture)  # NS 1685 + 1685 = 3370 ≥ 3000
    assert first.game_over and first.winner == "NS"
    round_.refresh_from_db()
    assert round_.target_reached_table == 1 and round_.target_reached_at is not None

    client.force_login(alice)
    page = client.get(f"/events/{event.pk}/").content.decode()
    assert "Table 1 reached the target" in page and "Still finishing: tables 2, 3." in page
    table_page = client.get(f"/games/{games[2].pk}/").content.decode()
    assert "Table 1 reached the target: finish the hand in play; your game ends after it." in table_page

    # Table 2's hand in play was its second: NS −220 − 220 = −440, EW 790 + 790 = 1580, both
    # under 3000; the game ends there and EW wins. Table 3 had none: its first hand is its last.
    second = _save(games[2], 2, HAND_B, capture)
    assert (second.last_hand, second.game_over, second.winner) == (2, True, "EW")
    assert second.totals == {"NS": -440, "EW": 1580}
    with pytest.raises(ValidationError):
        _save(games[2], 3, HAND_B, capture)
    third = _save(games[3], 1, HAND_A, capture)
    assert (third.last_hand, third.game_over, third.winner) == (1, True, "NS")
    assert "Still finishing" not in client.get(f"/events/{event.pk}/").content.decode()


def test_without_the_option_the_other_tables_play_on(club, players, django_capture_on_commit_callbacks):
    capture = django_capture_on_commit_callbacks
    _event, round_, games = _round(club, players, capture, across=False)
    _save(games[1], 1, HAND_A, capture)
    assert _save(games[1], 2, HAND_A, capture).game_over
    _save(games[2], 1, HAND_B, capture)
    second = _save(games[2], 2, HAND_B, capture)
    assert not second.game_over and second.last_hand is None
    assert Round.objects.get(pk=round_.pk).target_reached_table is None


def test_a_game_ended_by_its_hands_per_round_is_not_the_target(
    club, players, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    _event, round_, games = _round(club, players, capture, across=True, hands_per_round=1)
    assert _save(games[1], 1, HAND_A, capture).game_over  # 1685: one hand a round, not the target
    assert Round.objects.get(pk=round_.pk).target_reached_table is None
