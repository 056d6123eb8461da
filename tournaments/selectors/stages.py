"""Reads for an event's stages: rounds, standings, proposals, a knockout's bracket, the final order."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tournaments.display.labels import knockout_round_label
from tournaments.domain import stages as stages_domain
from tournaments.domain import victory_points as vp
from tournaments.domain.missed_rounds import missed_round_credits
from tournaments.domain.standings import (
    IN_PLAY,
    PairStandingRow,
    SideResult,
    StandingRow,
    rank_pairs,
    rank_players,
)
from tournaments.models import Event, Game, Hand, MatchDecision, Round, Stage, StageEntrant
from tournaments.selectors.pairs import Entrant
from tournaments.selectors.standings import (
    PlayedGame,
    event_missed_rounds,
    event_played_games,
    event_standings_rules,
)

#
# An event's stages as the pages show them: each stage's rounds, standings (a stage of rounds
# counts every round of the stages of rounds up to it; a final table its own rounds, ties
# broken by the seeds), a knockout's bracket, who is proposed for the next final table or
# knockout, and the event's final order. The rules are tournaments/domain/stages.py; an
# entrant is a pair number in a fixed-partnership event, a player id otherwise.


@dataclass(frozen=True, slots=True)
class StageStanding:
    """An entrant's row in a stage's standings (points in Canasta points)."""

    rank: int
    key: int  # the entrant: a pair number, or a player id
    entrant: Entrant
    seed: int | None  # its seed in a final table
    games: int
    wins: int
    draws: int
    losses: int
    victory_points: int
    points_for: int
    points_against: int

    @property
    def point_difference(self) -> int:
        return self.points_for - self.points_against


@dataclass(frozen=True, slots=True)
class StageLine:
    """One stage with how far it has gone: `rounds_total` planned (a knockout's bracket's once
    confirmed), `complete`, its confirmed (seed, entrant)s and their `order` as final-order tiers."""

    stage: Stage
    rounds: list[Round]
    rounds_total: int | None
    complete: bool
    has_hands: bool
    entrants: list[tuple[int, Entrant]]
    standings: list[StageStanding]
    bracket: stages_domain.Bracket | None
    order: list[list[int]]

    @property
    def rounds_played(self) -> int:
        return len(self.rounds)


@dataclass(frozen=True, slots=True)
class Candidate:
    """An entrant the director may choose: its place in the proposal (None: not in it), whether in play."""

    key: int
    entrant: Entrant
    place: int | None
    in_play: bool


@dataclass(frozen=True, slots=True)
class StageProposal:
    """Who the rules propose for a final table or a knockout (`proposed` by seed, maybe fewer than
    `size`), its `candidates` and those `confirmed`; none once a hand is played in it."""

    stage: Stage
    size: int
    proposed: list[int]
    candidates: list[Candidate]
    confirmed: list[int]


@dataclass(frozen=True, slots=True)
class FinalPlace:
    rank: int
    key: int
    entrant: Entrant
    stage: Stage  # the stage that placed it


@dataclass(frozen=True, slots=True)
class StagesOverview:
    """An event's stages, the stage of the next round (None when done), the proposal, the final order."""

    lines: list[StageLine]
    current: Stage | None
    proposal: StageProposal | None
    final_order: list[FinalPlace]
    paired: bool
    entrants: dict[int, Entrant]
    playing: set[int]  # the entrants in play (present, not withdrawn)
    games: list[PlayedGame]

    def line(self, number: int) -> StageLine:
        return next(line for line in self.lines if line.stage.number == number)

    @property
    def all_over(self) -> bool:
        """Every stage has played its rounds and every game counts."""
        return all(line.complete for line in self.lines)


def event_stages(*, event: Event) -> list[Stage]:
    """The event's stages, first first ([] for an event without stages)."""
    return list(event.stages.order_by("number"))


def event_has_stages(*, event: Event) -> bool:
    return event.stages.exists()


