"""One input per operation: the page's form and the API build the same typed input, which the
service alone checks, so that neither door can offer what the other does not.

An operation's input is a dataclass of `tournaments.services` (or `clubs.services`); each door
names the same fields (the form the ones it draws, the API serializer the ones it reads, less
the club the URL or the body names). A field added to one door only, or to the input only, fails here.
"""

from __future__ import annotations

import dataclasses
import datetime

import pytest
from django import forms
from rest_framework import serializers

from clubs import services as club_services
from clubs.api.federations import FederationInputSerializer, PersonLinkInputSerializer
from clubs.web.forms import FederationForm, PersonLinkForm
from tournaments import services
from tournaments.api.serializers import EventInputSerializer, HandRecordInputSerializer
from tournaments.web.forms.events import EventForm
from tournaments.web.forms.hands import HandForm


@dataclasses.dataclass(frozen=True)
class Doors:
    """An operation's input and its two doors. `not_input`: door fields that are not the
    input's (the club the body names, the page's entry mode); `page_builds`: input fields the
    form builds from fields of its own (a hand's entries from the engine's fields)."""

    input: type
    form: type[forms.BaseForm]
    serializer: type
    not_input: frozenset[str] = frozenset()
    page_builds: frozenset[str] = frozenset()


OPERATIONS = {
    # The page builds the house rules from a control each (tournaments/web/forms/house_rules.py).
    "event_create": Doors(
        services.EventInput, EventForm, EventInputSerializer, frozenset({"club"}), frozenset({"options"})
    ),
    "hand_record": Doors(
        services.HandInput, HandForm, HandRecordInputSerializer, frozenset({"mode"}), frozenset({"entries"})
    ),
    "federation_create": Doors(club_services.FederationInput, FederationForm, FederationInputSerializer),
    "person_link": Doors(club_services.PersonLinkInput, PersonLinkForm, PersonLinkInputSerializer),
}


def _drift(doors: Doors) -> dict[str, set[str]]:
    """The fields one door or the input has and another lacks, by where they are missing."""
    wanted = {field.name for field in dataclasses.fields(doors.input)}
    page = (set(doors.form.base_fields) | doors.page_builds) - doors.not_input
    api = set(doors.serializer().fields) - doors.not_input
    return {
        missing: found
        for missing, found in (
            ("the page", (wanted | api) - page),
            ("the API", (wanted | page) - api),
            ("the input", (page | api) - wanted),
        )
        if found
    }


@pytest.mark.parametrize("operation", sorted(OPERATIONS))
def test_both_doors_take_the_whole_input(operation: str) -> None:
    assert _drift(OPERATIONS[operation]) == {}


def test_a_field_added_to_one_door_only_is_found() -> None:
    class LongerForm(EventForm):
        dress_code = forms.CharField()

    doors = OPERATIONS["event_create"]
    assert _drift(dataclasses.replace(doors, form=LongerForm)) == {
        "the API": {"dress_code"},
        "the input": {"dress_code"},
    }

    @dataclasses.dataclass(frozen=True, kw_only=True)
    class LongerInput(services.EventInput):
        rounds_planned: int = 0

    assert _drift(dataclasses.replace(doors, input=LongerInput)) == {
        "the page": {"rounds_planned"},
        "the API": {"rounds_planned"},
    }


def test_a_field_added_to_the_api_only_is_found() -> None:
    class LongerSerializer(HandRecordInputSerializer):
        table_number = serializers.IntegerField()

    doors = OPERATIONS["hand_record"]
    assert _drift(dataclasses.replace(doors, serializer=LongerSerializer)) == {
        "the page": {"table_number"},
        "the input": {"table_number"},
    }


def test_the_api_sets_what_the_page_sets(client, alice, club, players):
    """The options the API lacked (a round's clock, its warning, confirmation) reach the event."""
    from rest_framework.test import APIClient

    api = APIClient()
    api.force_authenticate(alice)
    response = api.post(
        "/api/v1/events/",
        {
            "club": club.pk,
            "name": "Clocked",
            "date": datetime.date(2026, 12, 4).isoformat(),
            "variant": "classic",
            "players": [p.pk for p in players[:8]],
            "minutes_per_round": 45,
            "warning_minutes": 5,
            "confirmation_required": True,
        },
        format="json",
    )
    assert response.status_code == 201, response.content
    body = response.json()
    assert (body["minutes_per_round"], body["warning_minutes"], body["confirmation_required"]) == (
        45,
        5,
        True,
    )
