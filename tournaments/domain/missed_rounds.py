"""What a round a player missed is worth in the standings. Pure: plain values in and out.

A missed round is a round of the event the player was not seated in while taking part: a
sit-out (or a partnership's bye), or a round played before a late player arrived. Rounds
after a player withdrew are not missed rounds: they left. The event's policy says what
each one is worth:

* nothing: no credit (the standings count games played only);
* the sit-out score: a fixed number of victory points per missed round (1 is a draw);
* the player's average: their victory points per finished game so far, times the missed
  rounds, rounded half up to whole victory points (nothing while they have no finished game).

Only victory points are credited: points for and against stay those of games really played,
so the point difference is never invented.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from tournaments.domain.standings import Credit, StandingRow

NOTHING = "nothing"
SIT_OUT_SCORE = "sit_out_score"
AVERAGE = "average"


def missed_round_credits(
    policy: str, rows: Iterable[StandingRow], missed: Mapping[int, int], sit_out_victory_points: int = 1
) -> dict[int, Credit]:
    """Player id -> credit for their missed rounds, from their standings row over games played.

    `missed` maps player id to the number of rounds missed. Raises ValueError for an unknown
    policy.
    """
    if policy == NOTHING:
        return {}
    if policy == SIT_OUT_SCORE:
        return {
            player: Credit(victory_points=sit_out_victory_points * count)
            for player, count in missed.items()
            if count
        }
    if policy == AVERAGE:
        credits = {}
        for row in rows:
            count = missed.get(row.player, 0)
            if count and row.games:
                # round half up in integers: (2·vp·k + g) // (2·g)
                points = (2 * row.victory_points * count + row.games) // (2 * row.games)
                credits[row.player] = Credit(victory_points=points)
        return credits
    raise ValueError(f"Unknown missed-round policy {policy!r}.")
