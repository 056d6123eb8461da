"""A federation's championship, worked by hand: who may enter, qualification by the clubs' and
the federation's rankings, and where its games count.

Federation North: Avon and Brook are members, Lonely is not. Each club plays one night of one
Classic game between two fixed pairs, one hand typed as totals, hands per round 1:

    club     night     pairs (total)
    Avon     Nov 2     Al & Ann 300  v  Ada & Abe 120
    Brook    Nov 3     Bo & Bea 100  v  Bud & Bix 500

So in each club's ranking (everyone provisional: one game each) the winners come first, at
2.430, by name, then the losers at -1.498 (tests/tournaments/services/test_federation_ranking.py
works those two figures by hand): Avon lists Al, Ann, Abe, Ada; Brook lists Bix, Bud, Bea, Bo.
Everyone of Avon and Brook is linked to a person of North but Ann (no member number). Pia is one
person with a player at Avon and one at Brook; she has not played.
"""

from __future__ import annotations

import datetime

import pytest
from django.core.exceptions import ValidationError

from clubs.models import Person, Player
from tests.support import championships
from tests.support.championships import _championship, _entrants, _player
from tests.support.federation import NEW, _two_teams
from tournaments import selectors, services
from tournaments.models import Event, Game, PersonRating, Rating
from tournaments.selectors import RankingPeriod

pytestmark = pytest.mark.django_db
north = championships.north  # Avon and Brook members, Lonely not, a night at each member club

D = datetime.date


def test_a_championship_is_held_at_a_member_club_and_starts_with_no_entrant(north):
    event = _championship(north)
    assert event.federation == north and event.club.slug == "avon"
    assert event.confirmation_required  # a tournament
    assert _entrants(event) == []
    with pytest.raises(ValidationError) as refused:
        services.championship_create(
            federation=north,
            host=_player("lonely", "Lu").club,
            asked=services.EventInput(name="X", date=D(2026, 12, 1), variant="classic"),
        )
    assert "Lonely is not a member club of the federation" in str(refused.value.message_dict["club"])
    assert not Event.objects.filter(name="X").exists()


def test_the_top_two_of_each_clubs_ranking_qualify_and_a_player_without_a_number_is_passed_over(north):
    event = _championship(north)
    qualified = services.championship_qualify(event=event, source=services.QUALIFY_FROM_CLUBS, top=2)
    # Avon: Al, then Ann (no member number: passed over), then Abe (-1.498, listed before Ada
    # by name). Brook: Bix and Bud, its winners.
    assert [(p.club.slug, p.name) for p in qualified.entered] == [
        ("avon", "Al"),
        ("avon", "Abe"),
        ("brook", "Bix"),
        ("brook", "Bud"),
    ]
    assert [name for name, _why in qualified.passed_over] == ["Ann"]
    assert "no member number" in qualified.passed_over[0][1]
    # Twice is harmless: those in count among the top.
    again = services.championship_qualify(event=event, source=services.QUALIFY_FROM_CLUBS, top=2)
    assert again.entered == [] and len(_entrants(event)) == 4


def test_the_top_of_the_federations_ranking_qualify_for_the_club_where_they_played(north):
    event = _championship(north, host="brook")
    qualified = services.championship_qualify(event=event, source=services.QUALIFY_FROM_FEDERATION, top=3)
    # Avon's night had Ann (no person) at its table: the federation leaves that game out, so its
    # ranking is Brook's night alone: Bix, Bud (2.430), then Bea, Bo (-1.498), by name.
    assert [(p.club.slug, p.name) for p in qualified.entered] == [
        ("brook", "Bix"),
        ("brook", "Bud"),
        ("brook", "Bea"),
    ]


def test_a_person_enters_once_and_only_linked_players_of_member_clubs_enter(north):
    event = _championship(north)
    services.championship_enter(event=event, players=[_player("avon", "Pia")])
    with pytest.raises(ValidationError) as refused:
        services.championship_enter(
            event=event, players=[_player("brook", "Pia"), _player("avon", "Ann"), _player("lonely", "Lu")]
        )
    messages = refused.value.message_dict["players"]
    assert messages == [
        "Pia is in the championship already, for Avon.",
        "Ann has no member number of the federation: Avon links them on its Federation members page.",
        "Lu plays for Lonely, which is not a member club of the federation.",
    ]
    assert _entrants(event) == [("avon", "Pia")]  # all or nothing: none of the three


def test_a_pair_championship_takes_pairs_of_one_club(north):
    event = _championship(north, format=Event.Format.SWISS)
    services.championship_enter(event=event, pairs=[(_player("avon", "Al"), _player("avon", "Abe"))])
    with pytest.raises(ValidationError) as refused:
        services.championship_enter(event=event, pairs=[(_player("avon", "Ada"), _player("brook", "Bo"))])
    assert "play for different clubs" in str(refused.value)
    assert event.pairs.get().partnership.club.slug == "avon"


