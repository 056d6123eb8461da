"""A federation's foundation, through its services: officers, clubs joining by two-party consent
(one federation at a time), leaving with the row kept, and one person across clubs linked by
member number (suggested, confirmed, held for an officer, resolved, undone)."""

from __future__ import annotations

import datetime

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone

from clubs import selectors, services
from clubs.models import (
    Federation,
    FederationClub,
    FederationOfficer,
    Person,
    PersonLinkConflict,
    PersonLinkRecord,
    Player,
)
from clubs.names import names_alike
from tests.support.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory

pytestmark = pytest.mark.django_db


def _federation(officer, name="North League", slug=""):
    return services.federation_create(asked=services.FederationInput(name=name, slug=slug), by=officer)


def _joined(federation, club, officer, director):
    place = services.federation_club_invite(federation=federation, club_slug=club.slug, by=officer)
    return services.federation_invitation_answer(place=place, accept=True, by=director)


@pytest.fixture
def olga(db):
    return UserFactory(username="olga", email="olga@example.org")


@pytest.fixture
def north(olga):
    return _federation(olga)


@pytest.fixture
def north_with_riverside(north, club, olga, alice):
    _joined(north, club, olga, alice)
    return north


def _link(player, number, by):
    return services.person_link(player=player, asked=services.PersonLinkInput(member_number=number), by=by)


# --- names ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("first", "second", "alike"),
    [
        ("Amira Haddad", "amira  HADDAD", True),  # capitals and spaces
        ("José García", "Jose Garcia", True),  # accents
        ("Haddad Amira", "Amira Haddad", True),  # surname first
        ("Amira Hadad", "Amira Haddad", True),  # one letter: ratio 22/23 = 0.96
        ("Jon Smith", "John Smith", True),  # 18/19 = 0.95
        ("Ana Lopez", "Ana Perez", False),  # 14/18 = 0.78
        ("Amira Haddad", "Bob Smith", False),
        ("Jose Garcia", "Jose Garcia Lopez", False),  # 22/28 = 0.79: another name
    ],
)
def test_names_alike(first, second, alike):
    assert names_alike(first, second) is alike


# --- the federation and its officers -------------------------------------------------------------


def test_the_creator_is_the_first_officer_and_the_address_comes_from_the_name(olga):
    federation = _federation(olga, name="Federación del Norte")
    assert federation.slug == "federacion-del-norte"
    assert federation.ranking_public is False
    assert list(FederationOfficer.objects.filter(federation=federation).values_list("user", flat=True)) == [
        olga.pk
    ]
    assert list(selectors.federations_run_by(user=olga)) == [federation]


def test_a_taken_or_reserved_address_is_refused(olga, north):
    with pytest.raises(ValidationError) as taken:
        _federation(olga, name="Another", slug="north-league")
    assert "slug" in taken.value.message_dict
    with pytest.raises(ValidationError) as reserved:
        _federation(olga, name="New", slug="new")
    assert "slug" in reserved.value.message_dict
    with pytest.raises(ValidationError) as nothing:
        _federation(olga, name="الاتحاد")  # no latin letter to make an address of
    assert "slug" in nothing.value.message_dict


def test_an_officer_adds_another_by_username_or_email(north, olga):
    UserFactory(username="pat", email="pat@example.org")
    services.federation_officer_add(federation=north, who="pat", by=olga)
    UserFactory(username="quinn", email="Quinn@Example.org")
    services.federation_officer_add(federation=north, who="quinn@example.org", by=olga)
    usernames = set(north.officers.values_list("user__username", flat=True))
    assert usernames == {"olga", "pat", "quinn"}
    for who in ("pat", "nobody", "nobody@example.org"):
        with pytest.raises(ValidationError) as refused:
            services.federation_officer_add(federation=north, who=who, by=olga)
        assert "who" in refused.value.message_dict
    UserFactory(username="twin1", email="twins@example.org")
    UserFactory(username="twin2", email="twins@example.org")
    with pytest.raises(ValidationError, match="Several accounts"):
        services.federation_officer_add(federation=north, who="twins@example.org", by=olga)


# --- clubs join and leave ---------------------------------------------------------------------------


