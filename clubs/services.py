"""Writes for clubs, players and memberships."""

from __future__ import annotations

import csv
import datetime
import io
import re
import secrets
import zoneinfo
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import tablib
from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.db import transaction
from django.dispatch import Signal
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext
from knox.models import AuthToken

from clubs.models import (
    Club,
    Federation,
    FederationClub,
    FederationOfficer,
    Membership,
    Partnership,
    Person,
    PersonLinkConflict,
    PersonLinkRecord,
    Player,
)
from clubs.names import name_key, name_words_key, names_alike, pair_line_names
from clubs.selectors import club_federation_now, roster_by_name_key
from clubs.text import name_trimmed
from clubs.variants import ranking_groups_problems


@transaction.atomic
def api_token_create(*, user: User) -> tuple[AuthToken, str]:
    """A new API token for `user`, valid for settings.REST_KNOX["TOKEN_TTL"]: the stored (hashed)
    token and the token itself, shown once. The user's expired tokens are deleted first."""
    AuthToken.objects.filter(user=user, expiry__lt=timezone.now()).delete()
    return AuthToken.objects.create(user=user)


def api_token_revoke(*, user: User, token_key: str) -> int:
    """Revoke `user`'s own token whose key (its first characters, in clear) is `token_key`; returns 0 or 1."""
    deleted, _ = AuthToken.objects.filter(user=user, token_key=token_key).delete()
    return deleted


def api_tokens_revoke_all(*, user: User) -> int:
    """Revoke every API token of `user` (a password change does, `clubs.signals`)."""
    deleted, _ = AuthToken.objects.filter(user=user).delete()
    return deleted


def club_create(*, name: str, slug: str, time_zone: str = "UTC", default_variant: str = "classic") -> Club:
    """Create a club. Raises ValidationError on a taken slug or an unknown variant."""
    club = Club(name=name, slug=slug, time_zone=time_zone, default_variant=default_variant)
    club.full_clean()
    club.save()
    return club


RESERVED_CLUB_SLUGS = frozenset({"new"})  # /clubs/new/ is the page to create one


@transaction.atomic
def club_found(
    *, name: str, slug: str = "", time_zone: str = "UTC", default_variant: str = "classic", by: User
) -> Club:
    """A new club with `by` its first director; an empty `slug` is made from the name. Raises
    ValidationError (`name`, `slug`, `time_zone`, `default_variant`)."""
    slug = slug.strip().lower() or slugify(name)[:50].strip("-")
    if not slug or slug in RESERVED_CLUB_SLUGS:
        raise ValidationError({"slug": gettext("Choose an address of letters, digits and hyphens.")})
    if Club.objects.filter(slug=slug).exists():
        raise ValidationError({"slug": gettext("Another club has this address: choose another.")})
    club = club_create(name=name, slug=slug, time_zone=time_zone, default_variant=default_variant)
    Membership.objects.create(club=club, user=by, role=Membership.Role.DIRECTOR)
    return club


@transaction.atomic
def player_add(*, club: Club, name: str, user: User | None = None, guest: bool = False) -> Player:
    """Add a player (`guest`: added on the night, off the roster). Raises ValidationError on a taken name."""
    player = Player(club=club, name=name, user=user, guest=guest)
    player.full_clean()
    player.save()
    return player


@transaction.atomic
def membership_add(*, club: Club, user: User, role: str) -> Membership:
    """Give `user` a role in `club`, replacing any role they had there."""
    if role not in Membership.Role.values:
        raise ValidationError({"role": gettext("Not a role.")})
    current = Membership.objects.select_for_update().filter(club=club, user=user).first()
    if current is not None and role != Membership.Role.DIRECTOR:
        _keep_a_director(current)
    membership, _ = Membership.objects.update_or_create(club=club, user=user, defaults={"role": role})
    return membership


def _keep_a_director(membership: Membership) -> None:
    """Refuse to take the last director's role away: a club always has someone to run it."""
    if membership.role != Membership.Role.DIRECTOR:
        return
    directors = Membership.objects.select_for_update().filter(
        club_id=membership.club_id, role=Membership.Role.DIRECTOR
    )
    if not directors.exclude(pk=membership.pk).exists():
        raise ValidationError(gettext("The club needs at least one director."))


