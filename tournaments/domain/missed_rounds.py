"""What a round a player missed is worth in the standings: victory points only. Design:
docs/seating.md#missed-rounds."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from tournaments.domain.standings import Credit, StandingRow

NOTHING = "nothing"
SIT_OUT_SCORE = "sit_out_score"
AVERAGE = "average"


def missed_round_credits(
    policy: str, rows: Iterable[StandingRow], missed: Mapping[int, int], sit_out_victory_points: int = 1
) -> dict[int, Credit]:
    """Player id -> credit for their missed rounds (`missed`: player id -> rounds missed), from
    their standings row over games played. Raises ValueError for an unknown policy."""
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
