"""Writes for federations: one person across clubs (member numbers, links, conflicts, renames)."""

from __future__ import annotations

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
    PersonRename,
    Player,
)
from clubs.names import names_alike
from clubs.numbers import MEMBER_NUMBER, number_key, number_written
from clubs.selectors import club_federation_now
from clubs.services.federations import _federation_games_changed
from clubs.text import name_trimmed


def member_number_clean(text: str) -> str:
    """The member number `text` as kept (clubs.numbers.number_written: "ncf  001" -> "NCF 001"). Raises
    ValidationError (`member_number`) for other than letters, digits, spaces, . / - or over 32 characters."""
    number = number_written(text)
    if not number:
        raise ValidationError({"member_number": gettext("Enter the federation's member number.")})
    if not MEMBER_NUMBER.fullmatch(number):
        message = gettext(
            "A member number is letters and digits, with spaces, . / or - between them, at most 32 "
            "characters."
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
    """Link a club's player to the person of a member number in the club's federation, the number
    compared by its key (a new number creates its person); held for an officer (`person_link_held`) if
    the names are unlike or the person is linked to another player of the club. Raises ValidationError
    (`member_number`; the club in no federation)."""
    number = member_number_clean(asked.member_number)
    player = Player.objects.select_for_update().select_related("club").get(pk=player.pk)
    federation = _federation_of_club(player.club)
    Federation.objects.select_for_update().get(pk=federation.pk)  # one new person a number
    return person_link_locked(player=player, number=number, federation=federation, by=by)


@dataclass(frozen=True)
class PersonLinkPlan:
    """What a link would do (`PersonLinkOutcome.result`), to which person (None: one to create), and
    why it would be held (PersonLinkConflict reasons)."""

    result: str
    person: Person | None
    reasons: tuple[str, ...] = ()


def person_link_plan(*, player: Player, number: str, federation: Federation) -> PersonLinkPlan:
    """What `person_link` would do with the cleaned `number` for `player`; writes nothing."""
    person = Person.objects.of_number(federation.pk, number)
    if person is None:
        return PersonLinkPlan("created", None)
    if player.person_id == person.pk:
        return PersonLinkPlan("unchanged", person)
    reasons = tuple(person_link_held(player=player, person=person))
    return PersonLinkPlan("conflict" if reasons else "linked", person, reasons)


def person_link_locked(
    *, player: Player, number: str, federation: Federation, by: User, hold: bool = True, rebuild: bool = True
) -> PersonLinkOutcome:
    """`person_link` for a player and federation the caller has locked, `number` cleaned. With `hold`
    False a link for an officer raises ValidationError (`member_number`) instead; with `rebuild` False
    the caller queues the federation's rebuild."""
    plan = person_link_plan(player=player, number=number, federation=federation)
    if plan.result == "unchanged" and plan.person is not None:
        return PersonLinkOutcome("unchanged", plan.person)
    if plan.result == "conflict" and not hold:
        labels = [str(PersonLinkConflict.Reason(reason).label) for reason in plan.reasons]
        raise ValidationError({"member_number": labels})
    _conflicts_withdraw(player, by)
    person = plan.person
    if person is None:
        person = Person(federation=federation, member_number=number, name=player.name)
        person.number_key = number_key(number)
        person.full_clean()
        person.save()
    elif plan.result == "conflict":
        conflict = PersonLinkConflict.objects.create(
            player=player, person=person, reasons=list(plan.reasons), asked_by=by
        )
        return PersonLinkOutcome("conflict", person, conflict)
    _link(player, person, PersonLinkRecord.How.DIRECTOR, by, rebuild=rebuild)
    return PersonLinkOutcome(plan.result, person)


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


def _link(player: Player, person: Person, how: str, by: User, rebuild: bool = True) -> None:
    """Link the (locked) player to the person, recording the link and the one it replaces."""
    if player.person_id is not None:
        PersonLinkRecord.objects.create(
            player=player, person_id=player.person_id, action=PersonLinkRecord.Action.UNLINKED, how=how, by=by
        )
    if rebuild:
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


@dataclass(frozen=True)
class PersonRenameInput:
    """An officer's change of a person: the name, and the member number as the federation writes it."""

    name: str
    member_number: str


@transaction.atomic
def person_rename(*, person: Person, asked: PersonRenameInput, by: User) -> PersonRename | None:
    """An officer renames a federation's person, or writes their number another way (the same number
    by clubs.numbers.number_key), recorded; None when nothing changes. Raises ValidationError (`name`;
    `member_number`: not of the form, or another number)."""
    person = Person.objects.select_for_update().get(pk=person.pk)
    name = name_trimmed(asked.name)
    number = member_number_clean(asked.member_number)
    if number_key(number) != number_key(person.member_number):
        message = gettext(
            "%(number)s is not the number %(current)s: only how it is written may change here "
            "(spaces, . / - and capitals)."
        )
        raise ValidationError(
            {"member_number": message % {"number": number, "current": person.member_number}}
        )
    if (name, number) == (person.name, person.member_number):
        return None
    rename = PersonRename(person=person, name_before=person.name, number_before=person.member_number, by=by)
    person.name, person.member_number = name, number
    person.full_clean()
    person.save(update_fields=["name", "member_number"])
    rename.name_after, rename.number_after = name, number
    rename.save()
    return rename
