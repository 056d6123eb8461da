"""Standings per pair in fixed-partnership events: the pure ranking of pairs
(tournaments.domain.standings.rank_pairs), and the claim it rests on, that partners' rows are
always equal, tried through a whole Swiss night with a bye, a late pair, a withdrawal, a pair
marked absent and a swap; then the page, the download and the API show a row per pair."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from rest_framework.test import APIClient

from clubs.services import pair_requests_from_text
from tests.support.factories import EVENT_DATE
from tests.support.hands import HAND_A
from tests.support.tables import _csv_rows, _page_rows
from tournaments import selectors, services
from tournaments.domain.standings import StandingRow, rank_pairs
from tournaments.models import Event, Game, Round, Seat, Standing
from tournaments.services import round_tools

# --- the ranking of pairs, pure ---------------------------------------------------------------


def _row(player: int, vp: int, points_for: int, points_against: int, games: int = 1) -> StandingRow:
    return StandingRow(
        player=player, games=games, victory_points=vp, points_for=points_for, points_against=points_against
    )


def test_pairs_are_ranked_among_themselves_with_the_partners_shared_figures():
    rows = [
        _row(1, 2, 900, 600),  # pair 1: 2 VP, difference +300
        _row(2, 2, 900, 600),
        _row(3, 2, 700, 300),  # pair 2: 2 VP, difference +400
        _row(4, 2, 700, 300),
        _row(5, 0, 100, 900),  # pair 3: 0 VP
        _row(6, 0, 100, 900),
    ]
    ranked = rank_pairs(rows, {1: (1, 2), 2: (3, 4), 3: (5, 6)})
    # Equal on victory points, pair 2 is ahead on the first tie-break (point difference);
    # the ranks count pairs (1, 2, 3), not players (1, 1, 3, 3, 5, 5).
    assert [(r.rank, r.pair, r.victory_points, r.separated_by) for r in ranked] == [
        (1, 2, 2, "point_difference"),
        (2, 1, 2, "victory_points"),
        (3, 3, 0, ""),
    ]
    assert ranked[0].points_for == 700 and ranked[0].players == (3, 4)
    assert not any(r.partners_differ for r in ranked)


def test_pairs_equal_on_everything_share_a_rank_and_are_listed_by_number():
    rows = [_row(p, 1, 500, 500) for p in (1, 2, 3, 4)] + [_row(p, 0, 0, 0, games=0) for p in (5, 6)]
    ranked = rank_pairs(rows, {3: (5, 6), 2: (3, 4), 1: (1, 2)})
    # Pair 3 has no game yet: listed apart, after the pairs with one.
    assert [(r.rank, r.pair, r.separated_by) for r in ranked] == [
        (1, 1, "tied"),
        (1, 2, "played"),
        (3, 3, ""),
    ]


def test_partners_whose_rows_differ_are_marked_and_the_pair_takes_the_first_players():
    ranked = rank_pairs([_row(1, 2, 900, 600), _row(2, 0, 600, 900)], {1: (1, 2)})
    assert (ranked[0].victory_points, ranked[0].points_for, ranked[0].partners_differ) == (2, 900, True)


# --- a whole night through the services -------------------------------------------------------

pytestmark_db = pytest.mark.django_db


def _swiss(club, players, pairs: int, **options) -> Event:
    text = "\n".join(f"{players[2 * n].name} & {players[2 * n + 1].name}" for n in range(pairs))
    return services.event_create(
        club=club,
        asked=services.EventInput(
            name="Pairs",
            date=EVENT_DATE,
            variant="classic",
            hands_per_round=1,
            format=Event.Format.SWISS,
            players=[],
            pairs=pair_requests_from_text(text),
            **options,
        ),
    )


def _seat(event, capture) -> Round:
    with capture(execute=True):
        round_ = services.round_start(event=event)
    round_.refresh_from_db()
    assert round_.status == Round.Status.SEATED, round_.seating_error
    return round_


def _play(round_, capture) -> None:
    with capture(execute=True):
        for game in Game.objects.filter(table__round=round_):
            services.hand_record(game=game, asked=services.HandInput(number=1, entries=HAND_A))


def _partners_equal(event) -> None:
    figures = (
        "games",
        "wins",
        "draws",
        "losses",
        "victory_points",
        "points_for",
        "points_against",
        "finished_points",
        "match_points",
    )
    rows = {s.player_id: s for s in Standing.objects.filter(event=event)}
    for pair in event.pairs.select_related("partnership"):
        first, second = rows[pair.partnership.first_id], rows[pair.partnership.second_id]
        assert [getattr(first, f) for f in figures] == [getattr(second, f) for f in figures], pair.number


@pytestmark_db
def test_partners_rows_stay_equal_through_byes_arrivals_withdrawals_absences_and_swaps(
    club, players, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    event = _swiss(club, players, 5, missed_round_policy=Event.MissedRounds.AVERAGE)
    one = _seat(event, capture)
    assert one.sit_outs.count() == 2  # five pairs: one has the bye
    _play(one, capture)
    _partners_equal(event)

    with capture(execute=True):  # a late pair, then pair 2 marked absent by one of its players
        services.participant_add(event=event, player=players[10], partner=players[11])
        pair_two = event.pairs.select_related("partnership").get(number=2)
        services.participant_set_present(event=event, player=pair_two.partnership.second, present=False)
    two = _seat(event, capture)
    seated = set(Seat.objects.filter(table__round=two).values_list("player_id", flat=True))
    assert not seated & {pair_two.partnership.first_id, pair_two.partnership.second_id}
    _play(two, capture)
    _partners_equal(event)

    with capture(execute=True):  # pair 2 back, pair 1 leaves (named by its second player)
        services.participant_set_present(event=event, player=pair_two.partnership.first, present=True)
        pair_one = event.pairs.select_related("partnership").get(number=1)
        services.participant_withdraw(event=event, player=pair_one.partnership.second)
    three = _seat(event, capture)
    # A swap of two players of different pairs moves both pairs.
    seated = list(Seat.objects.filter(table__round=three).order_by("table__number", "position"))
    one_seat, other_seat = seated[0], next(s for s in seated if s.table_id != seated[0].table_id)
    with capture(execute=True):
        round_tools.seats_swap(round=three, first=one_seat.player, second=other_seat.player)
    _play(three, capture)
    _partners_equal(event)

    pairs = selectors.event_pair_standings(event=event)
    assert [row.rank for row in pairs] == sorted(row.rank for row in pairs)
    assert len(pairs) == 6 and not any(row.partners_differ for row in pairs)
    assert Standing.objects.filter(event=event).count() == 12


@pytestmark_db
def test_a_swap_in_a_pair_event_moves_both_pairs_and_keeps_partners_at_one_side(
    club, players, django_capture_on_commit_callbacks
):
    event = _swiss(club, players, 4)
    round_ = _seat(event, django_capture_on_commit_callbacks)
    before = {s.player_id: (s.table_id, s.side, s.position) for s in Seat.objects.filter(table__round=round_)}
    pairs = {p.number: p.partnership for p in event.pairs.select_related("partnership")}
    a = pairs[1]
    b = next(p for p in pairs.values() if before[p.first_id][0] != before[a.first_id][0])  # another table
    round_tools.seats_swap(round=round_, first=a.first, second=b.first)
    after = {s.player_id: (s.table_id, s.side, s.position) for s in Seat.objects.filter(table__round=round_)}
    # First with first, partner with partner: each takes the other's seat.
    assert after[a.first_id] == before[b.first_id] and after[b.first_id] == before[a.first_id]
    assert after[a.second_id] == before[b.second_id] and after[b.second_id] == before[a.second_id]
    assert all(
        after[p] == before[p] for p in before if p not in (a.first_id, a.second_id, b.first_id, b.second_id)
    )


@pytestmark_db
def test_a_swap_within_one_pair_is_refused(club, players, django_capture_on_commit_callbacks):
    event = _swiss(club, players, 2)
    round_ = _seat(event, django_capture_on_commit_callbacks)
    pair = event.pairs.select_related("partnership").get(number=1).partnership
    with pytest.raises(ValidationError, match="Both are in pair 1"):
        round_tools.seats_swap(round=round_, first=pair.first, second=pair.second)


# --- the page, the download and the API -------------------------------------------------------


@pytest.fixture
def night(club, players, django_capture_on_commit_callbacks):
    """Three pairs (players 1 & 2, 3 & 4, 5 & 6), sit-out score 1 VP; round 1 seated and played:
    one table (NS wins HAND_A, 1685 to 485), one pair with the bye."""
    event = _swiss(club, players, 3, missed_round_policy=Event.MissedRounds.SIT_OUT_SCORE)
    round_ = _seat(event, django_capture_on_commit_callbacks)
    _play(round_, django_capture_on_commit_callbacks)
    return event


def _pair_numbers(event) -> dict[str, int]:
    """'NS', 'EW' and 'bye' -> the pair that sat there in round 1."""
    numbers = selectors.event_pair_numbers(event=event)
    round_ = event.rounds.get(number=1)
    found = {seat.side: numbers[seat.player_id] for seat in Seat.objects.filter(table__round=round_)}
    found["bye"] = numbers[round_.sit_outs.first().player_id]
    return found


@pytestmark_db
def test_the_pair_standings_by_hand(night, django_assert_num_queries):
    at = _pair_numbers(night)
    with django_assert_num_queries(2):
        rows = selectors.event_pair_standings(event=night)
    # NS won: 2 VP, 1685 for, 485 against. The bye: the sit-out score, 1 VP, no game.
    # EW lost: 0 VP. So NS, the bye, EW, each ahead of the next on victory points.
    assert [
        (r.rank, r.pair, r.victory_points, r.games, r.points_for, r.point_difference, r.separated_by)
        for r in rows
    ] == [
        (1, at["NS"], 2, 1, 1685, 1200, "victory_points"),
        (2, at["bye"], 1, 0, 0, 0, "victory_points"),
        (3, at["EW"], 0, 1, 485, -1200, ""),
    ]


@pytestmark_db
def test_the_standings_page_and_its_download_have_a_row_per_pair(client, night, players, bob):
    at = _pair_numbers(night)
    names = {1: "Player 01 & Player 02", 2: "Player 03 & Player 04", 3: "Player 05 & Player 06"}
    client.force_login(bob)
    html = client.get(f"/events/{night.pk}/standings/").content.decode()
    rows = _page_rows(html, "standings")
    assert rows[0][:3] == ["Rank", "Pair", "Players"]
    assert [row[:4] for row in rows[1:]] == [
        ["1", str(at["NS"]), names[at["NS"]], "2"],
        ["2", str(at["bye"]), names[at["bye"]], "1"],
        ["3", str(at["EW"]), names[at["EW"]], "0"],
    ]
    assert "<bdi>Player 01</bdi> &amp; <bdi>Player 02</bdi>" in html
    download = _csv_rows(client.get(f"/events/{night.pk}/standings/?_export=csv").content)
    assert download == rows
    # A name filter keeps the pair of that player, with its rank in the whole table.
    rank_of = {row[1]: row[0] for row in rows[1:]}
    page = client.get(f"/events/{night.pk}/standings/?player=PLAYER 04").content.decode()
    assert [row[:2] for row in _page_rows(page, "standings")[1:]] == [[rank_of["2"], "2"]]


@pytestmark_db
def test_the_api_gives_the_standings_per_pair(night, players, bob):
    at = _pair_numbers(night)
    client = APIClient()
    client.force_authenticate(bob)
    response = client.get(f"/api/v1/events/{night.pk}/standings/")
    assert response.status_code == 200
    body = response.json()
    assert [(row["rank"], row["pair"], row["victory_points"], row["points_against"]) for row in body] == [
        (1, at["NS"], 2, 485),
        (2, at["bye"], 1, 0),
        (3, at["EW"], 0, 1685),
    ]
    first, second = players[2 * at["NS"] - 2], players[2 * at["NS"] - 1]
    assert body[0]["players"] == [
        {"id": first.pk, "name": first.name},
        {"id": second.pk, "name": second.name},
    ]
    assert body[0]["point_difference"] == 1200 and body[0]["separated_by"] == "victory_points"


@pytestmark_db
def test_the_api_gives_an_individual_events_standings_per_player(league_night, bob):
    client = APIClient()
    client.force_authenticate(bob)
    services.standings_rebuild(event_id=league_night.pk)
    body = client.get(f"/api/v1/events/{league_night.pk}/standings/").json()
    assert len(body) == 8 and {row["pair"] for row in body} == {None}
    assert all(len(row["players"]) == 1 for row in body)


@pytestmark_db
def test_the_event_page_lists_pairs_their_byes_and_tables(client, night, alice):
    at = _pair_numbers(night)
    client.force_login(alice)
    html = client.get(f"/events/{night.pk}/").content.decode()
    bye_names = {
        1: "Player 01</bdi> &amp; <bdi>Player 02",
        2: "Player 03</bdi> &amp; <bdi>Player 04",
        3: "Player 05</bdi> &amp; <bdi>Player 06",
    }
    assert (
        f'Sitting out: <span class="pair-number">Pair {at["bye"]}:</span> <bdi>{bye_names[at["bye"]]}</bdi>'
        in html
    )
    assert '<section class="card" id="pairs">' in html and "<h2>Players</h2>" not in html
    assert html.count("withdraw the pair") == 3
    assert "3 pairs present" in html and "one pair has a bye each round" in html
    assert f'<span class="pair-number">Pair {at["NS"]}:</span>' in html
