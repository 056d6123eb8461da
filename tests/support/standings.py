"""Round 1 of the league night played to its end for the standings tests: table 1 won by NS by
380, table 2 by NS by 2400 (the hands of tests/support/hands.py)."""

from __future__ import annotations

from tests.support.hands import HAND_A, HAND_B
from tournaments import services
from tournaments.models import Game

SWAPPED_A = {"NS": HAND_A["EW"], "EW": HAND_A["NS"]}


# Table 1: NS 1685 − 220 + 1685 − 220 = 2930, EW 485 + 790 + 485 + 790 = 2550 (NS +380).
TABLE_1 = [HAND_A, HAND_B, HAND_A, HAND_B]


# Table 2: NS 1685 + 485 + 1685 + 1685 = 5540, EW 485 + 1685 + 485 + 485 = 3140 (NS +2400).
TABLE_2 = [HAND_A, SWAPPED_A, HAND_A, HAND_A]


def _play(event) -> dict[tuple[int, str], set[int]]:
    """Play both tables of round 1; (table number, side) -> its players."""
    sides = {}
    for game in Game.objects.filter(table__round__event=event).select_related("table"):
        for number, hand in enumerate(TABLE_1 if game.table.number == 1 else TABLE_2, start=1):
            services.hand_record(game=game, asked=services.HandInput(number=number, entries=hand))
        for side in ("NS", "EW"):
            sides[(game.table.number, side)] = set(
                game.table.seats.filter(side=side).values_list("player_id", flat=True)
            )
    services.standings_rebuild(event_id=event.pk)  # the task runs after a commit tests never make
    return sides
