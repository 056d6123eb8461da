"""Pages for directors and scorers: events, rounds, the table entry page, standings, rankings;
and the pages anyone may read once a club made its results public: the club's results page,
an event's standings with its round results, a player's night, the rankings.

Each view scopes the object to what the user may see, checks shape with a form, calls a
service or selector, and renders. No view computes a score.
"""

from __future__ import annotations

from typing import Any

import django_tables2 as tables
import segno
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django_tables2 import RequestConfig

import scoring
from clubs.models import Membership, Player
from clubs.selectors import clubs_where, clubs_with_public_results, clubs_with_results_visible_to, role_in
from clubs.users import SignedInRequest
from clubs.variants import rules_label, variant_note
from tournaments import selectors, services
from tournaments.models import Event, Round, Stage, TableCard
from tournaments.web.exports import export_response
from tournaments.web.filters import RankingFilter, StandingFilter
from tournaments.web.forms import EventForm, ParticipantAddForm
from tournaments.web.stage_forms import StageEntrantsForm, StageForm
from tournaments.web.tables import (
    PairStandingTable,
    RankingTable,
    RoundResultTable,
    StandingTable,
    round_result_rows,
)

# Rows of the rankings on the club's results page; the rankings page has them all.
CLUB_PAGE_RANKINGS = 10
ROUND_RESULTS_EXPORT = "rounds"  # ?table=rounds&_export=csv: the round results, not the standings


def home(request: HttpRequest) -> HttpResponse:
    """A member's clubs; and, for anyone, the clubs whose results are public (a visitor without
    an account lands here, not on the login page)."""
    clubs = clubs_where(user=request.user).prefetch_related("events")
    public = clubs_with_public_results().exclude(pk__in=clubs.values("pk"))
    return render(request, "tournaments/home.html", {"clubs": clubs, "public_clubs": public})


@login_required
def club_detail(request: SignedInRequest, slug: str) -> HttpResponse:
    club = get_object_or_404(clubs_where(user=request.user), slug=slug)
    return render(
        request,
        "tournaments/club_detail.html",
        {
            "club": club,
            "events": club.events.all(),
            "seasons": club.seasons.all(),
            "is_director": role_in(user=request.user, club=club) == Membership.Role.DIRECTOR,
        },
    )


def club_results(request: HttpRequest, slug: str) -> HttpResponse:
    """The club's results page: its events (standings, round results) and the top of its
    rankings. Members see it; anyone does once the club made its results public (the address
    on the round board's QR code and on the home page)."""
    club = clubs_with_results_visible_to(user=request.user).filter(slug=slug).first()
    if club is None:
        return _login_or_404(request)
    is_member = role_in(user=request.user, club=club) is not None
    rankings = selectors.club_rankings(club=club).filter(games__gt=0)[:CLUB_PAGE_RANKINGS]
    table = RankingTable(
        rankings, ranks=selectors.club_ranks(club=club), link_players=is_member, orderable=False
    )
    context = {
        "club": club,
        "events": selectors.club_events(club=club),
        "rankings": table,
        "is_member": is_member,
    }
    return render(request, "tournaments/club_results.html", context)


def club_rankings(request: HttpRequest, slug: str) -> HttpResponse:
    """Members see their club's rankings; anyone sees them once the club made its results public."""
    club = clubs_with_results_visible_to(user=request.user).filter(slug=slug).first()
    if club is None:
        return _login_or_404(request)
    is_member = role_in(user=request.user, club=club) is not None
    filtered = RankingFilter(request.GET, queryset=selectors.club_rankings(club=club))
    table = RankingTable(filtered.qs, ranks=selectors.club_ranks(club=club), link_players=is_member)
    RequestConfig(request, paginate={"per_page": 25}).configure(table)
    download = export_response(request, table, f"{club.slug}-rankings")
    if download is not None:
        return download
    context = {"club": club, "table": table, "filter": filtered, "is_member": is_member}
    if not is_member:
        context["public_events"] = club.events.order_by("-date", "-id")
    return render(request, "tournaments/club_rankings.html", context)


