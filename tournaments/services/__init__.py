"""Writes for events, rounds, seatings, hands, standings, ratings and seasons; each name importable here.

Each write runs in one transaction and queues its task after the commit.
Design: docs/writes-and-reads.md#the-services
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
from tournaments.services.ratings import (
    GAME_NOT_COUNTED,
    GAME_RATED,
    RATING_HISTORY_COLUMNS,
    REBUILD_QUEUED,
    federation_counted_events,
    federation_game_rate,
    federation_ratings_queue,
    federation_ratings_rebuild,
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
    "EventInput",
    "HandInput",
    "Qualified",
    "championship_create",
    "championship_enter",
    "championship_qualify",
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
