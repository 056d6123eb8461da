"""Writes for federations: their officers and member clubs."""

from __future__ import annotations

import datetime
import zoneinfo
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.dispatch import Signal
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext

from clubs.models import (
    Club,
    Federation,
    FederationClub,
    FederationOfficer,
    PersonLinkConflict,
)
from clubs.selectors import club_federation_now
from clubs.variants import ranking_groups_problems

# Sent after the commit when what a federation's ranking counts changes (`federation_id`): a
# club joined or left, a player was linked or unlinked. A receiver of the tournaments app
# rebuilds its ratings.
federation_games_changed = Signal()


def _federation_games_changed(federation_id: int) -> None:
    transaction.on_commit(
        lambda: federation_games_changed.send(sender=Federation, federation_id=federation_id)
    )


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
def federation_club_invite(
    *, federation: Federation, club_slug: str, by: User, counts_from: datetime.date | None = None
) -> FederationClub:
    """Invite the club at `club_slug` to join the federation, for one of its directors to answer;
    `counts_from`: an earlier date from which its games count once it accepts. Raises
    ValidationError (`club`: no such club, a member or invited already; `counts_from`: after today)."""
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
    if counts_from is not None and counts_from > _club_today(club):
        message = gettext("Choose today or an earlier date: the club's games count from it.")
        raise ValidationError({"counts_from": message})
    return FederationClub.objects.create(
        federation=federation, club=club, invited_by=by, counts_from=counts_from
    )


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
