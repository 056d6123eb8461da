"""Reads for federations: one person across clubs."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Q

from clubs.models import (
    Club,
    Federation,
    Person,
    PersonLinkConflict,
    Player,
)
from clubs.names import name_words_key


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