@transaction.atomic
def member_invite(*, club: Club, username: str, role: str) -> Membership:
    """Give the existing account `username` a role in the club. Raises ValidationError."""
    user = get_user_model().objects.filter(username=username).first()
    if user is None:
        raise ValidationError({"username": gettext("There is no account with that username.")})
    if Membership.objects.filter(club=club, user=user).exists():
        raise ValidationError({"username": gettext("They are already a member; change their role below.")})
    return membership_add(club=club, user=user, role=role)


@transaction.atomic
def member_create_account(*, club: Club, username: str, role: str) -> tuple[Membership, str]:
    """Create an account with a one-time password for a new person, with a role in the club: (membership,
    password in clear, this once: show it to the director, store it nowhere)."""
    model = get_user_model()
    user = model(username=username)
    user.set_unusable_password()
    user.full_clean(exclude=["password"])  # username shape and uniqueness
    password = secrets.token_urlsafe(12)
    user.set_password(password)
    user.save()
    return membership_add(club=club, user=user, role=role), password


@transaction.atomic
def membership_change_role(*, membership: Membership, role: str) -> Membership:
    """Change a member's role. Raises ValidationError for an unknown role or the last director."""
    if role not in Membership.Role.values:
        raise ValidationError({"role": gettext("Not a role.")})
    membership = Membership.objects.select_for_update().get(pk=membership.pk)
    if role != Membership.Role.DIRECTOR:
        _keep_a_director(membership)
    membership.role = role
    membership.save(update_fields=["role"])
    return membership


@transaction.atomic
def membership_remove(*, membership: Membership) -> None:
    """Take a person out of the club (their account stays). Refuses to remove the last director."""
    membership = Membership.objects.select_for_update().get(pk=membership.pk)
    _keep_a_director(membership)
    membership.delete()


# --- partnerships ---------------------------------------------------------------------------------

# A player as a director or a caller names them: the player itself, a name as on the club's roster
# (clubs.names: whatever the capitals and accents), or the id of one of the club's players.
PlayerRef = Player | str | int


@dataclass(frozen=True)
class PairRequest:
    """Two players asked to play as a partnership; `where` names the request ("Line 3", "Pair 2", "Partner of
    Amira"), `players` what was given, of any length (a line of one name is refused)."""

    where: str
    players: tuple[PlayerRef, ...]


def pair_requests_from_text(text: str) -> list[PairRequest]:
    """One PairRequest for each line of `text` that is not blank, named "Line n" (blank lines counted)."""
    requests = []
    for number, line in enumerate(text.splitlines(), start=1):
        if line.strip():
            where = gettext("Line %(number)s") % {"number": number}
            requests.append(PairRequest(where=where, players=tuple(pair_line_names(line))))
    return requests


def _pairs_resolved(club: Club, pairs: Sequence[PairRequest], field: str) -> list[tuple[Player, Player]]:
    """The players of each request, checked; raises ValidationError({field: [every problem]})."""
    ids = [ref for request in pairs for ref in request.players if isinstance(ref, int)]
    finder = _PlayerFinder(club, club.players.in_bulk(ids) if ids else {})
    errors = finder.errors
    resolved: list[tuple[str, Player, Player]] = []
    for request in pairs:
        if len(request.players) != 2:
            message = gettext(
                "%(where)s: a pair is two players, written like “Amira & Bob”; this one has %(count)s."
            )
            errors.append(message % {"where": request.where, "count": len(request.players)})
            continue
        first, second = (finder.find(request.where, ref) for ref in request.players)
        if first is None or second is None:
            continue
        if first.pk == second.pk:
            message = gettext("%(where)s: %(name)s cannot be their own partner.")
            errors.append(message % {"where": request.where, "name": first.name})
            continue
        resolved.append((request.where, first, second))
    errors += _in_two_pairs(resolved)
    if errors:
        raise ValidationError({field: errors})
    return [(first, second) for _where, first, second in resolved]


