"""The director's pages for an event: creating it, its players, how it ranks, its board link."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from clubs import services as club_services
from clubs.models import Club, Player
from clubs.selectors import clubs_directed_by
from clubs.text import NameFormField
from clubs.users import SignedInRequest
from clubs.viewer import shown_player_name
from tournaments import selectors, services
from tournaments.models import Event
from tournaments.web.forms.events import EventForm, ParticipantAddForm
from tournaments.web.forms.standings import StandingsRulesForm

# The New event form's buttons that change the form rather than create the event.
_FORM_STEPS = ("add_player", "everyone", "redisplay")


@login_required
def event_create(request: SignedInRequest, slug: str) -> HttpResponse:
    """New event; the form's steps (`add_player`, `everyone`, `redisplay` for a browser without the
    script) come back to it with what was typed kept."""
    club = get_object_or_404(clubs_directed_by(user=request.user), slug=slug)
    if request.method == "POST" and any(step in request.POST for step in _FORM_STEPS):
        return _event_form_step(request, club)
    form = EventForm(request.POST or None, club=club)
    if request.method == "POST" and form.is_valid():
        try:
            event = services.event_create(club=club, asked=form.event_input())
        except ValidationError as exc:
            for field, errors in exc.message_dict.items():
                form.add_error(field if field in form.fields else None, errors)
        else:
            return redirect("tournaments:event_detail", event_id=event.pk)
    return render(request, "tournaments/event_form.html", {"club": club, "form": form})


def _event_form_step(request: SignedInRequest, club: Club) -> HttpResponse:
    """One of the New event form's own steps (`_FORM_STEPS`), the form shown again as it was."""
    tick: list[int] = []
    refused = ""
    if "add_player" in request.POST:
        field = NameFormField(max_length=120, error_messages={"required": _("Type the new player's name.")})
        try:
            player = club_services.player_add(club=club, name=field.clean(request.POST.get("new_player", "")))
        except ValidationError as exc:
            refused = " ".join(exc.messages)
        else:
            tick.append(player.pk)
            messages.success(request, _("%(name)s is on the roster, ticked present.") % {"name": player.name})
    form = EventForm.redisplayed(request.POST, club=club, tick=tick, everyone="everyone" in request.POST)
    if refused:
        form.initial["new_player"] = request.POST.get("new_player", "")
    context = {"club": club, "form": form, "new_player_refused": refused}
    return render(request, "tournaments/event_form.html", context, status=400 if refused else 200)


@login_required
@require_POST
def event_finish(request: SignedInRequest, event_id: int) -> HttpResponse:
    event = get_object_or_404(selectors.events_directed_by(user=request.user), pk=event_id)
    try:
        services.event_finish(
            event=event, end_unfinished=request.POST.get("end_unfinished") == "1", by=request.user
        )
    except ValidationError as exc:
        for message in exc.messages:
            messages.error(request, message)
        return redirect("tournaments:event_detail", event_id=event.pk)
    messages.success(request, _("The event is finished. Its standings are final."))
    return redirect("tournaments:event_detail", event_id=event.pk)


@login_required
@require_POST
def event_odd_tables(request: SignedInRequest, event_id: int) -> HttpResponse:
    """The director chooses the odd tables of the next rounds (POST `three` and `five`, "1" for
    yes), from the choices the event page shows with what each gives."""
    event = get_object_or_404(selectors.events_directed_by(user=request.user), pk=event_id)
    try:
        services.event_odd_tables_set(
            event=event,
            three_player_tables=request.POST.get("three") == "1",
            five_player_tables=request.POST.get("five") == "1",
        )
    except ValidationError as exc:
        for message in exc.messages:
            messages.error(request, message)
    else:
        messages.success(request, _("The next rounds are seated this way."))
    return redirect("tournaments:event_detail", event_id=event.pk)


@login_required
@require_POST
def event_clubs_apart(request: SignedInRequest, event_id: int) -> HttpResponse:
    """Keep players of one club apart in the next rounds, or no longer (POST `keep`, "1" for yes)."""
    event = get_object_or_404(selectors.events_directed_by(user=request.user), pk=event_id)
    keep = request.POST.get("keep") == "1"
    try:
        services.event_keep_clubs_apart_set(event=event, keep_clubs_apart=keep)
    except ValidationError as exc:
        for message in exc.messages:
            messages.error(request, message)
    else:
        if keep:
            messages.success(request, _("The next rounds keep players of one club apart."))
        else:
            messages.success(request, _("The next rounds no longer keep players of one club apart."))
    return redirect("tournaments:event_detail", event_id=event.pk)


@login_required
@require_POST
def event_board_link(request: SignedInRequest, event_id: int) -> HttpResponse:
    """Give the hall board a new link; the one shown before stops working."""
    event = get_object_or_404(selectors.events_directed_by(user=request.user), pk=event_id)
    services.event_board_link_renew(event=event)
    messages.success(request, _("The hall board has a new link; the old one no longer opens it."))
    response = redirect("tournaments:event_detail", event_id=event.pk)
    response["Location"] += "#hall-board"
    return response


