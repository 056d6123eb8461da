"""Hands are found by their number, never by their place: after a director deletes a stray hand
the numbers keep a gap, and the table page, its preview and its corrections follow the numbers
as the hand services do (one rule: `selectors.next_hand_number`, `hand_line`, `hand_place`)."""

from __future__ import annotations

import pytest

from tests.support.hands import HAND_A, HAND_A_SCORES, HAND_B, HAND_B_SCORES
from tests.support.variants import _form_data
from tournaments import services
from tournaments.models import Game

pytestmark = pytest.mark.django_db


@pytest.fixture
def gapped(league_night, alice, django_capture_on_commit_callbacks):
    """A game of hands 1 and 3 (HAND_A, HAND_B); hand 2 (HAND_B) was deleted by the director."""
    game = Game.objects.filter(table__round__event=league_night).order_by("table__number").first()
    game.hands_planned = None
    game.save(update_fields=["hands_planned"])
    with django_capture_on_commit_callbacks(execute=True):
        for number, hand in ((1, HAND_A), (2, HAND_B), (3, HAND_B)):
            services.hand_record(
                game=Game.objects.get(pk=game.pk), asked=services.HandInput(number=number, entries=hand)
            )
        services.hand_delete(hand=game.hands.get(number=2), deleted_by=alice, reason="entered twice")
    return Game.objects.get(pk=game.pk)


def test_the_next_hand_after_a_gap_is_numbered_after_the_last(client, alice, gapped):
    client.force_login(alice)
    page = client.get(f"/games/{gapped.pk}/")
    assert page.context["form"]["number"].value() == 4
    # Its preview: hands 1, 3 and the new one: NS 1685 − 220 + 1685, EW 485 + 790 + 485.
    preview = client.post(f"/games/{gapped.pk}/hands/", _form_data(HAND_A, preview="1", number="4"))
    assert preview.status_code == 200
    lines = preview.context["preview"]
    assert lines["hand"]["NS"]["score"] == HAND_A_SCORES["NS"]
    assert lines["totals"] == {
        side: HAND_A_SCORES[side] + HAND_B_SCORES[side] + HAND_A_SCORES[side] for side in ("NS", "EW")
    }


def test_correcting_hand_three_opens_hand_three(client, alice, gapped):
    client.force_login(alice)
    form = client.get(f"/games/{gapped.pk}/?hand=3").context["form"]
    assert form["number"].value() == 3 and form["expected_version"].value() == 1
    assert form["NS-hand_points"].value() == HAND_B["NS"]["hand_points"]
    # The deleted number opens no correction: the next hand's form instead.
    assert client.get(f"/games/{gapped.pk}/?hand=2").context["form"]["number"].value() == 4
