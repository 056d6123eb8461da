"""The table page: one view (`table`) by account, card or round table link. Design: docs/site.md#the-pages"""

from __future__ import annotations

import functools
import hashlib
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotAllowed, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.cache import get_conditional_response
from django.utils.http import urlencode
from django.utils.translation import get_language
from django.utils.translation import gettext as _

import scoring
from clubs.users import account
from clubs.variants import rules_label
from clubs.viewer import names_in_full
from config.requests import HtmxHttpRequest
from tournaments import selectors, services
from tournaments.models import Game
from tournaments.web.forms.hands import HandForm


@dataclass(frozen=True, slots=True)
class TableAccess:
    """What a request may do at a table; `final` (selectors.game_results_final): only a director scores,
    giving a reason."""

    game: Game
    can_score: bool
    is_director: bool
    page_url: str
    via_link: bool
    door: selectors.Door  # who asks, for the services to check again in their transaction
    final: bool = False
    card_token: str = ""  # reached through the table's card for the night (TableCard)

    def url(self, action: str, **kwargs: Any) -> str:
        if self.card_token:
            return reverse(
                f"tournaments:card_{action}",
                kwargs={"token": self.card_token, "game_id": self.game.pk, **kwargs},
            )
        if self.via_link:
            return reverse(
                f"tournaments:link_{action}", kwargs={"token": self.game.table.access_token, **kwargs}
            )
        return reverse(f"tournaments:game_{action}", kwargs={"game_id": self.game.pk, **kwargs})


def _by_account(request: HttpRequest, game_id: int) -> TableAccess:
    game = get_object_or_404(selectors.games_visible_to(user=request.user), pk=game_id)
    level = selectors.event_level(user=request.user, event_id=game.table.round.event_id)
    is_director = level == selectors.Level.RUN
    page_url = reverse("tournaments:game_detail", kwargs={"game_id": game.pk})
    final = selectors.game_results_final(game=game)
    can_score = level >= selectors.Level.SCORE and (is_director or not final)
    door = selectors.Door(user=request.user)
    return TableAccess(game, can_score, is_director, page_url, via_link=False, final=final, door=door)


def _by_link(token: str) -> TableAccess:
    table = selectors.table_of_link(token=token)
    if table is None:
        raise Http404
    page_url = reverse("tournaments:link_detail", kwargs={"token": token})
    final = selectors.game_results_final(game=table.game)
    door = selectors.Door(token=token)
    return TableAccess(table.game, not final, False, page_url, via_link=True, final=final, door=door)


def _card_access(token: str, game: Game) -> TableAccess:
    page_url = reverse("tournaments:link_detail", kwargs={"token": token})
    final = selectors.game_results_final(game=game)
    door = selectors.Door(token=token)
    return TableAccess(
        game, not final, False, page_url, via_link=True, final=final, card_token=token, door=door
    )


def _by_card(token: str, game_id: int) -> TableAccess:
    """The game a save or confirmation from a table card names: one of the card's table, in its event."""
    card = selectors.card_of_token(token=token)
    if card is None:
        raise Http404
    game = get_object_or_404(
        Game.objects.select_related("table__round__event__club"),
        pk=game_id,
        table__number=card.number,
        table__round__event_id=card.event_id,
    )
    return _card_access(token, game)


def table(
    request: HtmxHttpRequest,
    *,
    action: str,
    token: str | None = None,
    game_id: int | None = None,
    number: int | None = None,
) -> HttpResponse:
    """The table page (`action` "view") and its actions ("save", "confirm", "undo" hand `number`; POST only,
    else 405); by account it needs a signed-in user. Names shown: docs/site.md#the-pages."""
    try:
        if token is None:
            return _table(request, action=action, token=token, game_id=game_id, number=number)
        with names_in_full():
            return _table(request, action=action, token=token, game_id=game_id, number=number)
    except Game.DoesNotExist:  # a service, reading the door's scope again, found it gone
        raise Http404 from None