def test_its_games_move_the_federations_ranking_and_no_clubs(north, django_capture_on_commit_callbacks):
    capture = django_capture_on_commit_callbacks
    event = _championship(north, hands_per_round=1)
    services.championship_enter(
        event=event,
        players=[
            _player("avon", "Al"),
            _player("avon", "Pia"),
            _player("brook", "Bix"),
            _player("brook", "Bo"),
        ],
    )
    club_ratings = sorted(Rating.objects.values_list("player_id", "mu", "sigma", "games"))
    pia = Person.objects.get(member_number="N-PIA")
    assert not PersonRating.objects.filter(person=pia).exists()
    with capture(execute=True):
        round_ = services.round_start(event=event)
    game = Game.objects.get(table__round=round_)
    sides = {}
    for seat in game.table.seats.select_related("player"):
        sides.setdefault(seat.side, []).append(seat.player.name)
    pia_side = next(side for side, names in sides.items() if "Pia" in names)
    entries = {side: {"total": 500 if side == pia_side else 100} for side in sides}
    with capture(execute=True):
        hand = services.hand_record(
            game=game, asked=services.HandInput(number=1, entries=entries, entered_by_side=pia_side)
        )
    # The game is over (hands per round 1) but its hand is not confirmed yet: it counts nowhere.
    assert Game.objects.get(pk=game.pk).game_over
    assert not PersonRating.objects.filter(person=pia).exists()
    with capture(execute=True):
        other = next(side for side in sides if side != pia_side)
        services.hand_confirm(hand=hand, side=other, as_director=True)
    # Pia's first game, won beside her partner against the other side: the federation's update
    # of each one's rating after North's club nights: Bix won at Brook, Bo lost; Al is new to the
    # federation (Avon's night, with Ann at the table, is left out).
    won, lost = _two_teams([NEW, NEW], [NEW, NEW])
    before = {"Al": NEW, "Bix": won[0], "Bo": lost[0], "Pia": NEW}
    partner = next(name for name in sides[pia_side] if name != "Pia")
    against = sides[other]
    after = _two_teams([before["Pia"], before[partner]], [before[n] for n in against])
    rating = PersonRating.objects.get(person=pia, group="classic")
    assert (rating.mu, rating.sigma) == pytest.approx(after[0][0], abs=1e-9)
    assert rating.games == 1
    # No club's ranking moved: the championship is the federation's.
    assert sorted(Rating.objects.values_list("player_id", "mu", "sigma", "games")) == club_ratings
    avon = _player("avon", "Pia").club
    ranking = selectors.club_ranking(club=avon, group="classic", period=RankingPeriod())
    assert "Pia" not in {line.line.name for line in ranking}


def test_two_entrants_linked_to_one_person_afterwards_are_not_seated(north):
    """Entering refuses a person entered already; a link made afterwards (Brook's Bea found to
    be Avon's Ada, member number N-Ada) makes two entrants one person: seating is refused,
    naming both, until one is withdrawn."""
    event = _championship(north)
    entrants = [_player("avon", n) for n in ("Al", "Ada", "Abe")] + [
        _player("brook", n) for n in ("Bo", "Bea")
    ]
    services.championship_enter(event=event, players=entrants)
    Player.objects.filter(pk=_player("brook", "Bea").pk).update(
        person=Person.objects.get(member_number="N-Ada")
    )
    with pytest.raises(ValidationError) as refused:
        services.round_start(event=event)
    assert refused.value.code == "one_person_twice"
    assert "One person is entered twice: Ada (Avon) / Bea (Brook)." in refused.value.messages[0]
    assert not event.rounds.exists()
    services.participant_withdraw(event=event, player=_player("brook", "Bea"))
    assert selectors.next_round_refusal(event=event) is None


def test_an_entrant_unlinked_after_entering_is_not_seated(north):
    """An entrant's games count in the federation's ranking only while linked to a person of
    it: Brook's Bo unlinked after entering is named, and seating waits until he is linked
    again or withdrawn."""
    event = _championship(north)
    entrants = [_player("avon", n) for n in ("Al", "Ada", "Abe")] + [
        _player("brook", n) for n in ("Bo", "Bea")
    ]
    services.championship_enter(event=event, players=entrants)
    Player.objects.filter(pk=_player("brook", "Bo").pk).update(person=None)
    refused = selectors.next_round_refusal(event=event)
    assert refused is not None and refused.code == "entrants_unlinked"
    assert refused.messages == [
        "Entrants without a member number of the federation: Bo (Brook). Link them again or withdraw "
        "them before seating."
    ]
    with pytest.raises(ValidationError):
        services.round_start(event=event)
    Player.objects.filter(pk=_player("brook", "Bo").pk).update(
        person=Person.objects.get(member_number="N-Bo")
    )
    assert selectors.next_round_refusal(event=event) is None


def test_a_withdrawn_entrant_does_not_come_back_as_a_person_entered_since(north):
    """Brook's Bea, withdrawn, is then found to be Avon's Ada (linked to N-Ada), who is
    entered: marking Bea present again is refused as entering her would be."""
    event = _championship(north)
    services.championship_enter(event=event, players=[_player("avon", "Ada"), _player("brook", "Bea")])
    services.participant_withdraw(event=event, player=_player("brook", "Bea"))
    Player.objects.filter(pk=_player("brook", "Bea").pk).update(
        person=Person.objects.get(member_number="N-Ada")
    )
    with pytest.raises(ValidationError) as refused:
        services.participant_set_present(event=event, player=_player("brook", "Bea"), present=True)
    assert refused.value.message_dict["player"] == ["Bea is in the championship already, for Avon."]
    assert event.participants.get(player=_player("brook", "Bea")).withdrawn_after_round == 0