class _PlayerFinder:
    """The club's player a pair request names (a Player, an id, a roster name); `errors`, each by `where`."""

    def __init__(self, club: Club, by_id: dict[int, Player]) -> None:
        self.club, self.by_id = club, by_id
        self.roster: dict[str, list[Player]] | None = None  # read at the first name
        self.errors: list[str] = []

    def find(self, where: str, ref: PlayerRef) -> Player | None:
        if isinstance(ref, Player):
            if ref.club_id != self.club.pk:
                message = gettext("%(where)s: %(name)s plays for another club.")
                self.errors.append(message % {"where": where, "name": ref.name})
                return None
            return ref
        if isinstance(ref, int):
            player = self.by_id.get(ref)
            if player is None:
                message = gettext("%(where)s: the club has no player %(id)s.")
                self.errors.append(message % {"where": where, "id": ref})
            return player
        if self.roster is None:
            self.roster = roster_by_name_key(club=self.club)
        found = self.roster.get(name_key(ref), [])
        exact = [player for player in found if player.name == ref.strip()]
        if len(exact) == 1 or len(found) == 1:
            return (exact or found)[0]
        if not found:
            message = gettext("%(where)s: “%(name)s” is not on the club's roster.")
            self.errors.append(message % {"where": where, "name": ref})
        else:
            message = gettext("%(where)s: “%(name)s” could be %(names)s; type the name as on the roster.")
            names = ", ".join(player.name for player in found)
            self.errors.append(message % {"where": where, "name": ref, "names": names})
        return None


def _in_two_pairs(resolved: list[tuple[str, Player, Player]]) -> list[str]:
    """A problem for each player in two of the pairs (where, first, second)."""
    errors = []
    seen: dict[int, str] = {}
    for where, *players in resolved:
        for player in players:
            if player.pk in seen:
                message = gettext("%(name)s is in two pairs (%(first)s and %(second)s).")
                errors.append(message % {"name": player.name, "first": seen[player.pk], "second": where})
            else:
                seen[player.pk] = where
    return errors


def _partnership_of(club: Club, first: Player, second: Player) -> tuple[Partnership, bool]:
    low, high = sorted((first, second), key=lambda player: player.pk)  # the model's order
    return Partnership.objects.get_or_create(club=club, first=low, second=high)


@transaction.atomic
def partnerships_ensure(
    *, club: Club, pairs: Sequence[PairRequest], field: str = "pairs"
) -> list[Partnership]:
    """The club's partnership of each pair, in order, existing or new: nothing is written unless every request
    has two players of the roster, none their own partner or in two pairs; else raises
    ValidationError({field: [messages]}) with every problem, by its `where`."""
    return [_partnership_of(club, first, second)[0] for first, second in _pairs_resolved(club, pairs, field)]


@transaction.atomic
def partnership_add(*, club: Club, first: PlayerRef, second: PlayerRef) -> tuple[Partnership, bool]:
    """Make two players of the club a partnership: (it, whether new). Raises ValidationError (`players`)."""
    ((low, high),) = _pairs_resolved(
        club, [PairRequest(where=gettext("The new partnership"), players=(first, second))], "players"
    )
    return _partnership_of(club, low, high)


CLUB_SETTINGS = ("name", "time_zone", "language", "default_variant", "results_public", "ranking_groups")

# Sent after the commit when a club's variants ranked together change (`club_id`): its ratings,
# kept per ranking group, are rebuilt by a receiver of the tournaments app (clubs imports none).
ranking_groups_changed = Signal()
# Sent after the commit when what a federation's ranking counts changes (`federation_id`): a
# club joined or left, a player was linked or unlinked. A receiver of the tournaments app
# rebuilds its ratings.
federation_games_changed = Signal()


def _federation_games_changed(federation_id: int) -> None:
    transaction.on_commit(
        lambda: federation_games_changed.send(sender=Federation, federation_id=federation_id)
    )


@transaction.atomic
def club_update(*, club: Club, **changes: object) -> Club:
    """Change the club's settings (only the fields in CLUB_SETTINGS). Raises ValidationError
    (field `ranking_groups`: a variant ranked with one that is itself ranked with another)."""
    unknown = set(changes) - set(CLUB_SETTINGS)
    if unknown:
        raise ValueError(f"not a club setting: {sorted(unknown)}")
    groups_before = club.ranking_groups
    for name, value in changes.items():
        setattr(club, name, value)
    problems = ranking_groups_problems(club.ranking_groups or {})
    if problems:
        raise ValidationError({"ranking_groups": problems})
    club.full_clean()
    club.save()
    if club.ranking_groups != groups_before:
        club_id = club.pk
        transaction.on_commit(lambda: ranking_groups_changed.send(sender=Club, club_id=club_id))
    return club


