"""Late arrivals, withdrawals and the missed-round policy, through the services."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.support.factories import EVENT_DATE
from tests.support.hands import HAND_A
from tournaments import services
from tournaments.domain.missed_rounds import AVERAGE, NOTHING, SIT_OUT_SCORE, missed_round_credits
from tournaments.domain.standings import Credit, StandingRow
from tournaments.models import Event, Game, Participant, Round, Seat, Standing
from tournaments.selectors import round_seating

# --- the policy, pure ------------------------------------------------------------------------


def test_nothing_credits_nothing():
    assert missed_round_credits(NOTHING, [StandingRow(player=1, games=2, victory_points=4)], {1: 1}) == {}


def test_the_sit_out_score_is_per_missed_round():
    assert missed_round_credits(SIT_OUT_SCORE, [], {1: 2, 2: 0}, sit_out_victory_points=1) == {
        1: Credit(victory_points=2)
    }


def test_the_average_is_the_players_victory_points_per_game_rounded_half_up():
    rows = [
        StandingRow(player=1, games=3, victory_points=4),  # 4/3 per game: 1.33 -> 1
        StandingRow(player=2, games=2, victory_points=3),  # 1.5 -> 2
        StandingRow(player=3, games=0),  # nothing to average yet
    ]
    credits = missed_round_credits(AVERAGE, rows, {1: 1, 2: 1, 3: 1})
    assert credits == {1: Credit(victory_points=1), 2: Credit(victory_points=2)}
    assert missed_round_credits(AVERAGE, rows[:1], {1: 3}) == {1: Credit(victory_points=4)}


# --- through the services --------------------------------------------------------------------

pytestmark_db = pytest.mark.django_db


def _night(club, players, count, **kwargs) -> Event:
    return services.event_create(
        club=club,
        asked=services.EventInput(
            name="Night",
            date=EVENT_DATE,
            variant="classic",
            hands_per_round=1,
            players=players[:count],
            **kwargs,
        ),
    )


def _play_round(event, capture) -> Round:
    with capture(execute=True):
        round_ = services.round_start(event=event)
    round_.refresh_from_db()
    assert round_.status == Round.Status.SEATED, round_.seating_error
    with capture(execute=True):
        for game in Game.objects.filter(table__round=round_):
            services.hand_record(game=game, asked=services.HandInput(number=1, entries=HAND_A))
    return round_


def _standing(event, player) -> Standing:
    return Standing.objects.get(event=event, player=player)


@pytestmark_db
@pytest.mark.parametrize(("policy", "credit"), [(NOTHING, 0), (SIT_OUT_SCORE, 1)])
def test_a_late_arrival_is_in_the_standings_at_once_with_the_policys_credit(
    club, players, django_capture_on_commit_callbacks, policy, credit
):
    event = _night(club, players, 8, missed_round_policy=policy)
    _play_round(event, django_capture_on_commit_callbacks)
    late = players[8]
    with django_capture_on_commit_callbacks(execute=True):
        services.participant_set_present(event=event, player=late, present=True)
    row = _standing(event, late)
    assert (row.games, row.victory_points, row.points_for) == (0, credit, 0)


@pytestmark_db
def test_the_average_policy_credits_a_late_player_once_they_have_played(
    club, players, django_capture_on_commit_callbacks
):
    event = _night(club, players, 8, missed_round_policy=AVERAGE)
    _play_round(event, django_capture_on_commit_callbacks)
    late = players[8]
    with django_capture_on_commit_callbacks(execute=True):
        services.participant_set_present(event=event, player=late, present=True)
    assert _standing(event, late).victory_points == 0  # nothing to average yet
    second = _play_round(event, django_capture_on_commit_callbacks)
    if second.sit_outs.filter(player=late).exists():
        second = _play_round(event, django_capture_on_commit_callbacks)
    row = _standing(event, late)
    side = Seat.objects.get(table__round=second, player=late).side
    won = side == "NS"  # HAND_A: NS wins every game
    assert row.games == 1
    # The missed round 1 is worth the average of the one game: 2 if it was won, 0 if lost.
    played_vp = 2 if won else 0
    assert row.victory_points == played_vp + played_vp


@pytestmark_db
def test_a_withdrawal_keeps_every_result_and_repeats_no_partner(
    club, players, django_capture_on_commit_callbacks
):
    """Nine players: after round 2 one leaves; eight play on, and nobody partners twice."""
    event = _night(club, players, 9)
    for _ in range(2):
        _play_round(event, django_capture_on_commit_callbacks)
    leaving = Seat.objects.filter(table__round__event=event, table__round__number=2).first().player
    before = _standing(event, leaving)
    seats_before = Seat.objects.filter(player=leaving, table__round__event=event).count()
    with django_capture_on_commit_callbacks(execute=True):
        services.participant_withdraw(event=event, player=leaving)
    participant = Participant.objects.get(event=event, player=leaving)
    assert (participant.present, participant.withdrawn_after_round) == (False, 2)
    for _ in range(3):
        round_ = _play_round(event, django_capture_on_commit_callbacks)
        assert not round_.tables.filter(seats__player=leaving).exists()
        assert not round_.sit_outs.filter(player=leaving).exists()
    after = _standing(event, leaving)
    assert (after.games, after.victory_points, after.points_for) == (
        before.games,
        before.victory_points,
        before.points_for,
    )
    assert Seat.objects.filter(player=leaving, table__round__event=event).count() == seats_before
    partners: Counter = Counter()
    for table in event.rounds.all().prefetch_related("tables__seats"):
        for t in table.tables.all():
            for side in ("NS", "EW"):
                pair = tuple(sorted(s.player_id for s in t.seats.all() if s.side == side))
                partners[pair] += 1
    assert max(partners.values()) == 1


@pytestmark_db
def test_rounds_after_a_withdrawal_are_not_missed_rounds(club, players, django_capture_on_commit_callbacks):
    event = _night(club, players, 8, missed_round_policy=SIT_OUT_SCORE)
    _play_round(event, django_capture_on_commit_callbacks)
    leaving = players[0]
    with django_capture_on_commit_callbacks(execute=True):
        services.participant_withdraw(event=event, player=leaving)
        services.participant_set_present(event=event, player=players[8], present=True)  # keeps it 8
    vp = _standing(event, leaving).victory_points
    _play_round(event, django_capture_on_commit_callbacks)
    assert _standing(event, leaving).victory_points == vp


@pytestmark_db
@pytest.mark.parametrize(("format", "rounds_after"), [(Event.Format.SWISS, 2), (Event.Format.ROUND_ROBIN, 3)])
def test_a_partnership_withdrawal_causes_no_rematch(
    club, players, format, rounds_after, django_capture_on_commit_callbacks
):
    """Six pairs, two rounds, then pair 6 leaves: the five others play on without a rematch
    (a Swiss of five over five rounds can exhaust its pairings; two more rounds cannot)."""
    event = _night(club, players, 12, format=format)  # six pairs
    for _ in range(2):
        _play_round(event, django_capture_on_commit_callbacks)
    pair = event.pairs.select_related("partnership").get(number=6)
    with django_capture_on_commit_callbacks(execute=True):
        services.participant_withdraw(event=event, player=pair.partnership.first)
    pair_of = {
        player: p.number
        for p in event.pairs.select_related("partnership")
        for player in (p.partnership.first_id, p.partnership.second_id)
    }
    byes: Counter = Counter()
    met: Counter = Counter()
    for _ in range(rounds_after):
        round_ = _play_round(event, django_capture_on_commit_callbacks)
        assert round_.sit_outs.count() == 2  # one pair of five has the bye
        byes.update({pair_of[p] for p in round_.sit_outs.values_list("player_id", flat=True)})
    for round_ in event.rounds.prefetch_related("tables__seats"):
        for table in round_.tables.all():
            met[frozenset(pair_of[s.player_id] for s in table.seats.all())] += 1
    assert max(met.values()) == 1
    assert 6 not in byes
    assert max(byes.values()) == 1


@pytestmark_db
def test_a_twenty_player_night_with_a_late_arrival_and_a_withdrawal(
    club, players, django_capture_on_commit_callbacks
):
    """20 players, 4 rounds; a 21st arrives after round 2, one player leaves after round 3."""
    from tests.support.factories import PlayerFactory

    field = players + [PlayerFactory(club=club, name=f"Player {n:02d}") for n in range(17, 22)]
    event = _night(club, field, 20)
    late, leaver = field[20], field[3]
    expected_present = []
    rounds = []
    for number in range(1, 5):
        if number == 3:
            with django_capture_on_commit_callbacks(execute=True):
                services.participant_set_present(event=event, player=late, present=True)
        if number == 4:
            with django_capture_on_commit_callbacks(execute=True):
                services.participant_withdraw(event=event, player=leaver)
        present = {p.pk for p in field[:20]} | ({late.pk} if number >= 3 else set())
        expected_present.append(present - ({leaver.pk} if number == 4 else set()))
        rounds.append(_play_round(event, django_capture_on_commit_callbacks))

    partnerships: Counter[tuple[int, ...]] = Counter()
    for round_, present in zip(rounds, expected_present, strict=True):
        seated = list(Seat.objects.filter(table__round=round_).values_list("player_id", flat=True))
        out = list(round_.sit_outs.values_list("player_id", flat=True))
        assert sorted(seated + out) == sorted(present), f"round {round_.number}"
        played = round_seating(round=round_)
        partnerships.update(tuple(sorted(side)) for table in played.tables for side in table.sides)
    assert max(partnerships.values()) == 1  # no partnership repeats

    # The leaver's three rounds stay in the standings; the late player is ranked too.
    leaver_games = Game.objects.filter(table__round__event=event, table__seats__player=leaver).count()
    standing = _standing(event, leaver)
    assert standing.games == leaver_games >= 2  # at most one sit-out in three rounds
    assert Participant.objects.get(event=event, player=leaver).withdrawn_after_round == 3
    assert _standing(event, late).games >= 1
    assert Standing.objects.filter(event=event).count() == 21
