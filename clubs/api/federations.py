"""Federations: their member clubs, invitations and answers, and people linked across clubs."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.http import Http404
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import permissions, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from clubs import services
from clubs.models import Federation, FederationClub, Person
from clubs.selectors import (
    club_federation_now,
    clubs_directed_by,
    federation_people_found,
    federation_places,
    federations_run_by,
)
from clubs.text import name_trimmed
from config.api_lists import one_value_each
from config.api_schema import errors, read_only_schema


class FederationSerializer(serializers.ModelSerializer):
    class Meta:
        model = Federation
        fields = ("id", "name", "slug", "ranking_public", "created_at")


class FederationInputSerializer(serializers.Serializer):
    """A new federation (services.FederationInput); `slug` blank or left out: made from the name."""

    name = serializers.CharField(max_length=120, trim_whitespace=False)
    slug = serializers.CharField(max_length=50, required=False, allow_blank=True, default="")

    def validate_name(self, value: str) -> str:
        return name_trimmed(value)


class FederationClubSerializer(serializers.ModelSerializer):
    """A club's place in the federation: "invited", "member", "left" or "declined", with dates;
    `club_name` is the club's name once it has joined, its address before."""

    club: serializers.SlugRelatedField = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    club_name = serializers.CharField(source="shown_name", read_only=True)
    status = serializers.CharField(read_only=True)

    class Meta:
        model = FederationClub
        fields = ("id", "club", "club_name", "status", "joined_on", "left_on", "declined_on", "counts_from")


@read_only_schema(FederationSerializer)
class FederationViewSet(viewsets.ReadOnlyModelViewSet):
    """The federations the user is an officer of; POST creates one (its creator first officer); `clubs/`."""

    serializer_class = FederationSerializer
    permission_classes = [permissions.IsAuthenticated]
    lookup_field = "slug"

    def get_queryset(self) -> QuerySet[Federation]:
        return federations_run_by(user=self.request.user)

    @extend_schema(
        request=FederationInputSerializer, responses={201: FederationSerializer, **errors(400, 401, 403)}
    )
    def create(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        serializer = FederationInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        asked = services.FederationInput(**serializer.validated_data)
        federation = services.federation_create(asked=asked, by=request.user)  # type: ignore[arg-type]
        return Response(FederationSerializer(federation).data, status=status.HTTP_201_CREATED)

    @extend_schema(responses={200: FederationClubSerializer(many=True), **errors(401, 404)})
    @action(
        detail=True,
        methods=["get"],
        url_path="clubs",
        url_name="clubs",
        pagination_class=None,
        filter_backends=[],
    )
    def clubs(self, request: Request, slug: str | None = None, format: str | None = None) -> Response:
        """Club places: members, then invited, left, declined (`format`: the URL's suffix, for rendering)."""
        places = federation_places(federation=self.get_object())
        return Response(FederationClubSerializer(places, many=True).data)


class FederationInviteInputSerializer(serializers.Serializer):
    club = serializers.SlugField(help_text="The club's address, as in /clubs/<address>/.")
    counts_from = serializers.DateField(
        required=False,
        allow_null=True,
        help_text="An earlier date from which the club's games count, once it accepts.",
    )


class FederationAnswerInputSerializer(serializers.Serializer):
    answer = serializers.ChoiceField(choices=["accept", "decline"])


class FederationInviteApi(APIView):
    """POST `{"club": address}`: an officer invites a club (services.federation_club_invite): "invited"."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        request=FederationInviteInputSerializer,
        responses={201: FederationClubSerializer, **errors(400, 401, 403, 404)},
    )
    def post(self, request: Request, slug: str) -> Response:
        federation = get_object_or_404(federations_run_by(user=request.user), slug=slug)
        serializer = FederationInviteInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        place = services.federation_club_invite(
            federation=federation,
            club_slug=serializer.validated_data["club"],
            by=request.user,  # type: ignore[arg-type]
            counts_from=serializer.validated_data.get("counts_from"),
        )
        return Response(FederationClubSerializer(place).data, status=status.HTTP_201_CREATED)


class FederationPlaceEndApi(APIView):
    """POST: an officer ends a club's membership (it leaves today: 200, its place) or withdraws its
    invitation (204: the invitation is gone)."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        request=None, responses={200: FederationClubSerializer, 204: None, **errors(400, 401, 403, 404)}
    )
    def post(self, request: Request, slug: str, place_id: int) -> Response:
        federation = get_object_or_404(federations_run_by(user=request.user), slug=slug)
        places = FederationClub.objects.select_related("club")
        place = get_object_or_404(places, pk=place_id, federation=federation)
        ended = services.federation_place_end(place=place, by=request.user)  # type: ignore[arg-type]
        if ended is None:
            return Response(status=status.HTTP_204_NO_CONTENT)
        return Response(FederationClubSerializer(ended).data)