def event_entrants(*, event: Event) -> tuple[dict[int, Entrant], set[int], dict[int, int]]:
    """(entrants by key, those in play, player id -> pair number or {} when not in pairs)."""
    participants = {
        p.player_id: p for p in event.participants.select_related("player").order_by("player__name")
    }

    def in_play(player_id: int) -> bool:
        p = participants.get(player_id)
        return p is not None and p.present and p.withdrawn_after_round is None

    if event.format not in Event.PARTNERSHIP_FORMATS:
        entrants = {pk: Entrant(None, (p.player,)) for pk, p in participants.items()}
        return entrants, {pk for pk in entrants if in_play(pk)}, {}
    entrants = {}
    playing = set()
    pair_of: dict[int, int] = {}
    for pair in event.pairs.select_related("partnership__first", "partnership__second").order_by("number"):
        first, second = pair.partnership.first, pair.partnership.second
        entrants[pair.number] = Entrant(pair.number, (first, second))
        pair_of[first.pk] = pair_of[second.pk] = pair.number
        if in_play(first.pk) and in_play(second.pk):
            playing.add(pair.number)
    return entrants, playing, pair_of


def event_stages_overview(*, event: Event) -> StagesOverview | None:
    """The event's stages, standings, brackets, proposal and final order (None without stages), in a
    fixed number of queries (three more a stage of rounds with a missed-round policy)."""
    stages = event_stages(event=event)
    if not stages:
        return None
    read = _stages_read(event, stages)
    lines: list[StageLine] = []
    for stage in stages:
        lines.append(_stage_line(event, stage, lines, read))
    current = _current_stage(lines)
    proposal = _proposal(event, lines, read.entrants, read.playing, read.games, read.pair_of, read.seeds)
    placed = stages_domain.final_order([line.order for line in lines])
    final = [
        FinalPlace(place.rank, place.entrant, read.entrants[place.entrant], lines[place.stage - 1].stage)
        for place in placed
        if place.entrant in read.entrants
    ]
    return StagesOverview(
        lines, current, proposal, final, read.paired, read.entrants, read.playing, read.games
    )


@dataclass(frozen=True, slots=True)
class _StagesRead:
    """What the stages overview reads of an event, once."""

    entrants: dict[int, Entrant]
    playing: set[int]
    pair_of: dict[int, int]
    paired: bool
    by_stage: dict[int, list[Round]]
    games: list[PlayedGame]
    with_hands: set[int]
    seeds: dict[int, list[tuple[int, int]]]
    decisions: dict[int, dict[tuple[int, int], int]]
    scale: vp.Scale
    tie_breaks: tuple[str, ...]
    player_names: dict[int, str]
    missed: dict[int, dict[int, int]]


def _stages_read(event: Event, stages: list[Stage]) -> _StagesRead:
    entrants, playing, pair_of = event_entrants(event=event)
    paired = event.format in Event.PARTNERSHIP_FORMATS
    by_stage: dict[int, list[Round]] = {}
    for round_ in event.rounds.order_by("number"):
        if round_.stage_id is not None:
            by_stage.setdefault(round_.stage_id, []).append(round_)
    with_hands = set(
        Hand.objects.filter(game__table__round__event=event)
        .order_by()
        .values_list("game__table__round_id", flat=True)
        .distinct()
    )
    seeds: dict[int, list[tuple[int, int]]] = {}
    for stage_id, seed, player_id, pair_number in (
        StageEntrant.objects.filter(stage__event=event)
        .order_by("stage_id", "seed")
        .values_list("stage_id", "seed", "player_id", "pair__number")
    ):
        seeds.setdefault(stage_id, []).append((seed, pair_number if paired else player_id))
    decisions: dict[int, dict[tuple[int, int], int]] = {}
    for stage_id, number, slot, pair_number in (
        MatchDecision.objects.filter(stage__event=event)
        .order_by()
        .values_list("stage_id", "round", "slot", "winner__number")
    ):
        decisions.setdefault(stage_id, {})[(number, slot)] = pair_number
    scale, tie_breaks = event_standings_rules(event=event)
    missed = {}
    if event.missed_round_policy != Event.MissedRounds.NOTHING:
        missed = {
            stage.pk: _stage_missed(event, by_stage.get(stage.pk, []))
            for stage in stages
            if stage.kind == Stage.Kind.ROUNDS
        }
    return _StagesRead(
        entrants=entrants,
        playing=playing,
        pair_of=pair_of,
        paired=paired,
        by_stage=by_stage,
        games=event_played_games(event=event),
        with_hands=with_hands,
        seeds=seeds,
        decisions=decisions,
        scale=scale,
        tie_breaks=tie_breaks,
        player_names={p.pk: p.name for entrant in entrants.values() for p in entrant.players},
        missed=missed,
    )


