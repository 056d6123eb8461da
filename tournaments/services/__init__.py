"""Writes for events, rounds, seatings, hands and standings. Views, the API and tasks call these.

Every service that changes what was entered runs in one transaction and queues its follow-up
task only after the commit, so a worker never sees half a write.

What lives where (each name below is also importable from here, as `services.hand_record`):

- `events`: an event and its participants (`event_create` from an `EventInput`, `event_finish`,
  `event_odd_tables_set`, `event_keep_clubs_apart_set`, the hall board's link `event_board_link_renew`,
  `participant_add`, `participant_set_present`, `participant_withdraw`); in a
  fixed-partnership event these act on a pair, both partners at once. The partnerships an
  event's pairs become are written by `clubs.services.partnerships_ensure`.
- `rounds`: rounds, their seating and clock (`round_start`, `round_reseat`, `round_seat`,
  `round_clock_start`), the
  tables a seating makes (their shapes and sides: `domain.table_shapes`; `three_player_variant`), the
  night's table cards (`table_card_renew`) and a round table's own link (`table_link_renew`).
- `hands`: hands and the game they score (`hand_record` from a `HandInput`, `hand_preview`, `hand_confirm`,
  `hand_delete`, `hand_undo`, `game_score`, `game_rescore`, `game_stop` at the clock).
- `standings`: an event's standings and how they rank (`standings_rebuild`,
  `event_standings_rules_set`).
- `championships`: a federation's championship at a member club (`championship_create`), its
  entrants entered by their clubs (`championship_enter`) or qualified by a ranking
  (`championship_qualify`); who may enter is `events.entrant_refusal`'s rule.
- `players`: a guest added on the night by name, merged later into a roster player
  (`guest_add`, `guest_merge`).
- `ratings`: a club's ratings (`ratings_rebuild`) and a federation's (`federation_ratings_rebuild`).
- `seasons`: a club's seasons (`season_save`).
- `stages`: an event's stages (`stage_add`, `stage_remove`), who plays a final table or a
  knockout (`stage_entrants_confirm`) and the director's word on a knockout match
  (`match_decide`); `stage_seating` tells `round_start` which stage a round belongs to.
- `planners`: which planner seats a round (`PLANNERS`, by its stage and the event's format):
  `individual_seating` (partners rotate), `partnership_seating` (pairs by their movement) and
  `stage_seating` (a stage's pairs, a final table, a knockout), each returning a
  `planned.PlannedRound` that `round_seat` stores.

The director's tools on a seated round (locks, swaps) are in `tournaments/services/round_tools.py`;
`queue` is the one door to the workers (a task sent by its name after the commit, the standings
rebuild coalesced over a burst of hands).

May import: the selectors, the models, `display/`, `domain/`, `scoring`, `clubs`; never the
tasks (`tournaments/workers/`), which import the services.
"""

from tournaments.services.championships import (
    QUALIFY_FROM_CLUBS,
    QUALIFY_FROM_FEDERATION,
    Qualified,
    championship_create,
    championship_enter,
    championship_qualify,
)
from tournaments.services.events import (
    EventInput,
    entrant_refusal,
    event_board_link_renew,
    event_create,
    event_finish,
    event_keep_clubs_apart_set,
    event_odd_tables_set,
    participant_add,
    participant_set_present,
    participant_withdraw,
)
from tournaments.services.hands import (
    HandInput,
    game_rescore,
    game_score,
    game_stop,
    hand_confirm,
    hand_delete,
    hand_preview,
    hand_record,
    hand_sat_out_set,
    hand_undo,
)
from tournaments.services.players import guest_add, guest_merge
from tournaments.services.rating_history import RATING_HISTORY_COLUMNS
from tournaments.services.ratings import (
    GAME_NOT_COUNTED,
    GAME_RATED,
    REBUILD_QUEUED,
    REBUILT,
    GameRatings,
    club_game_rate,
    federation_counted_events,
    federation_game_rate,
    federation_ratings_queue,
    federation_ratings_rebuild,
    game_rate,
    ratings_rebuild,
)
from tournaments.services.rounds import (
    round_clock_start,
    round_reseat,
    round_seat,
    round_start,
    table_card_renew,
    table_link_renew,
    three_player_variant,
)
from tournaments.services.seasons import season_save
from tournaments.services.stages import match_decide, stage_add, stage_entrants_confirm, stage_remove
from tournaments.services.standings import event_standings_rules_set, standings_rebuild

__all__ = [
    "GAME_NOT_COUNTED",
    "GAME_RATED",
    "QUALIFY_FROM_CLUBS",
    "QUALIFY_FROM_FEDERATION",
    "RATING_HISTORY_COLUMNS",
    "REBUILD_QUEUED",
    "REBUILT",
    "EventInput",
    "GameRatings",
    "HandInput",
    "Qualified",
    "championship_create",
    "championship_enter",
    "championship_qualify",
    "club_game_rate",
    "entrant_refusal",
    "event_board_link_renew",
    "event_create",
    "event_finish",
    "event_keep_clubs_apart_set",
    "event_odd_tables_set",
    "event_standings_rules_set",
    "federation_counted_events",
    "federation_game_rate",
    "federation_ratings_queue",
    "federation_ratings_rebuild",
    "game_rate",
    "game_rescore",
    "game_score",
    "game_stop",
    "guest_add",
    "guest_merge",
    "hand_confirm",
    "hand_delete",
    "hand_preview",
    "hand_record",
    "hand_sat_out_set",
    "hand_undo",
    "match_decide",
    "participant_add",
    "participant_set_present",
    "participant_withdraw",
    "ratings_rebuild",
    "round_clock_start",
    "round_reseat",
    "round_seat",
    "round_start",
    "season_save",
    "stage_add",
    "stage_entrants_confirm",
    "stage_remove",
    "standings_rebuild",
    "table_card_renew",
    "table_link_renew",
    "three_player_variant",
]
