"""Round results: each table of each round with its sides, score, result and victory points,
and each player's night. The victory points are the standings' own (one rule,
tournaments/domain/standings.py `result_victory_points`), so they are worked here by hand from
the scale tables in tournaments/domain/victory_points.py, not read from the code.

Hands (worked in tests/support/hands.py): HAND_A scores NS 1685, EW 485; HAND_B NS −220,
EW 790; SWAPPED_A is HAND_A with the sides' entries swapped (NS 485, EW 1685). The league
night plays 4 hands per round, classic rules, target 5000.
"""

from __future__ import annotations

import pytest

from tests.support import nights
from tests.support.factories import EVENT_DATE
from tests.support.hands import HAND_A, HAND_B
from tests.support.nights import _games, _next_round
from tournaments import selectors, services
from tournaments.domain import victory_points as vp
from tournaments.domain.standings import SideResult, game_side_results, rank_players, result_victory_points
from tournaments.models import Event, Hand, Standing

BURRACO = vp.PRESETS["burraco-20"]
TWO_ONE = vp.PRESETS["win-draw-loss"]
three_rounds = nights.three_rounds  # a night of three rounds, the last in play

# --- the pure part ---------------------------------------------------------------------------


def test_a_game_gives_each_side_its_total_and_the_best_other_total():
    # Table 1 of the night below: NS 1685 − 220 + 1685 − 220 = 2930, EW 485 + 790 + 485 + 790 = 2550.
    ns, ew = game_side_results(
        {"NS": [1, 3], "EW": [2, 4]},
        {"NS": 2930, "EW": 2550},
        finished=True,
        winner="NS",
        is_draw=False,
        hands=4,
    )
    assert (ns.side, ns.players, ns.points_for, ns.points_against, ns.won, ns.drew) == (
        "NS",
        (1, 3),
        2930,
        2550,
        True,
        False,
    )
    assert (ew.side, ew.points_for, ew.points_against, ew.won, ew.finished, ew.hands) == (
        "EW",
        2550,
        2930,
        False,
        True,
        4,
    )


def test_at_a_table_of_three_each_side_plays_against_the_best_other_total():
    # tests/tournaments/services/test_three_player_tables.py: N 1710, E 485, S −40.
    sides = game_side_results(
        {"N": [1], "E": [2], "S": [3]},
        {"N": 1710, "E": 485, "S": -40},
        finished=True,
        winner="N",
        is_draw=False,
        hands=1,
    )
    assert [(s.side, s.points_for, s.points_against, s.won) for s in sides] == [
        ("N", 1710, 485, True),
        ("E", 485, 1710, False),
        ("S", -40, 1710, False),
    ]


def test_with_confirmation_only_confirmed_hands_count_and_the_game_waits_for_the_last():
    # Hand 1 (HAND_A) confirmed, hand 2 (HAND_B) not: only 1685 and 485 count, and the game,
    # over at the table, does not count as finished.
    ns, ew = game_side_results(
        {"NS": [1, 3], "EW": [2, 4]},
        {"NS": 1465, "EW": 1275},
        finished=True,
        winner="NS",
        is_draw=False,
        hands=2,
        confirmed=({"NS": 1685, "EW": 485}, False),
    )
    assert (ns.points_for, ns.points_against, ns.finished, ns.won) == (1685, 485, False, False)
    assert result_victory_points(ns, TWO_ONE) is None
    assert result_victory_points(ew, BURRACO) is None


def _side(points_for, points_against, *, won=False, drew=False, hands=4, finished=True):
    return SideResult(
        players=(1,),
        points_for=points_for,
        points_against=points_against,
        finished=finished,
        won=won,
        drew=drew,
        hands=hands,
    )