def _table(
    request: HtmxHttpRequest,
    *,
    action: str,
    token: str | None,
    game_id: int | None,
    number: int | None,
) -> HttpResponse:
    if action not in ("view", "tag") and request.method != "POST":
        return HttpResponseNotAllowed(["POST"])
    if token is None and not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    access, card = table_access(request, action=action, token=token, game_id=game_id)
    if action == "tag":
        return JsonResponse({"tag": live_tag(access.game if access else None)})
    if access is None:  # a card whose table has no game in the current round
        assert card is not None
        return render(request, "tournaments/card_waiting.html", {"state": card, "event": card.card.event})
    if action == "view":
        etag = _page_etag(request, access, card) if request.method in ("GET", "HEAD") else None
        unchanged = get_conditional_response(request, etag=etag) if etag else None
        response = unchanged or _page(request, access, moves=card)
        if etag:
            # Asked again each time (no-cache), answered 304 without a page when nothing changed.
            response["ETag"] = etag
            response["Cache-Control"] = "private, no-cache"
        return response
    if action == "save":
        return _save(request, access)
    assert number is not None, action
    if action == "confirm":
        return _confirm(request, access, number)
    if action == "undo":
        return _undo(request, access, number)
    raise ValueError(f"no table action {action!r}")


def _page_etag(request: HttpRequest, access: TableAccess, card: selectors.CardState | None) -> str | None:
    """The table page's ETag (what it shows, who asks and how, the release), for a 304 to a phone
    coming back; None where the page changes by itself with time or once read."""
    if access.is_director or (card is not None and card.moves) or "saved" in request.GET:
        return None
    if len(messages.get_messages(request)):
        return None
    game = access.game
    if selectors.round_clock(round=game.table.round) is not None:
        return None
    session = getattr(request, "session", None)
    stamp = (
        _release(),
        request.get_full_path(),
        request.user.pk,
        get_language(),
        (access.can_score, access.final, access.via_link, access.card_token),
        session.session_key if session is not None else None,
        selectors.game_page_stamp(game=game),
    )
    return '"' + hashlib.sha256(repr(stamp).encode()).hexdigest()[:32] + '"'


def live_tag(game: Game | None) -> str:
    """A fresh digest of what others can change of the page (selectors.game_page_stamp); "" if no game."""
    if game is None:
        return ""
    fresh = Game.objects.select_related("table__round__event").get(pk=game.pk)
    stamp = (fresh.pk, selectors.game_page_stamp(game=fresh))
    return hashlib.sha256(repr(stamp).encode()).hexdigest()[:16]


