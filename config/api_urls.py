"""The /api/v1/ routes of every app."""

from django.urls import include, path
from rest_framework.authtoken.views import obtain_auth_token
from rest_framework.routers import DefaultRouter

from clubs.api import ClubViewSet, PlayerViewSet
from tournaments.api import views as api

router = DefaultRouter()
router.register("clubs", ClubViewSet, basename="club")
router.register("players", PlayerViewSet, basename="player")
router.register("events", api.EventViewSet, basename="event")
router.register("rounds", api.RoundViewSet, basename="round")
router.register("tables", api.TableViewSet, basename="table")
router.register("games", api.GameViewSet, basename="game")
router.register("hands", api.HandViewSet, basename="hand")
router.register("standings", api.StandingViewSet, basename="standing")

urlpatterns = [
    path("events/<int:event_id>/rounds/", api.RoundStartApi.as_view(), name="round-start"),
    path("events/<int:event_id>/players/", api.ParticipantAddApi.as_view(), name="participant-add"),
    path(
        "events/<int:event_id>/players/<int:player_id>/withdraw/",
        api.ParticipantWithdrawApi.as_view(),
        name="participant-withdraw",
    ),
    path("games/<int:game_id>/hands/", api.HandRecordApi.as_view(), name="hand-record"),
    path(
        "games/<int:game_id>/hands/<int:number>/confirm/", api.HandConfirmApi.as_view(), name="hand-confirm"
    ),
    path("score-sheets/", api.ScoreSheetApi.as_view(), name="score-sheet"),
    # POST username and password, get {"token": ...} for `Authorization: Token ...` (README, API).
    path("auth/token/", obtain_auth_token, name="api-token"),
    path("", include(router.urls)),
]
