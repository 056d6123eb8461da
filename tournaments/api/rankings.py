"""The API's rankings, a club's and a federation's, with the pages' parameters and the pages'
rules of who may read them."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import permissions
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from clubs.selectors import (
    clubs_with_results_visible_to,
    federation_clubs_unnamed_to,
    federations_with_ranking_visible_to,
)
from config.api_lists import one_value_each
from config.api_schema import errors
from tournaments import selectors
from tournaments.api.serializers import (
    FederationRankingQuerySerializer,
    FederationRankingSerializer,
    RankingQuerySerializer,
    RankingSerializer,
)
from tournaments.domain.ratings import PROVISIONAL_GAMES

RANKING_PARAMETERS = [
    OpenApiParameter("variant", str, description="A variant of the ranking group (default: the club's own)."),
    OpenApiParameter(
        "season",
        str,
        description='A season id of the club, or "all" for every night (default: the current season).',
    ),
    OpenApiParameter("from", str, description="The period's first date, YYYY-MM-DD (optional)."),
    OpenApiParameter("to", str, description="The period's last date, YYYY-MM-DD (optional)."),
]


class ClubRankingApi(APIView):
    """A club's ranking of one ranking group over one period, in the ranking's order."""

    permission_classes = [permissions.AllowAny]  # the club's own rule: members, or public results

    @extend_schema(parameters=RANKING_PARAMETERS, responses={200: RankingSerializer, **errors(400, 401, 404)})
    def get(self, request: Request, slug: str) -> Response:
        club = clubs_with_results_visible_to(user=request.user).filter(slug=slug).first()
        if club is None:
            if not request.user.is_authenticated:
                self.permission_denied(request)  # 401, with the authentication header
            raise NotFound
        one_value_each(request.query_params, (p.name for p in RANKING_PARAMETERS))
        query = RankingQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        asked = query.validated_data
        try:
            period = selectors.club_ranking_period(
                club=club, season=asked.get("season"), start=asked.get("from"), end=asked.get("to")
            )
        except ValueError as exc:
            raise ValidationError({"season" if "season" in str(exc) else "to": [str(exc)]}) from exc
        try:
            group = selectors.club_ranking_group(
                club=club, variant=asked.get("variant") or club.default_variant
            )
        except ValueError as exc:
            raise ValidationError({"variant": [str(exc)]}) from exc
        lines = selectors.club_ranking(club=club, group=group.key, period=period)
        body: dict[str, Any] = {
            "club": club.slug,
            "group": group,
            "period": period,
            "provisional_games": PROVISIONAL_GAMES,
            "results": lines,
        }
        return Response(RankingSerializer(body).data)


FEDERATION_RANKING_PARAMETERS = [
    OpenApiParameter(
        "variant", str, description="A variant of the ranking group (default: Classic's group)."
    ),
    OpenApiParameter("from", str, description="The period's first date, YYYY-MM-DD (optional)."),
    OpenApiParameter("to", str, description="The period's last date, YYYY-MM-DD (optional)."),
]


class FederationRankingApi(APIView):
    """A federation's ranking of its people in one ranking group over one period, in the
    ranking's order, by the club's rule; each line with the person's clubs."""

    permission_classes = [permissions.AllowAny]  # the federation's own rule: officers, or public

    @extend_schema(
        parameters=FEDERATION_RANKING_PARAMETERS,
        responses={200: FederationRankingSerializer, **errors(400, 401, 404)},
    )
    def get(self, request: Request, slug: str) -> Response:
        federation = federations_with_ranking_visible_to(user=request.user).filter(slug=slug).first()
        if federation is None:
            if not request.user.is_authenticated:
                self.permission_denied(request)  # 401, with the authentication header
            raise NotFound
        one_value_each(request.query_params, (p.name for p in FEDERATION_RANKING_PARAMETERS))
        query = FederationRankingQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        asked = query.validated_data
        try:
            period = selectors.federation_ranking_period(start=asked.get("from"), end=asked.get("to"))
        except ValueError as exc:
            raise ValidationError({"to": [str(exc)]}) from exc
        try:
            group = selectors.federation_ranking_group(
                federation=federation,
                variant=asked.get("variant") or selectors.federation_default_group(federation=federation),
            )
        except ValueError as exc:
            raise ValidationError({"variant": [str(exc)]}) from exc
        lines = selectors.federation_ranking(federation=federation, group=group.key, period=period)
        body: dict[str, Any] = {
            "federation": federation.slug,
            "group": group,
            "period": period,
            "provisional_games": PROVISIONAL_GAMES,
            "results": lines,
        }
        unnamed = federation_clubs_unnamed_to(federation=federation, user=request.user)
        return Response(FederationRankingSerializer(body, context={"unnamed_clubs": unnamed}).data)
