"""An event of every table the variants are played at (rules.md §1.1-§1.12 "Players"): seated,
a hand entered at the table card's link, and each player's standing taking their side's result.

The hands are worked by hand from rules.md (the arithmetic beside each).
"""

from __future__ import annotations

from typing import Any

import pytest
from django.core.exceptions import ValidationError

from tests.support.factories import EVENT_DATE, PlayerFactory
from tests.support.hands import HAND_A, HAND_A_SCORES, HF_FOUR, HF_OUT
from tests.support.variants import _form_data
from tournaments import services
from tournaments.models import Game, Rating, Standing, TableCard

pytestmark = pytest.mark.django_db

# Two players (§1.1a, §3.2 T1A): N went out with a natural and a mixed canasta and a red three,
# melded 410, holding nothing: 410 + 500 + 300 + 100 + 100 = 1410. S melded 100, holds 35: 65.
TWO = (
    {
        "N": {**HAND_A["NS"], "mixed_canastas": 1, "red_threes": 1, "melded_points": 410, "hand_points": 0},
        "S": {"melded_points": 100, "hand_points": 35},
    },
    {"N": 1410, "S": 65},
)
# Three players (§1.1b): N as HAND_A's NS but alone, holding nothing: 310 + 500 + 600 + 200 +
# 100 = 1710; E as HAND_A's EW: 485; S never melded, holds 40: −40.
THREE = (
    {"N": {**HAND_A["NS"], "hand_points": 0}, "E": HAND_A["EW"], "S": {"hand_points": 40}},
    {"N": 1710, "E": 485, "S": -40},
)
# Six in two teams of three (§1.1c: two canastas to go out, red threes 100 each up to four): A
# went out, natural + mixed, 2 red threes, melded 400, the two partners hold 10: 400 − 10 + 500 +
# 300 + 200 + 100 = 1490. B: mixed, 1 red three, melded 200, holds 60: 200 − 60 + 300 + 100 = 540.
SIX_TWO_TEAMS = (
    {
        "A": {
            "natural_canastas": 1,
            "mixed_canastas": 1,
            "red_threes": 2,
            "went_out": True,
            "melded_points": 400,
            "hand_points": 10,
        },
        "B": {"mixed_canastas": 1, "red_threes": 1, "melded_points": 200, "hand_points": 60},
    },
    {"A": 1490, "B": 540},
)
# Six in three teams of two: A went out, natural + mixed, melded 400, the partner holds 5:
# 400 − 5 + 500 + 300 + 100 = 1295. B melded 150 with a red three, holds 30: 150 − 30 + 100 = 220.
# C never melded, holds 50: −50.
SIX_THREE_TEAMS = (
    {
        "A": {
            "natural_canastas": 1,
            "mixed_canastas": 1,
            "went_out": True,
            "melded_points": 400,
            "hand_points": 5,
        },
        "B": {"red_threes": 1, "melded_points": 150, "hand_points": 30},
        "C": {"hand_points": 50},
    },
    {"A": 1295, "B": 220, "C": -50},
)
# Five (§1.1d, the shared case classic-5p-side-of-three's first hand with the partner's card):
# A 310 − 5 + 500 + 100 + 100 = 1005; B 260 − 45 + 300 + 200 = 715.
FIVE = (
    {
        "A": {
            "natural_canastas": 1,
            "red_threes": 1,
            "went_out": True,
            "melded_points": 310,
            "hand_points": 5,
        },
        "B": {"mixed_canastas": 1, "red_threes": 2, "melded_points": 260, "hand_points": 45},
    },
    {"A": 1005, "B": 715},
)
# Samba for two (§1.4): N went out with a natural and a mixed canasta, melded 400, holding
# nothing: 400 + 500 + 300 + 200 = 1400. S melded 90, holds 35: 55.
SAMBA_TWO = (
    {
        "N": {
            "natural_canastas": 1,
            "mixed_canastas": 1,
            "went_out": True,
            "melded_points": 400,
            "hand_points": 0,
        },
        "S": {"melded_points": 90, "hand_points": 35},
    },
    {"N": 1400, "S": 55},
)

