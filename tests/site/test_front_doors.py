"""One input per operation: the page's form and the API build the same typed input, which the
service alone checks, so that neither door can offer what the other does not.

An operation's input is a dataclass of `tournaments.services`; each door names the same fields
(the form the ones it draws, the API serializer the ones it reads, less the club the URL or
the body names). A field added to one door only, or to the input only, fails here.
"""

from __future__ import annotations

import dataclasses
import datetime

import pytest
from django import forms

from tournaments import services
from tournaments.api.views import EventInputSerializer
from tournaments.web.forms import EventForm

# (the input, the page's form, the API's serializer, the door fields that are not the input's)
OPERATIONS = {
    "event_create": (services.EventInput, EventForm, EventInputSerializer, {"club"}),
}


def _drift(
    input_type: type, form: type[forms.BaseForm], serializer: type, door_only: set[str]
) -> dict[str, set[str]]:
    """The fields one door or the input has and another lacks, by where they are missing."""
    wanted = {field.name for field in dataclasses.fields(input_type)}
    page = set(form.base_fields) - door_only
    api = set(serializer().fields) - door_only
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
    assert _drift(*OPERATIONS[operation]) == {}


def test_a_field_added_to_one_door_only_is_found() -> None:
    class LongerForm(EventForm):
        dress_code = forms.CharField()

    assert _drift(services.EventInput, LongerForm, EventInputSerializer, {"club"}) == {
        "the API": {"dress_code"},
        "the input": {"dress_code"},
    }

    @dataclasses.dataclass(frozen=True, kw_only=True)
    class LongerInput(services.EventInput):
        rounds_planned: int = 0

    assert _drift(LongerInput, EventForm, EventInputSerializer, {"club"}) == {
        "the page": {"rounds_planned"},
        "the API": {"rounds_planned"},
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
