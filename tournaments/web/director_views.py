"""Pages for the director's hand on a round (lock, swap, keep a table) and for the room: the
printable seating sheet and the self-refreshing round board. Thin: scope, validate, call a
service or selector, render."""

from __future__ import annotations

import segno
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from clubs.users import SignedInRequest
from tournaments import selectors, services
from tournaments.models import Game, Round
from tournaments.services import round_tools
from tournaments.web.forms import SwapForm

BOARD_REFRESH_SECONDS = 15


def _directed_round(request: HttpRequest, event_id: int, number: int) -> Round:
    event = get_object_or_404(selectors.events_directed_by(user=request.user), pk=event_id)
    return get_object_or_404(event.rounds.select_related("event"), number=number)


def _report(request: HttpRequest, exc: ValidationError) -> None:
    for message in exc.messages:
        messages.error(request, message)


def _back(round_: Round) -> HttpResponse:
    response = redirect("tournaments:event_detail", event_id=round_.event_id)
    response["Location"] += f"#round-{round_.number}"
    return response


@login_required
@require_POST
def round_lock(request: SignedInRequest, event_id: int, number: int) -> HttpResponse:
    round_ = _directed_round(request, event_id, number)
    try:
        round_tools.round_lock(round=round_, locked=not round_.locked)
    except ValidationError as exc:
        _report(request, exc)
    return _back(round_)


@login_required
@require_POST
def table_lock(request: SignedInRequest, event_id: int, number: int, table: int) -> HttpResponse:
    round_ = _directed_round(request, event_id, number)
    table_ = get_object_or_404(round_.tables, number=table)
    try:
        round_tools.table_lock(table=table_, locked=not table_.locked)
    except ValidationError as exc:
        _report(request, exc)
    return _back(round_)


@login_required
@require_POST
def seats_swap(request: SignedInRequest, event_id: int, number: int) -> HttpResponse:
    round_ = _directed_round(request, event_id, number)
    form = SwapForm(request.POST, players=selectors.round_players(round=round_))
    if not form.is_valid():
        messages.error(request, _("Choose two players of this round."))
        return _back(round_)
    try:
        round_tools.seats_swap(
            round=round_, first=form.cleaned_data["first"], second=form.cleaned_data["second"]
        )
    except ValidationError as exc:
        _report(request, exc)
    else:
        first, second = form.cleaned_data["first"], form.cleaned_data["second"]
        pairs = [selectors.event_pair_of(event=round_.event, player=p) for p in (first, second)]
        if pairs[0] is not None and pairs[1] is not None:
            text = _("Pairs %(first)s and %(second)s swapped places; their tables are locked.") % {
                "first": pairs[0].number,
                "second": pairs[1].number,
            }
        else:
            text = _("%(first)s and %(second)s swapped places; their tables are locked.") % {
                "first": first.name,
                "second": second.name,
            }
        messages.success(request, text)
    return _back(round_)


@login_required
def round_sheet(request: SignedInRequest, event_id: int, number: int) -> HttpResponse:
    """Printable seating sheet: the tables, and every player by name with their table."""
    event = get_object_or_404(selectors.events_visible_to(user=request.user), pk=event_id)
    round_ = get_object_or_404(event.rounds, number=number)
    context = {
        "event": event,
        "round": round_,
        "tables": [
            {"table": table, "sides": selectors.table_sides(table=table)}
            for table in selectors.round_tables(round=round_)
        ],
        "index": selectors.round_sheet_index(round=round_),
    }
    return render(request, "tournaments/round_sheet.html", context)


@login_required
def round_board(request: SignedInRequest, event_id: int) -> HttpResponse:
    """The room's screen: the latest round's tables in large type; the page refreshes itself.
    When the club's results are public, a QR code opens the club's results page on a phone."""
    event = get_object_or_404(selectors.events_visible_to(user=request.user), pk=event_id)
    round_ = selectors.event_board_round(event=event)
    tables = []
    sitting_out: list[selectors.Entrant] = []
    if round_ is not None and round_.status == Round.Status.SEATED:
        tables = [{"table": t, "sides": selectors.table_sides(table=t)} for t in round_.tables.all()]
        sitting_out = selectors.round_sit_out_entrants(event=event, rounds=[round_])[round_.pk]
    public_link = public_qr = ""
    if event.club.results_public:
        public_link = request.build_absolute_uri(
            reverse("tournaments:club_results", kwargs={"slug": event.club.slug})
        )
        # No fixed size (a viewBox): site.css sizes it for the room's screen.
        public_qr = segno.make(public_link, error="m").svg_inline(omitsize=True, dark="#000", light="#fff")
    context = {
        "event": event,
        "round": round_,
        "tables": tables,
        "sitting_out": sitting_out,
        "pair_of": selectors.event_pair_numbers(event=event),
        "refresh": BOARD_REFRESH_SECONDS,
        "clock": selectors.round_clock(round=round_) if round_ is not None else None,
        "public_link": public_link,
        "public_qr": public_qr,
    }
    return render(request, "tournaments/round_board.html", context)