# Two alone (3 decks): N went out, 900 melded + 1000 + 600 + 1500 + 100 out + a red three 100 =
# 4200, holding nothing; S a clean book, 300 melded, holds 80: 300 − 80 + 500 = 720.
HF_TWO = (
    {
        "N": {**HF_OUT, "red_threes": 1, "melded_points": 900},
        "S": {"natural_canastas": 1, "melded_points": 300, "hand_points": 80},
    },
    {"N": 4200, "S": 720},
)
# Three alone (4 decks), the case hand-and-foot-three-players-alone: 4500, 1250, −120.
HF_THREE = (
    {
        "N": {**HF_OUT, "red_threes": 2, "melded_points": 1100},
        "E": {
            "natural_canastas": 1,
            "mixed_canastas": 1,
            "red_threes": 1,
            "red_threes_in_hand": 1,
            "melded_points": 600,
            "hand_points": 150,
        },
        "S": {"melded_points": 120, "hand_points": 240},
    },
    {"N": 4500, "E": 1250, "S": -120},
)
# Three partnerships (7 decks): A went out, its partner holding 5, three red threes:
# 850 − 5 + 1000 + 600 + 1500 + 100 + 300 = 4345; B 90 − 60 = 30; C −85.
HF_SIX = (
    {
        "A": {**HF_OUT, "red_threes": 3, "melded_points": 850, "hand_points": 5},
        "B": {"melded_points": 90, "hand_points": 60},
        "C": {"hand_points": 85},
    },
    {"A": 4345, "B": 30, "C": -85},
)

SHAPES = [
    # variant, table shape, players, tables' sides {label: seats}, worked hand
    ("classic-2p", "", 8, {"N": ["N"], "S": ["S"]}, TWO),
    ("classic-3p", "", 9, {"N": ["N"], "E": ["E"], "S": ["S"]}, THREE),
    ("classic", "", 8, {"NS": ["N", "S"], "EW": ["E", "W"]}, (HAND_A, HAND_A_SCORES)),
    ("classic-6p", "", 12, {"A": ["1", "3", "5"], "B": ["2", "4", "6"]}, SIX_TWO_TEAMS),
    ("classic-6p", "2+2+2", 12, {"A": ["1", "4"], "B": ["2", "5"], "C": ["3", "6"]}, SIX_THREE_TEAMS),
    ("classic-5p", "", 10, {"A": ["1", "3", "5"], "B": ["2", "4"]}, FIVE),
    ("samba", "1+1", 8, {"N": ["N"], "S": ["S"]}, SAMBA_TWO),
    ("hand-and-foot", "1+1", 6, {"N": ["N"], "S": ["S"]}, HF_TWO),
    ("hand-and-foot", "1+1+1", 9, {"N": ["N"], "E": ["E"], "S": ["S"]}, HF_THREE),
    ("hand-and-foot", "1+1+1+1", 8, {"N": ["N"], "E": ["E"], "S": ["S"], "W": ["W"]}, HF_FOUR),
    ("hand-and-foot", "2+2+2", 12, {"A": ["1", "4"], "B": ["2", "5"], "C": ["3", "6"]}, HF_SIX),
]


def _night(club: Any, players: list[Any], capture: Any, variant: str, shape: str, count: int, **kwargs: Any):
    while len(players) < count:
        players.append(PlayerFactory(club=club, name=f"Player {len(players) + 1:02d}"))
    event = services.event_create(
        club=club,
        asked=services.EventInput(
            name=variant,
            date=EVENT_DATE,
            variant=variant,
            table_shape=shape,
            hands_per_round=1,
            players=players[:count],
            **kwargs,
        ),
    )
    with capture(execute=True):
        round_ = services.round_start(event=event)
    round_.refresh_from_db()
    return event, round_