@functools.cache
def _release() -> str:
    """A digest of the templates, static files and translations served: a release changes the ETags."""
    digest = hashlib.sha256()
    base = Path(settings.BASE_DIR)
    for pattern in ("templates/**/*.html", "static/**/*.js", "static/**/*.css", "locale/**/*.mo"):
        for path in sorted(base.glob(pattern)):
            digest.update(path.name.encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def table_access(
    request: HttpRequest, *, action: str, token: str | None, game_id: int | None
) -> tuple[TableAccess | None, selectors.CardState | None]:
    """What the request may do at the table, and the card it came through if any: by account
    (`game_id`), by a card naming its game (`token` and `game_id`), by a card opened (`token`:
    the current game, None while none) or by a round table's link (`token`). Raises Http404 for a
    game the account may not see, an unknown token, or a game not at the card's table."""
    if token is None:
        assert game_id is not None
        return _by_account(request, game_id), None
    if game_id is not None:
        return _by_card(token, game_id), None
    if action in ("view", "tag"):
        card = selectors.card_of_token(token=token)
        if card is not None:
            state = selectors.card_state(card=card)
            return (None if state.game is None else _card_access(token, state.game)), state
    return _by_link(token), None


def _page(
    request: HtmxHttpRequest,
    access: TableAccess,
    moves: selectors.CardState | None = None,
    *,
    hand: str | None = None,
    mode: str | None = None,
    saved: str | None = None,
    template: str = "tournaments/game_detail.html",
    extra: dict[str, Any] | None = None,
) -> HttpResponse:
    """The page, or its live part (`_table_live.html`); `hand`, `mode`, `saved` default to the query's."""
    query = request.GET
    hands = selectors.game_hands(game=access.game)
    form = None
    if access.can_score:
        form = _hand_form_for(
            access.game,
            hands,
            hand if hand is not None else query.get("hand"),
            mode or query.get("mode"),
            ask_reason=access.final,
        )
    context = _context(access, form, hands)
    line = _saved_line(hands, saved if saved is not None else query.get("saved"))
    context["saved"] = line
    context["undo_seconds"] = selectors.undo_seconds_left(line=line, hands=hands) if line else 0
    context["moves"] = moves if moves is not None and moves.moves else None
    # Reached by the card: its short code, for another phone to join the table.
    context["table_code"] = moves.card.short_code if moves is not None else ""
    context.update(extra or {})
    return render(request, template, context)


def _undo(request: HtmxHttpRequest, access: TableAccess, number: int) -> HttpResponse:
    """Take back the hand just saved (services.hand_undo): answered in place, or redirected."""
    if not access.can_score:
        if access.final:
            messages.error(request, _final_message())
            return redirect(access.page_url)
        return HttpResponse(status=404)
    hand = get_object_or_404(access.game.hands, number=number)
    outcome: dict[str, Any]  # for the page's context
    try:
        services.hand_undo(hand=hand, door=access.door)
    except ValidationError as exc:
        outcome = {"undo_refused": " ".join(exc.messages)}
    else:
        outcome = {"undone": number}
    if request.htmx:
        _reread_state(access.game)  # the service rescored the game on its own copy
        return _page(request, access, hand="", saved="", template=LIVE, extra=outcome)
    if "undone" in outcome:
        messages.success(request, _("Hand %(number)s was taken back: enter it again.") % {"number": number})
    else:
        messages.error(request, outcome["undo_refused"])
    return redirect(access.page_url)


# What a save sent by the table page's script (an htmx request) is answered with: the page's
# live part in place, not a redirect and a whole page (one round trip on a slow connection).
LIVE = "tournaments/_table_live.html"


# A save sent by the page's script is answered with these: the saved hand (the scores, its
# line and row, the next form's state) or its refusal (why, what was typed, the form).
SAVED = "tournaments/_save_answer.html"
REFUSED = "tournaments/_save_refused.html"


def _save(request: HtmxHttpRequest, access: TableAccess) -> HttpResponse:
    if not access.can_score:
        if access.final:
            return _refused_final(request, access)
        return HttpResponse(status=404)
    game = access.game
    form = _hand_form(game, request.POST, ask_reason=access.final)
    previewing = "preview" in request.POST
    preview = None
    if form.is_valid():
        data = form.cleaned_data
        try:
            if previewing:
                preview = services.hand_preview(game=game, number=data["number"], entries=form.entries())
            else:
                hand = services.hand_record(
                    game=game, asked=form.hand_input(), recorded_by=account(request.user), door=access.door
                )
                after = _after_save_url(access, hand.number, form.entry_mode)
                if not request.htmx:
                    return redirect(after)
                _reread_state(game)  # the service saved the new totals on its own copy
                response = _saved_answer(request, access, hand.number)
                response["HX-Replace-Url"] = after
                return response
        except ValidationError as exc:
            form.add_engine_errors(
                exc.message_dict if hasattr(exc, "error_dict") else {"__all__": exc.messages}
            )
    shown = _preview_lines(preview, form.cleaned_data["number"]) if preview else None
    status = 200 if form.is_valid() else 400
    if request.htmx and previewing and request.htmx.target == "preview":
        # The live preview asks for its own box only, which shows the preview or the form's
        # errors: not the page's context, whose reads (the hands, the corrections, the players)
        # made a preview cost four API saves.
        return render(request, "tournaments/_hand_preview.html", {"preview": shown, "form": form})
    form.mode_chosen = selectors.table_entry_mode(game=game, hands=[]) is not None
    context = _context(access, form)
    context["preview"] = shown
    context["checking"] = previewing  # nothing was being saved: the form says so
    if request.htmx and previewing:  # "Check score": the whole form
        return render(request, "tournaments/_hand_form.html", context)
    if request.htmx:
        # Why, for the queue's line until the hand is back in the form (which then says it
        # by the fields, and the line is not shown: static/js/table.js).
        context["refused"] = _refusal(form, _form_messages(form), correctable=True)
        return render(request, REFUSED, context, status=status)
    return render(request, "tournaments/game_detail.html", context, status=status)


def _reread_state(game: Game) -> None:
    """Read again the game's own columns a service changed, keeping its table, round and event."""
    game.refresh_from_db(fields=[f.attname for f in Game._meta.concrete_fields if not f.is_relation])


def _saved_answer(request: HtmxHttpRequest, access: TableAccess, number: int) -> HttpResponse:
    """The answer to a save sent by the page's script (`SAVED`): the whole game and the next number."""
    hands = selectors.game_hands(game=access.game)
    context = _context(access, None, hands)
    line = _saved_line(hands, str(number))
    context["saved"] = line
    context["line"] = line
    context["undo_seconds"] = selectors.undo_seconds_left(line=line, hands=hands) if line else 0
    return render(request, SAVED, context)


def _refused_final(request: HtmxHttpRequest, access: TableAccess) -> HttpResponse:
    """A hand sent after the table's results became final: refused with 409, its typed values shown again."""
    game = access.game
    form = _hand_form(game, request.POST)
    refused = _refusal(form, [_final_message()], correctable=False)
    if request.htmx:
        return render(request, REFUSED, {"refused": refused}, status=409)
    hands = selectors.game_hands(game=game)
    context = _context(access, None, hands)
    context["refused"] = refused
    return render(request, "tournaments/game_detail.html", context, status=409)


def _form_messages(form: HandForm) -> list[str]:
    """Every error of a refused hand in one list, each field's named by its side and label."""
    found = [str(message) for message in form.non_field_errors()]
    for field in form:
        side = field.name.partition("-")[0] if "-" in field.name else ""
        for error in field.errors:
            if field.is_hidden:
                found.append(_("This form is out of date. Reload the page and enter the hand again."))
            else:
                found.append(f"{side} · {field.label}: {error}" if side else f"{field.label}: {error}")
    return list(dict.fromkeys(found))


def _refusal(form: HandForm, reasons: list[str], *, correctable: bool) -> dict[str, Any]:
    """What `_refusal.html` shows of a refused hand; `correctable`: the form comes back to correct it."""
    number = form.data.get("number", "")
    return {
        "number": number if str(number).isdigit() else "?",
        "messages": reasons,
        "typed": form.typed(),
        "sides": form.sides,
        "correctable": correctable,
    }


def _after_save_url(access: TableAccess, number: int, mode: str) -> str:
    """The table page after a save: the saved hand in view, in the table's entry mode."""
    query: dict[str, int | str] = {"saved": number}
    if mode != "summary":
        query["mode"] = mode
    return f"{access.page_url}?{urlencode(query)}"


def _saved_line(hands: list[selectors.HandLine], saved: str | None) -> selectors.HandLine | None:
    """The hand named by `?saved=N` (just saved), if the game has it."""
    if not saved or not saved.isascii() or not saved.isdigit():
        return None
    return next((line for line in hands if line.number == int(saved)), None)


def _final_message() -> str:
    return _(
        "The results of this table are final (the event is finished or the next round has "
        "started): the hands can no longer be changed here. Ask the director."
    )


def _confirm(request: HttpRequest, access: TableAccess, number: int) -> HttpResponse:
    if not access.can_score:
        if access.final:
            messages.error(request, _final_message())
            return redirect(access.page_url)
        return HttpResponse(status=404)  # a member may look at the table, not confirm its hands
    hand = get_object_or_404(access.game.hands, number=number)
    try:
        services.hand_confirm(
            hand=hand,
            side=request.POST.get("side", ""),
            confirmed_by=account(request.user),
            code=request.POST.get("code", ""),
            door=access.door,
        )
    except ValidationError as exc:
        for message in exc.messages:
            messages.error(request, message)
    else:
        messages.success(request, _("Hand %(number)s confirmed.") % {"number": number})
    mode = request.POST.get("mode", "")
    return redirect(f"{access.page_url}?mode={mode}" if mode in ("cards", "total") else access.page_url)


def _tag_url(access: TableAccess) -> str:
    """Where the page asks for its table's tag: a card's follows the card to its next game."""
    if access.card_token:
        return reverse("tournaments:link_tag", kwargs={"token": access.card_token})
    return access.url("tag")


def _rules(game: Game) -> scoring.RuleSet:
    return selectors.game_rules(game=game)


def _hand_form_for(
    game: Game,
    hands: list[selectors.HandLine],
    hand_param: str | None,
    mode: str | None,
    *,
    ask_reason: bool = False,
) -> HandForm | None:
    """The form for the next hand, or for correcting hand `hand_param` (in its entry mode); None once the game
    is over. A new hand takes the table's entry mode (selectors.table_entry_mode)."""
    initial: dict[str, Any] = {"submission_id": uuid.uuid4()}
    line = None
    remembered = None
    if hand_param and hand_param.isascii() and hand_param.isdigit() and len(hand_param) < 6:
        line = selectors.hand_line(hands=hands, number=int(hand_param))
    if line is not None:
        stored_mode = HandForm.mode_of(line.entries)
        if mode in (None, stored_mode):
            mode = stored_mode
            initial.update(HandForm.initial_for(line.entries))
        # Whoever corrects says which side they are: the other side then confirms the change.
        initial.update(number=line.number, expected_version=line.version)
    elif game.game_over:
        return None
    else:
        initial["number"] = selectors.next_hand_number(hands=hands)
        initial["entered_by_side"] = hands[-1].entered_by_side if hands else ""
        remembered = selectors.table_entry_mode(game=game, hands=hands)
        mode = mode or remembered
    form = _hand_form(game, initial=initial, mode=mode or "summary", ask_reason=ask_reason)
    form.mode_chosen = line is not None or remembered is not None
    return form


def _hand_form(game: Game, data: Any = None, **kwargs: Any) -> HandForm:
    """The hand form of `game` (`data`: what was posted): its variant's fields, sides and players."""
    rules = _rules(game)
    players = game.players or rules.players_for(len(game.sides))
    return HandForm(data, rules=rules, sides=game.sides, players=players, **kwargs)


def _preview_lines(result: dict[str, Any], number: int) -> dict[str, Any]:
    """The preview of hand `number`: its scores, the totals after it, the result if it is the game's last."""
    return {
        "hand": result["hand"],
        "totals": result["totals_after"],
        "game_over": result["last"] and result["game_over"],
        "stopped": result["stopped"],  # the director ended the game, not this hand
        "winner": result["winner"],
        "draw": result["draw"],
    }


def _context(
    access: TableAccess,
    form: HandForm | None,
    hands: list[selectors.HandLine] | None = None,
) -> dict[str, Any]:
    """What the table page's templates read."""
    game = access.game
    event = game.table.round.event
    editing = form is not None and form["expected_version"].value() not in (None, "")
    if hands is None:
        hands = selectors.game_hands(game=game)
    players = selectors.game_players(game=game)
    trio = selectors.game_trio(game=game, players=players)
    return {
        "access": access,
        "game": game,
        "event": event,
        "players": players,
        # A table of five: the side of three, who sat out each hand, who sits out the next.
        "trio": trio,
        "sat_out": {player.pk: player for player in trio[1]} if trio else {},
        "sitting_out": selectors.game_sitting_out(trio=trio, hands=hands)
        if trio and not game.game_over
        else None,
        "next_number": selectors.next_hand_number(hands=hands),
        "hands": hands,
        # Above the next hand's form, so that the other side confirms without scrolling.
        "waiting_hands": [line for line in hands if not line.confirmed]
        if event.confirmation_required
        else [],
        "history": selectors.game_corrections(game=game),
        "form": form,
        "editing": editing,
        "can_score": access.can_score,
        "rules_name": rules_label(_rules(game)),
        "save_url": access.url("save"),
        "confirmation_required": event.confirmation_required,
        "final": access.final,
        "clock": selectors.round_clock(round=game.table.round),
        # A knockout match whose game ended level: the director decides here who goes through
        # (the table is told so; a game that did not end level reads no bracket).
        "knockout": (selectors.game_knockout_match(game=game) if game.game_over and game.is_draw else None),
        # What the page follows: the table's tag, asked for again every few seconds.
        "live_tag": live_tag(game),
        "tag_url": _tag_url(access),
    }