@pytest.mark.parametrize(
    ("side", "scale", "expected"),
    [
        # 4 hands, +380: the 300–499 band of the 4-hand table, 12 ahead and 8 behind.
        pytest.param(_side(2930, 2550, won=True), BURRACO, 12, id="20-point scale, 380 ahead"),
        pytest.param(_side(2550, 2930), BURRACO, 8, id="20-point scale, 380 behind"),
        # 3 hands, +3600: the 3-hand table's last band (2625 or more), 20–0.
        pytest.param(_side(5055, 1455, won=True, hands=3), BURRACO, 20, id="3 hands, a rout"),
        # 3 hands, +3000: the 3-hand table gives 20 (2625 or more); the 4-hand one would give
        # 19 (2900–3499), so the number of hands is read.
        pytest.param(_side(3000, 0, won=True, hands=3), BURRACO, 20, id="3 hands, 3000 ahead"),
        pytest.param(_side(3000, 0, won=True, hands=4), BURRACO, 19, id="4 hands, 3000 ahead"),
        # An even game is the 0–99 band, 10 each.
        pytest.param(_side(4340, 4340, drew=True), BURRACO, 10, id="20-point scale, a draw"),
        pytest.param(_side(4340, 4340, drew=True), TWO_ONE, 1, id="2-1-0, a draw"),
        pytest.param(_side(2930, 2550, won=True), TWO_ONE, 2, id="2-1-0, a win"),
        pytest.param(_side(2930, 2550, won=True, finished=False), BURRACO, None, id="in play: none yet"),
    ],
)
def test_a_sides_victory_points_for_one_game(side, scale, expected):
    assert result_victory_points(side, scale) == expected


def test_the_standings_add_up_the_victory_points_of_each_game():
    # Player 1 wins by 380 (12) and loses by 380 (8): 20 victory points on the 20-point scale.
    rows = rank_players(
        [
            SideResult(
                players=(1,), points_for=2930, points_against=2550, finished=True, won=True, drew=False
            ),
            SideResult(
                players=(1,), points_for=2550, points_against=2930, finished=True, won=False, drew=False
            ),
        ],
        {1: "Ann"},
        scale=BURRACO,
    )
    assert rows[0].victory_points == 20


# --- a night of three rounds -----------------------------------------------------------------


def _seated(game, side):
    return [
        s.player for s in game.table.seats.filter(side=side).select_related("player").order_by("position")
    ]


@pytest.mark.django_db
def test_each_round_lists_its_tables_with_scores_results_and_victory_points(three_rounds):
    results = selectors.event_round_results(event=three_rounds)
    assert [r.number for r in results] == [1, 2, 3]
    summary = [
        [
            (t.number, t.state, t.winner, [(s.side, s.points, s.result, s.victory_points) for s in t.sides])
            for t in r.tables
        ]
        for r in results
    ]
    assert summary == [
        [
            # +380 after 4 hands: 12–8.
            (1, "finished", "NS", [("NS", 2930, "won", 12), ("EW", 2550, "lost", 8)]),
            # +3600 after 3 hands: the 3-hand table, 2625 or more, 20–0.
            (2, "finished", "NS", [("NS", 5055, "won", 20), ("EW", 1455, "lost", 0)]),
        ],
        [
            # 4340 each: a draw, 10–10.
            (1, "finished", "", [("NS", 4340, "drew", 10), ("EW", 4340, "drew", 10)]),
            # −880 against 3160: 4040 behind after 4 hands, 3500 or more, 0–20.
            (2, "finished", "EW", [("NS", -880, "lost", 0), ("EW", 3160, "won", 20)]),
        ],
        [
            (1, "in_play", "", [("NS", -220, "in_play", None), ("EW", 790, "in_play", None)]),
            (2, "in_play", "", [("NS", 0, "in_play", None), ("EW", 0, "in_play", None)]),
        ],
    ]
    game = _games(three_rounds, 1)[0]
    assert results[0].tables[0].sides[0].players == _seated(game, "NS")
    assert results[0].tables[0].sides[1].players == _seated(game, "EW")


@pytest.mark.django_db
def test_a_club_table_for_rounds_of_three_hands_applies_to_a_game_of_three_hands(three_rounds):
    # The club's own table: any length, 0–199 → 2–2 and 200 or more → 4–0; 3 hands, 0–99 → 2–2
    # and 100 or more → 3–1.
    custom = {
        "total": 4,
        "tables": {
            "any": [
                {"from": 0, "to": 199, "ahead": 2, "behind": 2},
                {"from": 200, "to": None, "ahead": 4, "behind": 0},
            ],
            "3": [
                {"from": 0, "to": 99, "ahead": 2, "behind": 2},
                {"from": 100, "to": None, "ahead": 3, "behind": 1},
            ],
        },
    }
    services.event_standings_rules_set(event=three_rounds, vp_scale="custom", vp_custom=custom, tie_breaks=[])
    three_rounds.refresh_from_db()
    first, second = selectors.event_round_results(event=three_rounds)[0].tables
    # Table 1: +380 after 4 hands, the table for any length: 4–0. Table 2: +3600 after 3 hands,
    # the 3-hand table: 3–1.
    assert [s.victory_points for s in first.sides] == [4, 0]
    assert [s.victory_points for s in second.sides] == [3, 1]