def _stage_line(event: Event, stage: Stage, earlier: list[StageLine], read: _StagesRead) -> StageLine:
    """One stage as the overview shows it, after the `earlier` stages' lines."""
    own = read.by_stage.get(stage.pk, [])
    own_ids = {r.pk for r in own}
    confirmed = read.seeds.get(stage.pk, [])
    stage_entrants = [(seed, read.entrants[key]) for seed, key in confirmed if key in read.entrants]
    seed_keys = [key for _seed, key in confirmed]
    standings: list[StageStanding] = []
    bracket_: stages_domain.Bracket | None = None
    if stage.kind == Stage.Kind.KNOCKOUT:
        total = None
        order: list[list[int]] = []
        if len(seed_keys) >= 2:
            bracket_ = _stage_bracket(
                own, seed_keys, read.games, read.pair_of, read.decisions.get(stage.pk, {})
            )
            total = len(bracket_.rounds)
            order = stages_domain.knockout_tiers(bracket_)
        complete = bracket_ is not None and bracket_.complete
    else:
        total = stage.planned_rounds
        standings = _stage_rows(event, stage, earlier, own_ids, stage_entrants, seed_keys, read)
        order = stages_domain.tiers_from_ranks((row.rank, row.key) for row in standings)
        finished = all(r.finished for g in read.games if g.round_id in own_ids for r in g.results)
        seated = all(r.status == Round.Status.SEATED for r in own)
        complete = total is not None and len(own) >= total and finished and seated
    return StageLine(
        stage=stage,
        rounds=own,
        rounds_total=total,
        complete=complete,
        has_hands=bool(own_ids & read.with_hands),
        entrants=stage_entrants,
        standings=standings,
        bracket=bracket_,
        order=order,
    )


def _stage_rows(
    event: Event,
    stage: Stage,
    earlier: list[StageLine],
    own_ids: set[int],
    stage_entrants: list[tuple[int, Entrant]],
    seed_keys: list[int],
    read: _StagesRead,
) -> list[StageStanding]:
    """The standings of a stage of rounds (all rounds so far, missed rounds credited) or a final table."""
    if stage.kind == Stage.Kind.ROUNDS:
        ids = {r.pk for line in earlier if line.stage.kind == Stage.Kind.ROUNDS for r in line.rounds}
        ids |= own_ids
        field_names = read.player_names
        credits = read.missed.get(stage.pk)
    else:
        ids = own_ids
        field_players = {p.pk for _s, e in stage_entrants for p in e.players}
        field_names = {pk: n for pk, n in read.player_names.items() if pk in field_players}
        credits = None
    results = [r for g in read.games if g.round_id in ids for r in g.results]
    return _stage_standings(
        event,
        results,
        field_names,
        credits,
        read.entrants,
        read.pair_of,
        read.scale,
        read.tie_breaks,
        seed_keys,
        stage,
    )


def _stage_missed(event: Event, rounds: list[Round]) -> dict[int, int]:
    last = max((r.number for r in rounds), default=None)
    return event_missed_rounds(event=event, through=last) if last is not None else {}