# --- the roster from a CSV file -----------------------------------------------------------------

ROSTER_MAX_ROWS = 2000


@dataclass(frozen=True)
class RosterLine:
    line: int  # the line of the file (the header is line 1)
    name: str
    active: str
    status: str  # "new", "update", "skip" (unchanged), "invalid" or "error"
    errors: tuple[str, ...] = ()


@dataclass(frozen=True)
class RosterImport:
    lines: tuple[RosterLine, ...]
    errors: tuple[str, ...]  # errors of the whole file (its columns, its size)
    saved: bool

    @property
    def ok(self) -> bool:
        return not self.errors and all(line.status not in ("invalid", "error") for line in self.lines)

    def count(self, status: str) -> int:
        return sum(line.status == status for line in self.lines)

    @property
    def summary(self) -> dict[str, int]:
        return {
            "new": self.count("new"),
            "update": self.count("update"),
            "skip": self.count("skip"),
            "bad": self.count("invalid") + self.count("error"),
        }


def _roster_dataset(text: str) -> tuple[tablib.Dataset | None, list[int], list[str]]:
    """The file as a dataset (headers `name`, `active`), each row's file line, and the file's own errors."""
    from clubs.resources import ROSTER_DELIMITERS, roster_columns, roster_delimiter

    text = text.lstrip("\ufeff")
    try:
        try:
            delimiter = roster_delimiter(next(iter(text.splitlines()), ""))
            reader = csv.reader(io.StringIO(text), delimiter=delimiter)
            heading = next(reader, [])
            rows = [(reader.line_num, cells) for cells in reader]
            headers = roster_columns(heading[: _roster_width(heading, [cells for _line, cells in rows])])
        except ValidationError as exc:
            return None, [], list(exc.messages)
        # A first line of one column shows no separator: a line that another one would split has
        # more cells than the file has columns, not a player named "Ana;yes".
        others = [other for other in ROSTER_DELIMITERS if other != delimiter] if len(headers) == 1 else []
        dataset, lines = tablib.Dataset(headers=headers), []
        for line, cells in rows:
            if not any(cell.strip() for cell in cells[len(headers) :]):
                cells = cells[: len(headers)]  # empty cells after the last column
            if not any(cell.strip() for cell in cells):
                continue  # an empty line, or a spreadsheet's row of empty cells (`;;`)
            if len(cells) > len(headers) or any(other in cells[0] for other in others):
                message = gettext("Line %(line)s has more cells than columns.")
                return None, [], [message % {"line": reader.line_num}]
            if len(dataset) >= ROSTER_MAX_ROWS:
                return None, [], [gettext("The file has more than %(n)s players.") % {"n": ROSTER_MAX_ROWS}]
            dataset.append([*cells, *[""] * (len(headers) - len(cells))])
            lines.append(line)
    except csv.Error:
        return None, [], [gettext("The file is not a CSV file.")]
    return dataset, lines, []


def _roster_width(heading: list[str], rows: list[list[str]]) -> int:
    """The roster's columns: the first line's less trailing ones empty on all lines (`Nombre;Activo;;`)."""
    width = len(heading)
    while width and not heading[width - 1].strip():
        if any(len(cells) >= width and cells[width - 1].strip() for cells in rows):
            break
        width -= 1
    return width


def _row_messages(row_result: Any) -> tuple[str, ...]:
    if row_result.validation_error is not None:
        return tuple(
            f"{field}: {message}" if field != NON_FIELD_ERRORS else message
            for field, messages in row_result.validation_error.message_dict.items()
            for message in messages
        )
    return tuple(gettext("This line could not be read.") for _error in row_result.errors)


