"""The director's pages for the club's nights ahead: schedule nights, move or cancel one, tick
and untick who is here, print the door's QR code, create the night's event from its check-in.
"""

from __future__ import annotations

import segno
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from clubs.selectors import clubs_directed_by
from clubs.users import SignedInRequest
from tournaments import selectors, services
from tournaments.models import CheckIn, Night
from tournaments.web.forms.nights import NightForm, NightMoveForm


@login_required
def night_schedule(request: SignedInRequest, slug: str) -> HttpResponse:
    """New nights of the club: one, or one a week until a date."""
    club = get_object_or_404(clubs_directed_by(user=request.user), slug=slug)
    form = NightForm(request.POST or None, club=club)
    if request.method == "POST" and form.is_valid():
        try:
            nights = services.nights_schedule(club=club, asked=form.night_input())
        except ValidationError as exc:
            for field, errors in exc.message_dict.items():
                form.add_error(field if field in form.fields else None, errors)
        else:
            count = len(nights)
            messages.success(
                request,
                ngettext("%(count)s night is scheduled.", "%(count)s nights are scheduled.", count)
                % {"count": count},
            )
            return redirect("tournaments:club_detail", slug=club.slug)
    return render(request, "tournaments/night_form.html", {"club": club, "form": form})


@login_required
def night_edit(request: SignedInRequest, night_id: int) -> HttpResponse:
    """Move a night to another date, time or place (POST `cancel`: cancel it)."""
    night = get_object_or_404(selectors.nights_directed_by(user=request.user), pk=night_id)
    initial = {"date": night.date, "start_time": night.start_time, "place": night.place}
    form = NightMoveForm(request.POST or None, initial=initial)
    if request.method == "POST" and "cancel" in request.POST:
        try:
            services.night_cancel(night=night)
        except ValidationError as exc:
            form = NightMoveForm(initial=initial)
            form.add_error(None, exc.messages)
        else:
            messages.success(request, _("The night is cancelled; calendars show it cancelled."))
            return redirect("tournaments:night_detail", night_id=night.pk)
    elif request.method == "POST" and form.is_valid():
        try:
            services.night_move(night=night, **form.cleaned_data)
        except ValidationError as exc:
            form.add_error(None, exc.messages)
        else:
            messages.success(request, _("The night is changed; calendars show the change."))
            return redirect("tournaments:night_detail", night_id=night.pk)
    return render(request, "tournaments/night_edit.html", {"night": night, "form": form})


@login_required
@require_POST
def night_check_in_toggle(request: SignedInRequest, night_id: int, player_id: int) -> HttpResponse:
    """Tick a player present at the night, or untick them."""
    night = get_object_or_404(selectors.nights_directed_by(user=request.user), pk=night_id)
    player = get_object_or_404(night.club.players, pk=player_id)
    here = night.check_ins.filter(player=player).exists()
    try:
        services.night_check_in(
            night=night, player=player, present=not here, how=CheckIn.How.DIRECTOR, by=request.user
        )
    except ValidationError as exc:
        for message in exc.messages:
            messages.error(request, message)
    return redirect(reverse("tournaments:night_detail", kwargs={"night_id": night.pk}) + "#check-in")


@login_required
def night_door(request: SignedInRequest, night_id: int) -> HttpResponse:
    """The door's printable page: the QR code of the night's check-in, and its address."""
    night = get_object_or_404(selectors.nights_directed_by(user=request.user), pk=night_id)
    token = selectors.night_door_token(night=night)
    link = request.build_absolute_uri(reverse("tournaments:night_check_in", kwargs={"token": token}))
    qr_svg = segno.make(link, error="m").svg_inline(scale=6, dark="#000", light="#fff")
    return render(request, "tournaments/night_door.html", {"night": night, "link": link, "qr_svg": qr_svg})


@login_required
@require_POST
def night_event(request: SignedInRequest, night_id: int) -> HttpResponse:
    """Create the night's event with the players checked in."""
    night = get_object_or_404(selectors.nights_directed_by(user=request.user), pk=night_id)
    try:
        event = services.night_event_create(night=night)
    except ValidationError as exc:
        for message in exc.messages:
            messages.error(request, message)
        return redirect("tournaments:night_detail", night_id=night.pk)
    messages.success(request, _("The night's event is created with the players checked in."))
    return redirect("tournaments:event_detail", event_id=event.pk)


def night_personal_links(request: SignedInRequest, night: Night) -> list[tuple[str, str]]:
    """(player's name, their personal link) for each active player of the night's club, for the
    director to send."""
    return [
        (
            player.name,
            request.build_absolute_uri(
                reverse(
                    "tournaments:player_nights", kwargs={"token": selectors.player_reply_token(player=player)}
                )
            ),
        )
        for player in night.club.players.filter(active=True, guest=False).order_by("name")
    ]