def test_a_club_joins_when_a_director_accepts_on_its_own_date(north, club, olga, alice, monkeypatch):
    club.time_zone = "Pacific/Kiritimati"  # UTC+14
    club.save()
    place = services.federation_club_invite(federation=north, club_slug=" Riverside ", by=olga)
    assert place.status == "invited" and selectors.club_federation_now(club=club) is None
    # 2026-12-06 12:00 UTC is already the 7th at the club.
    noon = datetime.datetime(2026, 12, 6, 12, 0, tzinfo=datetime.UTC)
    monkeypatch.setattr(timezone, "now", lambda: noon)
    place = services.federation_invitation_answer(place=place, accept=True, by=alice)
    assert (place.status, place.joined_on, place.answered_by) == ("member", datetime.date(2026, 12, 7), alice)
    assert selectors.club_federation_now(club=club).federation == north


def test_an_invitation_declined_is_kept_and_may_be_sent_again(north, club, olga, alice):
    place = services.federation_club_invite(federation=north, club_slug=club.slug, by=olga)
    with pytest.raises(ValidationError, match="invited already"):
        services.federation_club_invite(federation=north, club_slug=club.slug, by=olga)
    services.federation_invitation_answer(place=place, accept=False, by=alice)
    place.refresh_from_db()
    assert place.status == "declined" and selectors.club_federation_now(club=club) is None
    with pytest.raises(ValidationError, match="answered already"):
        services.federation_invitation_answer(place=place, accept=True, by=alice)
    again = services.federation_club_invite(federation=north, club_slug=club.slug, by=olga)
    assert again.pk != place.pk and again.status == "invited"


def test_unknown_and_member_clubs_are_not_invited(north_with_riverside, club, olga):
    with pytest.raises(ValidationError) as unknown:
        services.federation_club_invite(federation=north_with_riverside, club_slug="nowhere", by=olga)
    assert "nowhere" in unknown.value.message_dict["club"][0]
    with pytest.raises(ValidationError, match="member of the federation already"):
        services.federation_club_invite(federation=north_with_riverside, club_slug=club.slug, by=olga)


def test_a_club_is_in_one_federation_at_a_time(north_with_riverside, club, alice):
    oscar = UserFactory(username="oscar")
    south = _federation(oscar, name="South League")
    place = services.federation_club_invite(federation=south, club_slug=club.slug, by=oscar)
    with pytest.raises(ValidationError, match="one federation at a time"):
        services.federation_invitation_answer(place=place, accept=True, by=alice)
    assert FederationClub.objects.get(pk=place.pk).status == "invited"
    # Having left the first, the club may accept the second.
    services.federation_place_end(place=selectors.club_federation_now(club=club), by=alice)
    services.federation_invitation_answer(place=place, accept=True, by=alice)
    assert selectors.club_federation_now(club=club).federation == south


def test_leaving_keeps_the_row_and_withdraws_the_links_waiting(
    north_with_riverside, club, olga, alice, players
):
    other = ClubFactory(name="Hilltop", slug="hilltop")
    _joined(north_with_riverside, other, olga, UserFactory(username="hilda"))
    _link(PlayerFactory(club=other, name="Amira Haddad"), "N-1", by=olga)
    held = _link(players[0], "N-1", by=alice)  # "Player 01" is not Amira Haddad
    assert held.result == "conflict"
    place = selectors.club_federation_now(club=club)
    ended = services.federation_place_end(place=place, by=olga)
    assert ended is not None and ended.left_on == timezone.localdate() and ended.ended_by == olga
    assert FederationClub.objects.filter(club=club, federation=north_with_riverside).count() == 1
    assert PersonLinkConflict.objects.get(pk=held.conflict.pk).outcome == "withdrawn"
    with pytest.raises(ValidationError, match="not a member"):
        services.federation_place_end(place=ended, by=olga)


def test_an_invitation_withdrawn_is_gone(north, club, olga):
    place = services.federation_club_invite(federation=north, club_slug=club.slug, by=olga)
    assert services.federation_place_end(place=place, by=olga) is None
    assert not FederationClub.objects.filter(pk=place.pk).exists()


# --- one person across clubs --------------------------------------------------------------------------


@pytest.fixture
def hilltop(north_with_riverside, olga):
    """A second member club, with its director hilda and a player Amira Haddad linked as N-100."""
    other = ClubFactory(name="Hilltop", slug="hilltop")
    hilda = UserFactory(username="hilda")
    MembershipFactory(club=other, user=hilda, role="director")
    _joined(north_with_riverside, other, olga, hilda)
    amira = PlayerFactory(club=other, name="Amira Haddad")
    assert _link(amira, "N-100", by=hilda).result == "created"
    return other


