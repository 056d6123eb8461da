"""Reads for federations: one person across clubs, and the officers' search and page of a person."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Q

from clubs.models import (
    Club,
    Federation,
    Person,
    PersonLinkConflict,
    PersonRename,
    Player,
)
from clubs.names import name_words_key
from clubs.numbers import number_key


@dataclass(frozen=True)
class PlayerPersonRow:
    """A line of the club's "Federation members" page: the player, their person (None if not
    linked), the suggestions, and the link waiting for an officer (its person's name not shown)."""

    player: Player
    person: Person | None
    suggestions: list[Person]
    waiting: PersonLinkConflict | None


def federation_members_rows(*, club: Club, federation: Federation) -> list[PlayerPersonRow]:
    """The club's active players (and any linked), by name, each with their person and, when not
    linked, the federation's people with the same name words (clubs.names.name_words_key) not
    linked to another player of the club. Three queries whatever the club's size."""
    players = list(
        club.players.filter(Q(active=True) | Q(person__federation=federation))
        .select_related("person")
        .order_by("name", "pk")
    )
    linked_here = club.players.filter(person__isnull=False).values("person_id")
    keys = {name_words_key(player.name) for player in players}
    alike = Person.objects.filter(federation=federation, name_words__in=keys).exclude(pk__in=linked_here)
    by_key: dict[str, list[Person]] = {}
    for suggested in alike.order_by("member_number"):
        by_key.setdefault(suggested.name_words, []).append(suggested)
    waiting = {
        conflict.player_id: conflict
        for conflict in PersonLinkConflict.objects.filter(player__club=club, outcome="")
    }
    rows = []
    for player in players:
        person: Person | None = player.person
        if person is not None and person.federation_id != federation.pk:
            person = None
        suggestions = [] if person else by_key.get(name_words_key(player.name), [])
        rows.append(PlayerPersonRow(player, person, suggestions, waiting.get(player.pk)))
    return rows


PEOPLE_SHOWN = 50  # an officer's search lists this many people at most


@dataclass(frozen=True)
class PeopleFound:
    """An officer's search of the federation's people: those shown, by name, and how many more matched."""

    people: list[Person]
    more: int


def federation_people_found(*, federation: Federation, query: str) -> PeopleFound:
    """The federation's people whose name holds `query` (capitals aside) or whose number starts with it
    however written (clubs.numbers.number_key); none for an empty query. Two queries."""
    query = " ".join(query.split())
    if not query:
        return PeopleFound([], 0)
    matches = Q(name__icontains=query)
    if key := number_key(query):
        matches |= Q(number_key__startswith=key)
    found = Person.objects.filter(federation=federation).filter(matches).order_by("name", "pk")
    people = list(found[:PEOPLE_SHOWN])
    return PeopleFound(people, max(found.count() - len(people), 0) if len(people) == PEOPLE_SHOWN else 0)


def federation_people_apart(*, federation: Federation) -> list[tuple[Person, Person | None]]:
    """The people kept apart when numbers came to be compared by key (migration 0006), each with the
    person who holds the number, by number."""
    apart = list(
        Person.objects.filter(federation=federation, number_key__contains="~").order_by("number_key")
    )
    holders = {
        holder.number_key: holder
        for holder in Person.objects.filter(
            federation=federation, number_key__in={person.plain_number_key for person in apart}
        )
    }
    return [(person, holders.get(person.plain_number_key)) for person in apart]


@dataclass(frozen=True)
class PersonRecord:
    """An officer's page of a person: the person, their clubs' names, their renames (oldest first), and
    the person whose number theirs equals when they were kept apart (None otherwise)."""

    person: Person
    clubs: list[str]
    renames: list[PersonRename]
    holder: Person | None


def federation_person_record(*, federation: Federation, person_id: int) -> PersonRecord | None:
    """The officer's page of the federation's person `person_id`, or None; four queries."""
    person = Person.objects.filter(federation=federation, pk=person_id).first()
    if person is None:
        return None
    clubs = sorted(set(person.players.values_list("club__name", flat=True)))
    renames = list(person.renames.select_related("by"))
    holder = None
    if "~" in person.number_key:
        holder = Person.objects.of_number(federation.pk, person.plain_number_key)
    return PersonRecord(person, clubs, renames, holder)
