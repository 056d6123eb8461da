"""Writes for federations: one person across clubs (member numbers, links, conflicts)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from clubs.models import (
    Club,
    Federation,
    Person,
    PersonLinkConflict,
    PersonLinkRecord,
    Player,
)
from clubs.names import name_words_key, names_alike
from clubs.selectors import club_federation_now
from clubs.services.federations import _federation_games_changed

# A member number as stored: capitals and digits, and . / - inside; spaces are taken out.
MEMBER_NUMBER = re.compile(r"[A-Z0-9]([A-Z0-9./-]{0,30}[A-Z0-9])?")


def member_number_clean(text: str) -> str:
    """The member number `text` as stored: no spaces, in capitals ("it 01-234" -> "IT01-234"). Raises
    ValidationError (`member_number`) for other than letters, digits, . / - or over 32 characters."""
    number = "".join(text.split()).upper()
    if not number:
        raise ValidationError({"member_number": gettext("Enter the federation's member number.")})
    if not MEMBER_NUMBER.fullmatch(number):
        message = gettext(
            "A member number is letters and digits, with . / or - between them, at most 32 characters."
        )
        raise ValidationError({"member_number": message})
    return number


@dataclass(frozen=True)
class PersonLinkInput:
    """A director's link of a club's player: the person's member number in the club's federation."""

    member_number: str


@dataclass(frozen=True)
class PersonLinkOutcome:
    """A link's outcome: "linked", "created" (a new person), "unchanged" or "conflict" (for an officer)."""

    result: str
    person: Person
    conflict: PersonLinkConflict | None = None


def _federation_of_club(club: Club) -> Federation:
    place = club_federation_now(club=club)
    if place is None:
        raise ValidationError(gettext("The club is not a member of a federation."))
    return place.federation


@transaction.atomic
def person_link(*, player: Player, asked: PersonLinkInput, by: User) -> PersonLinkOutcome:
    """Link a club's player to the person of a member number in the club's federation (a new number creates
    its person); held for an officer (`person_link_held`) if the names are unlike or the person is linked
    to another player of the club. Raises ValidationError (`member_number`; the club in no federation)."""
    number = member_number_clean(asked.member_number)
    player = Player.objects.select_for_update().select_related("club").get(pk=player.pk)
    federation = _federation_of_club(player.club)
    Federation.objects.select_for_update().get(pk=federation.pk)  # one new person a number
    person = Person.objects.filter(federation=federation, member_number=number).first()
    if person is not None and player.person_id == person.pk:
        return PersonLinkOutcome("unchanged", person)
    _conflicts_withdraw(player, by)
    if person is None:
        person = Person(federation=federation, member_number=number, name=player.name)
        person.name_words = name_words_key(player.name)
        person.full_clean()
        person.save()
        _link(player, person, PersonLinkRecord.How.DIRECTOR, by)
        return PersonLinkOutcome("created", person)
    reasons = person_link_held(player=player, person=person)
    if reasons:
        conflict = PersonLinkConflict.objects.create(
            player=player, person=person, reasons=reasons, asked_by=by
        )
        return PersonLinkOutcome("conflict", person, conflict)
    _link(player, person, PersonLinkRecord.How.DIRECTOR, by)
    return PersonLinkOutcome("linked", person)


def person_link_held(*, player: Player, person: Person) -> list[str]:
    """Why a link of `player` to `person` waits for an officer (PersonLinkConflict reasons) or []."""
    reasons = []
    if not names_alike(person.name, player.name):
        reasons.append(PersonLinkConflict.Reason.NAME_DIFFERS.value)
    if Player.objects.filter(club_id=player.club_id, person=person).exclude(pk=player.pk).exists():
        reasons.append(PersonLinkConflict.Reason.LINKED_IN_CLUB.value)
    return reasons


def _conflicts_withdraw(player: Player, by: User) -> None:
    """The player's link waiting for an officer is withdrawn: the director asked anew."""
    PersonLinkConflict.objects.filter(player=player, outcome="").update(
        outcome=PersonLinkConflict.Outcome.WITHDRAWN, decided_by=by, decided_at=timezone.now()
    )


def _link(player: Player, person: Person, how: str, by: User) -> None:
    """Link the (locked) player to the person, recording the link and the one it replaces."""
    if player.person_id is not None:
        PersonLinkRecord.objects.create(
            player=player, person_id=player.person_id, action=PersonLinkRecord.Action.UNLINKED, how=how, by=by
        )
    _federation_games_changed(person.federation_id)
    player.person = person
    player._history_user = by
    player._change_reason = "person linked"
    player.save(update_fields=["person"])
    PersonLinkRecord.objects.create(
        player=player, person=person, action=PersonLinkRecord.Action.LINKED, how=how, by=by
    )


@transaction.atomic
def person_unlink(*, player: Player, by: User) -> Player:
    """A director undoes a player's link to their person (recorded). Raises ValidationError if not linked."""
    player = Player.objects.select_for_update().get(pk=player.pk)
    if player.person_id is None:
        raise ValidationError(gettext("This player is not linked to a person of the federation."))
    PersonLinkRecord.objects.create(
        player=player,
        person_id=player.person_id,
        action=PersonLinkRecord.Action.UNLINKED,
        how=PersonLinkRecord.How.DIRECTOR,
        by=by,
    )
    _federation_games_changed(Person.objects.get(pk=player.person_id).federation_id)
    player.person = None
    player._history_user = by
    player._change_reason = "person unlinked"
    player.save(update_fields=["person"])
    return player


@transaction.atomic
def person_conflict_decide(*, conflict: PersonLinkConflict, confirm: bool, by: User) -> PersonLinkConflict:
    """An officer's decision on a held link: confirmed, the player is linked; refused, nothing is.
    Raises ValidationError if decided already, or, to confirm, if the club has left the federation."""
    conflict = PersonLinkConflict.objects.select_for_update().select_related("person").get(pk=conflict.pk)
    if conflict.outcome:
        raise ValidationError(gettext("This link has been decided already."))
    if confirm:
        player = Player.objects.select_for_update().select_related("club").get(pk=conflict.player_id)
        place = club_federation_now(club=player.club)
        if place is None or place.federation_id != conflict.person.federation_id:
            raise ValidationError(gettext("The player's club is no longer a member of the federation."))
        _link(player, conflict.person, PersonLinkRecord.How.OFFICER, by)
    conflict.outcome = PersonLinkConflict.Outcome.CONFIRMED if confirm else PersonLinkConflict.Outcome.REFUSED
    conflict.decided_by = by
    conflict.decided_at = timezone.now()
    conflict.save(update_fields=["outcome", "decided_by", "decided_at"])
    return conflict