def _stage_standings(
    event: Event,
    results: list[SideResult],
    names: dict[int, str],
    missed: dict[int, int] | None,
    entrants: dict[int, Entrant],
    pair_of: dict[int, int],
    scale: vp.Scale,
    tie_breaks: tuple[str, ...],
    seeds: list[int],
    stage: Stage,
) -> list[StageStanding]:
    """A stage's standings rows as the event ranks them; a final table breaks ties by seed."""
    rows = rank_players(results, names, scale=scale, tie_breaks=tie_breaks)
    if missed:
        credits = missed_round_credits(event.missed_round_policy, rows, missed, event.sit_out_victory_points)
        if credits:
            rows = rank_players(results, names, credits, scale=scale, tie_breaks=tie_breaks)
    figures: list[Any]
    keyed: list[tuple[int, int, StandingRow | PairStandingRow]]
    if pair_of:
        players_of = {
            key: (entrant.players[0].pk, entrant.players[1].pk)
            for key, entrant in entrants.items()
            if any(p.pk in names for p in entrant.players)
        }
        figures = rank_pairs(rows, players_of, tie_breaks=tie_breaks)
        keyed = [(row.rank, row.pair, row) for row in figures]
    else:
        figures = rows
        keyed = [(row.rank, row.player, row) for row in figures]
    seed_of = {key: seed for seed, key in enumerate(seeds, start=1)}
    if stage.kind == Stage.Kind.FINAL_TABLE:
        ranked = stages_domain.tiers_from_ranks((rank, key) for rank, key, _row in keyed)
        tiers = stages_domain.break_ties(ranked, seeds)
        rank_of = {}
        position = 1
        for tier in tiers:
            for key in tier:
                rank_of[key] = position
            position += len(tier)
        by_key = {k: row for _r, k, row in keyed}
        keyed = [(rank_of[k], k, by_key[k]) for tier in tiers for k in tier]
    return [
        StageStanding(
            rank=rank,
            key=key,
            entrant=entrants.get(key) or Entrant(None, ()),
            seed=seed_of.get(key),
            games=row.games,
            wins=row.wins,
            draws=row.draws,
            losses=row.losses,
            victory_points=row.victory_points,
            points_for=row.points_for,
            points_against=row.points_against,
        )
        for rank, key, row in keyed
        if key in entrants
    ]


def _stage_bracket(
    rounds: list[Round],
    seeds: list[int],
    games: list[PlayedGame],
    pair_of: dict[int, int],
    decisions: dict[tuple[int, int], int],
) -> stages_domain.Bracket:
    """A knockout's bracket: a match's winner is its counted game's, else the director's decision."""
    winners: dict[tuple[int, int], int] = {}
    by_round: dict[int, list[PlayedGame]] = {}
    for game in games:
        by_round.setdefault(game.round_id, []).append(game)
    drawn = stages_domain.bracket(seeds)
    for number in range(1, len(drawn.rounds) + 1):
        drawn = stages_domain.bracket(seeds, winners)
        if number <= len(rounds):
            for game in by_round.get(rounds[number - 1].pk, []):
                match = _match_of_game(drawn, number, game, pair_of)
                if match is None:
                    continue
                won = [pair_of.get(r.players[0]) for r in game.results if r.won and r.players]
                if won and won[0] in match.entrants:
                    winners[(number, match.slot)] = won[0]
        for match in drawn.rounds[number - 1]:
            decided = decisions.get((number, match.slot))
            if match.ready and (number, match.slot) not in winners and decided in match.entrants:
                winners[(number, match.slot)] = decided
    return stages_domain.bracket(seeds, winners)


def _match_of_game(
    drawn: stages_domain.Bracket, number: int, game: PlayedGame, pair_of: dict[int, int]
) -> stages_domain.Match | None:
    """The match of bracket round `number` played by the game's two pairs (None: not a match)."""
    pairs = {pair_of.get(r.players[0]) for r in game.results if r.players} - {None}
    for match in drawn.rounds[number - 1]:
        if match.ready and set(match.entrants) == pairs:
            return match
    return None