def roster_import(*, club: Club, text: str, dry_run: bool, imported_by: User | None = None) -> RosterImport:
    """Add and update the club's players from a CSV roster (name, active; clubs.resources.ROSTER_WORDS):
    saved only without `dry_run` and if every line is good. History records `imported_by`."""
    from clubs.resources import PlayerResource

    dataset, file_lines, errors = _roster_dataset(text)
    if dataset is None:
        return RosterImport(lines=(), errors=tuple(errors), saved=False)

    def run(dry: bool) -> tuple[Any, bool]:
        with transaction.atomic():
            resource = PlayerResource(club=club, file_lines=file_lines, imported_by=imported_by)
            result = resource.import_data(
                dataset, dry_run=dry, use_transactions=True, rollback_on_validation_errors=True
            )
            bad = result.has_errors() or result.has_validation_errors()
            if dry or bad:
                transaction.set_rollback(True)
        return result, not dry and not bad

    result, saved = run(dry=True)
    if not (result.has_errors() or result.has_validation_errors()) and not dry_run:
        result, saved = run(dry=False)
    lines = []
    for line, row, row_result in zip(file_lines, dataset.dict, result.rows, strict=False):
        active = str(row.get("active") or "").strip()
        lines.append(
            RosterLine(
                line=line,
                name=name_trimmed(str(row.get("name") or "")),
                active=active,
                status=row_result.import_type,
                errors=_row_messages(row_result),
            )
        )
    base = tuple(gettext("The file could not be imported.") for _error in result.base_errors)
    return RosterImport(lines=tuple(lines), errors=base, saved=saved)


@transaction.atomic
def player_public_initials_set(*, player: Player, by_initials: bool, by: User) -> Player:
    """Show the player by initials on the pages anyone may open, or by name again; on the audit page."""
    player = Player.objects.select_for_update().get(pk=player.pk)
    player.public_initials = by_initials
    player._history_user = by
    player._change_reason = "public initials" if by_initials else "public name"
    player.save(update_fields=["public_initials"])
    return player


# --- federations: officers, member clubs ----------------------------------------------------------


@dataclass(frozen=True)
class FederationInput:
    """A new federation, as the page and the API ask for it: its name and slug (blank: from the name)."""

    name: str
    slug: str = ""


RESERVED_FEDERATION_SLUGS = frozenset({"new"})  # /federations/new/ is the page to create one


@transaction.atomic
def federation_create(*, asked: FederationInput, by: User) -> Federation:
    """Create a federation with `by` as its first officer. Raises ValidationError (`name`;
    `slug`: taken, not letters, digits and hyphens, or none could be made from the name)."""
    slug = asked.slug.strip().lower() or slugify(asked.name)[:50].strip("-")
    if not slug or slug in RESERVED_FEDERATION_SLUGS:
        raise ValidationError({"slug": gettext("Choose an address of letters, digits and hyphens.")})
    federation = Federation(name=asked.name, slug=slug)
    federation.full_clean()
    federation.save()
    FederationOfficer.objects.create(federation=federation, user=by, added_by=by)
    return federation


@transaction.atomic
def federation_ranking_settings(
    *,
    federation: Federation,
    ranking_public: bool | None = None,
    ranking_groups: dict[str, str] | None = None,
) -> Federation:
    """An officer's ranking settings (None: as it is; a change of `ranking_groups` rebuilds the ratings).
    Raises ValidationError (`ranking_groups`: a variant ranked with one itself ranked with another)."""
    federation = Federation.objects.select_for_update().get(pk=federation.pk)
    if ranking_public is not None:
        federation.ranking_public = ranking_public
    if ranking_groups is not None and ranking_groups != federation.ranking_groups:
        problems = ranking_groups_problems(ranking_groups)
        if problems:
            raise ValidationError({"ranking_groups": problems})
        federation.ranking_groups = ranking_groups
        _federation_games_changed(federation.pk)
    federation.save(update_fields=["ranking_public", "ranking_groups"])
    return federation


@transaction.atomic
def federation_officer_add(*, federation: Federation, who: str, by: User) -> FederationOfficer:
    """Make the account `who` (a username, or one account's email address) an officer of the
    federation. Raises ValidationError (`who`: no such account, several, an officer already)."""
    who = who.strip()
    model = get_user_model()
    user = model.objects.filter(username=who).first()
    if user is None and "@" in who:
        found = list(model.objects.filter(email__iexact=who)[:2])
        if len(found) > 1:
            raise ValidationError(
                {"who": gettext("Several accounts have that email address; give the username.")}
            )
        user = found[0] if found else None
    if user is None:
        raise ValidationError({"who": gettext("There is no account with that username or email address.")})
    if FederationOfficer.objects.filter(federation=federation, user=user).exists():
        message = gettext("%(user)s is an officer of the federation already.")
        raise ValidationError({"who": message % {"user": user.get_username()}})
    return FederationOfficer.objects.create(federation=federation, user=user, added_by=by)


