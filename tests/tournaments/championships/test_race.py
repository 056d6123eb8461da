"""Two clubs entering one person at the same moment: the second waits for the first and is refused
(PostgreSQL only: SQLite runs one writer at a time)."""

from __future__ import annotations

import datetime
import threading
import time

import pytest
from django.core.exceptions import ValidationError
from django.db import connection, connections

from clubs.models import Federation, FederationClub, Person, Player
from clubs.names import name_words_key
from tests.support.factories import ClubFactory, PlayerFactory
from tournaments import services
from tournaments.models import Event
from tournaments.services import events as events_module

D = datetime.date


@pytest.mark.django_db(transaction=True)
def test_one_person_entered_by_two_clubs_at_once(monkeypatch):
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL")
    north = Federation.objects.create(name="North", slug="north")
    avon, brook = ClubFactory(name="Avon", slug="avon"), ClubFactory(name="Brook", slug="brook")
    person = Person.objects.create(
        federation=north, member_number="N-PIA", name="Pia", name_words=name_words_key("Pia")
    )
    for club in (avon, brook):
        FederationClub.objects.create(federation=north, club=club, joined_on=D(2026, 11, 1))
        PlayerFactory(club=club, name="Pia", person=person)
    event = services.championship_create(
        federation=north,
        host=avon,
        asked=services.EventInput(name="Open", date=D(2026, 12, 1), variant="classic", kind="tournament"),
    )
    # Avon's entry writes its entrant, then holds its transaction open a moment; Brook's starts
    # meanwhile. Without a lock Brook's check cannot see Avon's uncommitted entrant and both
    # get in; with the event locked, Brook waits for Avon's commit, then sees her entered.
    written = threading.Event()
    original = events_module._set_present

    def set_present_and_linger(*args, **kwargs):
        result = original(*args, **kwargs)
        if threading.current_thread().name == "avon":
            written.set()
            time.sleep(1.0)  # Brook's entry starts while this transaction is still open
        return result

    monkeypatch.setattr(events_module, "_set_present", set_present_and_linger)
    refusals: dict[str, str] = {}

    def enter(club):
        try:
            if club.slug == "brook":
                assert written.wait(10)
            championship = Event.objects.get(pk=event.pk)
            services.championship_enter(
                event=championship, players=[Player.objects.get(club=club, name="Pia")]
            )
        except ValidationError as exc:
            refusals[club.slug] = " ".join(exc.messages)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=enter, args=(club,), name=club.slug) for club in (avon, brook)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    entered = list(event.participants.values_list("player__club__slug", flat=True))
    assert entered == ["avon"]
    assert refusals == {"brook": "Pia is in the championship already, for Avon."}
