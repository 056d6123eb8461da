"""Pages for directors and scorers: events, rounds, the table entry page, standings, rankings.

Each view scopes the object to what the user may see, checks shape with a form, calls a
service or selector, and renders. No view computes a score.
"""

from __future__ import annotations

import uuid
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django_tables2 import RequestConfig

import scoring
from clubs.models import Membership
from clubs.selectors import clubs_where, role_in
from tournaments import selectors, services
from tournaments.forms import EventForm, HandForm
from tournaments.models import Game, Round
from tournaments.tables import RankingTable, StandingTable


@login_required
def home(request: HttpRequest) -> HttpResponse:
    clubs = clubs_where(user=request.user).prefetch_related("events")
    return render(request, "tournaments/home.html", {"clubs": clubs})


@login_required
def club_detail(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_object_or_404(clubs_where(user=request.user), slug=slug)
    return render(
        request,
        "tournaments/club_detail.html",
        {
            "club": club,
            "events": club.events.all(),
            "is_director": role_in(user=request.user, club=club) == Membership.Role.DIRECTOR,
        },
    )


@login_required
def club_rankings(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_object_or_404(clubs_where(user=request.user), slug=slug)
    table = RankingTable(selectors.club_rankings(club=club))
    RequestConfig(request, paginate={"per_page": 25}).configure(table)
    return render(request, "tournaments/club_rankings.html", {"club": club, "table": table})


@login_required
def event_create(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_object_or_404(clubs_where(user=request.user, roles=(Membership.Role.DIRECTOR,)), slug=slug)
    form = EventForm(request.POST or None, club=club)
    if request.method == "POST" and form.is_valid():
        try:
            event = services.event_create(
                club=club,
                name=form.cleaned_data["name"],
                date=form.cleaned_data["date"],
                kind=form.cleaned_data["kind"],
                variant=form.cleaned_data["variant"],
                hands_per_round=form.cleaned_data["hands_per_round"],
                players=form.cleaned_data["players"],
            )
        except ValidationError as exc:
            form.add_error(None, exc)
        else:
            return redirect("tournaments:event_detail", event_id=event.pk)
    return render(request, "tournaments/event_form.html", {"club": club, "form": form})


@login_required
def event_detail(request: HttpRequest, event_id: int) -> HttpResponse:
    event = get_object_or_404(selectors.events_visible_to(user=request.user), pk=event_id)
    rounds = list(selectors.event_rounds(event=event))
    standings = StandingTable(selectors.event_standings(event=event), orderable=False)
    context = {
        "event": event,
        "rounds": rounds,
        "standings": standings,
        "participants": event.participants.select_related("player").order_by("player__name"),
        "is_director": role_in(user=request.user, club=event.club) == Membership.Role.DIRECTOR,
        "seating_pending": any(r.status == Round.Status.SEATING for r in rounds),
    }
    return render(request, "tournaments/event_detail.html", context)


@login_required
@require_POST
def round_start(request: HttpRequest, event_id: int) -> HttpResponse:
    event = get_object_or_404(selectors.events_directed_by(user=request.user), pk=event_id)
    try:
        new_round = services.round_start(event=event)
    except ValidationError as exc:
        for message in exc.messages:
            messages.error(request, message)
    else:
        messages.success(request, _("Round %(number)s is being seated.") % {"number": new_round.number})
    return redirect("tournaments:event_detail", event_id=event.pk)


@login_required
@require_POST
def event_finish(request: HttpRequest, event_id: int) -> HttpResponse:
    event = get_object_or_404(selectors.events_directed_by(user=request.user), pk=event_id)
    services.event_finish(event=event)
    messages.success(request, _("The event is finished. Its standings are final."))
    return redirect("tournaments:event_detail", event_id=event.pk)


@login_required
@require_POST
def participant_toggle(request: HttpRequest, event_id: int, player_id: int) -> HttpResponse:
    event = get_object_or_404(selectors.events_directed_by(user=request.user), pk=event_id)
    participant = get_object_or_404(event.participants, player_id=player_id)
    services.participant_set_present(event=event, player=participant.player, present=not participant.present)
    return redirect("tournaments:event_detail", event_id=event.pk)


@login_required
def game_detail(request: HttpRequest, game_id: int) -> HttpResponse:
    """The table entry page: the hands so far, running totals and the form for a hand."""
    game = get_object_or_404(selectors.games_visible_to(user=request.user), pk=game_id)
    can_score = selectors.games_scorable_by(user=request.user).filter(pk=game.pk).exists()
    form = None
    if can_score:
        form = _hand_form_for(game, request.GET.get("hand"))
    return render(request, "tournaments/game_detail.html", _game_context(game, form, can_score))


@login_required
@require_POST
def hand_save(request: HttpRequest, game_id: int) -> HttpResponse:
    game = get_object_or_404(selectors.games_scorable_by(user=request.user), pk=game_id)
    form = HandForm(request.POST, rules=_rules(game), sides=game.sides)
    preview = None
    if form.is_valid():
        data = form.cleaned_data
        try:
            if "preview" in request.POST:
                preview = services.hand_preview(game=game, number=data["number"], entries=form.entries())
            else:
                services.hand_record(
                    game=game,
                    number=data["number"],
                    entries=form.entries(),
                    submission_id=data["submission_id"],
                    expected_version=data["expected_version"],
                    recorded_by=request.user,
                )
                messages.success(request, _("Hand %(number)s saved.") % {"number": data["number"]})
                return redirect("tournaments:game_detail", game_id=game.pk)
        except ValidationError as exc:
            form.add_engine_errors(
                exc.message_dict if hasattr(exc, "error_dict") else {"__all__": exc.messages}
            )
    status = 200 if form.is_valid() else 400
    context = _game_context(game, form, True)
    context["preview"] = _preview_lines(preview, data["number"]) if preview else None
    if request.htmx:
        return render(request, "tournaments/_hand_form.html", context)
    return render(request, "tournaments/game_detail.html", context, status=status)


def _rules(game: Game) -> scoring.RuleSet:
    return scoring.rules_for(game.variant, game.options)


def _hand_form_for(game: Game, hand_param: str | None) -> HandForm | None:
    hands = selectors.game_hands(game=game)
    initial: dict[str, Any] = {"submission_id": uuid.uuid4()}
    if hand_param and hand_param.isdigit() and 1 <= int(hand_param) <= len(hands):
        line = hands[int(hand_param) - 1]
        initial.update(HandForm.initial_for(line.entries))
        initial.update(number=line.number, expected_version=line.version)
    elif game.game_over:
        return None
    else:
        initial["number"] = len(hands) + 1
    return HandForm(initial=initial, rules=_rules(game), sides=game.sides)


def _preview_lines(result: dict[str, Any], number: int) -> dict[str, Any]:
    return {
        "hand": result["hands"][number - 1],
        "totals": result["totals"],
        "initial_meld": result["initial_meld"],
        "game_over": result["game_over"],
        "winner": result["winner"],
        "draw": result["draw"],
    }


def _game_context(game: Game, form: HandForm | None, can_score: bool) -> dict[str, Any]:
    hands = selectors.game_hands(game=game)
    editing = form is not None and form["expected_version"].value() not in (None, "")
    return {
        "game": game,
        "event": game.table.round.event,
        "players": selectors.game_players(game=game),
        "hands": hands,
        "form": form,
        "editing": editing,
        "can_score": can_score,
        "rules_name": _rules(game).name,
    }


@login_required
def event_standings(request: HttpRequest, event_id: int) -> HttpResponse:
    event = get_object_or_404(selectors.events_visible_to(user=request.user), pk=event_id)
    table = StandingTable(selectors.event_standings(event=event))
    RequestConfig(request, paginate=False).configure(table)
    return render(request, "tournaments/event_standings.html", {"event": event, "table": table})