def _current_stage(lines: list[StageLine]) -> Stage | None:
    """The first stage that has not played all its rounds (an unconfirmed knockout has not)."""
    for line in lines:
        if line.stage.kind == Stage.Kind.KNOCKOUT and line.complete:
            continue  # its final was decided without a game (a walkover)
        if line.rounds_total is None or line.rounds_played < line.rounds_total:
            return line.stage
    return None


def _proposal(
    event: Event,
    lines: list[StageLine],
    entrants: dict[int, Entrant],
    playing: set[int],
    games: list[PlayedGame],
    pair_of: dict[int, int],
    seeds: dict[int, list[tuple[int, int]]],
) -> StageProposal | None:
    """Who the rules propose for the first final table or knockout not begun, once the one before is done."""
    for index, line in enumerate(lines):
        stage = line.stage
        if not stage.restricted or line.has_hands:
            continue
        before = lines[index - 1] if index else None
        if before is not None and not before.complete:
            return None
        # The stage before ranks who may play; a first stage (a knockout) takes the pair numbers.
        order = sorted(entrants) if before is None else [key for tier in before.order for key in tier]
        size, proposed = _proposed(stage, before, order, playing, games, pair_of)
        if stage.seeding == Stage.Seeding.PAIR_NUMBERS:
            proposed = sorted(proposed)
        place = {key: i for i, key in enumerate(order, start=1)}
        candidates = [Candidate(key, entrants[key], place.get(key), key in playing) for key in order]
        candidates += [
            Candidate(key, entrant, None, key in playing)
            for key, entrant in entrants.items()
            if key not in place
        ]
        confirmed = [key for _seed, key in seeds.get(stage.pk, [])]
        return StageProposal(stage, size, proposed, candidates, confirmed)
    return None


def _proposed(
    stage: Stage,
    before: StageLine | None,
    order: list[int],
    playing: set[int],
    games: list[PlayedGame],
    pair_of: dict[int, int],
) -> tuple[int, list[int]]:
    """(how many play the stage, who is proposed by seed) by the stage's `qualify` rule."""
    if stage.qualify == Stage.Qualify.BEST and stage.qualifiers:
        return stage.qualifiers, stages_domain.best_of(order, stage.qualifiers, playing)
    if stage.qualify == Stage.Qualify.BEST_OF_EACH_TABLE and stage.qualifiers and before and before.rounds:
        last = before.rounds[-1].pk
        tables = []
        for game in games:
            if game.round_id != last:
                continue
            places = {}
            for result in game.results:
                for player in result.players:
                    key = pair_of.get(player, player) if pair_of else player
                    places[key] = stages_domain.TablePlace(
                        key, won=result.won, drew=result.drew, points=result.points_for
                    )
            tables.append(list(places.values()))
        size = len(tables) * stage.qualifiers
        return size, stages_domain.best_of_each_table(tables, order, stage.qualifiers, playing)
    proposed = [key for key in order if key in playing]
    return len(proposed), proposed


# A knockout match on the bracket page (`stage_bracket`).
BYE, WAITING, TO_PLAY, LEVEL, WON, DECIDED, WALKOVER = (
    "bye",
    "waiting",
    "to_play",
    "level",
    "won",
    "decided",
    "walkover",
)


@dataclass(frozen=True, slots=True)
class MatchSide:
    """A knockout match's pair: seed, game total in points (None before play), whether it goes through."""

    key: int | None  # the pair number; None while not known
    entrant: Entrant | None
    seed: int | None
    points: int | None
    through: bool
    in_play: bool  # present and not withdrawn


@dataclass(frozen=True, slots=True)
class MatchView:
    """A knockout match: its pairs (better seed first, North-South), table and `state` (BYE, WAITING,
    TO_PLAY, IN_PLAY, LEVEL, WON, DECIDED, WALKOVER); `decidable`: `services.match_decide` may now."""

    round: int
    slot: int
    sides: list[MatchSide]
    state: str
    table: int | None
    game_id: int | None
    decidable: bool