@login_required
@require_POST
def participant_withdraw(request: SignedInRequest, event_id: int, player_id: int) -> HttpResponse:
    """A player leaves the event (in a fixed-partnership event, their pair): not seated again,
    results kept."""
    event = get_object_or_404(selectors.events_directed_by(user=request.user), pk=event_id)
    participant = get_object_or_404(event.participants.select_related("player"), player_id=player_id)
    services.participant_withdraw(event=event, player=participant.player)
    pair = selectors.event_pair_of(event=event, player=participant.player)
    if pair is None:
        text = _("%(name)s has withdrawn; their results so far stay.") % {"name": participant.player.name}
    else:
        names = " & ".join(player.name for player in pair.players)
        text = _("Pair %(number)s (%(names)s) has withdrawn; its results so far stay.") % {
            "number": pair.number,
            "names": names,
        }
    messages.success(request, text)
    return redirect("tournaments:event_detail", event_id=event.pk)


@login_required
@require_POST
def round_clock_start(request: SignedInRequest, event_id: int, number: int) -> HttpResponse:
    """Start the round's clock again from now."""
    round_ = _directed_round(request, event_id, number)
    try:
        services.round_clock_start(round=round_)
    except ValidationError as exc:
        _report(request, exc)
    else:
        messages.success(request, _("Round %(number)s's clock started.") % {"number": round_.number})
    return _back(round_)


def _directed_game(request: HttpRequest, game_id: int) -> Game:
    return get_object_or_404(
        Game.objects.select_related("table__round__event").filter(
            table__round__event__in=selectors.events_directed_by(user=request.user)
        ),
        pk=game_id,
    )


def _to_game(game: Game) -> HttpResponse:
    return redirect("tournaments:game_detail", game_id=game.pk)


@login_required
@require_POST
def game_stop(request: SignedInRequest, game_id: int) -> HttpResponse:
    """End a game in play at its current score (the round's time is up)."""
    game = _directed_game(request, game_id)
    try:
        game = services.game_stop(game=game, stopped_by=request.user)
    except ValidationError as exc:
        _report(request, exc)
    else:
        messages.success(
            request,
            _("Table %(table)s's game ended at its current score.") % {"table": game.table.number},
        )
    return _to_game(game)


@login_required
@require_POST
def hand_sat_out(request: SignedInRequest, game_id: int) -> HttpResponse:
    """At a table of five, who of the side of three sat out a hand (POST `number`, `sat_out`)."""
    game = _directed_game(request, game_id)
    number, player = request.POST.get("number", ""), request.POST.get("sat_out", "")
    hand = get_object_or_404(game.hands, number=int(number) if number.isascii() and number.isdigit() else 0)
    try:
        services.hand_sat_out_set(
            hand=hand, player_id=int(player) if player.isascii() and player.isdigit() else 0, by=request.user
        )
    except ValidationError as exc:
        _report(request, exc)
    else:
        messages.success(request, _("Hand %(number)s: who sat out is changed.") % {"number": number})
    return _to_game(game)


@login_required
@require_POST
def hand_delete(request: SignedInRequest, game_id: int) -> HttpResponse:
    """Delete a stray hand (POST `number`, `reason`): the history keeps it, the game is rescored."""
    game = _directed_game(request, game_id)
    number = request.POST.get("number", "")
    hand = get_object_or_404(game.hands, number=int(number) if number.isascii() and number.isdigit() else 0)
    reason = request.POST.get("reason", "").strip()
    try:
        services.hand_delete(hand=hand, deleted_by=request.user, reason=reason)
    except ValidationError as exc:
        _report(request, exc)
    else:
        messages.success(
            request, _("Hand %(number)s deleted; the totals and standings are updated.") % {"number": number}
        )
    return _to_game(game)
