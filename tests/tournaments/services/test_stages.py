"""Stages of an event, through the services and the round machinery: qualifying rounds then a
final table, the best of each table, a knockout of pairs with byes, draws and walkovers, a
change of movement, and the rules of adding stages and confirming who plays.

Hands are totals only, one a table (hands per round: 1), so each game's result is the totals
typed here: NS 300 against EW 120 unless a test says otherwise (NS wins).
"""

from __future__ import annotations

import itertools

import pytest
from django.core.exceptions import ValidationError

from tests.support.factories import PlayerFactory
from tests.support.stages import LEVEL, _individual, _pairs, _play, _qualifying_and_final, _seat
from tournaments import selectors, services
from tournaments.models import Event, Game, MatchDecision, Round, SitOut, Stage, StageEntrant, Standing

pytestmark = pytest.mark.django_db


def _seated(round_) -> set[int]:
    return set(round_.tables.values_list("seats__player_id", flat=True))


def _pairs_at(round_, event) -> list[tuple[int, int]]:
    """Each table's (NS pair, EW pair), by table number."""
    pair_of = selectors.event_pair_numbers(event=event)
    tables = []
    for table in round_.tables.order_by("number").prefetch_related("seats"):
        sides = {seat.side: pair_of[seat.player_id] for seat in table.seats.all()}
        tables.append((sides["NS"], sides["EW"]))
    return tables


def _code(call) -> str:
    with pytest.raises(ValidationError) as caught:
        call()
    error = caught.value
    if hasattr(error, "error_dict"):
        return ",".join(sorted(error.error_dict))
    return error.code or ""


# --- an event without stages ---------------------------------------------------------------------


def test_an_event_without_stages_plays_as_before_its_rounds_have_no_stage(
    club, players, django_capture_on_commit_callbacks
):
    event = _individual(club, players[:8])
    round_ = _seat(event, django_capture_on_commit_callbacks)
    assert round_.stage is None
    assert selectors.event_stages_overview(event=event) is None


# --- qualifying rounds, then a final table -------------------------------------------------------


