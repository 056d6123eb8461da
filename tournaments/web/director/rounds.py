"""The director's pages for rounds: seating, table cards, locks, seat swaps, the clock, a game
stopped, a hand deleted, who sat out a hand."""

from __future__ import annotations

import segno
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from clubs.users import SignedInRequest
from clubs.variants import rules_label
from clubs.viewer import shown_player_name
from tournaments import selectors, services
from tournaments.models import Game, Round, TableCard
from tournaments.services import round_tools
from tournaments.web.forms.rounds import SwapForm


@login_required
@require_POST
def round_start(request: SignedInRequest, event_id: int) -> HttpResponse:
    event = get_object_or_404(selectors.events_directed_by(user=request.user), pk=event_id)
    end_unfinished = request.POST.get("end_unfinished") == "1"
    ending = selectors.tables_in_play(event=event) if end_unfinished else []
    try:
        new_round = services.round_start(event=event, end_unfinished=end_unfinished, by=request.user)
    except ValidationError as exc:
        for message in exc.messages:
            messages.error(request, message)
    else:
        if ending:
            messages.warning(
                request,
                ngettext(
                    "The game at table %(tables)s of round %(number)s was ended at its score "
                    "(a table with no hand entered ends 0 to 0, a draw).",
                    "The games at tables %(tables)s of round %(number)s were ended at their score "
                    "(a table with no hand entered ends 0 to 0, a draw).",
                    len(ending),
                )
                % {"tables": ", ".join(str(n) for n in ending), "number": new_round.number - 1},
            )
        new_round.refresh_from_db()
        if new_round.status == Round.Status.SEATED:
            text = _("Round %(number)s is seated: the tables are below.")
        else:
            text = _("Round %(number)s is being seated; this page refreshes until it is ready.")
        messages.success(request, text % {"number": new_round.number})
    return redirect("tournaments:event_detail", event_id=event.pk)


@login_required
@require_POST
def round_reseat(request: SignedInRequest, event_id: int, number: int) -> HttpResponse:
    """Ask again for a round's seating: a lost seating task, a failed one, or a new draw."""
    event = get_object_or_404(selectors.events_directed_by(user=request.user), pk=event_id)
    round_ = get_object_or_404(event.rounds, number=number)
    try:
        services.round_reseat(round=round_)
    except ValidationError as exc:
        for message in exc.messages:
            messages.error(request, message)
    else:
        messages.success(request, _("Round %(number)s is being seated again.") % {"number": number})
    return redirect("tournaments:event_detail", event_id=event.pk)


@login_required
def round_cards(request: SignedInRequest, event_id: int, number: int) -> HttpResponse:
    """Printable table cards, one per table for the night: the card's link as a QR code, the seats of
    round `number`, the rules and a paper score grid; cards first used in this round are marked."""
    event = get_object_or_404(selectors.events_directed_by(user=request.user), pk=event_id)
    round_ = get_object_or_404(event.rounds, number=number)
    table_cards = {card.number: card for card in event.table_cards.all()}
    earlier = set(
        event.rounds.filter(number__lt=round_.number).values_list("tables__number", flat=True).distinct()
    )
    cards = []
    # Typed without a camera: the short address, then the card's code (table_codes.py).
    code_address = request.get_host() + reverse("tournaments:table_code").rstrip("/")
    for table in selectors.round_tables(round=round_):
        card = table_cards.get(table.number)
        if card is None:
            continue  # a table of a seating older than the night's cards: it keeps its own link
        link = request.build_absolute_uri(
            reverse("tournaments:link_detail", kwargs={"token": card.access_token})
        )
        qr_svg = segno.make(link, error="m").svg_inline(scale=4, dark="#000", light="#fff")
        # The table's own game: a table of three or five plays its own (classic-3p, classic-5p).
        game = table.game
        rules = selectors.game_rules(game=game)
        cards.append(
            {
                "rules_name": rules_label(rules),
                "target": rules.target_for(len(game.sides)),
                "minimums": selectors.initial_meld_table(rules=rules),
                "trio": selectors.game_trio(game=game),
                "table": table,
                "card": card,
                "new": round_.number > 1 and table.number not in earlier,
                "link": link,
                "code_address": code_address,
                "qr_svg": qr_svg,
                "sides": selectors.table_sides(table=table),
            }
        )
    context = {
        "event": event,
        "round": round_,
        "cards": cards,
        "grid_rows": range(1, (event.hands_per_round or 10) + 1),
    }
    return render(request, "tournaments/round_cards.html", context)


@login_required
@require_POST
def table_card_renew(request: SignedInRequest, card_id: int) -> HttpResponse:
    """Revoke a table card's scoring link and give it a new one (a lost or shared card)."""
    card = get_object_or_404(
        TableCard.objects.filter(event__in=selectors.events_directed_by(user=request.user)), pk=card_id
    )
    services.table_card_renew(card=card)
    messages.success(
        request, _("Table %(number)s has a new link; print its card again.") % {"number": card.number}
    )
    return redirect("tournaments:event_detail", event_id=card.event_id)


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
                "first": shown_player_name(first),
                "second": shown_player_name(second),
            }
        messages.success(request, text)
    return _back(round_)


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
