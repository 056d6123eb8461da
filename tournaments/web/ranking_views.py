"""Pages about rankings: how an event ranks (the director's setting) and the player page.
Thin: scope, form, service or selector, render."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django_tables2 import RequestConfig

from clubs.models import Club, Membership, Player
from clubs.selectors import clubs_where, role_in
from clubs.users import SignedInRequest
from tournaments import selectors, services
from tournaments.domain.ratings import PROVISIONAL_GAMES
from tournaments.models import Season
from tournaments.web.exports import export_response
from tournaments.web.ranking_forms import EventRankingForm, SeasonForm
from tournaments.web.tables import RecentEventTable, RecordTable, SeasonTable


@login_required
def event_ranking(request: SignedInRequest, event_id: int) -> HttpResponse:
    """The director sets the event's victory-point scale and tie-break order."""
    event = get_object_or_404(selectors.events_directed_by(user=request.user), pk=event_id)
    form = EventRankingForm(request.POST or None, event=event)
    if request.method == "POST" and form.is_valid():
        try:
            services.event_ranking_set(
                event=event,
                vp_scale=form.cleaned_data["vp_scale"],
                vp_custom=form.cleaned_data["vp_custom"],
                tie_breaks=form.tie_breaks(),
            )
        except ValidationError as exc:
            for field, errors in exc.message_dict.items():
                form.add_error(field if field in form.fields else None, errors)
        else:
            messages.success(request, _("The standings now rank by the new rules."))
            return redirect("tournaments:event_standings", event_id=event.pk)
    return render(request, "tournaments/event_ranking.html", {"event": event, "form": form})


@login_required
def player_detail(request: SignedInRequest, player_id: int) -> HttpResponse:
    """A player's games, wins, averages, rating with its history chart, partners, head-to-head
    records and recent events; members of the player's club may see it."""
    player = get_object_or_404(selectors.players_visible_to(user=request.user), pk=player_id)
    profile = selectors.player_profile(player=player)
    partners = RecordTable(profile.partners, prefix="partners-")
    opponents = RecordTable(profile.opponents, prefix="opponents-")
    for table in (partners, opponents):
        RequestConfig(request, paginate={"per_page": 10}).configure(table)
    context = {
        "player": player,
        "profile": profile,
        "partners": partners,
        "opponents": opponents,
        "recent": RecentEventTable(profile.recent),
        "provisional_games": PROVISIONAL_GAMES,
        "merge_into": _merge_choices(request, player),
    }
    return render(request, "tournaments/player_detail.html", context)


def _merge_choices(request: HttpRequest, player: Player) -> list[Player] | None:
    """The roster players a director may merge this guest into; None if not offered."""
    if not player.guest or role_in(user=request.user, club=player.club) != Membership.Role.DIRECTOR:
        return None
    return list(player.club.players.filter(guest=False).order_by("name"))


@login_required
@require_POST
def guest_merge(request: SignedInRequest, player_id: int) -> HttpResponse:
    """A director merges a guest into the roster player they are (POST `into`)."""
    directed = clubs_where(user=request.user, roles=(Membership.Role.DIRECTOR,))
    guest = get_object_or_404(Player.objects.filter(club__in=directed, guest=True), pk=player_id)
    into = guest.club.players.filter(pk=request.POST.get("into") or 0, guest=False).first()
    if into is None:
        messages.error(request, _("Choose the roster player this guest is."))
        return redirect("tournaments:player_detail", player_id=guest.pk)
    try:
        services.guest_merge(guest=guest, into=into, merged_by=request.user)
    except ValidationError as exc:
        for message in exc.messages:
            messages.error(request, message)
        return redirect("tournaments:player_detail", player_id=guest.pk)
    text = _("%(guest)s is now %(player)s: their results moved.")
    messages.success(request, text % {"guest": guest.name, "player": into.name})
    return redirect("tournaments:player_detail", player_id=into.pk)


@login_required
def season_detail(request: SignedInRequest, season_id: int) -> HttpResponse:
    """The season table, with its CSV/XLSX download."""
    season = get_object_or_404(selectors.seasons_visible_to(user=request.user), pk=season_id)
    table = SeasonTable(selectors.season_standings(season=season))
    RequestConfig(request, paginate=False).configure(table)
    download = export_response(request, table, f"season-{season.pk}")
    if download is not None:
        return download
    return render(request, "tournaments/season_detail.html", {"season": season, "table": table})


@login_required
def season_create(request: SignedInRequest, slug: str) -> HttpResponse:
    """A director creates a season of the club and picks its nights."""
    club = get_object_or_404(clubs_where(user=request.user, roles=(Membership.Role.DIRECTOR,)), slug=slug)
    return _season_form(request, club, None)


@login_required
def season_edit(request: SignedInRequest, season_id: int) -> HttpResponse:
    """A director changes a season: its name, how it counts and its nights."""
    directed = clubs_where(user=request.user, roles=(Membership.Role.DIRECTOR,))
    season = get_object_or_404(Season.objects.filter(club__in=directed).select_related("club"), pk=season_id)
    return _season_form(request, season.club, season)


def _season_form(request: HttpRequest, club: Club, season: Season | None) -> HttpResponse:
    form = SeasonForm(request.POST or None, instance=season, club=club)
    if request.method == "POST" and form.is_valid():
        try:
            season = services.season_save(
                club=club,
                season=season,
                name=form.cleaned_data["name"],
                best_n=form.cleaned_data["best_n"],
                min_nights=form.cleaned_data["min_nights"],
                events=form.cleaned_data["events"],
            )
        except ValidationError as exc:
            for field, errors in exc.message_dict.items():
                form.add_error(field if field in form.fields else None, errors)
        else:
            messages.success(request, _("The season is saved."))
            return redirect("tournaments:season_detail", season_id=season.pk)
    context = {"club": club, "season": season, "form": form}
    return render(request, "tournaments/season_form.html", context)
