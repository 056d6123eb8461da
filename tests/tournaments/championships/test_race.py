"""Two clubs entering one person at the same moment: the second waits for the first and is refused
(PostgreSQL only: SQLite runs one writer at a time)."""

from __future__ import annotations

import datetime
import threading

import pytest
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
    barrier = threading.Barrier(2, timeout=10)
    original = events_module._set_present

    def slow_set_present(*args, **kwargs):
        result = original(*args, **kwargs)
        barrier.wait()  # both have passed their check and written, neither has committed
        return result

    monkeypatch.setattr(events_module, "_set_present", slow_set_present)
    errors = []

    def enter(club):
        try:
            ev = Event.objects.get(pk=event.pk)
            services.championship_enter(event=ev, players=[Player.objects.get(club=club, name="Pia")])
        except Exception as exc:
            errors.append(repr(exc))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=enter, args=(c,)) for c in (avon, brook)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    entered = list(event.participants.values_list("player__club__slug", flat=True))
    assert len(entered) == 1, f"one person entered for {entered} (errors: {errors})"
