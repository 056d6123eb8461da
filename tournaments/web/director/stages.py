"""The director's pages for stages: add or remove one, confirm its entrants, decide a match."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from clubs.users import SignedInRequest
from tournaments import selectors, services
from tournaments.models import Event, Stage
from tournaments.web.forms.stages import StageEntrantsForm, StageForm
from tournaments.web.member import event_page


def _directed_event(request: HttpRequest, event_id: int) -> Event:
    return get_object_or_404(selectors.events_directed_by(user=request.user), pk=event_id)


def _to_stages(event: Event) -> HttpResponse:
    response = redirect("tournaments:event_detail", event_id=event.pk)
    response["Location"] += "#stages"
    return response


@login_required
@require_POST
def stage_add(request: SignedInRequest, event_id: int) -> HttpResponse:
    """Add a stage after the event's last one; a refused form comes back on the event page."""
    event = _directed_event(request, event_id)
    form = StageForm(request.POST, event=event, prefix="stage")
    if form.is_valid():
        data = form.cleaned_data
        try:
            stage = services.stage_add(
                event=event,
                name=data["name"],
                kind=data["kind"],
                format=data.get("format") or "",
                planned_rounds=data.get("planned_rounds"),
                qualify=data["qualify"],
                qualifiers=data.get("qualifiers"),
                seeding=data.get("seeding") or Stage.Seeding.STANDINGS,
            )
        except ValidationError as exc:
            if hasattr(exc, "error_dict"):
                for field, errors in exc.message_dict.items():
                    form.add_error(field if field in form.fields else None, errors)
            else:
                form.add_error(None, exc.messages)
        else:
            messages.success(
                request,
                _("Stage %(number)s, “%(name)s”, is added.") % {"number": stage.number, "name": stage.name},
            )
            return _to_stages(event)
    return event_page(request, event, stage_form=form, status=400)


@login_required
@require_POST
def stage_remove(request: SignedInRequest, event_id: int, number: int) -> HttpResponse:
    event = _directed_event(request, event_id)
    stage = get_object_or_404(event.stages, number=number)
    try:
        services.stage_remove(stage=stage)
    except ValidationError as exc:
        for message in exc.messages:
            messages.error(request, message)
    else:
        messages.success(request, _("Stage “%(name)s” is removed.") % {"name": stage.name})
    return _to_stages(event)


@login_required
@require_POST
def stage_entrants(request: SignedInRequest, event_id: int, number: int) -> HttpResponse:
    """Confirm who plays a final table or a knockout (the proposal, or the director's changes)."""
    event = _directed_event(request, event_id)
    stage = get_object_or_404(event.stages, number=number)
    overview = selectors.event_stages_overview(event=event)
    proposal = overview.proposal if overview is not None else None
    if proposal is None or proposal.stage.pk != stage.pk:
        messages.error(request, _("Who plays “%(stage)s” cannot be chosen now.") % {"stage": stage.name})
        return _to_stages(event)
    form = StageEntrantsForm(request.POST, proposal=proposal)
    if form.is_valid():
        try:
            services.stage_entrants_confirm(stage=stage, entrants=form.entrants(), by=request.user)
        except ValidationError as exc:
            form.add_error(None, exc.messages)
        else:
            messages.success(
                request,
                _("Who plays “%(stage)s” is confirmed: seat its round when the room is ready.")
                % {"stage": stage.name},
            )
            return _to_stages(event)
    return event_page(request, event, entrants_form=form, status=400)


@login_required
@require_POST
def match_decide(request: SignedInRequest, event_id: int, number: int, round: int, slot: int) -> HttpResponse:
    """Send one pair of a knockout match through (POST `winner`: its number), after a level game or
    as a walkover; back to `next`."""
    event = _directed_event(request, event_id)
    stage = get_object_or_404(event.stages, number=number, kind=Stage.Kind.KNOCKOUT)
    winner = request.POST.get("winner", "")
    try:
        if not (winner.isascii() and winner.isdigit()):
            raise ValidationError(_("Choose the pair that goes through."))
        services.match_decide(stage=stage, round=round, slot=slot, winner=int(winner), by=request.user)
    except ValidationError as exc:
        for message in exc.messages:
            messages.error(request, message)
    else:
        messages.success(request, _("Pair %(number)s goes through.") % {"number": winner})
    game = request.POST.get("game", "")
    if game.isascii() and game.isdigit():
        return redirect("tournaments:game_detail", game_id=int(game))
    response = redirect("tournaments:stage_bracket", event_id=event.pk, number=stage.number)
    response["Location"] += f"#match-{round}-{slot}"
    return response
