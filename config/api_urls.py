"""The /api/v1/ routes of every app."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.urls import include, path
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from drf_spectacular.plumbing import build_bearer_security_scheme_object
from rest_framework.routers import DefaultRouter

from clubs.api import clubs as club_api
from clubs.api import federations as federation_api
from tournaments.api import championships, events, games, nights, rankings, rounds, score_sheets, standings

if TYPE_CHECKING:
    from drf_spectacular.openapi import AutoSchema


class ApiTokenScheme(OpenApiAuthenticationExtension):
    """The API token in the schema: `Authorization: Token <token>` (config/api_auth.py)."""

    target_class = "config.api_auth.TokenAuthentication"
    name = "tokenAuth"

    def get_security_definition(self, auto_schema: AutoSchema) -> dict[str, Any]:
        return build_bearer_security_scheme_object(header_name="Authorization", token_prefix="Token")


router = DefaultRouter()
router.register("clubs", club_api.ClubViewSet, basename="club")
router.register("players", club_api.PlayerViewSet, basename="player")
router.register("federations", federation_api.FederationViewSet, basename="federation")
router.register("events", events.EventViewSet, basename="event")
router.register("rounds", rounds.RoundViewSet, basename="round")
router.register("tables", rounds.TableViewSet, basename="table")
router.register("games", games.GameViewSet, basename="game")
router.register("hands", games.HandViewSet, basename="hand")
router.register("standings", standings.StandingViewSet, basename="standing")

urlpatterns = [
    path("events/<int:event_id>/rounds/", rounds.RoundStartApi.as_view(), name="round-start"),
    path("events/<int:event_id>/players/", events.ParticipantAddApi.as_view(), name="participant-add"),
    path(
        "events/<int:event_id>/players/<int:player_id>/withdraw/",
        events.ParticipantWithdrawApi.as_view(),
        name="participant-withdraw",
    ),
    path("games/<int:game_id>/hands/", games.HandRecordApi.as_view(), name="hand-record"),
    path(
        "games/<int:game_id>/hands/<int:number>/confirm/", games.HandConfirmApi.as_view(), name="hand-confirm"
    ),
    path("score-sheets/", score_sheets.ScoreSheetApi.as_view(), name="score-sheet"),
    path("nights/<int:night_id>/sign-ups/", nights.NightSignUpsApi.as_view(), name="night-sign-ups"),
    path("clubs/<slug:slug>/ranking/", rankings.ClubRankingApi.as_view(), name="club-ranking"),
    path(
        "federations/<slug:slug>/ranking/",
        rankings.FederationRankingApi.as_view(),
        name="federation-ranking",
    ),
    path(
        "clubs/<slug:slug>/federation/players/<int:player_id>/link/",
        federation_api.PersonLinkApi.as_view(),
        name="federation-link",
    ),
    path(
        "federations/<slug:slug>/people/",
        federation_api.FederationPeopleApi.as_view(),
        name="federation-people",
    ),
    path(
        "federations/<slug:slug>/people/<int:person_id>/rename/",
        federation_api.FederationPersonRenameApi.as_view(),
        name="federation-person-rename",
    ),
    path(
        "federations/<slug:slug>/invite/",
        federation_api.FederationInviteApi.as_view(),
        name="federation-invite",
    ),
    path(
        "federations/<slug:slug>/clubs/<int:place_id>/end/",
        federation_api.FederationPlaceEndApi.as_view(),
        name="federation-place-end",
    ),
    path(
        "clubs/<slug:slug>/federation/<int:place_id>/answer/",
        federation_api.ClubFederationAnswerApi.as_view(),
        name="club-federation-answer",
    ),
    path(
        "clubs/<slug:slug>/federation/leave/",
        federation_api.ClubFederationLeaveApi.as_view(),
        name="club-federation-leave",
    ),
    path(
        "federations/<slug:slug>/championships/",
        championships.ChampionshipsApi.as_view(),
        name="championships",
    ),
    path("events/<int:event_id>/qualify/", championships.QualifyApi.as_view(), name="championship-qualify"),
    path(
        "clubs/<slug:slug>/championships/<int:event_id>/entries/",
        championships.EntriesApi.as_view(),
        name="championship-entries",
    ),
    # POST username and password, get {"token": ..., "expiry": ...} for `Authorization: Token ...`;
    # POST to logout/ revokes the token used, to logoutall/ every token of its user (docs/api.md).
    path("auth/token/", club_api.TokenObtainApi.as_view(), name="api-token"),
    path("auth/logout/", club_api.TokenLogoutApi.as_view(), name="api-logout"),
    path("auth/logoutall/", club_api.TokenLogoutAllApi.as_view(), name="api-logout-all"),
    path("", include(router.urls)),
]
