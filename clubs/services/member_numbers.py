"""Writes for a club's players' member numbers from a file: each line planned, then the linkable ones
linked, each as a director's one link is (`person_link_locked`).

Design: docs/federation.md#member-numbers-from-a-file"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Callable, Hashable
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext

from clubs.models import Club, Federation, PersonLinkConflict, Player
from clubs.names import name_words_key, names_alike
from clubs.numbers import number_key
from clubs.services.federations import _federation_games_changed
from clubs.services.people import (
    _federation_of_club,
    member_number_clean,
    person_link_locked,
    person_link_plan,
)
from clubs.services.roster import upload_dataset
from clubs.text import name_trimmed

LINKABLE = ("link", "new")  # the statuses a confirmation links


@dataclass(frozen=True)
class MemberNumberLine:
    """A line of the file: its name and number as written; `status` "link" (to the number's person),
    "new" (a new person of the number), "unchanged" (linked already), "suggested" (no player of the
    name, `suggestions` alike) or "refused" (`reasons`); `shown_number` as the federation writes it."""

    line: int
    name: str
    number: str
    status: str
    player: Player | None = None
    shown_number: str = ""
    reasons: tuple[str, ...] = ()
    suggestions: tuple[str, ...] = ()


@dataclass(frozen=True)
class MemberNumbersImport:
    """The file's lines and its own errors; `saved` once linked; `changed` when a confirmation found a
    plan other than its preview's (nothing linked)."""

    lines: tuple[MemberNumberLine, ...]
    errors: tuple[str, ...] = ()
    saved: bool = False
    changed: bool = False

    def count(self, status: str) -> int:
        return sum(line.status == status for line in self.lines)

    @property
    def summary(self) -> dict[str, int]:
        statuses = ("link", "new", "unchanged", "suggested", "refused")
        return {status: self.count(status) for status in statuses}

    @property
    def linkable(self) -> list[MemberNumberLine]:
        return [line for line in self.lines if line.status in LINKABLE]

    @property
    def plan(self) -> str:
        """A digest of what a confirmation links: each linkable line's number, status, player and number."""
        said = "\n".join(
            f"{line.line}:{line.status}:{line.player.pk if line.player else ''}:{line.shown_number}"
            for line in self.linkable
        )
        return hashlib.sha256(said.encode()).hexdigest()


def member_numbers_import(*, club: Club, text: str, by: User, expected: str = "") -> MemberNumbersImport:
    """Plan each line of a file of names and member numbers (clubs.resources.MEMBER_NUMBERS_FILE) for
    the club's players. With `expected` (a preview's `plan`), link the linkable lines in one
    transaction if the plan is still that; else nothing. Raises ValidationError (the club in no
    federation)."""
    from clubs.resources import MEMBER_NUMBERS_FILE

    dataset, file_lines, errors = upload_dataset(text, MEMBER_NUMBERS_FILE)
    if dataset is None:
        return MemberNumbersImport(lines=(), errors=tuple(errors))
    rows = [
        (line, name_trimmed(str(row.get("name") or "")), str(row.get("member_number") or "").strip())
        for line, row in zip(file_lines, dataset.dict, strict=True)
    ]
    federation = _federation_of_club(club)
    if not expected:
        return MemberNumbersImport(lines=tuple(_planned(club, federation, rows)))
    with transaction.atomic():
        # The players before the federation, as person_link locks them: no two writers wait on each other.
        list(Player.objects.select_for_update().filter(club=club).order_by("pk").values_list("pk"))
        Federation.objects.select_for_update().get(pk=federation.pk)
        outcome = MemberNumbersImport(lines=tuple(_planned(club, federation, rows)))
        if outcome.plan != expected:
            return MemberNumbersImport(lines=outcome.lines, changed=True)
        failed = _link_lines(outcome.linkable, federation, by)
        if failed:
            transaction.set_rollback(True)
            return MemberNumbersImport(lines=outcome.lines, errors=(failed,))
        if outcome.linkable:
            _federation_games_changed(federation.pk)  # one rebuild for the whole file
    return MemberNumbersImport(lines=outcome.lines, saved=True)


def _link_lines(lines: list[MemberNumberLine], federation: Federation, by: User) -> str:
    """Link each line's player by `person_link_locked`; the refusal of the first line that fails, or ""."""
    for line in lines:
        if line.player is None:
            continue
        try:
            person_link_locked(
                player=line.player,
                number=line.shown_number,
                federation=federation,
                by=by,
                hold=False,
                rebuild=False,
            )
        except ValidationError as exc:
            message = gettext("Line %(line)s could not be linked (%(reason)s): nothing is linked.")
            return message % {"line": line.line, "reason": " ".join(exc.messages)}
    return ""


def _planned(club: Club, federation: Federation, rows: list[tuple[int, str, str]]) -> list[MemberNumberLine]:
    """Each row's line: the file's own refusals (a number's form, a number or a player twice), then
    the roster's (the name), then the link's (`person_link_plan`)."""
    players = list(club.players.select_related("person").order_by("name", "pk"))
    by_words: dict[str, list[Player]] = {}
    for player in players:
        by_words.setdefault(name_words_key(player.name), []).append(player)
    numbers: dict[int, str] = {}
    refusals: dict[int, list[str]] = {line: [] for line, _name, _number in rows}
    for line, _name, written in rows:
        try:
            numbers[line] = member_number_clean(written)
        except ValidationError as exc:
            refusals[line].extend(exc.messages)
    _refuse_twice(refusals, {line: number_key(number) for line, number in numbers.items()}, _number_twice)
    found = {line: by_words.get(name_words_key(name), []) for line, name, _number in rows}
    _refuse_twice(refusals, {line: ps[0].pk for line, ps in found.items() if len(ps) == 1}, _player_twice)
    planned = []
    for line, name, written in rows:
        reasons = refusals[line]
        matches = found[line]
        if not name:
            reasons.append(gettext("The name is empty."))
        elif len(matches) > 1:
            reasons.append(gettext("Several players of the club have this name: link them on their lines."))
        elif not matches:
            alike = tuple(p.name for p in players if names_alike(p.name, name))
            status = "suggested" if alike and not reasons else "refused"
            if not alike:
                reasons.append(gettext("No player of the club has this name."))
            planned.append(MemberNumberLine(line, name, written, status, None, "", tuple(reasons), alike))
            continue
        if reasons or len(matches) != 1:
            planned.append(MemberNumberLine(line, name, written, "refused", None, "", tuple(reasons)))
            continue
        planned.append(_line_of_player(line, name, written, matches[0], numbers[line], federation))
    return planned


def _number_twice(lines: str) -> str:
    return gettext("The same number is on lines %(lines)s: a number is one person's.") % {"lines": lines}


def _player_twice(lines: str) -> str:
    return gettext("The same player is on lines %(lines)s: keep one.") % {"lines": lines}


def _refuse_twice(
    refusals: dict[int, list[str]], keys: dict[int, Hashable], message: Callable[[str], str]
) -> None:
    """Refuse every line whose key another line shares, naming all their lines."""
    counts = Counter(keys.values())
    for line, key in keys.items():
        if counts[key] > 1:
            lines = ", ".join(str(other) for other, its in keys.items() if its == key)
            refusals[line].append(message(lines))


def _line_of_player(
    line: int, name: str, written: str, player: Player, number: str, federation: Federation
) -> MemberNumberLine:
    """The line of a name found on the roster, its number of the right form: as `person_link` would
    take it, but never a link held for an officer or one that replaces another."""
    current = player.person if player.person and player.person.federation_id == federation.pk else None
    if current is not None and current.plain_number_key == number_key(number):
        # Linked to this number already (to the person keeping it, or to one whose number it equals).
        return MemberNumberLine(line, name, written, "unchanged", player, current.member_number)
    if current is not None:
        message = gettext("%(player)s is linked to number %(number)s: unlink them on their line first.")
        reason = message % {"player": player.name, "number": current.member_number}
        return MemberNumberLine(line, name, written, "refused", player, "", (reason,))
    plan = person_link_plan(player=player, number=number, federation=federation)
    if plan.result == "conflict":
        reasons = [str(PersonLinkConflict.Reason(reason).label) for reason in plan.reasons]
        reasons.append(gettext("Link the player on their line to ask the federation's officers."))
        return MemberNumberLine(line, name, written, "refused", player, "", tuple(reasons))
    shown = plan.person.member_number if plan.person else number
    status = {"created": "new", "linked": "link", "unchanged": "unchanged"}[plan.result]
    return MemberNumberLine(line, name, written, status, player, shown)