def test_a_new_number_makes_a_person_of_the_players_name(north_with_riverside, club, alice):
    player = PlayerFactory(club=club, name="Bob Marley")
    outcome = _link(player, " n  7/2-b ", by=alice)
    assert outcome.result == "created"
    person = Person.objects.get(federation=north_with_riverside)
    # Kept as the club wrote it, each run of spaces one space, in capitals.
    assert (person.member_number, person.name, person.name_words) == ("N 7/2-B", "Bob Marley", "bob marley")
    player.refresh_from_db()
    assert player.person == person
    record = PersonLinkRecord.objects.get(player=player)
    assert (record.action, record.how, record.by) == ("linked", "director", alice)
    assert _link(player, "n7/2-b", by=alice).result == "unchanged"
    assert PersonLinkRecord.objects.filter(player=player).count() == 1


@pytest.mark.parametrize("number", ["", "   ", "N-", "-N", "N 1 ä", "N_1", "X" * 33])
def test_a_number_not_of_the_form_is_refused(north_with_riverside, club, alice, number):
    player = PlayerFactory(club=club, name="Bob Marley")
    with pytest.raises(ValidationError) as refused:
        _link(player, number, by=alice)
    assert "member_number" in refused.value.message_dict
    assert Person.objects.count() == 0


def test_a_club_outside_a_federation_links_nothing(club, alice):
    player = PlayerFactory(club=club, name="Bob Marley")
    with pytest.raises(ValidationError, match="not a member of a federation"):
        _link(player, "N-1", by=alice)
    assert Person.objects.count() == 0


def test_one_person_at_two_clubs(hilltop, club, alice):
    """Amira plays at Hilltop (N-100) and at Riverside, where she is written with one d."""
    amira_here = PlayerFactory(club=club, name="amira hadad")
    outcome = _link(amira_here, "N-100", by=alice)
    assert outcome.result == "linked"
    person = Person.objects.get(member_number="N-100")
    assert set(person.players.values_list("club__slug", flat=True)) == {"hilltop", "riverside"}


def test_a_number_of_someone_else_waits_for_an_officer(hilltop, north_with_riverside, club, alice, olga):
    player = PlayerFactory(club=club, name="Bob Marley")
    outcome = _link(player, "N-100", by=alice)
    assert outcome.result == "conflict"
    assert outcome.conflict.reasons == ["name_differs"]
    player.refresh_from_db()
    assert player.person is None
    assert not PersonLinkRecord.objects.filter(player=player).exists()
    overview = selectors.federation_overview(federation=north_with_riverside)
    assert [c.pk for c in overview.conflicts] == [outcome.conflict.pk]
    # Refused: nothing linked, nothing waiting.
    services.person_conflict_decide(conflict=outcome.conflict, confirm=False, by=olga)
    player.refresh_from_db()
    assert player.person is None
    assert selectors.federation_overview(federation=north_with_riverside).conflicts == []
    with pytest.raises(ValidationError, match="decided already"):
        services.person_conflict_decide(conflict=outcome.conflict, confirm=True, by=olga)


def test_an_officer_confirms_a_link_held(hilltop, club, alice, olga):
    player = PlayerFactory(club=club, name="Amira Haddad-Rossi")  # a married name: ratio 24/30 = 0.8
    outcome = _link(player, "N-100", by=alice)
    assert outcome.result == "conflict"
    services.person_conflict_decide(conflict=outcome.conflict, confirm=True, by=olga)
    player.refresh_from_db()
    assert player.person.member_number == "N-100"
    record = PersonLinkRecord.objects.get(player=player)
    assert (record.action, record.how, record.by) == ("linked", "officer", olga)


def test_a_person_linked_to_another_player_of_the_club_waits(north_with_riverside, club, alice):
    first = PlayerFactory(club=club, name="Amira Haddad")
    _link(first, "N-5", by=alice)
    guest = PlayerFactory(club=club, name="Amira Hadad", guest=True)  # a guest, spelt otherwise
    outcome = _link(guest, "N-5", by=alice)
    assert outcome.result == "conflict" and outcome.conflict.reasons == ["linked_in_club"]
    # Asking again another way withdraws the link waiting: one waits a player at most.
    assert _link(guest, "N-6", by=alice).result == "created"
    assert PersonLinkConflict.objects.get(pk=outcome.conflict.pk).outcome == "withdrawn"


