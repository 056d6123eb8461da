"""The members' pages: the club, its events, players, seasons and partnerships, a round's seating."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

import scoring
from clubs import services as club_services
from clubs.models import Club
from clubs.selectors import clubs_where, directs
from clubs.users import SignedInRequest
from clubs.variants import rules_label, variant_note
from tournaments import selectors
from tournaments.models import Event, Round, Stage
from tournaments.web.forms.championships import QualifyForm
from tournaments.web.forms.events import ParticipantAddForm, PartnershipForm
from tournaments.web.forms.stages import StageEntrantsForm, StageForm
from tournaments.web.public import standings_table


@login_required
def club_detail(request: SignedInRequest, slug: str) -> HttpResponse:
    club = get_object_or_404(clubs_where(user=request.user), slug=slug)
    return render(
        request,
        "tournaments/club_detail.html",
        {
            "club": club,
            # A championship the club hosts while a member of its federation, none once it left.
            "events": selectors.events_visible_to(user=request.user).filter(club=club),
            "seasons": club.seasons.all(),
            "is_director": directs(user=request.user, club_id=club.pk),
            "nights": selectors.nights_ahead(club=club),
            "feed_link": _feed_link(request, club),
        },
    )


def _feed_link(request: SignedInRequest, club: Club) -> str:
    """The club's calendar feed for the member: its public address when the results are
    public, else the member's personal one."""
    link = request.build_absolute_uri(reverse("tournaments:calendar_feed", kwargs={"slug": club.slug}))
    if club.results_public:
        return link
    return f"{link}?key={selectors.calendar_feed_token(user=request.user, club=club)}"


def _event_rules_name(event: Event) -> str:
    """The event's variant by name, with the pack where its house rules choose one."""
    try:
        return rules_label(scoring.rules_for(event.variant, event.options))
    except scoring.InvalidRules:  # rules changed since the event was made: its name alone
        return event.get_variant_display()


@login_required
def event_detail(request: SignedInRequest, event_id: int) -> HttpResponse:
    event = get_object_or_404(selectors.events_visible_to(user=request.user), pk=event_id)
    return event_page(request, event)


def event_page(
    request: HttpRequest,
    event: Event,
    *,
    stage_form: StageForm | None = None,
    entrants_form: StageEntrantsForm | None = None,
    status: int = 200,
) -> HttpResponse:
    """The event page; a stage's form refused by `director/stages.py` comes back bound, with its errors."""
    rounds = list(selectors.event_rounds(event=event))
    in_play = selectors.tables_in_play(event=event)
    standings = standings_table(event, orderable=False)
    is_director = selectors.event_level(user=request.user, event_id=event.pk) == selectors.Level.RUN
    paired = event.format in Event.PARTNERSHIP_FORMATS
    pairs = selectors.event_pairs(event=event) if paired else []
    context = {
        "event": event,
        "rules_name": _event_rules_name(event),
        "variant_note": variant_note(event.variant),
        "rounds": rounds,
        "round_results": {r.number: r for r in selectors.event_round_results(event=event)},
        "standings": standings,
        "paired": paired,
        "pairs": pairs,
        "pair_of": selectors.event_pair_numbers(event=event) if paired else {},
        "sit_outs": selectors.round_sit_out_entrants(event=event, rounds=rounds),
        "participants": (
            selectors.event_lone_participants(event=event)
            if paired
            else event.participants.select_related("player").order_by("player__name")
        ),
        "present_count": event.participants.filter(present=True).count(),
        "seating_choices": selectors.event_seating_choices(event=event) if is_director else (0, []),
        "present_pairs": sum(1 for pair in pairs if pair.present),
        "is_director": is_director,
        "seating_pending": any(r.status == Round.Status.SEATING for r in rounds),
        "games_in_play": len(in_play),
        "tables_in_play": ", ".join(str(n) for n in in_play),
        "target_reached": selectors.round_target_reached(round=rounds[-1] if rounds else None),
        "table_size": selectors.event_table_size(event),
        "add_player_form": ParticipantAddForm(event=event) if is_director else None,
        "finished_corrections": selectors.finished_game_corrections(event=event) if is_director else [],
        "board_link": _board_link(request, event) if is_director else "",
        "clock": selectors.round_clock(round=rounds[-1]) if rounds else None,
        "refused": _director_refusals(event, bool(in_play)) if is_director else {},
        "round_refused": _round_refusals(rounds) if is_director else {},
        "club_meetings": selectors.event_club_meetings(event=event) if is_director else {},
        "sides_of_three": selectors.event_sides_of_three(event=event) if is_director else {},
    }
    context.update(_stages_context(event, is_director, stage_form, entrants_form))
    if event.federation_id is not None:
        context["championship_clubs"] = selectors.championship_entrants_by_club(event=event)
        context["qualify_form"] = QualifyForm() if is_director else None
    return render(request, "tournaments/event_detail.html", context, status=status)