def test_sixteen_players_qualify_over_three_rounds_and_the_best_four_play_the_final_table(
    club, players, alice, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    event = _qualifying_and_final(club, players)
    qualifying, final = event.stages.order_by("number")
    for _number in (1, 2, 3):
        round_ = _seat(event, capture)
        assert round_.stage == qualifying
        assert len(_seated(round_)) == 16
        # The proposal waits for the qualifying stage to end.
        assert selectors.event_stages_overview(event=event).proposal is None
        _play(round_, capture)

    # The final table is not seated before the director confirms who plays it.
    assert _code(lambda: services.round_start(event=event)) == "entrants_unconfirmed"
    overview = selectors.event_stages_overview(event=event)
    standings = list(Standing.objects.filter(event=event).order_by("rank", "player__name"))
    qualifying_order = [row.key for row in overview.line(1).standings]
    assert qualifying_order == [row.player_id for row in standings]
    assert overview.proposal.stage == final
    assert overview.proposal.size == 4
    assert overview.proposal.proposed == qualifying_order[:4]

    # The fourth qualifier has gone home: the director swaps in the fifth.
    chosen = [*qualifying_order[:3], qualifying_order[4]]
    services.stage_entrants_confirm(stage=final, entrants=chosen, by=alice)
    final.refresh_from_db()
    assert final.confirmed_by == alice
    assert list(StageEntrant.objects.filter(stage=final).values_list("player_id", flat=True)) == chosen

    round_ = _seat(event, capture)
    assert (round_.number, round_.stage) == (4, final)
    assert round_.tables.count() == 1
    assert _seated(round_) == set(chosen)
    assert not SitOut.objects.filter(round=round_).exists()  # the others are out, not sitting out
    _play(round_, capture)

    overview = selectors.event_stages_overview(event=event)
    game = Game.objects.get(table__round=round_)
    winners = {s.player_id for s in game.table.seats.all() if s.side == "NS"}
    seed = {player: n for n, player in enumerate(chosen, start=1)}
    by_seed = sorted(winners, key=seed.get) + sorted(set(chosen) - winners, key=seed.get)
    # The final table's result first (its ties broken by the seeds), then the qualifying order.
    expected = by_seed + [p for p in qualifying_order if p not in chosen]
    assert [place.key for place in overview.final_order] == expected
    # Finalists have places of their own; the others keep the ties of the qualifying standings.
    ranks = {row.key: row.rank for row in overview.line(1).standings}
    rest = overview.final_order[4:]
    assert [place.rank for place in overview.final_order[:5]] == [1, 2, 3, 4, 5]
    for before, after in itertools.pairwise(rest):
        shared = ranks[before.key] == ranks[after.key]
        assert (after.rank == before.rank) == shared
    assert {place.stage.number for place in overview.final_order[:4]} == {2}
    assert overview.final_order[4].stage == qualifying
    assert [row.key for row in overview.line(2).standings] == by_seed
    # The event's standings (its page, downloads, API) rank by the final order too.
    stored = {row.player_id: row.rank for row in Standing.objects.filter(event=event)}
    assert [stored[place.key] for place in overview.final_order] == [
        place.rank for place in overview.final_order
    ]

    assert _code(lambda: services.round_start(event=event)) == "stages_done"


def test_a_final_round_is_no_missed_round_for_those_who_did_not_qualify(
    club, players, alice, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    event = _qualifying_and_final(club, players)
    Event.objects.filter(pk=event.pk).update(missed_round_policy=Event.MissedRounds.SIT_OUT_SCORE)
    for _number in (1, 2, 3):
        _play(_seat(event, capture), capture)
    before = dict(Standing.objects.filter(event=event).values_list("player_id", "victory_points"))
    overview = selectors.event_stages_overview(event=event)
    final = event.stages.get(number=2)
    services.stage_entrants_confirm(stage=final, entrants=overview.proposal.proposed, by=alice)
    _play(_seat(event, capture), capture)
    after = dict(Standing.objects.filter(event=event).values_list("player_id", "victory_points"))
    finalists = set(overview.proposal.proposed)
    assert {p: vp for p, vp in after.items() if p not in finalists} == {
        p: vp for p, vp in before.items() if p not in finalists
    }
    assert selectors.event_missed_rounds(event=event) == {}


def test_the_best_two_of_each_table_of_the_last_round_go_to_two_final_tables(
    club, players, alice, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    event = _individual(club, players)
    services.stage_add(event=event, name="Heats", kind=Stage.Kind.ROUNDS, planned_rounds=2)
    final = services.stage_add(
        event=event,
        name="Final tables",
        kind=Stage.Kind.FINAL_TABLE,
        qualify=Stage.Qualify.BEST_OF_EACH_TABLE,
        qualifiers=2,
        planned_rounds=1,
    )
    _play(_seat(event, capture), capture)
    last = _seat(event, capture)
    _play(last, capture)
    overview = selectors.event_stages_overview(event=event)
    # The winning side (NS) of each of the four tables, seeded by the standings.
    winners = set(
        Game.objects.filter(table__round=last, table__seats__side="NS").values_list(
            "table__seats__player_id", flat=True
        )
    )
    order = [row.key for row in overview.line(1).standings]
    assert overview.proposal.size == 8
    assert overview.proposal.proposed == [p for p in order if p in winners]
    services.stage_entrants_confirm(stage=final, entrants=overview.proposal.proposed, by=alice)
    round_ = _seat(event, capture)
    assert round_.tables.count() == 2
    assert _seated(round_) == winners


def test_a_final_table_of_four_over_three_rounds_has_new_partners_each_round(
    club, players, alice, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    event = _qualifying_and_final(club, players, planned_rounds=3)
    for _number in (1, 2, 3):
        _play(_seat(event, capture), capture)
    final = event.stages.get(number=2)
    proposal = selectors.event_stages_overview(event=event).proposal
    services.stage_entrants_confirm(stage=final, entrants=proposal.proposed, by=alice)
    partnerships = set()
    for _number in (4, 5, 6):
        round_ = _seat(event, capture)
        for side in ("NS", "EW"):
            partnerships.add(
                frozenset(round_.tables.get().seats.filter(side=side).values_list("player_id", flat=True))
            )
        _play(round_, capture)
    assert len(partnerships) == 6  # each of the four partners each of the others once
    assert [p.rank for p in selectors.event_stages_overview(event=event).final_order][:4] == [1, 2, 3, 4]


def test_confirming_again_before_the_first_hand_seats_the_final_again(
    club, players, alice, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    event = _qualifying_and_final(club, players)
    for _number in (1, 2, 3):
        _play(_seat(event, capture), capture)
    final = event.stages.get(number=2)
    proposed = selectors.event_stages_overview(event=event).proposal.proposed
    services.stage_entrants_confirm(stage=final, entrants=proposed, by=alice)
    round_ = _seat(event, capture)
    other = next(p.pk for p in players if p.pk not in proposed)
    with capture(execute=True):
        services.stage_entrants_confirm(stage=final, entrants=[*proposed[:3], other], by=alice)
    round_.refresh_from_db()
    assert round_.status == Round.Status.SEATED
    assert _seated(round_) == {*proposed[:3], other}
    _play(round_, capture)
    assert _code(lambda: services.stage_entrants_confirm(stage=final, entrants=proposed)) == "started"


def test_confirming_who_plays_refuses_a_wrong_field(club, players, alice, django_capture_on_commit_callbacks):
    capture = django_capture_on_commit_callbacks
    event = _qualifying_and_final(club, players)
    final = event.stages.get(number=2)
    qualifying = event.stages.get(number=1)
    assert _code(lambda: services.stage_entrants_confirm(stage=final, entrants=[])) == "not_ready"
    for _number in (1, 2, 3):
        _play(_seat(event, capture), capture)
    proposed = selectors.event_stages_overview(event=event).proposal.proposed
    assert _code(lambda: services.stage_entrants_confirm(stage=final, entrants=proposed[:3])) == "count"
    twice = [*proposed[:3], proposed[0]]
    assert _code(lambda: services.stage_entrants_confirm(stage=final, entrants=twice)) == "twice"
    stranger = PlayerFactory(club=club, name="A stranger to the event").pk
    unknown = [*proposed[:3], stranger]
    assert _code(lambda: services.stage_entrants_confirm(stage=final, entrants=unknown)) == "unknown"
    gone = next(p for p in players if p.pk not in proposed)
    services.participant_withdraw(event=event, player=gone)
    withdrawn = [*proposed[:3], gone.pk]
    assert _code(lambda: services.stage_entrants_confirm(stage=final, entrants=withdrawn)) == "withdrawn"
    everyone = [p.pk for p in players]
    assert _code(lambda: services.stage_entrants_confirm(stage=qualifying, entrants=everyone)) == (
        "not_restricted"
    )


def test_a_finalist_who_left_is_passed_over_and_the_next_is_proposed(
    club, players, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    event = _qualifying_and_final(club, players)
    for _number in (1, 2, 3):
        _play(_seat(event, capture), capture)
    order = [row.key for row in selectors.event_stages_overview(event=event).line(1).standings]
    services.participant_withdraw(event=event, player=next(p for p in players if p.pk == order[1]))
    proposal = selectors.event_stages_overview(event=event).proposal
    assert proposal.proposed == [order[0], order[2], order[3], order[4]]
    assert [c.in_play for c in proposal.candidates][:3] == [True, False, True]


# --- a knockout of pairs ---------------------------------------------------------------------------


def test_a_knockout_of_six_pairs_gives_byes_to_the_top_seeds_and_the_director_decides_a_draw(
    club, alice, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    event = _pairs(club, 6)
    knockout = services.stage_add(event=event, name="Cup", kind=Stage.Kind.KNOCKOUT)
    assert knockout.seeding == Stage.Seeding.PAIR_NUMBERS
    proposal = selectors.event_stages_overview(event=event).proposal
    assert (proposal.size, proposal.proposed) == (6, [1, 2, 3, 4, 5, 6])
    services.stage_entrants_confirm(stage=knockout, entrants=proposal.proposed, by=alice)

    first = _seat(event, capture)
    assert _pairs_at(first, event) == [(4, 5), (3, 6)]  # 1 and 2 have a bye
    byes = selectors.round_sit_out_entrants(event=event, rounds=[first])[first.pk]
    assert [entrant.pair for entrant in byes] == [1, 2]
    _play(first, capture)  # the better seed sits NS and wins: 4 and 3 go through

    second = _seat(event, capture)
    assert _pairs_at(second, event) == [(1, 4), (2, 3)]
    _play(second, capture, only={1})
    _play(second, capture, entries=LEVEL, only={2})  # 2 and 3 draw
    assert _code(lambda: services.round_start(event=event)) == "match_undecided"
    # Pair 5 played no part in it; a pair not in the match cannot be sent through.
    assert _code(lambda: services.match_decide(stage=knockout, round=2, slot=2, winner=5)) == "not_in_match"
    assert _code(lambda: services.match_decide(stage=knockout, round=2, slot=1, winner=4)) == "decided"
    services.match_decide(stage=knockout, round=2, slot=2, winner=3, by=alice)
    services.match_decide(stage=knockout, round=2, slot=2, winner=2, by=alice)  # changed its mind
    services.match_decide(stage=knockout, round=2, slot=2, winner=3, by=alice)
    assert MatchDecision.objects.get(stage=knockout).winner.number == 3

    final = _seat(event, capture)
    assert _pairs_at(final, event) == [(1, 3)]
    assert _code(lambda: services.match_decide(stage=knockout, round=2, slot=2, winner=2)) == "next_round"
    _play(final, capture, entries={"NS": {"total": 100}, "EW": {"total": 450}})  # 3 beats 1

    overview = selectors.event_stages_overview(event=event)
    assert overview.line(1).bracket.champion == 3
    assert [(p.rank, p.key) for p in overview.final_order] == [(1, 3), (2, 1), (3, 2), (3, 4), (5, 5), (5, 6)]
    assert _code(lambda: services.round_start(event=event)) == "stages_done"


def test_a_pair_that_left_the_knockout_gives_its_opponent_a_walkover(
    club, alice, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    event = _pairs(club, 4)
    knockout = services.stage_add(event=event, name="Cup", kind=Stage.Kind.KNOCKOUT)
    services.stage_entrants_confirm(stage=knockout, entrants=[1, 2, 3, 4], by=alice)
    first = _seat(event, capture)
    assert _pairs_at(first, event) == [(1, 4), (2, 3)]
    # The match is in play: the director cannot decide it yet.
    assert _code(lambda: services.match_decide(stage=knockout, round=1, slot=1, winner=1)) == "in_play"
    _play(first, capture)
    pair_two = event.pairs.get(number=2).partnership.first
    services.participant_withdraw(event=event, player=pair_two)
    assert _code(lambda: services.round_start(event=event)) == "pair_absent"
    services.match_decide(stage=knockout, round=2, slot=1, winner=1, by=alice)
    overview = selectors.event_stages_overview(event=event)
    assert overview.line(1).bracket.champion == 1
    assert overview.line(1).complete
    assert [(p.rank, p.key) for p in overview.final_order] == [(1, 1), (2, 2), (3, 3), (3, 4)]
    assert _code(lambda: services.round_start(event=event)) == "stages_done"  # no final to play


def test_a_knockout_of_the_best_four_of_a_swiss_stage_is_seeded_by_its_standings(
    club, alice, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    event = _pairs(club, 8)
    services.stage_add(event=event, name="Swiss", kind=Stage.Kind.ROUNDS, format="swiss", planned_rounds=2)
    knockout = services.stage_add(
        event=event, name="Play-off", kind=Stage.Kind.KNOCKOUT, qualify=Stage.Qualify.BEST, qualifiers=4
    )
    _play(_seat(event, capture), capture)
    _play(_seat(event, capture), capture)
    overview = selectors.event_stages_overview(event=event)
    order = [row.key for row in overview.line(1).standings]
    assert order == [row.pair for row in selectors.event_pair_standings(event=event)]
    assert overview.proposal.proposed == order[:4]
    services.stage_entrants_confirm(stage=knockout, entrants=order[:4], by=alice)
    semi = _seat(event, capture)
    assert _pairs_at(semi, event) == [(order[0], order[3]), (order[1], order[2])]
    assert not SitOut.objects.filter(round=semi).exists()


# --- a change of movement ----------------------------------------------------------------------------


def test_mitchell_then_swiss_each_stage_plays_its_own_movement(club, django_capture_on_commit_callbacks):
    capture = django_capture_on_commit_callbacks
    event = _pairs(club, 8, format=Event.Format.MITCHELL)
    services.stage_add(
        event=event, name="Mitchell", kind=Stage.Kind.ROUNDS, format="mitchell", planned_rounds=2
    )
    services.stage_add(event=event, name="Swiss", kind=Stage.Kind.ROUNDS, format="swiss", planned_rounds=2)
    first = _seat(event, capture)
    assert _pairs_at(first, event) == [(1, 5), (2, 6), (3, 7), (4, 8)]
    _play(first, capture)
    second = _seat(event, capture)
    assert _pairs_at(second, event) == [(1, 8), (2, 5), (3, 6), (4, 7)]  # EW moved up a table
    _play(second, capture)
    third = _seat(event, capture)
    assert third.stage.name == "Swiss"
    met = {frozenset(t) for r in (first, second) for t in _pairs_at(r, event)}
    # Paired by the standings (the NS pairs won twice), and nobody meets twice.
    assert {frozenset(t) for t in _pairs_at(third, event)}.isdisjoint(met)
    assert {p for t in _pairs_at(third, event)[:2] for p in t} == {1, 2, 3, 4}
    overview = selectors.event_stages_overview(event=event)
    assert [row.games for row in overview.line(2).standings] == [2] * 8  # counts both stages
    assert overview.current.name == "Swiss"


# --- the rules of adding and removing stages ----------------------------------------------------------


def test_stage_add_refuses_what_cannot_follow(club, players):
    event = _individual(club, players)
    final = {
        "kind": Stage.Kind.FINAL_TABLE,
        "qualify": Stage.Qualify.BEST,
        "qualifiers": 4,
        "planned_rounds": 1,
    }
    assert _code(lambda: services.stage_add(event=event, name="Final", **final)) == "kind"
    assert _code(lambda: services.stage_add(event=event, name="Cup", kind=Stage.Kind.KNOCKOUT)) == "kind"
    assert (
        _code(lambda: services.stage_add(event=event, name="Q", kind=Stage.Kind.ROUNDS)) == "planned_rounds"
    )
    assert (
        _code(
            lambda: services.stage_add(event=event, name="Q", kind="rounds", format="swiss", planned_rounds=2)
        )
        == "format"
    )
    services.stage_add(event=event, name="Q", kind=Stage.Kind.ROUNDS, planned_rounds=2)
    six = final | {"qualifiers": 6}
    assert _code(lambda: services.stage_add(event=event, name="Final", **six)) == "qualifiers"
    services.stage_add(event=event, name="Final", **final)
    assert (
        _code(lambda: services.stage_add(event=event, name="More", kind="rounds", planned_rounds=1)) == "kind"
    )
    assert _code(lambda: services.stage_add(event=event, name="", **final)) == "name"


def test_rounds_played_before_the_stages_become_the_first_stages(
    club, players, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    event = _individual(club, players[:8])
    _play(_seat(event, capture), capture)
    _play(_seat(event, capture), capture)
    assert _code(lambda: services.stage_add(event=event, name="Q", kind="rounds", planned_rounds=1)) == (
        "planned_rounds"
    )
    stage = services.stage_add(event=event, name="Qualifying", kind="rounds", planned_rounds=3)
    assert set(event.rounds.values_list("stage", flat=True)) == {stage.pk}
    third = _seat(event, capture)
    assert third.stage == stage


def test_only_the_last_stage_without_rounds_is_removed(club, players, django_capture_on_commit_callbacks):
    capture = django_capture_on_commit_callbacks
    event = _qualifying_and_final(club, players)
    qualifying, final = event.stages.order_by("number")
    assert _code(lambda: services.stage_remove(stage=qualifying)) == "not_last"
    _seat(event, capture)
    services.stage_remove(stage=final)
    assert _code(lambda: services.stage_remove(stage=qualifying)) == "has_rounds"
    assert list(event.stages.values_list("name", flat=True)) == ["Qualifying"]


def test_a_final_table_of_pairs_is_a_round_robin_of_the_finalists(
    club, alice, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    event = _pairs(club, 8)
    services.stage_add(event=event, name="Swiss", kind="rounds", format="swiss", planned_rounds=1)
    final = services.stage_add(
        event=event, name="Final", kind=Stage.Kind.FINAL_TABLE, qualify="best", qualifiers=4, planned_rounds=3
    )
    _play(_seat(event, capture), capture)
    proposed = selectors.event_stages_overview(event=event).proposal.proposed
    services.stage_entrants_confirm(stage=final, entrants=proposed, by=alice)
    met = set()
    for _number in (1, 2, 3):
        round_ = _seat(event, capture)
        tables = _pairs_at(round_, event)
        assert len(tables) == 2 and {p for t in tables for p in t} == set(proposed)
        met |= {frozenset(t) for t in tables}
        _play(round_, capture)
    assert len(met) == 6  # each finalist met each other once


def test_the_stages_overview_reads_in_a_number_of_queries_that_no_round_adds_to(
    club, alice, django_capture_on_commit_callbacks, django_assert_max_num_queries
):
    capture = django_capture_on_commit_callbacks
    event = _pairs(club, 8)
    services.stage_add(event=event, name="Swiss", kind="rounds", format="swiss", planned_rounds=2)
    knockout = services.stage_add(event=event, name="Play-off", kind="knockout", qualify="best", qualifiers=4)
    _play(_seat(event, capture), capture)
    _play(_seat(event, capture), capture)
    services.stage_entrants_confirm(
        stage=knockout, entrants=selectors.event_stages_overview(event=event).proposal.proposed, by=alice
    )
    _play(_seat(event, capture), capture)
    event = Event.objects.get(pk=event.pk)
    # stages, participants, pairs, rounds, hands a game, the rounds and the tables (for the
    # seats and games, each read through its index), seats, games, rounds with hands, entrants,
    # decisions: none a round, a table or a stage.
    with django_assert_max_num_queries(12):
        overview = selectors.event_stages_overview(event=event)
        assert len(overview.final_order) == 8


def test_an_event_with_stages_rounds_and_a_bracket_is_deleted_whole(
    club, alice, django_capture_on_commit_callbacks
):
    event = _pairs(club, 4)
    knockout = services.stage_add(event=event, name="Cup", kind="knockout")
    services.stage_entrants_confirm(stage=knockout, entrants=[1, 2, 3, 4], by=alice)
    _play(_seat(event, django_capture_on_commit_callbacks), django_capture_on_commit_callbacks, entries=LEVEL)
    services.match_decide(stage=knockout, round=1, slot=1, winner=4, by=alice)
    event.delete()
    assert not Stage.objects.exists() and not StageEntrant.objects.exists()
    assert not MatchDecision.objects.exists()
