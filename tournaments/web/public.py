"""The public pages: what anyone may open once a club's results are public, and the site's home."""

from __future__ import annotations

import dataclasses
from typing import Any

import django_tables2 as tables
from django.contrib.auth.views import redirect_to_login
from django.db.models import Prefetch
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django_tables2 import RequestConfig

from clubs.models import Player
from clubs.selectors import (
    clubs_where,
    clubs_with_public_results,
    clubs_with_results_visible_to,
    directs,
    federation_clubs_unnamed_to,
    federations_with_public_ranking,
    federations_with_ranking_visible_to,
    role_in,
    runs_federation,
)
from clubs.viewer import shown_name
from tournaments import selectors
from tournaments.domain.ratings import PROVISIONAL_GAMES
from tournaments.models import Event, Stage
from tournaments.web.exports import event_file_name, export_response
from tournaments.web.filters import RankingQueryForm, StandingFilter
from tournaments.web.listings import (
    FederationRankingTable,
    PairStandingTable,
    RankingTable,
    RecentEventTable,
    RecordTable,
    RoundResultTable,
    SeasonTable,
    StandingTable,
    round_result_rows,
)

# Rows of the rankings on the club's results page; the rankings page has them all.
CLUB_PAGE_RANKINGS = 10


ROUND_RESULTS_EXPORT = "rounds"  # ?table=rounds&_export=csv: the round results, not the standings


def home(request: HttpRequest) -> HttpResponse:
    """A member's clubs and, for anyone, the clubs whose results are public and the federations
    whose ranking is (a visitor's landing)."""
    # Each club's events that the member sees: a championship it hosts while a member of its
    # federation, none once it left (selectors.events_visible_to).
    events = Prefetch("events", queryset=selectors.events_visible_to(user=request.user))
    clubs = clubs_where(user=request.user).prefetch_related(events)
    public = clubs_with_public_results().exclude(pk__in=clubs.values("pk"))
    context = {
        "clubs": clubs,
        "public_clubs": public,
        "public_federations": federations_with_public_ranking(),
    }
    return render(request, "tournaments/home.html", context)


def club_results(request: HttpRequest, slug: str) -> HttpResponse:
    """The club's results page: its events and the top of its ranking (default variant's group,
    current season). Members see it; anyone once the club's results are public."""
    club = clubs_with_results_visible_to(user=request.user).filter(slug=slug).first()
    if club is None:
        return _login_or_404(request)
    is_member = role_in(user=request.user, club=club) is not None
    group = selectors.club_ranking_group(club=club, variant=club.default_variant)
    period = selectors.club_ranking_period(club=club)
    lines = selectors.club_ranking(club=club, group=group.key, period=period)
    table = RankingTable(lines[:CLUB_PAGE_RANKINGS], one_variant=group.one_variant, orderable=False)
    context = {
        "club": club,
        "events": selectors.club_events(club=club),
        "championships": selectors.club_championships(club=club, user=request.user),
        "rankings": table,
        "ranking_group": group,
        "ranking_period": period,
        "provisional_games": PROVISIONAL_GAMES,
        "is_member": is_member,
        "nights": selectors.nights_ahead(club=club),
        "feed_link": request.build_absolute_uri(
            reverse("tournaments:calendar_feed", kwargs={"slug": club.slug})
        )
        if club.results_public
        else "",
    }
    return render(request, "tournaments/club_results.html", context)


def club_rankings(request: HttpRequest, slug: str) -> HttpResponse:
    """The club's ranking of one group over one period (`?variant=&season=&from=&to=`), with its
    CSV/XLSX download. Members see it; anyone does once the club made its results public."""
    club = clubs_with_results_visible_to(user=request.user).filter(slug=slug).first()
    if club is None:
        return _login_or_404(request)
    is_member = role_in(user=request.user, club=club) is not None
    asked_variant = request.GET.get("variant") or club.default_variant
    try:
        group = selectors.club_ranking_group(club=club, variant=asked_variant)
        unknown_variant = False
    except ValueError:  # a game the engine does not know: the club's own, and the form says so
        group = selectors.club_ranking_group(club=club, variant=club.default_variant)
        unknown_variant = True
    query = RankingQueryForm(
        request.GET,
        club=club,
        group=group,
        groups=selectors.club_ranking_groups(club=club),
        seasons=list(club.seasons.order_by("-id")),
        current=selectors.club_current_season(club=club),
        unknown_variant=unknown_variant,
    )
    period = query.period()
    lines = query.named(selectors.club_ranking(club=club, group=group.key, period=period))
    table = RankingTable(lines, one_variant=group.one_variant)
    RequestConfig(request, paginate={"per_page": 50}).configure(table)
    download = export_response(request, table, f"{club.slug}-ranking-{group.key}-{period.slug}")
    if download is not None:
        return download
    context = {
        "club": club,
        "table": table,
        "query": query,
        "group": group,
        "period": period,
        "provisional_games": PROVISIONAL_GAMES,
        "is_member": is_member,
    }
    if not is_member:
        context["public_events"] = selectors.club_events(club=club, with_results=True)
    return render(request, "tournaments/club_rankings.html", context)