def test_a_confirmation_after_the_club_left_is_refused(hilltop, north_with_riverside, club, alice, olga):
    player = PlayerFactory(club=club, name="Bob Marley")
    conflict = _link(player, "N-100", by=alice).conflict
    PersonLinkConflict.objects.filter(pk=conflict.pk).update(outcome="")  # as if left after it was read
    FederationClub.objects.filter(club=club).update(left_on=timezone.localdate())
    with pytest.raises(ValidationError, match="no longer a member"):
        services.person_conflict_decide(conflict=conflict, confirm=True, by=olga)


def test_unlinking_is_recorded(north_with_riverside, club, alice):
    player = PlayerFactory(club=club, name="Bob Marley")
    _link(player, "N-1", by=alice)
    _link(player, "N-2", by=alice)  # the first link replaced: unlinked, then the second linked
    services.person_unlink(player=player, by=alice)
    player.refresh_from_db()
    assert player.person is None
    steps = list(
        PersonLinkRecord.objects.filter(player=player).values_list("person__member_number", "action")
    )
    assert steps == [("N-1", "linked"), ("N-1", "unlinked"), ("N-2", "linked"), ("N-2", "unlinked")]
    with pytest.raises(ValidationError, match="not linked"):
        services.person_unlink(player=player, by=alice)
    assert Person.objects.filter(federation=north_with_riverside).count() == 2  # people are kept


def test_suggestions_are_the_same_words_not_linked_in_the_club(hilltop, north_with_riverside, club, alice):
    haddad = PlayerFactory(club=club, name="HADDAD Amira")  # Amira Haddad of Hilltop, surname first
    hadad = PlayerFactory(club=club, name="Amira Hadad")  # one letter off: not suggested
    bob = PlayerFactory(club=club, name="Bob Marley")
    oscar = UserFactory(username="oscar")
    south = _federation(oscar, name="South League")
    Person.objects.create(federation=south, member_number="S-1", name="Bob Marley", name_words="bob marley")
    rows = {
        row.player.pk: row
        for row in selectors.federation_members_rows(club=club, federation=north_with_riverside)
    }
    assert [p.member_number for p in rows[haddad.pk].suggestions] == ["N-100"]
    assert rows[hadad.pk].suggestions == [] and rows[bob.pk].suggestions == []  # South's Bob is not ours
    # Once Amira is linked here, she is no longer suggested for another player of the club.
    _link(haddad, "N-100", by=alice)
    other = PlayerFactory(club=club, name="Amira Haddad")
    rows = {
        row.player.pk: row
        for row in selectors.federation_members_rows(club=club, federation=north_with_riverside)
    }
    assert rows[haddad.pk].person.member_number == "N-100" and rows[haddad.pk].suggestions == []
    assert rows[other.pk].suggestions == []


def test_a_person_is_never_deleted_from_under_a_link(north_with_riverside, club, alice):
    from django.db.models import ProtectedError

    player = PlayerFactory(club=club, name="Bob Marley")
    person = _link(player, "N-1", by=alice).person
    with pytest.raises(ProtectedError):
        person.delete()
    assert Player.objects.get(pk=player.pk).person_id == person.pk


def test_the_database_holds_a_club_to_one_federation_at_a_time(north_with_riverside, club):
    """Beside the service's check, the constraint: two answers at once cannot both join."""
    from django.db import IntegrityError, transaction

    south = Federation.objects.create(name="South League", slug="south")
    with pytest.raises(IntegrityError), transaction.atomic():
        FederationClub.objects.create(federation=south, club=club, joined_on=timezone.localdate())
    # Once the first membership has ended, the club may be a member elsewhere.
    FederationClub.objects.filter(club=club).update(left_on=timezone.localdate())
    FederationClub.objects.create(federation=south, club=club, joined_on=timezone.localdate())


def test_a_clubs_games_count_from_its_earlier_date_or_joining_to_leaving_both_included():
    day = datetime.date
    consented = FederationClub(
        joined_on=day(2026, 11, 10), counts_from=day(2026, 11, 1), left_on=day(2026, 12, 1)
    )
    assert [consented.counts_on(day(2026, 10, 31)), consented.counts_on(day(2026, 11, 1))] == [False, True]
    assert [consented.counts_on(day(2026, 12, 1)), consented.counts_on(day(2026, 12, 2))] == [True, False]
    joined = FederationClub(joined_on=day(2026, 11, 10))
    assert [joined.counts_on(day(2026, 11, 9)), joined.counts_on(day(2026, 11, 10))] == [False, True]
    assert joined.counts_on(day(2030, 1, 1))  # a member still
    invited = FederationClub(counts_from=day(2026, 11, 1))  # not accepted: nothing counts
    assert not invited.counts_on(day(2026, 11, 20))