@pytest.mark.parametrize(("variant", "shape", "count", "sides", "worked"), SHAPES)
def test_an_event_at_each_table(
    client, club, players, django_capture_on_commit_callbacks, variant, shape, count, sides, worked
):
    event, round_ = _night(club, players, django_capture_on_commit_callbacks, variant, shape, count)
    size = sum(len(seats) for seats in sides.values())
    games = list(Game.objects.filter(table__round=round_).prefetch_related("table__seats"))
    assert len(games) == count // size and round_.sit_outs.count() == count % size
    for game in games:
        seated: dict[str, list[str]] = {}
        for seat in game.table.seats.all():
            seated.setdefault(seat.side, []).append(seat.position)
        assert {side: sorted(seats) for side, seats in seated.items()} == sides
        assert game.variant == variant and game.sides == list(sides)

    hand, scores = worked
    game = games[0]
    card = TableCard.objects.get(event=event, number=game.table.number)
    with django_capture_on_commit_callbacks(execute=True):
        saved = client.post(f"/t/{card.access_token}/games/{game.pk}/hands/", _form_data(hand, save="1"))
    assert saved.status_code == 302, saved.content.decode()[:3000]
    game.refresh_from_db()
    assert game.totals == scores and game.game_over  # one hand a round
    winner = max(scores, key=lambda side: scores[side])
    for seat in game.table.seats.all():
        row = Standing.objects.get(event=event, player=seat.player)
        assert row.points_for == scores[seat.side]
        assert (row.wins, row.losses) == ((1, 0) if seat.side == winner else (0, 1))
    # Rated as OpenSkill models the game (one against one, free-for-all, teams of any size): from
    # equal ratings, every winner rises above every loser.
    rated = {
        r.player_id: r.mu
        for r in Rating.objects.filter(player__in=[s.player for s in game.table.seats.all()])
    }
    assert len(rated) == size
    won = [rated[s.player_id] for s in game.table.seats.all() if s.side == winner]
    lost = [rated[s.player_id] for s in game.table.seats.all() if s.side != winner]
    assert min(won) > max(lost)


def test_a_variant_is_not_seated_at_a_table_it_is_not_played_at(club, players):
    with pytest.raises(ValidationError) as refused:
        services.event_create(
            club=club,
            asked=services.EventInput(
                name="x", date=EVENT_DATE, variant="modern-american", table_shape="3+3", players=players[:12]
            ),
        )
    assert refused.value.message_dict["table_shape"] == [
        "Modern American Canasta is not played at this table; it is played by: 4 players in two partnerships."
    ]
    with pytest.raises(ValidationError) as refused:
        services.event_create(
            club=club,
            asked=services.EventInput(
                name="x",
                date=EVENT_DATE,
                variant="modern-american",
                five_player_tables=True,
                players=players[:9],
            ),
        )
    assert "five_player_tables" in refused.value.message_dict
    with pytest.raises(ValidationError) as refused:
        services.event_create(
            club=club,
            asked=services.EventInput(name="x", date=EVENT_DATE, variant="classic-6p", players=players[:5]),
        )
    assert refused.value.message_dict["players"] == ["An event needs at least 6 players; 5 are chosen."]


def test_thirteen_players_with_a_table_of_five(client, club, players, django_capture_on_commit_callbacks):
    # 13 = 4 + 4 + 5: nobody sits out; the table of five plays classic-5p, two of its side of
    # three each hand, the first listed sitting out hand 1, the second hand 2 (rules.md §6).
    event = services.event_create(
        club=club,
        asked=services.EventInput(
            name="Thirteen",
            date=EVENT_DATE,
            variant="classic",
            hands_per_round=3,
            five_player_tables=True,
            players=players[:13],
        ),
    )
    seen_at_five: list[set[int]] = []
    for _round in (1, 2, 3):
        with django_capture_on_commit_callbacks(execute=True):
            round_ = services.round_start(event=event, end_unfinished=True)
        assert not round_.sit_outs.exists()
        games = list(Game.objects.filter(table__round=round_).prefetch_related("table__seats__player"))
        assert sorted(len(g.table.seats.all()) for g in games) == [4, 4, 5]
        five = next(g for g in games if len(g.table.seats.all()) == 5)
        assert five.variant == "classic-5p" and five.sides == ["A", "B"] and five.players == 2
        seen_at_five.append({seat.player_id for seat in five.table.seats.all()})
    # Nobody at the table of five twice before all 13 have been: rounds 1 and 2 seat 10
    # different players, round 3 the 3 left and 2 of the others.
    everyone = {p.pk for p in players[:13]}
    assert not seen_at_five[0] & seen_at_five[1]
    assert everyone - seen_at_five[0] - seen_at_five[1] <= seen_at_five[2]

    trio = [s.player for s in sorted(five.table.seats.filter(side="A"), key=lambda s: s.position)]
    card = TableCard.objects.get(event=event, number=five.table.number)
    page = client.get(f"/t/{card.access_token}/").content.decode()
    assert f"Hand 1: <bdi>{trio[0].name}</bdi> sits out." in page
    hand, scores = FIVE
    for n in (1, 2):
        data = {
            **_form_data(hand, save="1"),
            "number": str(n),
            "submission_id": f"6f1c2a1e-2b51-4f0a-9d3c-5a0f5d8c7e3{n}",
        }
        with django_capture_on_commit_callbacks(execute=True):
            assert client.post(f"/t/{card.access_token}/games/{five.pk}/hands/", data).status_code == 302
    assert [h.sat_out for h in five.hands.order_by("number")] == trio[:2]
    page = client.get(f"/t/{card.access_token}/").content.decode()
    assert f"Hand 3: <bdi>{trio[2].name}</bdi> sits out." in page
    # Every player of a side takes the side's result, the one sitting out too (the games of
    # rounds 1 and 2 were ended with no hand: 0 points).
    for seat in five.table.seats.all():
        row = Standing.objects.get(event=event, player=seat.player)
        assert row.points_for == 2 * scores[seat.side], seat.side


