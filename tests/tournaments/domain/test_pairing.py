"""Fixed-partnership pairing: Swiss, round robin and Mitchell. No database.

The properties are counted here from the pairings themselves.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from tournaments.domain.pairing import (
    BYE,
    CLUB_AVOIDED,
    NORMAL,
    PULLED_UP,
    REMATCH,
    REMATCH_AVOIDED,
    Pairing,
    club_meetings,
    drop_withdrawn,
    meeting,
    mitchell_round,
    round_robin_round,
    swiss_round,
)


def _check_round(pairings: list[Pairing], field: list[int]) -> None:
    seated = [p for pairing in pairings for p in (pairing.ns, pairing.ew) if p is not None]
    assert sorted(seated) == sorted(field), "every partnership plays or has the bye, once"
    assert sum(p.is_bye for p in pairings) == len(field) % 2


def _swiss_event(field: list[int], rounds: int, seed: int) -> tuple[Counter, Counter, list[list[Pairing]]]:
    """Play `rounds` Swiss rounds with random results; returns meetings, byes and the rounds."""
    rng = random.Random(seed)
    points = Counter({p: 0 for p in field})
    met: Counter = Counter()
    byes: Counter = Counter()
    played = []
    for _ in range(rounds):
        ranking = sorted(field, key=lambda p: (-points[p], p))
        pairings = swiss_round(ranking, met, byes)
        _check_round(pairings, field)
        for pairing in pairings:
            if pairing.is_bye:
                byes[pairing.ns] += 1
                points[pairing.ns] += 1
            else:
                met[meeting(pairing.ns, pairing.ew)] += 1
                points[rng.choice((pairing.ns, pairing.ew))] += 2
        played.append(pairings)
    return met, byes, played


@pytest.mark.parametrize("size", [5, 7, 9, 13])
def test_swiss_byes_never_go_twice_to_one_partnership_while_others_have_had_none(size):
    field = list(range(1, size + 1))
    for seed in range(5):
        _met, _byes, played = _swiss_event(field, size + 3, seed)
        byes: Counter = Counter()
        for pairings in played:
            (bye,) = [p.ns for p in pairings if p.is_bye]
            if byes[bye] > 0:
                assert all(byes[p] > 0 for p in field), f"{bye} had a second bye before all had one"
            byes[bye] += 1
        assert max(byes.values()) - min(byes[p] for p in field) <= 1


def test_swiss_the_bye_goes_to_the_lowest_ranked_partnership_without_one():
    pairings = swiss_round([1, 2, 3, 4, 5], byes={5: 1})
    assert pairings[-1] == Pairing(4, None, BYE)


def _rematch_free_pairing_exists(field: list[int], met: Counter) -> bool:
    if not field:
        return True
    first, rest = field[0], field[1:]
    return any(
        not met[meeting(first, other)] and _rematch_free_pairing_exists([p for p in rest if p != other], met)
        for other in rest
    )


@pytest.mark.parametrize(("size", "rounds"), [(8, 5), (10, 6), (11, 7), (6, 5), (7, 6)])
def test_swiss_pairs_a_rematch_only_when_no_pairing_without_one_exists(size, rounds):
    field = list(range(1, size + 1))
    rematches = 0
    for seed in range(6):
        _met, _byes, played = _swiss_event(field, rounds, seed)
        seen: Counter = Counter()
        for pairings in played:
            playing = [p for pairing in pairings if not pairing.is_bye for p in (pairing.ns, pairing.ew)]
            if any(p.reason == REMATCH for p in pairings):
                rematches += 1
                assert not _rematch_free_pairing_exists(sorted(playing), seen)
            for p in pairings:
                if not p.is_bye:
                    assert (p.reason == REMATCH) == bool(seen[meeting(p.ns, p.ew)])
                    seen[meeting(p.ns, p.ew)] += 1
    if size >= 8:
        assert rematches == 0


def test_swiss_pairs_by_the_standings_when_nothing_stands_in_the_way():
    pairings = swiss_round([4, 2, 7, 1, 3, 9])
    assert pairings == [Pairing(4, 2), Pairing(7, 1), Pairing(3, 9)]


def test_swiss_says_why_a_pairing_leaves_the_standings_order():
    # 1 and 2 met already: 1 plays 3 (rematch avoided), 2 is pulled up against 4... or the
    # matching swaps the other way; either way no rematch and each pairing has its reason.
    pairings = swiss_round([1, 2, 3, 4], met={meeting(1, 2)})
    assert {meeting(p.ns, p.ew) for p in pairings} == {meeting(1, 3), meeting(2, 4)}
    reasons = {p.ns: p.reason for p in pairings}
    assert reasons == {1: REMATCH_AVOIDED, 2: REMATCH_AVOIDED}

    pairings = swiss_round([1, 2, 3, 4, 5, 6], met={meeting(3, 4), meeting(3, 5), meeting(4, 6)})
    # The smallest total of squared distances in the standings: 1-3, 2-4 (both pulled up
    # from their natural pairing) and 5-6, rather than 1-2, 3-6, 4-5.
    assert pairings == [Pairing(1, 3, PULLED_UP), Pairing(2, 4, PULLED_UP), Pairing(5, 6, NORMAL)]


def test_swiss_marks_a_pulled_up_partnership():
    # 3-4 is natural; but 5-6 met, so 5 must play 3 or 4 and pulls the chain.
    pairings = swiss_round([1, 2, 3, 4, 5, 6], met={meeting(5, 6), meeting(4, 6)})
    assert not any(p.reason == REMATCH for p in pairings)
    assert any(p.reason == PULLED_UP for p in pairings)


def test_swiss_rematches_only_when_unavoidable_and_says_so():
    field = [1, 2, 3, 4]
    met = {meeting(a, b) for a, b in itertools.combinations(field, 2)}
    pairings = swiss_round(field, met)
    assert all(p.reason == REMATCH for p in pairings)


@pytest.mark.parametrize("size", [2, 4, 5, 8, 9, 12])
def test_round_robin_meets_everyone_exactly_once(size):
    field = [10 * p for p in range(1, size + 1)]
    rounds = size - 1 if size % 2 == 0 else size
    met: Counter = Counter()
    byes: Counter = Counter()
    ns: Counter = Counter()
    for number in range(1, rounds + 1):
        pairings = round_robin_round(field, number)
        _check_round(pairings, field)
        for p in pairings:
            if p.is_bye:
                byes[p.ns] += 1
            else:
                met[meeting(p.ns, p.ew)] += 1
                ns[p.ns] += 1
    assert set(met) == {meeting(a, b) for a, b in itertools.combinations(field, 2)}
    assert set(met.values()) == {1}
    if size % 2:
        assert byes == Counter(dict.fromkeys(field, 1))


@pytest.mark.parametrize("size", [4, 6, 7, 10])
def test_mitchell_ns_stay_and_meet_every_ew_once(size):
    field = list(range(1, size + 1))
    tables = (size + 1) // 2
    ns_pairs, ew_pairs = field[:tables], field[tables:]
    met: Counter = Counter()
    for number in range(1, tables + 1):
        pairings = mitchell_round(field, number)
        _check_round(pairings, field)
        for p in pairings:
            if not p.is_bye:
                assert p.ns in ns_pairs and p.ew in ew_pairs
                met[meeting(p.ns, p.ew)] += 1
        # NS partnerships keep their table: the i-th table is always NS partnership i.
        assert [p.ns for p in mitchell_round(field, number) if not p.is_bye] == [
            n for n in ns_pairs if any(p.ns == n and not p.is_bye for p in pairings)
        ]
    assert set(met) == {meeting(a, b) for a in ns_pairs for b in ew_pairs}
    assert set(met.values()) == {1}


def test_a_withdrawn_partnerships_opponent_gets_the_bye_and_nothing_else_moves():
    pairings = round_robin_round([1, 2, 3, 4, 5, 6], 2)
    kept = drop_withdrawn(pairings, active={1, 2, 3, 4, 5})
    (alone,) = [p for p in pairings if 6 in (p.ns, p.ew)]
    opponent = alone.ew if alone.ns == 6 else alone.ns
    assert Pairing(opponent, None, BYE) in kept
    assert [p for p in kept if not p.is_bye] == [p for p in pairings if 6 not in (p.ns, p.ew)]


# --- keeping one club's pairs apart (a championship's keep_clubs_apart) -----------------------

TWO_CLUBS = {1: ("A", "A"), 2: ("A", "A"), 3: ("B", "B"), 4: ("B", "B")}


def test_swiss_round_one_pairs_opposite_clubs():
    # By the standings 1-2 and 3-4, each of one club. Apart: 1-3 and 2-4 (squared distances
    # 4 + 4) rather than 1-4 and 2-3 (9 + 1).
    assert swiss_round([1, 2, 3, 4]) == [Pairing(1, 2), Pairing(3, 4)]
    assert swiss_round([1, 2, 3, 4], clubs=TWO_CLUBS) == [
        Pairing(1, 3, CLUB_AVOIDED),
        Pairing(2, 4, CLUB_AVOIDED),
    ]


def test_swiss_keeping_clubs_apart_never_brings_a_rematch():
    # 1-3, 2-4 and 1-4, 2-3 are played: only 1-2 and 3-4 are left without a rematch.
    met = {meeting(1, 3), meeting(2, 4), meeting(1, 4), meeting(2, 3)}
    assert swiss_round([1, 2, 3, 4], met, clubs=TWO_CLUBS) == [Pairing(1, 2), Pairing(3, 4)]


def test_swiss_counts_a_pair_of_two_clubs_by_each_player():
    assert club_meetings(("A", "A"), ("A", "A")) == 4
    assert club_meetings(("A", "B"), ("B", "C")) == 1
    assert club_meetings(("A", None), (None, "B")) == 0
    # Pairs of two clubs: 1 (A, B) and 2 (B, C) share B, 3 (D, E) and 4 (E, F) share E, so the
    # standings' 1-2 and 3-4 hold one meeting of one club each; 1-3 and 2-4 hold none.
    clubs = {1: ("A", "B"), 2: ("B", "C"), 3: ("D", "E"), 4: ("E", "F")}
    assert swiss_round([1, 2, 3, 4], clubs=clubs) == [
        Pairing(1, 3, CLUB_AVOIDED),
        Pairing(2, 4, CLUB_AVOIDED),
    ]