@pytest.mark.django_db
def test_the_victory_points_of_the_rounds_add_up_to_the_standings(three_rounds):
    earned: dict[int, int] = {}
    for round_ in selectors.event_round_results(event=three_rounds):
        for table in round_.tables:
            for side in table.sides:
                for player in side.players:
                    earned[player.pk] = earned.get(player.pk, 0) + (side.victory_points or 0)
    standings = dict(Standing.objects.filter(event=three_rounds).values_list("player_id", "victory_points"))
    assert earned == standings
    # Four finished games share 20 victory points between their two sides of two players.
    assert sum(standings.values()) == 4 * 20 * 2


@pytest.mark.django_db
def test_the_round_results_of_three_rounds_take_a_fixed_number_of_queries(
    three_rounds, django_assert_max_num_queries
):
    event = Event.objects.get(pk=three_rounds.pk)
    # rounds, their tables with games, the seats with players, the sit-outs, hands per game
    with django_assert_max_num_queries(5):
        results = selectors.event_round_results(event=event)
        names = [p.name for r in results for t in r.tables for s in t.sides for p in s.players]
    assert len(names) == 3 * 8


@pytest.mark.django_db
def test_with_confirmation_a_game_over_waits_for_its_last_hand_to_be_confirmed(
    club, players, django_capture_on_commit_callbacks
):
    event = services.event_create(
        club=club,
        asked=services.EventInput(
            name="Cup",
            date=EVENT_DATE,
            variant="classic",
            hands_per_round=2,
            confirmation_required=True,
            players=players[:4],
        ),
    )
    _next_round(event, django_capture_on_commit_callbacks)
    (game,) = _games(event, 1)
    services.hand_record(game=game, asked=services.HandInput(number=1, entries=HAND_A, entered_by_side="NS"))
    services.hand_record(game=game, asked=services.HandInput(number=2, entries=HAND_B, entered_by_side="NS"))
    services.hand_confirm(
        hand=Hand.objects.get(game=game, number=1), side="EW", code=selectors.side_code(game=game, side="EW")
    )
    # Over at the table (2 hands of 2): NS 1685 − 220 = 1465, EW 485 + 790 = 1275.
    (table,) = selectors.event_round_results(event=event)[0].tables
    assert table.state == "unconfirmed"
    assert [(s.points, s.result, s.victory_points) for s in table.sides] == [
        (1465, "unconfirmed", None),
        (1275, "unconfirmed", None),
    ]
    services.hand_confirm(
        hand=Hand.objects.get(game=game, number=2), side="EW", code=selectors.side_code(game=game, side="EW")
    )
    (table,) = selectors.event_round_results(event=event)[0].tables
    # Every hand confirmed: NS won by 190, 2–0 on the default 2-1-0 scale.
    assert table.state == "finished"
    assert [(s.result, s.victory_points) for s in table.sides] == [("won", 2), ("lost", 0)]


@pytest.mark.django_db
def test_a_players_night_gives_each_round_their_table_partner_opponents_and_points(three_rounds):
    game = _games(three_rounds, 1)[0]
    north, south = _seated(game, "NS")
    night = selectors.event_player_night(event=three_rounds, player=north)
    first = night.rounds[0]
    assert (first.round, first.table.number, first.side.side, first.side.points) == (1, 1, "NS", 2930)
    assert first.partners == [south]
    assert [(o.side, o.points, o.players) for o in first.opponents] == [("EW", 2550, _seated(game, "EW"))]
    assert (first.side.result, first.side.victory_points) == ("won", 12)
    assert [r.round for r in night.rounds] == [1, 2, 3]
    assert all(r.table is not None and not r.sat_out for r in night.rounds)
    assert night.standing.victory_points == sum(r.side.victory_points or 0 for r in night.rounds)
