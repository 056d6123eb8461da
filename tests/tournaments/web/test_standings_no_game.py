"""The standings page lists players without a game apart: after the others, with no rank."""

from __future__ import annotations

import re

import pytest

from tests.support.hands import HAND_A
from tournaments import services
from tournaments.models import Game

pytestmark = pytest.mark.django_db


def test_a_late_player_is_listed_after_everyone_with_no_rank(
    client, alice, players, league_night, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        for game in Game.objects.filter(table__round__event=league_night):
            services.hand_record(game=game, asked=services.HandInput(number=1, entries=HAND_A))
        services.participant_set_present(event=league_night, player=players[8], present=True)
    client.force_login(alice)
    page = client.get(f"/events/{league_night.pk}/standings/").content.decode()
    table = page[page.index('id="standings"') :]
    table = table[: table.index("</table>")]
    rows = re.findall(r'<tr class="([^"]*)"[^>]*>\s*<td[^>]*>([^<]*)</td>', table)
    assert len(rows) == 9
    # The 8 seated players first, ranked; the late player last, apart and without a rank.
    assert all("no-game" not in css.split() and rank.strip().isdigit() for css, rank in rows[:8])
    assert "no-game" in rows[8][0].split() and rows[8][1].strip() == "–"
    assert players[8].name in table[table.rindex("<tr") :]