@transaction.atomic
def federation_officer_remove(*, officer: FederationOfficer, by: User) -> None:
    """Take an officer's role away (`by`, an officer of the same federation; themself included).
    The federation keeps at least one officer: raises ValidationError (`officer`) for the last."""
    others = FederationOfficer.objects.select_for_update().filter(federation_id=officer.federation_id)
    if others.exclude(pk=officer.pk).count() == 0:
        message = gettext("A federation needs an officer: add another before removing the last one.")
        raise ValidationError({"officer": message})
    officer.delete()


def _club_today(club: Club) -> datetime.date:
    """Today in the club's time zone: the dates a club joins and leaves on."""
    return timezone.localdate(timezone=zoneinfo.ZoneInfo(club.time_zone))


@transaction.atomic
def federation_club_invite(*, federation: Federation, club_slug: str, by: User) -> FederationClub:
    """Invite the club at `club_slug` to join the federation, for one of its directors to answer.
    Raises ValidationError (`club`: no such club, a member or invited already)."""
    club = Club.objects.filter(slug=club_slug.strip().lower()).first()
    if club is None:
        message = gettext("There is no club at the address “%(slug)s”.")
        raise ValidationError({"club": message % {"slug": club_slug.strip()[:50]}})
    places = FederationClub.objects.select_for_update().filter(federation=federation, club=club)
    statuses = {place.status for place in places}
    if "member" in statuses:
        message = gettext("%(club)s is a member of the federation already.")
        raise ValidationError({"club": message % {"club": club.name}})
    if "invited" in statuses:
        message = gettext("%(club)s is invited already: a director of the club accepts or declines.")
        raise ValidationError({"club": message % {"club": club.slug}})
    return FederationClub.objects.create(federation=federation, club=club, invited_by=by)


@transaction.atomic
def federation_invitation_answer(*, place: FederationClub, accept: bool, by: User) -> FederationClub:
    """A director's answer to an invitation: the club joins today (its local date), or declines. Raises
    ValidationError if answered already, or, to accept, if the club is in another federation."""
    Club.objects.select_for_update().get(pk=place.club_id)  # one answer of the club at a time
    place = FederationClub.objects.select_related("club").get(pk=place.pk)
    if place.status != "invited":
        raise ValidationError(gettext("This invitation has been answered already."))
    today = _club_today(place.club)
    if accept:
        current = club_federation_now(club=place.club)
        if current is not None:
            message = gettext(
                "The club is a member of %(federation)s. A club is in one federation at a time: "
                "leave it first."
            )
            raise ValidationError(message % {"federation": current.federation.name})
        place.joined_on = today
    else:
        place.declined_on = today
    place.answered_by = by
    place.save(update_fields=["joined_on", "declined_on", "answered_by"])
    if accept:
        _federation_games_changed(place.federation_id)
    return place


@transaction.atomic
def federation_place_end(*, place: FederationClub, by: User) -> FederationClub | None:
    """End a club's place in the federation (a director or an officer): a member leaves today (its
    local date; the row and its counted results are kept) and its players' waiting links are
    withdrawn; an invitation is deleted (returns None). Raises ValidationError if already ended."""
    place = FederationClub.objects.select_for_update().select_related("club").get(pk=place.pk)
    if place.status == "invited":
        place.delete()
        return None
    if place.status != "member":
        raise ValidationError(gettext("The club is not a member of the federation."))
    place.left_on = _club_today(place.club)
    place.ended_by = by
    place.save(update_fields=["left_on", "ended_by"])
    PersonLinkConflict.objects.filter(
        player__club_id=place.club_id, person__federation_id=place.federation_id, outcome=""
    ).update(outcome=PersonLinkConflict.Outcome.WITHDRAWN, decided_by=by, decided_at=timezone.now())
    _federation_games_changed(place.federation_id)
    return place


# --- federations: one person across clubs -------------------------------------------------------

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