def _board_link(request: HttpRequest, event: Event) -> str:
    """The hall board's link for the room's screen, whether or not the results are public
    (signed, `selectors.board_token`), in full: the director types it on the screen's browser."""
    token = selectors.board_token(event=event)
    return request.build_absolute_uri(reverse("tournaments:board_link", kwargs={"board_token": token}))


def _director_refusals(event: Event, in_play: bool) -> dict[str, str]:
    """Why each of the event page's actions would be refused now, by its service's own rule
    (`selectors.next_round_refusal`, ...); an action missing can be taken. Those ending the games
    in play are read only while games are in play."""
    refusals = {
        "start": selectors.next_round_refusal(event=event),
        "finish": selectors.event_finish_refusal(event=event),
    }
    if in_play:
        refusals["start_ending"] = selectors.next_round_refusal(event=event, end_unfinished=True)
        refusals["finish_ending"] = selectors.event_finish_refusal(event=event, end_unfinished=True)
    return {action: " ".join(refusal.messages) for action, refusal in refusals.items() if refusal is not None}


def _round_refusals(rounds: list[Round]) -> dict[str, dict[int, str]]:
    """By round number, why a seated round cannot be reseated ("reseat") or clocked ("clock")."""
    refused: dict[str, dict[int, str]] = {"reseat": {}, "clock": {}}
    for round_ in rounds:
        if round_.status != Round.Status.SEATED:
            continue
        for action, refusal in (
            ("reseat", selectors.round_reseat_refusal(round=round_)),
            ("clock", selectors.round_clock_refusal(round=round_)),
        ):
            if refusal is not None:
                refused[action][round_.number] = " ".join(refusal.messages)
    return refused


def _stages_context(
    event: Event,
    is_director: bool,
    stage_form: StageForm | None,
    entrants_form: StageEntrantsForm | None,
) -> dict[str, Any]:
    """The event's stages for its page; for a director, the forms to add one and confirm entrants."""
    overview = selectors.event_stages_overview(event=event)
    open_event = is_director and event.status != Event.Status.FINISHED
    proposal = overview.proposal if overview is not None else None
    if open_event and proposal is not None and entrants_form is None:
        entrants_form = StageEntrantsForm(proposal=proposal)
    # A knockout decides the event: no stage follows it.
    last = overview.lines[-1].stage if overview is not None else None
    if open_event and stage_form is None and (last is None or last.kind != Stage.Kind.KNOCKOUT):
        stage_form = StageForm(event=event, prefix="stage")
    return {
        "stages": overview,
        "stages_editable": open_event,
        "stage_form": stage_form if open_event else None,
        "entrants_form": entrants_form if open_event else None,
        "proposal": proposal,
    }


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
def club_partnerships(request: SignedInRequest, slug: str) -> HttpResponse:
    """The club's partnerships (members); a director's POST adds one (two players)."""
    club = get_object_or_404(clubs_where(user=request.user), slug=slug)
    is_director = directs(user=request.user, club_id=club.pk)
    if request.method == "POST" and not is_director:
        raise Http404
    form = PartnershipForm(request.POST or None, club=club) if is_director else None
    if form is not None and request.method == "POST" and form.is_valid():
        try:
            partnership, created = club_services.partnership_add(
                club=club, first=form.cleaned_data["first"], second=form.cleaned_data["second"]
            )
        except ValidationError as exc:
            for message in exc.messages:
                form.add_error(None, message)
        else:
            names = {"first": partnership.first.name, "second": partnership.second.name}
            if created:
                messages.success(request, _("%(first)s and %(second)s are a partnership now.") % names)
            else:
                messages.info(request, _("%(first)s and %(second)s are a partnership already.") % names)
            return redirect("tournaments:club_partnerships", slug=club.slug)
    context = {
        "club": club,
        "lines": selectors.club_partnerships(club=club),
        "form": form,
        "is_director": is_director,
    }
    return render(request, "tournaments/club_partnerships.html", context)
