"""The pages of a federation's championships: an officer creates one and qualifies its entrants;
a member club's director enters players. It is then an event like any other."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.db.models import Case, QuerySet, Value, When
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from clubs.models import Club, Player
from clubs.selectors import club_federation_now, clubs_directed_by, federations_run_by, member_clubs
from clubs.users import SignedInRequest
from clubs.viewer import shown_player_name
from tournaments import selectors, services
from tournaments.models import Event
from tournaments.web.forms.championships import ChampionshipForm, EntriesForm, QualifyForm


@login_required
def championship_create(request: SignedInRequest, slug: str) -> HttpResponse:
    """An officer's New championship: held at a member club, its entrants entered afterwards."""
    federation = get_object_or_404(federations_run_by(user=request.user), slug=slug)
    form = ChampionshipForm(request.POST or None, members=member_clubs(federation_id=federation.pk))
    if request.method == "POST" and form.is_valid():
        try:
            event = services.championship_create(
                federation=federation, host=form.cleaned_data["host"], asked=form.event_input()
            )
        except ValidationError as exc:
            for field, errors in exc.message_dict.items():
                form.add_error("host" if field == "club" else field if field in form.fields else None, errors)
        else:
            messages.success(
                request,
                _(
                    "The championship is created. Enter its players: qualify them by a ranking below, or ask "
                    "each club's directors to enter theirs."
                ),
            )
            return redirect("tournaments:event_detail", event_id=event.pk)
    status = 400 if form.is_bound and form.errors else 200
    context = {"federation": federation, "form": form}
    return render(request, "tournaments/championship_form.html", context, status=status)


@login_required
@require_POST
def championship_qualify(request: SignedInRequest, event_id: int) -> HttpResponse:
    """Qualify the top N of the clubs' rankings or of the federation's; says who entered and who
    was passed over, and why."""
    event = get_object_or_404(
        selectors.events_directed_by(user=request.user).filter(federation__isnull=False), pk=event_id
    )
    form = QualifyForm(request.POST)
    if not form.is_valid():
        for field, errors in form.errors.items():
            label = form.fields[field].label if field in form.fields else ""
            text = " ".join(str(error) for error in errors)
            messages.error(request, f"{label}: {text}" if label else text)
        return redirect("tournaments:event_detail", event_id=event.pk)
    data = form.cleaned_data
    try:
        qualified = services.championship_qualify(
            event=event, source=data["source"], top=data["top"], start=data["start"], end=data["end"]
        )
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
        return redirect("tournaments:event_detail", event_id=event.pk)
    if qualified.entered:
        names = ", ".join(f"{shown_player_name(p)} ({p.club.name})" for p in qualified.entered)
        messages.success(request, _("Qualified: %(names)s.") % {"names": names})
    else:
        messages.info(request, _("Nobody new qualified: those at the top are entered already."))
    for _name, why in qualified.passed_over:
        messages.warning(request, _("Passed over: %(why)s") % {"why": why})
    return redirect("tournaments:event_detail", event_id=event.pk)


@login_required
def championship_entries(request: SignedInRequest, slug: str, event_id: int) -> HttpResponse:
    """A member club's director enters the club's players (or pairs) in a championship of its
    federation: the club's players with a member number, in the club's ranking order."""
    club = get_object_or_404(clubs_directed_by(user=request.user), slug=slug)
    place = club_federation_now(club=club)
    if place is None:
        raise Http404  # a club in no federation has no championship to enter
    event = get_object_or_404(
        selectors.events_visible_to(user=request.user)
        .exclude(status=Event.Status.FINISHED)
        .select_related("federation", "club"),
        pk=event_id,
        federation_id=place.federation_id,
    )
    entered = set(
        event.participants.filter(withdrawn_after_round__isnull=True).values_list("player_id", flat=True)
    )
    ranks = _club_ranks(club, event)
    candidates = _entry_candidates(club, event, ranks).exclude(pk__in=entered)
    paired = event.format in Event.PARTNERSHIP_FORMATS
    form = EntriesForm(request.POST or None, candidates=candidates, paired=paired, ranks=ranks)
    if request.method == "POST" and form.is_valid():
        try:
            done = services.championship_enter(
                event=event,
                players=form.cleaned_data.get("players") or [],
                pairs=form.cleaned_data.get("pairs") or [],
            )
        except ValidationError as exc:
            form.add_error(None, exc.messages)
        else:
            if done:
                names = ", ".join(p.name for p in done)
                messages.success(request, _("Entered: %(names)s.") % {"names": names})
            return redirect("tournaments:championship_entries", slug=club.slug, event_id=event.pk)
    context = {
        "club": club,
        "event": event,
        "form": form,
        "ranks": ranks,
        "entered": Player.objects.filter(club=club, pk__in=entered).order_by("name"),
        # Everyone who may enter is in: no empty list of players to tick.
        "nobody_left": not paired and not candidates.exists(),
        "unlinked": club.players.filter(active=True, guest=False, person__isnull=True).order_by("name"),
    }
    status = 400 if form.is_bound and form.errors else 200
    return render(request, "tournaments/championship_entries.html", context, status=status)


def _entry_candidates(club: Club, event: Event, ranks: dict[int, tuple[int, bool]]) -> QuerySet[Player]:
    """The club's active players linked to a person of the championship's federation, in the
    club's ranking's order (`ranks`' order), then those not in it by name."""
    order = Case(*(When(pk=pk, then=Value(n)) for n, pk in enumerate(ranks)), default=Value(len(ranks)))
    players = club.players.filter(active=True, person__federation=event.federation)
    return players.annotate(place=order).order_by("place", "name")


def _club_ranks(club: Club, event: Event) -> dict[int, tuple[int, bool]]:
    """Player id -> (their place in the club's ranking of the championship's variant, whether
    provisional), in the ranking's order."""
    group = selectors.club_ranking_group(club=club, variant=event.variant)
    lines = selectors.club_ranking(club=club, group=group.key, period=selectors.RankingPeriod())
    return {
        line.line.player: (line.position if line.rank is None else line.rank, line.provisional)
        for line in lines
    }