def federation_rankings(request: HttpRequest, slug: str) -> HttpResponse:
    """The federation's ranking of one group over one period (`?variant=&from=&to=`), with its
    download. Its officers see it; anyone does once the federation made its ranking public."""
    federation = federations_with_ranking_visible_to(user=request.user).filter(slug=slug).first()
    if federation is None:
        return _login_or_404(request)
    asked_variant = request.GET.get("variant") or selectors.federation_default_group(federation=federation)
    try:
        group = selectors.federation_ranking_group(federation=federation, variant=asked_variant)
        unknown_variant = False
    except ValueError:
        default = selectors.federation_default_group(federation=federation)
        group = selectors.federation_ranking_group(federation=federation, variant=default)
        unknown_variant = True
    query = RankingQueryForm(
        request.GET,
        club=None,
        group=group,
        groups=selectors.federation_ranking_groups(federation=federation),
        unknown_variant=unknown_variant,
    )
    period = query.period()
    lines = query.named(selectors.federation_ranking(federation=federation, group=group.key, period=period))
    table = FederationRankingTable(
        lines,
        one_variant=group.one_variant,
        federation_slug=federation.slug,
        unnamed_clubs=federation_clubs_unnamed_to(federation=federation, user=request.user),
    )
    RequestConfig(request, paginate={"per_page": 50}).configure(table)
    download = export_response(request, table, f"{federation.slug}-ranking-{group.key}-{period.slug}")
    if download is not None:
        return download
    context = {
        "federation": federation,
        "table": table,
        "query": query,
        "group": group,
        "period": period,
        "provisional_games": PROVISIONAL_GAMES,
    }
    return render(request, "tournaments/federation_rankings.html", context)


def federation_person(request: HttpRequest, slug: str, person_id: int) -> HttpResponse:
    """A federation person's page: clubs and federation ratings with their history. Seen as the
    federation's ranking is; named by the strictest of their clubs."""
    federation = federations_with_ranking_visible_to(user=request.user).filter(slug=slug).first()
    if federation is None:
        return _login_or_404(request)
    profile = selectors.person_profile(federation=federation, person_id=person_id)
    if profile is None:
        raise Http404
    unnamed = federation_clubs_unnamed_to(federation=federation, user=request.user)
    profile = dataclasses.replace(profile, clubs=tuple(club for club in profile.clubs if club not in unnamed))
    context = {
        "federation": federation,
        "profile": profile,
        "provisional_games": PROVISIONAL_GAMES,
        "is_officer": runs_federation(user=request.user, federation_id=federation.pk),
    }
    return render(request, "tournaments/federation_person.html", context)