@dataclass(frozen=True, slots=True)
class BracketRound:
    number: int
    name: str  # "Final", "Semi-finals", ...
    matches: list[MatchView]


@dataclass(frozen=True, slots=True)
class BracketView:
    stage: Stage
    rounds: list[BracketRound]
    champion: Entrant | None
    seeded: bool  # its entrants are confirmed (else there is no bracket yet)


def stage_bracket(*, stage: Stage, overview: StagesOverview | None = None) -> BracketView:
    """A knockout's bracket for its page, filled in as games finish; `overview` if the caller has it."""
    overview = overview or event_stages_overview(event=stage.event)
    assert overview is not None
    line = overview.line(stage.number)
    drawn = line.bracket
    if drawn is None:
        return BracketView(stage, [], None, seeded=False)
    seed_of = {key: seed for seed, key in enumerate(drawn.seeds, start=1)}
    pair_of = {p.pk: key for key, entrant in overview.entrants.items() for p in entrant.players}
    played: dict[tuple[int, int], PlayedGame] = {}
    for number, round_ in enumerate(line.rounds, start=1):
        for game in overview.games:
            if game.round_id != round_.pk:
                continue
            pairs = {pair_of.get(r.players[0]) for r in game.results if r.players} - {None}
            match = next((m for m in drawn.rounds[number - 1] if set(m.entrants) == pairs), None)
            if match is not None:
                played[(number, match.slot)] = game
    total = len(drawn.rounds)
    rounds = []
    for number, matches in enumerate(drawn.rounds, start=1):
        views = []
        for match in matches:
            match_game = played.get((number, match.slot))
            points: dict[int | None, int] = {}
            if match_game is not None:
                points = {pair_of.get(r.players[0]): r.points_for for r in match_game.results if r.players}
            state = _match_state(match, match_game)
            sides = [
                MatchSide(
                    key=key,
                    entrant=overview.entrants.get(key) if key is not None else None,
                    seed=seed_of.get(key) if key is not None else None,
                    points=points.get(key),
                    through=key is not None and match.winner == key,
                    in_play=key in overview.playing,
                )
                for key in (match.high, match.low)
                if key is not None or not match.bye
            ]
            next_seated = line.rounds_played > number
            absent = any(key not in overview.playing for key in match.entrants)
            decidable = not next_seated and (
                state in (LEVEL, DECIDED, WALKOVER) or (state == TO_PLAY and absent)
            )
            views.append(
                MatchView(
                    number,
                    match.slot,
                    sides,
                    state,
                    match_game.table if match_game else None,
                    match_game.game_id if match_game else None,
                    decidable,
                )
            )
        rounds.append(BracketRound(number, knockout_round_label(number, total), views))
    champion = overview.entrants.get(drawn.champion) if drawn.champion is not None else None
    return BracketView(stage, rounds, champion, seeded=True)


def _match_state(match: stages_domain.Match, game: PlayedGame | None) -> str:
    if match.bye:
        return BYE
    if match.high is None or match.low is None:
        return WAITING
    if game is None:
        return WALKOVER if match.winner is not None else TO_PLAY
    counted = bool(game.results) and game.results[0].finished
    if not counted:
        return IN_PLAY
    if any(r.won for r in game.results):
        return WON
    return DECIDED if match.winner is not None else LEVEL


def game_knockout_match(*, game: Game) -> MatchView | None:
    """The knockout match `game` is played for, or None. Reads `game.table.round`."""
    stage = game.table.round.stage  # None, with no query, for a round of no stage
    if stage is None or stage.kind != Stage.Kind.KNOCKOUT:
        return None
    bracket_ = stage_bracket(stage=stage)
    return next(
        (m for r in bracket_.rounds for m in r.matches if m.game_id == game.pk),
        None,
    )
