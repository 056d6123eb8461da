"""Writes for an event's stages (design: docs/writes-and-reads.md#stages)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs.text import name_trimmed
from clubs.viewer import shown_player_name
from tournaments import selectors
from tournaments.domain import stages as stages_domain
from tournaments.domain import table_shapes
from tournaments.models import Event, Game, MatchDecision, Pair, Round, Stage, StageEntrant
from tournaments.services.rounds import round_reseat


@transaction.atomic
def stage_add(
    *,
    event: Event,
    name: str,
    kind: str,
    format: str = "",
    planned_rounds: int | None = None,
    qualify: str = Stage.Qualify.EVERYONE,
    qualifiers: int | None = None,
    seeding: str = Stage.Seeding.STANDINGS,
) -> Stage:
    """Add a stage after the event's last one; the first stage of a played event takes its rounds.

    Preconditions (docs/writes-and-reads.md#stages): rounds for everyone never follow a final table or a
    knockout; a final table follows another stage and fills its tables; a knockout is for pairs;
    nothing follows a knockout. Raises ValidationError keyed by field (`name`, `kind`, `format`,
    `planned_rounds`, `qualify`, `qualifiers`, `seeding`), or code "finished"."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    if event.status == Event.Status.FINISHED:
        raise ValidationError(_("The event is finished."), code="finished")
    previous = event.stages.order_by("-number").first()
    asked = _StageFields(format, planned_rounds, qualify, qualifiers, seeding)
    fields, errors = _stage_fields(event, previous, kind, asked)
    if kind != Stage.Kind.KNOCKOUT and not fields.planned_rounds:
        errors["planned_rounds"] = _("Give the stage's number of rounds.")
    if fields.qualify == Stage.Qualify.EVERYONE:
        fields = replace(fields, qualifiers=None)
    if previous is not None and previous.kind == Stage.Kind.KNOCKOUT:
        errors["kind"] = _("A knockout decides the event: no stage follows it.")
    loose = event.rounds.filter(stage__isnull=True)
    played = loose.count()
    if played and previous is None:
        errors.update(_first_stage_takes_the_rounds(event, kind, fields, played))
    if errors:
        raise ValidationError(errors)
    stage = Stage(
        event=event,
        number=previous.number + 1 if previous else 1,
        name=name_trimmed(name),
        kind=kind,
        format=fields.format,
        planned_rounds=fields.planned_rounds,
        qualify=fields.qualify,
        qualifiers=fields.qualifiers,
        seeding=fields.seeding,
    )
    stage.full_clean()
    stage.save()
    if played:
        loose.update(stage=stage)
    return stage


@dataclass(frozen=True, slots=True)
class _StageFields:
    """A new stage's settings, as asked and as its kind makes them."""

    format: str
    planned_rounds: int | None
    qualify: str
    qualifiers: int | None
    seeding: str


def _stage_fields(
    event: Event, previous: Stage | None, kind: str, asked: _StageFields
) -> tuple[_StageFields, dict[str, str]]:
    """(a `kind` stage's settings, errors by field)."""
    paired = event.format in Event.PARTNERSHIP_FORMATS
    errors: dict[str, str] = {}
    if kind == Stage.Kind.ROUNDS:
        format = asked.format or event.format
        allowed = Event.PARTNERSHIP_FORMATS if paired else (Event.Format.INDIVIDUAL,)
        if format not in allowed:
            errors["format"] = (
                _("A pair event plays its stages of rounds as Swiss, round robin or Mitchell.")
                if paired
                else _("An individual event plays its stages of rounds with rotating partners.")
            )
        if previous is not None and previous.restricted:
            errors["kind"] = _("Rounds for everyone cannot follow a final table or a knockout.")
        return replace(
            asked,
            format=format,
            qualify=Stage.Qualify.EVERYONE,
            qualifiers=None,
            seeding=Stage.Seeding.STANDINGS,
        ), errors
    if kind == Stage.Kind.FINAL_TABLE:
        if previous is None:
            errors["kind"] = _("A final table needs a stage before it, to qualify from.")
        errors.update(_final_table_field(asked.qualify, asked.qualifiers, paired, _table_size(event)))
        return replace(asked, format=event.format, seeding=Stage.Seeding.STANDINGS), errors
    if kind == Stage.Kind.KNOCKOUT:
        fields = replace(asked, format=event.format, planned_rounds=None)
        if not paired:
            errors["kind"] = _("A knockout is played by pairs: it needs a fixed-partnership event.")
        if previous is None:
            fields = replace(
                fields, qualify=Stage.Qualify.EVERYONE, qualifiers=None, seeding=Stage.Seeding.PAIR_NUMBERS
            )
        else:
            errors.update(_knockout_field(asked.qualify, asked.qualifiers))
        return fields, errors
    return asked, errors  # an unknown kind: Stage.full_clean names it


def _first_stage_takes_the_rounds(
    event: Event, kind: str, fields: _StageFields, played: int
) -> dict[str, str]:
    """Errors of a first stage after `played` rounds (for everyone, at least that many)."""
    if kind != Stage.Kind.ROUNDS or fields.format != event.format:
        return {
            "kind": _(
                "Rounds were played before the event had stages: its first stage is rounds for "
                "everyone in the event's format, and takes them."
            )
        }
    if fields.planned_rounds is not None and fields.planned_rounds < played:
        return {
            "planned_rounds": _("%(count)s rounds were played already: the first stage has at least as many.")
            % {"count": played}
        }
    return {}


def _table_size(event: Event) -> int:
    """Players at one of the event's tables."""
    return sum(table_shapes.event_shape(event.variant, event.table_shape))


def _final_table_field(qualify: str, qualifiers: int | None, paired: bool, size: int) -> dict[str, str]:
    errors = {}
    per_table = stages_domain.PAIRS_PER_TABLE if paired else size
    if qualify not in (Stage.Qualify.BEST, Stage.Qualify.BEST_OF_EACH_TABLE):
        errors["qualify"] = _("A final table takes the best of the standings, or the best of each table.")
    elif not qualifiers:
        errors["qualifiers"] = _("Say how many qualify.")
    elif qualify == Stage.Qualify.BEST and not paired and qualifiers % per_table:
        errors["qualifiers"] = _(
            "A final table seats %(count)s players a table: choose a multiple of %(count)s."
        ) % {"count": per_table}
    elif qualify == Stage.Qualify.BEST and qualifiers < per_table:
        errors["qualifiers"] = _("At least %(count)s qualify for a final table.") % {"count": per_table}
    elif qualify == Stage.Qualify.BEST_OF_EACH_TABLE and qualifiers > per_table:
        errors["qualifiers"] = _("A table has %(count)s; no more of each can qualify.") % {"count": per_table}
    return errors


def _knockout_field(qualify: str, qualifiers: int | None) -> dict[str, str]:
    if qualify == Stage.Qualify.EVERYONE:
        return {}
    if not qualifiers:
        return {"qualifiers": _("Say how many qualify.")}
    if qualify == Stage.Qualify.BEST and qualifiers < 2:
        return {"qualifiers": _("A knockout needs at least two pairs.")}
    if qualify == Stage.Qualify.BEST_OF_EACH_TABLE and qualifiers > stages_domain.PAIRS_PER_TABLE:
        return {"qualifiers": _("A table has two pairs; no more of each can qualify.")}
    return {}


@transaction.atomic
def stage_remove(*, stage: Stage) -> None:
    """Remove the event's last stage while it has no round, with its entrants; raises
    ValidationError ("has_rounds", "not_last", "finished")."""
    event = Event.objects.select_for_update().get(pk=stage.event_id)
    stage = Stage.objects.get(pk=stage.pk)
    if event.status == Event.Status.FINISHED:
        raise ValidationError(_("The event is finished."), code="finished")
    if stage.rounds.exists():
        raise ValidationError(
            _("“%(stage)s” has rounds: it stays.") % {"stage": stage.name}, code="has_rounds"
        )
    if event.stages.filter(number__gt=stage.number).exists():
        raise ValidationError(_("Remove the stages after it first."), code="not_last")
    stage.delete()


@transaction.atomic
def stage_entrants_confirm(*, stage: Stage, entrants: Sequence[int], by: User | None = None) -> Stage:
    """Confirm who plays a final table or a knockout, best seed first: pair numbers, or player ids.

    Again until a hand is played in it (a seated, unlocked round is reseated, its decisions dropped).
    Raises ValidationError: "not_restricted", "not_ready", "started", "count", "twice", "unknown",
    "withdrawn", "tables" (a final table not filled), "finished"."""
    event = Event.objects.select_for_update().get(pk=stage.event_id)
    stage = Stage.objects.select_for_update().get(pk=stage.pk)
    if event.status == Event.Status.FINISHED:
        raise ValidationError(_("The event is finished."), code="finished")
    if not stage.restricted:
        raise ValidationError(
            _("Everyone in play plays “%(stage)s”: there is nobody to confirm.") % {"stage": stage.name},
            code="not_restricted",
        )
    overview = selectors.event_stages_overview(event=event)
    assert overview is not None
    keys = list(entrants)
    _check_stage_open(stage, overview)
    _check_entrants(event, stage, overview, keys)
    StageEntrant.objects.filter(stage=stage).delete()
    stage.decisions.all().delete()
    if overview.paired:
        pairs = {pair.number: pair for pair in event.pairs.all()}
        rows = [StageEntrant(stage=stage, seed=seed, pair=pairs[key]) for seed, key in enumerate(keys, 1)]
    else:
        rows = [StageEntrant(stage=stage, seed=seed, player_id=key) for seed, key in enumerate(keys, 1)]
    StageEntrant.objects.bulk_create(rows)
    stage.confirmed_at = timezone.now()
    stage.confirmed_by = by
    stage.save(update_fields=["confirmed_at", "confirmed_by"])
    waiting = stage.rounds.order_by("-number").first()
    if waiting is not None and waiting.status != Round.Status.SEATING and not waiting.locked:
        round_reseat(round=waiting)
    return stage


def _check_stage_open(stage: Stage, overview: selectors.StagesOverview) -> None:
    """The stage before is over, none of its hands played; else ValidationError ("started", "not_ready")."""
    proposal = overview.proposal
    if proposal is not None and proposal.stage.pk == stage.pk:
        return
    if overview.line(stage.number).has_hands:
        raise ValidationError(
            _("Hands have been played in “%(stage)s”: who plays it is final.") % {"stage": stage.name},
            code="started",
        )
    raise ValidationError(
        _("Who plays “%(stage)s” is known once the stage before it is over.") % {"stage": stage.name},
        code="not_ready",
    )


def _check_entrants(event: Event, stage: Stage, overview: selectors.StagesOverview, keys: list[int]) -> None:
    """Raise ValidationError ("count", "twice", "unknown", "withdrawn", "tables") for bad `keys`."""
    proposal = overview.proposal
    assert proposal is not None  # _check_stage_open
    if len(keys) != proposal.size:
        raise ValidationError(
            _("“%(stage)s” is played by %(size)s; %(count)s are chosen.")
            % {"stage": stage.name, "size": proposal.size, "count": len(keys)},
            code="count",
        )
    twice = [key for key, count in Counter(keys).items() if count > 1]
    if twice:
        raise ValidationError(_("%(names)s chosen twice.") % {"names": _names(overview, twice)}, code="twice")
    if any(key not in overview.entrants for key in keys):
        raise ValidationError(_("Choose entrants of this event."), code="unknown")
    withdrawn = _withdrawn(event, overview, keys)
    if withdrawn:
        raise ValidationError(
            _("%(names)s left the event: choose someone who plays.") % {"names": _names(overview, withdrawn)},
            code="withdrawn",
        )
    if len(keys) < stages_domain.PAIRS_PER_TABLE:
        raise ValidationError(
            _("“%(stage)s” needs at least two to play it.") % {"stage": stage.name}, code="count"
        )
    if stage.kind == Stage.Kind.FINAL_TABLE and not overview.paired:
        try:
            stages_domain.tables_needed(len(keys), _table_size(event))
        except ValueError:
            raise ValidationError(
                _(
                    "A final table seats %(size)s players a table, and %(count)s do not fill tables: "
                    "change how many qualify (remove the stage and add it again)."
                )
                % {"size": _table_size(event), "count": len(keys)},
                code="tables",
            ) from None


def _names(overview: selectors.StagesOverview, keys: list[int]) -> str:
    return ", ".join(" & ".join(shown_player_name(p) for p in overview.entrants[key].players) for key in keys)


def _withdrawn(event: Event, overview: selectors.StagesOverview, keys: list[int]) -> list[int]:
    gone = set(
        event.participants.filter(withdrawn_after_round__isnull=False).values_list("player_id", flat=True)
    )
    return [key for key in keys if any(p.pk in gone for p in overview.entrants[key].players)]


@transaction.atomic
def match_decide(
    *, stage: Stage, round: int, slot: int, winner: int, by: User | None = None
) -> MatchDecision:
    """Send pair `winner` through level or walkover match `slot` of bracket round `round`. Raises
    ValidationError: not a knockout, no such match, "not_ready", "not_in_match", "in_play",
    "decided", "next_round" (the next bracket round seated), "finished"."""
    event = Event.objects.select_for_update().get(pk=stage.event_id)
    stage = Stage.objects.get(pk=stage.pk)
    if event.status == Event.Status.FINISHED:
        raise ValidationError(_("The event is finished."), code="finished")
    overview = selectors.event_stages_overview(event=event)
    assert overview is not None
    line = overview.line(stage.number)
    drawn = line.bracket
    if stage.kind != Stage.Kind.KNOCKOUT or drawn is None:
        raise ValidationError(_("Only a knockout's matches are decided here."), code="not_knockout")
    if not 1 <= round <= len(drawn.rounds) or not 1 <= slot <= len(drawn.rounds[round - 1]):
        raise ValidationError(_("There is no such match."), code="no_match")
    match = drawn.rounds[round - 1][slot - 1]
    if match.high is None or match.low is None:
        raise ValidationError(_("The pairs of this match are not known yet."), code="not_ready")
    if winner not in match.entrants:
        raise ValidationError(
            _("Pair %(number)s does not play this match.") % {"number": winner}, code="not_in_match"
        )
    if line.rounds_played > round:
        raise ValidationError(
            _("The knockout's next round is seated: this match's result stays."), code="next_round"
        )
    earlier = stage.decisions.filter(round=round, slot=slot).first()
    game = _match_game(line, round, match)
    if game is not None and not (game.game_over and game.is_draw):
        if not game.game_over:
            raise ValidationError(
                _("The match's game is still in play: end it at its score on the table page first."),
                code="in_play",
            )
        raise ValidationError(
            _("The match's game has a winner (or a hand awaits confirmation): the game decides."),
            code="decided",
        )
    if match.winner is not None and earlier is None:
        raise ValidationError(_("This match has its winner."), code="decided")
    decision, _created = MatchDecision.objects.update_or_create(
        stage=stage,
        round=round,
        slot=slot,
        defaults={"winner": Pair.objects.get(event=event, number=winner), "decided_by": by},
    )
    return decision


def _match_game(line: selectors.StageLine, round: int, match: stages_domain.Match) -> Game | None:
    """The game of `match` (None before its round is seated, or for a walkover)."""
    if round > line.rounds_played:
        return None
    players = {
        player.pk
        for _seed, entrant in line.entrants
        if entrant.pair in match.entrants
        for player in entrant.players
    }
    for game in Game.objects.filter(table__round=line.rounds[round - 1]).prefetch_related("table__seats"):
        if {seat.player_id for seat in game.table.seats.all()} == players:
            return game
    return None