def _who(event: Event, player: Player) -> str:
    """How a message names who arrives or leaves: their pair in a fixed-partnership event."""
    pair = selectors.event_pair_of(event=event, player=player)
    if pair is None:
        return shown_player_name(player)
    names = " & ".join(shown_player_name(p) for p in pair.players)
    return _("Pair %(number)s (%(names)s)") % {"number": pair.number, "names": names}


@login_required
@require_POST
def participant_add(request: SignedInRequest, event_id: int) -> HttpResponse:
    """Add a player to the night (a late arrival), or a late pair: seated from the next round on."""
    event = get_object_or_404(selectors.events_directed_by(user=request.user), pk=event_id)
    form = ParticipantAddForm(request.POST, event=event)
    if form.is_valid():
        player = form.cleaned_data["player"]
        try:
            services.participant_add(event=event, player=player, partner=form.cleaned_data.get("partner"))
        except ValidationError as exc:
            for message in exc.messages:
                messages.error(request, message)
        else:
            messages.success(
                request, _("%(name)s joins from the next round.") % {"name": _who(event, player)}
            )
    else:
        for errors in form.errors.values():
            for error in errors:
                messages.error(request, str(error))
    return redirect("tournaments:event_detail", event_id=event.pk)


@login_required
@require_POST
def guest_add(request: SignedInRequest, event_id: int) -> HttpResponse:
    """Add a guest who is not on the roster, by name: seated from the next round on."""
    event = get_object_or_404(selectors.events_directed_by(user=request.user), pk=event_id)
    try:
        guest = services.guest_add(event=event, name=request.POST.get("name", ""))
    except ValidationError as exc:
        for message in exc.messages:
            messages.error(request, message)
    else:
        messages.success(request, _("%(name)s (a guest) joins from the next round.") % {"name": guest.name})
    return redirect("tournaments:event_detail", event_id=event.pk)


@login_required
@require_POST
def participant_toggle(request: SignedInRequest, event_id: int, player_id: int) -> HttpResponse:
    """Mark a player (in a fixed-partnership event, their pair) absent, or present again."""
    event = get_object_or_404(selectors.events_directed_by(user=request.user), pk=event_id)
    participant = get_object_or_404(event.participants, player_id=player_id)
    try:
        services.participant_set_present(
            event=event, player=participant.player, present=not participant.present
        )
    except ValidationError as exc:
        for message in exc.messages:
            messages.error(request, message)
    return redirect("tournaments:event_detail", event_id=event.pk)


@login_required
@require_POST
def participant_withdraw(request: SignedInRequest, event_id: int, player_id: int) -> HttpResponse:
    """A player (a pair, in a fixed-partnership event) leaves the event: not seated again, results kept."""
    event = get_object_or_404(selectors.events_directed_by(user=request.user), pk=event_id)
    participant = get_object_or_404(event.participants.select_related("player"), player_id=player_id)
    services.participant_withdraw(event=event, player=participant.player)
    pair = selectors.event_pair_of(event=event, player=participant.player)
    if pair is None:
        text = _("%(name)s has withdrawn; their results so far stay.") % {
            "name": shown_player_name(participant.player)
        }
    else:
        names = " & ".join(shown_player_name(player) for player in pair.players)
        text = _("Pair %(number)s (%(names)s) has withdrawn; its results so far stay.") % {
            "number": pair.number,
            "names": names,
        }
    messages.success(request, text)
    return redirect("tournaments:event_detail", event_id=event.pk)


@login_required
def event_standings_rules(request: SignedInRequest, event_id: int) -> HttpResponse:
    """Set the event's victory-point scale, tie-break order and whether it counts in the club's ranking."""
    event = get_object_or_404(selectors.events_directed_by(user=request.user), pk=event_id)
    form = StandingsRulesForm(request.POST or None, event=event)
    if request.method == "POST" and form.is_valid():
        try:
            services.event_standings_rules_set(
                event=event,
                vp_scale=form.cleaned_data["vp_scale"],
                vp_custom=form.cleaned_data["vp_custom"],
                tie_breaks=form.tie_breaks(),
                ranked=form.cleaned_data["ranked"],
            )
        except ValidationError as exc:
            for field, errors in exc.message_dict.items():
                form.add_error(field if field in form.fields else None, errors)
        else:
            messages.success(request, _("The standings now rank by the new rules."))
            return redirect("tournaments:event_standings", event_id=event.pk)
    return render(request, "tournaments/event_standings_rules.html", {"event": event, "form": form})


@login_required
@require_POST
def guest_merge(request: SignedInRequest, player_id: int) -> HttpResponse:
    """A director merges a guest into the roster player they are (POST `into`)."""
    directed = clubs_directed_by(user=request.user)
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