class ClubFederationAnswerApi(APIView):
    """POST `{"answer": "accept" | "decline"}`: a club's director answers an invitation."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        request=FederationAnswerInputSerializer,
        responses={200: FederationClubSerializer, **errors(400, 401, 403, 404)},
    )
    def post(self, request: Request, slug: str, place_id: int) -> Response:
        club = get_object_or_404(clubs_directed_by(user=request.user), slug=slug)
        place = get_object_or_404(
            FederationClub.objects.select_related("federation", "club"),
            pk=place_id,
            club=club,
            joined_on__isnull=True,
        )
        serializer = FederationAnswerInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        accept = serializer.validated_data["answer"] == "accept"
        services.federation_invitation_answer(place=place, accept=accept, by=request.user)  # type: ignore[arg-type]
        place.refresh_from_db()
        return Response(FederationClubSerializer(place).data)


class ClubFederationLeaveApi(APIView):
    """POST: a club's director takes the club out of its federation (its past results stay)."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=None, responses={200: FederationClubSerializer, **errors(400, 401, 403, 404)})
    def post(self, request: Request, slug: str) -> Response:
        club = get_object_or_404(clubs_directed_by(user=request.user), slug=slug)
        place = club_federation_now(club=club)
        if place is None:
            raise Http404
        services.federation_place_end(place=place, by=request.user)  # type: ignore[arg-type]
        place.refresh_from_db()
        return Response(FederationClubSerializer(place).data)


class PersonLinkInputSerializer(serializers.Serializer):
    """A director's link of a player (services.PersonLinkInput)."""

    member_number = serializers.CharField(max_length=64)


class PersonLinkOutcomeSerializer(serializers.Serializer):
    """What the link did: "linked", "created" (a new member of the player's name), "unchanged",
    or "conflict" (held for the federation's officers; the member's name is not given)."""

    result = serializers.CharField()
    member_number = serializers.CharField()
    person_name = serializers.CharField(allow_null=True)


class PersonLinkApi(APIView):
    """POST `{"member_number": ...}`: a director links the player to that member (services.person_link)."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        request=PersonLinkInputSerializer,
        responses={200: PersonLinkOutcomeSerializer, **errors(400, 401, 403, 404)},
    )
    def post(self, request: Request, slug: str, player_id: int) -> Response:
        club = get_object_or_404(clubs_directed_by(user=request.user), slug=slug)
        player = get_object_or_404(club.players, pk=player_id)
        serializer = PersonLinkInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        asked = services.PersonLinkInput(**serializer.validated_data)
        outcome = services.person_link(player=player, asked=asked, by=request.user)  # type: ignore[arg-type]
        person = outcome.person
        body = {
            "result": outcome.result,
            "member_number": person.member_number,
            "person_name": None if outcome.result == "conflict" else person.name,
        }
        return Response(PersonLinkOutcomeSerializer(body).data)


class PersonSerializer(serializers.ModelSerializer):
    """A federation's person: the name and the member number as the federation writes them."""

    class Meta:
        model = Person
        fields = ("id", "name", "member_number")


class PeopleFoundSerializer(serializers.Serializer):
    results = PersonSerializer(many=True, source="people")
    more = serializers.IntegerField(help_text="How many more match than are listed.")


class PersonRenameInputSerializer(serializers.Serializer):
    """A rename (services.PersonRenameInput): the name, and the number written another way."""

    name = serializers.CharField(max_length=120, trim_whitespace=False)
    member_number = serializers.CharField(max_length=64, trim_whitespace=False)


PEOPLE_PARAMETERS = [OpenApiParameter("q", str, description="A name, or a member number however written.")]


class FederationPeopleApi(APIView):
    """GET `?q=`: an officer finds the federation's people by name, or by number however written
    (the page's search, selectors.federation_people_found)."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        parameters=PEOPLE_PARAMETERS, responses={200: PeopleFoundSerializer, **errors(400, 401, 404)}
    )
    def get(self, request: Request, slug: str) -> Response:
        federation = get_object_or_404(federations_run_by(user=request.user), slug=slug)
        one_value_each(request.query_params, (p.name for p in PEOPLE_PARAMETERS))
        found = federation_people_found(federation=federation, query=request.query_params.get("q", ""))
        return Response(PeopleFoundSerializer(found).data)


class FederationPersonRenameApi(APIView):
    """POST `{"name", "member_number"}`: an officer renames a person, or writes their number another
    way (services.person_rename, recorded): 200 with the person, as it now is."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        request=PersonRenameInputSerializer, responses={200: PersonSerializer, **errors(400, 401, 403, 404)}
    )
    def post(self, request: Request, slug: str, person_id: int) -> Response:
        federation = get_object_or_404(federations_run_by(user=request.user), slug=slug)
        person = get_object_or_404(Person, pk=person_id, federation=federation)
        serializer = PersonRenameInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        asked = services.PersonRenameInput(**serializer.validated_data)
        services.person_rename(person=person, asked=asked, by=request.user)  # type: ignore[arg-type]
        person.refresh_from_db()
        return Response(PersonSerializer(person).data)
