from django.urls import path, register_converter

from tournaments.models import ACCESS_TOKEN_PATTERN
from tournaments.web import director_views, pair_views, ranking_views, stage_views, table_views, views


class TableTokenConverter:
    """A table link's token in the path: only what a token can be (ACCESS_TOKEN_PATTERN), so a
    NUL byte, an over-long value or bytes that are not UTF-8 are not found before any look-up."""

    regex = ACCESS_TOKEN_PATTERN

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


register_converter(TableTokenConverter, "table_token")

app_name = "tournaments"

urlpatterns = [
    path("clubs/<slug:slug>/", views.club_detail, name="club_detail"),
    path("clubs/<slug:slug>/results/", views.club_results, name="club_results"),
    path("clubs/<slug:slug>/rankings/", views.club_rankings, name="club_rankings"),
    path("clubs/<slug:slug>/events/new/", views.event_create, name="event_create"),
    path("clubs/<slug:slug>/partnerships/", pair_views.club_partnerships, name="club_partnerships"),
    path("events/<int:event_id>/", views.event_detail, name="event_detail"),
    path("events/<int:event_id>/standings/", views.event_standings, name="event_standings"),
    path("events/<int:event_id>/players/<int:player_id>/", views.event_player, name="event_player"),
    path("events/<int:event_id>/ranking/", ranking_views.event_ranking, name="event_ranking"),
    path("players/<int:player_id>/", ranking_views.player_detail, name="player_detail"),
    path("seasons/<int:season_id>/", ranking_views.season_detail, name="season_detail"),
    path("clubs/<slug:slug>/seasons/new/", ranking_views.season_create, name="season_create"),
    path("seasons/<int:season_id>/edit/", ranking_views.season_edit, name="season_edit"),
    path("events/<int:event_id>/rounds/start/", views.round_start, name="round_start"),
    path("events/<int:event_id>/rounds/<int:number>/reseat/", views.round_reseat, name="round_reseat"),
    path("events/<int:event_id>/rounds/<int:number>/cards/", views.round_cards, name="round_cards"),
    path("cards/<int:card_id>/renew/", views.table_card_renew, name="table_card_renew"),
    path("events/<int:event_id>/board/", director_views.round_board, name="round_board"),
    path("events/<int:event_id>/rounds/<int:number>/sheet/", director_views.round_sheet, name="round_sheet"),
    path("events/<int:event_id>/rounds/<int:number>/lock/", director_views.round_lock, name="round_lock"),
    path(
        "events/<int:event_id>/rounds/<int:number>/clock/",
        director_views.round_clock_start,
        name="round_clock_start",
    ),
    path("games/<int:game_id>/stop/", director_views.game_stop, name="game_stop"),
    path("games/<int:game_id>/hands/delete/", director_views.hand_delete, name="hand_delete"),
    path("games/<int:game_id>/hands/sat-out/", director_views.hand_sat_out, name="hand_sat_out"),
    path("events/<int:event_id>/rounds/<int:number>/swap/", director_views.seats_swap, name="seats_swap"),
    path(
        "events/<int:event_id>/rounds/<int:number>/tables/<int:table>/lock/",
        director_views.table_lock,
        name="table_lock",
    ),
    path(
        "events/<int:event_id>/players/<int:player_id>/withdraw/",
        director_views.participant_withdraw,
        name="participant_withdraw",
    ),
    path("events/<int:event_id>/players/add/", views.participant_add, name="participant_add"),
    path("events/<int:event_id>/guests/add/", views.guest_add, name="guest_add"),
    path("players/<int:player_id>/merge/", ranking_views.guest_merge, name="guest_merge"),
    path("events/<int:event_id>/finish/", views.event_finish, name="event_finish"),
    path("events/<int:event_id>/stages/add/", stage_views.stage_add, name="stage_add"),
    path("events/<int:event_id>/stages/<int:number>/remove/", stage_views.stage_remove, name="stage_remove"),
    path(
        "events/<int:event_id>/stages/<int:number>/entrants/",
        stage_views.stage_entrants,
        name="stage_entrants",
    ),
    path(
        "events/<int:event_id>/stages/<int:number>/bracket/",
        stage_views.stage_bracket,
        name="stage_bracket",
    ),
    path(
        "events/<int:event_id>/stages/<int:number>/matches/<int:round>/<int:slot>/decide/",
        stage_views.match_decide,
        name="match_decide",
    ),
    path(
        "events/<int:event_id>/players/<int:player_id>/toggle/",
        views.participant_toggle,
        name="participant_toggle",
    ),
    path("games/<int:game_id>/", table_views.game_detail, name="game_detail"),
    path("games/<int:game_id>/hands/", table_views.game_save, name="game_save"),
    path("games/<int:game_id>/hands/<int:number>/confirm/", table_views.game_confirm, name="game_confirm"),
    path("games/<int:game_id>/hands/<int:number>/undo/", table_views.game_undo, name="game_undo"),
    path("t/<table_token:token>/", table_views.link_detail, name="link_detail"),
    path("t/<table_token:token>/hands/", table_views.link_save, name="link_save"),
    path("t/<table_token:token>/hands/<int:number>/confirm/", table_views.link_confirm, name="link_confirm"),
    path("t/<table_token:token>/hands/<int:number>/undo/", table_views.link_undo, name="link_undo"),
    path("t/<table_token:token>/games/<int:game_id>/hands/", table_views.card_save, name="card_save"),
    path(
        "t/<table_token:token>/games/<int:game_id>/hands/<int:number>/undo/",
        table_views.card_undo,
        name="card_undo",
    ),
    path(
        "t/<table_token:token>/games/<int:game_id>/hands/<int:number>/confirm/",
        table_views.card_confirm,
        name="card_confirm",
    ),
]