def _login_or_404(request: HttpRequest) -> HttpResponse:
    """What a visitor gets for a page they may not see: the login page, or 404 once signed in."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    raise Http404


@login_required
def event_create(request: SignedInRequest, slug: str) -> HttpResponse:
    club = get_object_or_404(clubs_where(user=request.user, roles=(Membership.Role.DIRECTOR,)), slug=slug)
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


def _standings_table(event: Event, player_name: str = "", **options: Any) -> tables.Table:
    """The event's standings as its format ranks them: per pair in a fixed-partnership event.
    `player_name` keeps the rows (pairs) with a player of that name."""
    if event.format in Event.PARTNERSHIP_FORMATS:
        rows = selectors.event_pair_standings(event=event, player_name=player_name)
        return PairStandingTable(rows, **options)
    filtered = StandingFilter({"player": player_name}, queryset=selectors.event_standings(event=event))
    return StandingTable(filtered.qs, **options)


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
    """The event page; a stage's form refused by `stage_views` comes back bound, with its errors."""
    rounds = list(selectors.event_rounds(event=event))
    in_play = selectors.tables_in_play(event=event)
    standings = _standings_table(event, orderable=False)
    is_director = role_in(user=request.user, club=event.club) == Membership.Role.DIRECTOR
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
        "present_pairs": sum(1 for pair in pairs if pair.present),
        "is_director": is_director,
        "seating_pending": any(r.status == Round.Status.SEATING for r in rounds),
        "games_in_play": len(in_play),
        "tables_in_play": ", ".join(str(n) for n in in_play),
        "target_reached": selectors.round_target_reached(round=rounds[-1] if rounds else None),
        "table_size": services.event_table_size(event),
        "add_player_form": ParticipantAddForm(event=event) if is_director else None,
        "finished_corrections": selectors.finished_game_corrections(event=event) if is_director else [],
    }
    context.update(_stages_context(event, is_director, stage_form, entrants_form))
    return render(request, "tournaments/event_detail.html", context, status=status)


def _stages_context(
    event: Event,
    is_director: bool,
    stage_form: StageForm | None,
    entrants_form: StageEntrantsForm | None,
) -> dict[str, Any]:
    """The event's stages for its page; for a director, the forms to add a stage and to confirm
    who plays the next final table or knockout."""
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
                _(
                    "The games at table(s) %(tables)s of round %(number)s were ended at their score "
                    "(a table with no hand entered ends 0 to 0, a draw)."
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


def _who(event: Event, player: Player) -> str:
    """How a message names who arrives or leaves: their pair in a fixed-partnership event."""
    pair = selectors.event_pair_of(event=event, player=player)
    if pair is None:
        return player.name
    names = " & ".join(p.name for p in pair.players)
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


def event_standings(request: HttpRequest, event_id: int) -> HttpResponse:
    """Members see the standings; anyone sees them once the club made its results public."""
    event = selectors.events_with_results_visible_to(user=request.user).filter(pk=event_id).first()
    if event is None:
        return _login_or_404(request)
    round_results = selectors.event_round_results(event=event)
    if request.GET.get("table") == ROUND_RESULTS_EXPORT:
        download = export_response(
            request, RoundResultTable(round_result_rows(round_results)), f"event-{event.pk}-round-results"
        )
        if download is not None:
            return download
    filtered = StandingFilter(request.GET, queryset=selectors.event_standings(event=event))
    player_name = ""
    if filtered.form.is_valid():
        player_name = filtered.form.cleaned_data.get("player") or ""
    table = _standings_table(event, player_name)
    RequestConfig(request, paginate=False).configure(table)
    download = export_response(request, table, f"event-{event.pk}-standings")
    if download is not None:
        return download
    role = role_in(user=request.user, club=event.club)
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
        "ranking": selectors.event_ranking_description(event=event),
        "final_corrections": selectors.final_corrections(event=event),
        "is_member": role is not None,
        "is_director": role == Membership.Role.DIRECTOR,
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
        "is_member": role_in(user=request.user, club=event.club) is not None,
    }
    return render(request, "tournaments/event_player.html", context)


@login_required
def round_cards(request: SignedInRequest, event_id: int, number: int) -> HttpResponse:
    """Printable table cards, one per table for the whole night: the table card's scoring link
    as a QR code (it opens the table's game in every round), the seats of round `number`,
    the rules, and a paper score grid as a fallback. Cards first used in this round are marked,
    so that only those need printing after round 1."""
    event = get_object_or_404(selectors.events_directed_by(user=request.user), pk=event_id)
    round_ = get_object_or_404(event.rounds, number=number)
    table_cards = {card.number: card for card in event.table_cards.all()}
    earlier = set(
        event.rounds.filter(number__lt=round_.number).values_list("tables__number", flat=True).distinct()
    )
    cards = []
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
        rules = scoring.rules_for(game.variant, game.options)
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