def test_the_director_changes_who_sat_out_and_the_turns_follow(
    client, club, players, alice, django_capture_on_commit_callbacks
):
    _event, round_ = _night(club, players, django_capture_on_commit_callbacks, "classic-5p", "", 5)
    game = Game.objects.get(table__round=round_)
    game.hands_planned = None
    game.save(update_fields=["hands_planned"])
    trio = [s.player for s in sorted(game.table.seats.filter(side="A"), key=lambda s: s.position)]
    with django_capture_on_commit_callbacks(execute=True):
        first = services.hand_record(game=game, asked=services.HandInput(number=1, entries=FIVE[0]))
    assert first.sat_out == trio[0]
    with pytest.raises(ValidationError):
        services.hand_sat_out_set(hand=first, player_id=trio[2].pk, by=None)  # not a director
    client.force_login(alice)
    client.post(f"/games/{game.pk}/hands/sat-out/", {"number": "1", "sat_out": str(trio[2].pk)})
    first.refresh_from_db()
    assert first.sat_out == trio[2]
    # The next hands even it out: the two who have not sat out yet, in the table's order.
    game.refresh_from_db()
    with django_capture_on_commit_callbacks(execute=True):
        second = services.hand_record(game=game, asked=services.HandInput(number=2, entries=FIVE[0]))
        third = services.hand_record(
            game=Game.objects.get(pk=game.pk), asked=services.HandInput(number=3, entries=FIVE[0])
        )
    assert (second.sat_out, third.sat_out) == (trio[0], trio[1])
    refused = client.post(
        f"/games/{game.pk}/hands/sat-out/", {"number": "2", "sat_out": "999999"}, follow=True
    )
    assert "Choose a player of the side of three at this table." in refused.content.decode()


def test_the_room_s_printouts_and_exports_show_a_table_of_five_as_it_is(
    client, alice, club, players, django_capture_on_commit_callbacks
):
    event = services.event_create(
        club=club,
        asked=services.EventInput(
            name="Nine", date=EVENT_DATE, variant="classic", five_player_tables=True, players=players[:9]
        ),
    )
    with django_capture_on_commit_callbacks(execute=True):
        round_ = services.round_start(event=event)
    five = next(g for g in Game.objects.filter(table__round=round_) if g.table.seats.count() == 5)
    with django_capture_on_commit_callbacks(execute=True):
        services.hand_record(game=five, asked=services.HandInput(number=1, entries=FIVE[0]))
    client.force_login(alice)
    sheet = client.get(f"/events/{event.pk}/rounds/1/sheet/").content.decode()
    for seat in five.table.seats.all():  # each player of the five by side and numbered seat
        assert seat.side in ("A", "B") and f"Seat {seat.position}" in sheet
    cards = client.get(f"/events/{event.pk}/rounds/1/cards/").content.decode()
    assert "A · hand" in cards and "B · hand" in cards  # the paper grid has a column per side
    five_card = cards[cards.index(f'id="card-{five.table.number}"') :]
    five_card = five_card[: five_card.index("</article>")]
    first = min(five.table.seats.filter(side="A"), key=lambda seat: seat.position).player.name
    assert "Classic Canasta for 5 players (three against two)" in five_card  # the table's own game
    assert f"Side A has three players: one sits out each hand, in turn, <bdi>{first}</bdi> first" in five_card
    four = next(g for g in Game.objects.filter(table__round=round_) if g.pk != five.pk)
    four_card = cards[cards.index(f'id="card-{four.table.number}"') :]
    assert "Classic Canasta (4 players, 2 partnerships)" in four_card[: four_card.index("</article>")]
    board = client.get(f"/events/{event.pk}/board/")
    assert board.status_code == 200
    standings = client.get(f"/events/{event.pk}/standings/?_export=csv").content.decode()
    trio = [s.player.name for s in five.table.seats.filter(side="A")]
    assert all(name in standings for name in trio)


