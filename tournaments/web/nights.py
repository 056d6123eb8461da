"""The pages of a night before its event: the night's page (a reply; for a director the
replies, tables and check-in), the door's check-in page, a player's personal link, and the
club's calendar feed (`calendar.ics`)."""

from __future__ import annotations

import datetime
import zoneinfo

import icalendar
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from clubs.middleware import use_club_language
from clubs.models import Club
from clubs.selectors import directs, player_claim_of, players_to_claim, role_in
from clubs.users import SignedInRequest
from tournaments import selectors, services
from tournaments.models import CheckIn, Night, NightReply
from tournaments.web.director.nights import night_personal_links
from tournaments.web.exports import export_response
from tournaments.web.listings import NightCheckInTable
from tournaments.web.night_links import wrong_link

# How long a night lasts in the calendar: the club says when it starts, not when it ends.
NIGHT_HOURS = 3


@login_required
def night_detail(request: SignedInRequest, night_id: int) -> HttpResponse:
    """The night: the member's own reply; for a director the replies, tables and check-in, and
    its sign-ups and check-ins as CSV or XLSX (`?_export=`)."""
    night = get_object_or_404(selectors.nights_visible_to(user=request.user), pk=night_id)
    is_director = directs(user=request.user, club_id=night.club_id)
    player = selectors.player_of(user=request.user, club=night.club)
    replies = selectors.night_replies(night=night)
    my_answer = replies.answers.get(player.pk, "") if player else ""
    context = {
        "night": night,
        "is_director": is_director,
        "player": player,
        "my_answer": my_answer,
        "my_answer_label": NightReply.Answer(my_answer).label if my_answer else "",
        "me_here": player is not None and night.check_ins.filter(player=player).exists(),
        "answers": NightReply.Answer.choices,
        "reply_refused": selectors.night_reply_refusal(night=night),
        "reminders_on": selectors.night_reminders_of(user=request.user, club=night.club) is not None,
        # Without a player: the one the member said they are, or the roster to say it from.
        "claim": player_claim_of(user=request.user, club=night.club) if player is None else None,
        "to_claim": players_to_claim(club=night.club) if player is None else [],
        "replies": replies,
        "check_in_refused": selectors.night_check_in_refusal(night=night),
    }
    if is_director:
        lines = selectors.night_check_in_list(night=night)
        table = NightCheckInTable(lines, time_zone=night.club.time_zone)
        download = export_response(request, table, f"{night.club.slug}-night-{night.date.isoformat()}")
        if download is not None:
            return download
        here = sum(1 for line in lines if line.checked_in)
        context |= {
            "lines": lines,
            "here": here,
            "here_tables": selectors.night_tables(night=night, players=here),
            "links": night_personal_links(request, night),
        }
    return render(request, "tournaments/night_detail.html", context)


@login_required
@require_POST
def night_reply(request: SignedInRequest, night_id: int) -> HttpResponse:
    """The signed-in member's reply (POST `answer`), as the player linked to their account."""
    night = get_object_or_404(selectors.nights_visible_to(user=request.user), pk=night_id)
    player = selectors.player_of(user=request.user, club=night.club)
    if player is None:
        messages.error(request, _("Your account is linked to no player of the club: ask a director."))
    else:
        _reply(request, night, player.pk, request.POST.get("answer", ""))
    return redirect("tournaments:night_detail", night_id=night.pk)


def _reply(request: HttpRequest, night: Night, player_id: int, answer: str) -> None:
    player = get_object_or_404(night.club.players, pk=player_id)
    user = request.user if request.user.is_authenticated else None
    try:
        reply = services.night_reply_set(night=night, player=player, answer=answer, by=user)
    except ValidationError as exc:
        for message in exc.messages:
            messages.error(request, message)
    else:
        messages.success(
            request, _("Your reply is saved: %(answer)s.") % {"answer": reply.get_answer_display()}
        )


