"""The director's URLs: an event, its players, rounds, stages, and the club's seasons."""

from django.urls import path

from tournaments.web.director import championships, club, events, rounds, stages

urlpatterns = [
    path(
        "federations/<slug:slug>/championships/new/",
        championships.championship_create,
        name="championship_create",
    ),
    path(
        "events/<int:event_id>/championship/qualify/",
        championships.championship_qualify,
        name="championship_qualify",
    ),
    path(
        "clubs/<slug:slug>/championships/<int:event_id>/entries/",
        championships.championship_entries,
        name="championship_entries",
    ),
    path("clubs/<slug:slug>/events/new/", events.event_create, name="event_create"),
    path("events/<int:event_id>/ranking/", events.event_standings_rules, name="event_standings_rules"),
    path("clubs/<slug:slug>/seasons/new/", club.season_create, name="season_create"),
    path("seasons/<int:season_id>/edit/", club.season_edit, name="season_edit"),
    path("events/<int:event_id>/rounds/start/", rounds.round_start, name="round_start"),
    path("events/<int:event_id>/rounds/<int:number>/reseat/", rounds.round_reseat, name="round_reseat"),
    path("events/<int:event_id>/rounds/<int:number>/cards/", rounds.round_cards, name="round_cards"),
    path("cards/<int:card_id>/renew/", rounds.table_card_renew, name="table_card_renew"),
    path("events/<int:event_id>/rounds/<int:number>/lock/", rounds.round_lock, name="round_lock"),
    path(
        "events/<int:event_id>/rounds/<int:number>/clock/",
        rounds.round_clock_start,
        name="round_clock_start",
    ),
    path("games/<int:game_id>/stop/", rounds.game_stop, name="game_stop"),
    path("games/<int:game_id>/hands/delete/", rounds.hand_delete, name="hand_delete"),
    path("games/<int:game_id>/hands/sat-out/", rounds.hand_sat_out, name="hand_sat_out"),
    path("events/<int:event_id>/rounds/<int:number>/swap/", rounds.seats_swap, name="seats_swap"),
    path(
        "events/<int:event_id>/rounds/<int:number>/tables/<int:table>/lock/",
        rounds.table_lock,
        name="table_lock",
    ),
    path(
        "events/<int:event_id>/players/<int:player_id>/withdraw/",
        events.participant_withdraw,
        name="participant_withdraw",
    ),
    path("events/<int:event_id>/players/add/", events.participant_add, name="participant_add"),
    path("events/<int:event_id>/guests/add/", events.guest_add, name="guest_add"),
    path("players/<int:player_id>/merge/", events.guest_merge, name="guest_merge"),
    path("events/<int:event_id>/finish/", events.event_finish, name="event_finish"),
    path("events/<int:event_id>/board/new-link/", events.event_board_link, name="event_board_link"),
    path("events/<int:event_id>/odd-tables/", events.event_odd_tables, name="event_odd_tables"),
    path("events/<int:event_id>/clubs-apart/", events.event_clubs_apart, name="event_clubs_apart"),
    path("events/<int:event_id>/stages/add/", stages.stage_add, name="stage_add"),
    path("events/<int:event_id>/stages/<int:number>/remove/", stages.stage_remove, name="stage_remove"),
    path(
        "events/<int:event_id>/stages/<int:number>/entrants/",
        stages.stage_entrants,
        name="stage_entrants",
    ),
    path(
        "events/<int:event_id>/stages/<int:number>/matches/<int:round>/<int:slot>/decide/",
        stages.match_decide,
        name="match_decide",
    ),
    path(
        "events/<int:event_id>/players/<int:player_id>/toggle/",
        events.participant_toggle,
        name="participant_toggle",
    ),
]