def test_a_final_table_of_a_six_player_event_seats_six(
    client, club, players, alice, django_capture_on_commit_callbacks
):
    # German clubs: drawn tables of six, then the best to a final table (rules.md; issue 14).
    from tournaments import selectors
    from tournaments.models import Stage

    event, round_ = _night(club, players, django_capture_on_commit_callbacks, "classic-6p", "", 12)
    services.stage_add(event=event, name="Heats", kind=Stage.Kind.ROUNDS, planned_rounds=1)
    with pytest.raises(ValidationError) as refused:
        services.stage_add(
            event=event,
            name="Final",
            kind=Stage.Kind.FINAL_TABLE,
            qualify=Stage.Qualify.BEST,
            qualifiers=4,
            planned_rounds=1,
        )
    assert refused.value.message_dict["qualifiers"] == [
        "A final table seats 6 players a table: choose a multiple of 6."
    ]
    final = services.stage_add(
        event=event,
        name="Final",
        kind=Stage.Kind.FINAL_TABLE,
        qualify=Stage.Qualify.BEST,
        qualifiers=6,
        planned_rounds=1,
    )
    with django_capture_on_commit_callbacks(execute=True):
        for game in Game.objects.filter(table__round=round_):
            services.hand_record(game=game, asked=services.HandInput(number=1, entries=SIX_TWO_TEAMS[0]))
    proposed = selectors.event_stages_overview(event=event).proposal.proposed
    services.stage_entrants_confirm(stage=final, entrants=proposed, by=alice)
    with django_capture_on_commit_callbacks(execute=True):
        final_round = services.round_start(event=event)
    game = Game.objects.get(table__round=final_round)
    assert game.variant == "classic-6p" and game.sides == ["A", "B"]
    assert {seat.player_id for seat in game.table.seats.all()} == set(proposed)


@pytest.mark.parametrize(
    ("sat_out", "next_one"),
    [
        ([], 1),  # hand 1: the first listed
        ([1], 2),
        ([1, 2], 3),
        ([1, 2, 3], 1),  # round again
        ([3], 1),  # the director said the third sat out hand 1: the first, then the second
        ([3, 1], 2),
        ([1, 3], 2),  # hand 2 changed to the third: the second has not sat out yet
        ([1, 1], 2),  # the first twice: the second, then the third
        ([1, 1, 2], 3),
    ],
)
def test_who_sits_out_next_at_a_table_of_five(sat_out, next_one):
    from tournaments.domain.table_shapes import next_sitting_out

    assert next_sitting_out((1, 2, 3), sat_out) == next_one


@pytest.mark.parametrize(
    ("variant", "shape", "game"),
    [
        ("classic", "3+3", "classic-6p"),
        ("classic", "2+2+2", "classic-6p"),
        ("classic", "1+1", "classic-2p"),
        ("classic", "1+1+1", "classic-3p"),
        ("classic", "3+2", "classic-5p"),
        ("uruguayan", "1+1", "classic-2p"),  # Uruguayan is Classic (rules.md §1.12)
        ("samba", "1+1", "samba"),  # Samba is played by two itself
    ],
)
def test_classic_at_another_table_is_its_game_for_that_many(club, players, variant, shape, game):
    event = services.event_create(
        club=club,
        asked=services.EventInput(
            name="x", date=EVENT_DATE, variant=variant, table_shape=shape, players=players[:12]
        ),
    )
    assert (event.variant, event.table_shape) == (game, shape)