def player_nights(request: HttpRequest, token: str) -> HttpResponse:
    """A player's personal link: the club's nights ahead, each with the player's reply (POST
    `night` and `answer`) while replies are open, without an account. Wrong links are limited
    per address (NIGHT_LINK_WRONG_PER_ADDRESS in NIGHT_LINK_WINDOW s)."""
    player = selectors.player_of_reply_token(token=token)
    if player is None:
        return wrong_link(request)
    use_club_language(request, player.club)
    nights = selectors.nights_ahead(club=player.club)
    if request.method == "POST":
        night = next((n for n in nights if str(n.pk) == request.POST.get("night")), None)
        if night is None:
            messages.error(request, _("Choose one of the nights listed."))
        else:
            _reply(request, night, player.pk, request.POST.get("answer", ""))
        return redirect("tournaments:player_nights", token=token)
    answers = dict(player.night_replies.values_list("night_id", "answer"))
    refusals = selectors.night_reply_refusals(nights=nights)
    context = {
        "player": player,
        "lines": [(night, answers.get(night.pk, ""), refusals[night.pk]) for night in nights],
        "answers": NightReply.Answer.choices,
        "answer_names": dict(NightReply.Answer.choices),
    }
    return render(request, "tournaments/player_nights.html", context)


def night_check_in(request: HttpRequest, token: str) -> HttpResponse:
    """The door's check-in page, opened by its QR code: a player picks their name (POST
    `player`), or a signed-in player of the club is recognised and offered their own. Wrong
    links and names not on the roster are limited per address, as `player_nights`."""
    night = selectors.night_of_door_token(token=token)
    if night is None:
        return wrong_link(request)
    use_club_language(request, night.club)
    me = selectors.player_of(user=request.user, club=night.club)
    if request.method == "POST":
        chosen = request.POST.get("player", "")
        player = night.club.players.filter(pk=int(chosen) if chosen.isdigit() else 0).first()
        if player is None:
            return wrong_link(request, _("That name is not on the club's roster: tap your name on the list."))
        how = CheckIn.How.ACCOUNT if me is not None and me.pk == player.pk else CheckIn.How.DOOR
        user = request.user if request.user.is_authenticated else None
        try:
            services.night_check_in(
                night=night, player=player, present=True, how=how, by=user, at_the_door=True
            )
        except ValidationError as exc:
            for message in exc.messages:
                messages.error(request, message)
        else:
            messages.success(request, _("Welcome, %(name)s: you are checked in.") % {"name": player.name})
        return redirect("tournaments:night_check_in", token=token)
    lines = selectors.night_check_in_list(night=night)
    context = {
        "night": night,
        "me": me,
        "me_here": me is not None and any(line.checked_in and line.player.pk == me.pk for line in lines),
        "lines": lines,
        "refused": selectors.night_check_in_refusal(night=night, at_the_door=True),
    }
    return render(request, "tournaments/night_check_in.html", context)


def calendar_feed(request: HttpRequest, slug: str) -> HttpResponse:
    """The club's nights ahead as an iCalendar feed: anyone's for a club with public results,
    else a member's, signed in or by their personal address (`?key=`)."""
    club = get_object_or_404(Club, slug=slug)
    key = request.GET.get("key", "")
    member = role_in(user=request.user, club=club) is not None
    if not (club.results_public or member or selectors.calendar_feed_allowed(club=club, token=key)):
        raise Http404
    calendar = icalendar.Calendar()
    calendar.add("prodid", "-//Canasta club//Nights ahead//EN")
    calendar.add("version", "2.0")
    calendar.add("x-wr-calname", club.name)
    zone = zoneinfo.ZoneInfo(club.time_zone)
    for night in selectors.nights_ahead(club=club, limit=None):
        calendar.add_component(_calendar_event(request, club, night, zone))
    calendar.add_missing_timezones()  # a VTIMEZONE for the club's zone (RFC 5545, 3.2.19)
    response = HttpResponse(calendar.to_ical(), content_type="text/calendar; charset=utf-8")
    response["Content-Disposition"] = f'inline; filename="{club.slug}.ics"'
    return response


def _calendar_event(
    request: HttpRequest, club: Club, night: Night, zone: zoneinfo.ZoneInfo
) -> icalendar.Event:
    """One night as a calendar's event: its time in the club's zone, its place and its page."""
    start = datetime.datetime.combine(night.date, night.start_time, tzinfo=zone)
    event = icalendar.Event()
    event.add("uid", f"night-{night.pk}@{club.slug}.canasta")
    event.add("summary", f"{club.name}: {night.get_variant_display()}")
    event.add("dtstart", start)
    event.add("dtend", start + datetime.timedelta(hours=NIGHT_HOURS))
    event.add("dtstamp", night.updated_at)
    event.add("sequence", night.sequence)
    event.add("status", "CANCELLED" if night.cancelled else "CONFIRMED")
    if night.place:
        event.add("location", night.place)
    event.add(
        "url", request.build_absolute_uri(reverse("tournaments:night_detail", kwargs={"night_id": night.pk}))
    )
    return event