def _login_or_404(request: HttpRequest) -> HttpResponse:
    """What a visitor gets for a page they may not see: the login page, or 404 once signed in."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    raise Http404


def standings_table(event: Event, player_name: str = "", **options: Any) -> tables.Table:
    """The event's standings as its format ranks them: per pair in a fixed-partnership event.
    `player_name` keeps the rows (pairs) with a player of that name."""
    if event.format in Event.PARTNERSHIP_FORMATS:
        rows = selectors.event_pair_standings(event=event, player_name=player_name)
        return PairStandingTable(rows, **options)
    filtered = StandingFilter({"player": player_name}, queryset=selectors.event_standings(event=event))
    return StandingTable(filtered.qs, **options)


def event_standings(request: HttpRequest, event_id: int) -> HttpResponse:
    """Members see the standings; anyone sees them once the club made its results public."""
    event = selectors.events_with_results_visible_to(user=request.user).filter(pk=event_id).first()
    if event is None:
        return _login_or_404(request)
    round_results = selectors.event_round_results(event=event)
    if request.GET.get("table") == ROUND_RESULTS_EXPORT:
        download = export_response(
            request,
            RoundResultTable(round_result_rows(round_results, with_sit_outs=True)),
            event_file_name(event, "round-results"),
        )
        if download is not None:
            return download
    filtered = StandingFilter(request.GET, queryset=selectors.event_standings(event=event))
    player_name = ""
    if filtered.form.is_valid():
        player_name = filtered.form.cleaned_data.get("player") or ""
    table = standings_table(event, player_name)
    RequestConfig(request, paginate=False).configure(table)
    download = export_response(request, table, event_file_name(event, "standings"))
    if download is not None:
        return download
    level = selectors.event_level(user=request.user, event_id=event.pk)
    # The rounds say whether the event plays stages: no query more for an event without them.
    staged = any(round_.stage is not None for round_ in round_results)
    context = {
        "event": event,
        "stages": selectors.event_stages_overview(event=event) if staged else None,
        "table": table,
        "filter": filtered,
        "round_tables": [
            (
                round_,
                RoundResultTable(
                    round_result_rows([round_]),
                    exclude=("round",),
                    attrs={"class": "data-table round-results", "id": f"round-results-{round_.number}"},
                ),
            )
            for round_ in reversed(round_results)
        ],
        "ranking": selectors.event_standings_rules_description(event=event),
        "final_corrections": selectors.final_corrections(event=event),
        "is_member": level >= selectors.Level.SEE,
        "is_director": level == selectors.Level.RUN,
    }
    return render(request, "tournaments/event_standings.html", context)


def event_player(request: HttpRequest, event_id: int, player_id: int) -> HttpResponse:
    """A player's night in an event: each round's table, partners, opponents, scores and
    victory points, and their standings row. Whoever may see the event's standings sees it."""
    event = selectors.events_with_results_visible_to(user=request.user).filter(pk=event_id).first()
    if event is None:
        return _login_or_404(request)
    participant = get_object_or_404(event.participants.select_related("player"), player_id=player_id)
    night = selectors.event_player_night(event=event, player=participant.player)
    context = {
        "event": event,
        "participant": participant,
        "player": participant.player,
        "night": night,
        "credits_missed_rounds": event.missed_round_policy != Event.MissedRounds.NOTHING,
        "is_member": selectors.event_level(user=request.user, event_id=event.pk) >= selectors.Level.SEE,
    }
    return render(request, "tournaments/event_player.html", context)


def stage_bracket(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    """A knockout's bracket, filled in as its games finish; seen as the event's standings are. Its
    director also decides a level match or a walkover here."""
    event = selectors.events_with_results_visible_to(user=request.user).filter(pk=event_id).first()
    if event is None:
        return _login_or_404(request)
    stage = get_object_or_404(event.stages, number=number, kind=Stage.Kind.KNOCKOUT)
    level = selectors.event_level(user=request.user, event_id=event.pk)
    context = {
        "event": event,
        "bracket": selectors.stage_bracket(stage=stage),
        "is_member": level >= selectors.Level.SEE,
        "is_director": level == selectors.Level.RUN and event.status != Event.Status.FINISHED,
        "refresh_seconds": BRACKET_REFRESH_SECONDS,
    }
    return render(request, "tournaments/stage_bracket.html", context)


BRACKET_REFRESH_SECONDS = 20


def player_detail(request: HttpRequest, player_id: int) -> HttpResponse:
    """A player's page: games, points, ratings, partners, head-to-head and recent nights. Members of
    the club see it; anyone once its results are public (by initials for a player who asked)."""
    player = selectors.players_with_pages_open_to(user=request.user).filter(pk=player_id).first()
    if player is None:
        return _login_or_404(request)
    is_member = role_in(user=request.user, club=player.club) is not None
    profile = selectors.player_profile(player=player, viewer=request.user)
    partners = RecordTable(profile.partners, prefix="partners-")
    opponents = RecordTable(profile.opponents, prefix="opponents-")
    for table in (partners, opponents):
        RequestConfig(request, paginate={"per_page": 10}).configure(table)
    context = {
        "player": player,
        "shown_name": shown_name(player.name, player.public_initials, player.club_id),
        "profile": profile,
        "partners": partners,
        "opponents": opponents,
        "recent": RecentEventTable(profile.recent),
        "provisional_games": PROVISIONAL_GAMES,
        "merge_into": _merge_choices(request, player),
        "is_member": is_member,
        "is_director": directs(user=request.user, club_id=player.club.pk),
    }
    return render(request, "tournaments/player_detail.html", context)


def _merge_choices(request: HttpRequest, player: Player) -> list[Player] | None:
    """The roster players a director may merge this guest into; None if not offered."""
    if not player.guest or not directs(user=request.user, club_id=player.club.pk):
        return None
    return list(player.club.players.filter(guest=False).order_by("name"))


def season_detail(request: HttpRequest, season_id: int) -> HttpResponse:
    """The season table, with its download; seen as the club's results are."""
    season = selectors.seasons_with_results_open_to(user=request.user).filter(pk=season_id).first()
    if season is None:
        return _login_or_404(request)
    table = SeasonTable(selectors.season_standings(season=season))
    RequestConfig(request, paginate=False).configure(table)
    download = export_response(request, table, f"{season.club.slug}-season-{season.pk}")
    if download is not None:
        return download
    return render(request, "tournaments/season_detail.html", {"season": season, "table": table})
