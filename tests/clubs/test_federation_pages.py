"""A federation through its pages, with Django's test client: an officer creates it and invites
a club, a director of the club accepts in the club's settings and links players on the
"Federation members" page, and the officer decides the link held for them. A club outside the
federation sees none of it; nobody sees another federation or club through it."""

from __future__ import annotations

import re

import pytest

from clubs.models import Federation, FederationClub, Person, PersonLinkConflict
from tests.support.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def olga(db):
    return UserFactory(username="olga")


def _page(client, url):
    response = client.get(url)
    assert response.status_code == 200, url
    return response.content.decode()


def test_an_officer_and_a_director_each_do_their_part(client, club, alice, olga):
    riverside_amira = PlayerFactory(club=club, name="Amira Haddad")
    bob = PlayerFactory(club=club, name="Bob Marley")
    # The officer: from the navigation to a new federation.
    client.force_login(olga)
    assert 'id="nav-federations"' in _page(client, "/")
    assert "/federations/new/" in _page(client, "/federations/")
    response = client.post("/federations/new/", {"name": "North League", "slug": ""})
    assert response.status_code == 302 and response["Location"] == "/federations/north-league/"
    response = client.post("/federations/north-league/invite/", {"club": "nowhere"})
    assert response.status_code == 200 and "no club at the address “nowhere”" in response.content.decode()
    response = client.post("/federations/north-league/invite/", {"club": club.slug})
    assert response.status_code == 302
    page = _page(client, "/federations/north-league/")
    # Until it accepts, the club is shown by the address the officer typed, not by its name.
    assert "riverside" in page and "Riverside" not in page and "Withdraw the invitation" in page
    # The director: the invitation in the club's settings, accepted.
    client.force_login(alice)
    settings = _page(client, f"/clubs/{club.slug}/settings/")
    assert "North League" in settings and "invites the club to join" in settings
    place = FederationClub.objects.get(club=club)
    response = client.post(f"/clubs/{club.slug}/federation/{place.pk}/answer/", {"answer": "accept"})
    assert response.status_code == 302
    settings = _page(client, f"/clubs/{club.slug}/settings/")
    assert "The club is a member of" in settings and "Federation members" in settings
    # Links: a new number for Amira; the same number for Bob is held for the officers.
    members = _page(client, f"/clubs/{club.slug}/federation/members/")
    assert "Amira Haddad" in members and "Bob Marley" in members
    link = f"/clubs/{club.slug}/federation/members/{{}}/link/"
    assert client.post(link.format(riverside_amira.pk), {"member_number": "n-1"}).status_code == 302
    response = client.post(link.format(bob.pk), {"member_number": "N-1"}, follow=True)
    page = response.content.decode()
    assert "waits for the federation&#x27;s officers" in page
    assert "A link waits for the federation" in page
    # A bad number is refused on the player's own line, the page in place.
    response = client.post(link.format(bob.pk), {"member_number": "N_1"})
    assert response.status_code == 400
    page = response.content.decode()
    assert "letters and digits" in page
    # The page opens at Bob's line, however long the list: his field, and only it, takes focus.
    assert page.count(" autofocus") == 1
    assert re.search(rf'<input [^>]*id="number-{bob.pk}"[^>]* autofocus aria-invalid="true">', page)
    # The officer decides: Bob is not Amira.
    client.force_login(olga)
    page = _page(client, "/federations/north-league/")
    assert "Riverside" in page and "Bob Marley" in page and "The federation knows 1 person." in page
    conflict = PersonLinkConflict.objects.get(outcome="")
    response = client.post(f"/federations/north-league/links/{conflict.pk}/", {"decision": "refuse"})
    assert response.status_code == 302
    assert PersonLinkConflict.objects.get(pk=conflict.pk).outcome == "refused"
    bob.refresh_from_db()
    riverside_amira.refresh_from_db()
    assert bob.person is None and riverside_amira.person == Person.objects.get(member_number="N-1")


def test_a_suggestion_confirmed_and_a_link_undone(client, club, alice, olga):
    north = Federation.objects.create(name="North League", slug="north")
    north.officers.create(user=olga)
    FederationClub.objects.create(federation=north, club=club, joined_on="2026-12-01")
    Person.objects.create(federation=north, member_number="N-9", name="José García", name_words="garcia jose")
    player = PlayerFactory(club=club, name="Garcia Jose")
    client.force_login(alice)
    page = _page(client, f"/clubs/{club.slug}/federation/members/")
    assert "Link to <bdi>José García</bdi>, number N-9" in page
    response = client.post(
        f"/clubs/{club.slug}/federation/members/{player.pk}/link/", {"member_number": "N-9"}, follow=True
    )
    assert "Garcia Jose is linked to José García (N-9)." in response.content.decode()
    # Back at the player's row, which the page names by its id, not at the top of the list.
    assert response.redirect_chain[-1][0].endswith(f"/federation/members/#player-{player.pk}")
    assert f'id="player-{player.pk}"' in response.content.decode()
    response = client.post(f"/clubs/{club.slug}/federation/members/{player.pk}/unlink/", follow=True)
    assert "no longer linked" in response.content.decode()
    assert response.redirect_chain[-1][0].endswith(f"#player-{player.pk}")
    player.refresh_from_db()
    assert player.person is None


def test_the_director_leaves_and_the_page_says_results_stay(client, club, alice, olga):
    north = Federation.objects.create(name="North League", slug="north")
    north.officers.create(user=olga)
    FederationClub.objects.create(federation=north, club=club, joined_on="2026-12-01")
    client.force_login(alice)
    response = client.post(f"/clubs/{club.slug}/federation/leave/", follow=True)
    assert "past results stay where they were counted" in response.content.decode()
    assert FederationClub.objects.get(club=club).status == "left"
    # Out of the federation: the members page is gone, the settings as a club outside any.
    assert client.get(f"/clubs/{club.slug}/federation/members/").status_code == 404
    assert 'id="club-federation"' not in _page(client, f"/clubs/{club.slug}/settings/")
    client.force_login(olga)
    page = _page(client, "/federations/north/")
    assert "member from Dec. 1, 2026 to " in page and "past results stay where they were counted" in page


def test_a_club_outside_any_federation_sees_nothing_of_it(client, club, alice, olga):
    """Riverside is in no federation; another club is in North: Riverside's pages are as before."""
    north = Federation.objects.create(name="North League", slug="north")
    north.officers.create(user=olga)
    hilltop = ClubFactory(name="Hilltop", slug="hilltop")
    FederationClub.objects.create(federation=north, club=hilltop, joined_on="2026-12-01")
    client.force_login(alice)
    settings = _page(client, f"/clubs/{club.slug}/settings/")
    assert 'id="club-federation"' not in settings and "North League" not in settings
    assert client.get(f"/clubs/{club.slug}/federation/members/").status_code == 404
    assert client.get("/federations/north/").status_code == 404
    assert "North League" not in _page(client, "/federations/")


def test_nobody_reaches_another_club_or_federation_through_it(client, club, alice, olga):
    """Two clubs of one federation and a second federation: each sees only its own."""
    north = Federation.objects.create(name="North League", slug="north")
    north.officers.create(user=olga)
    hilltop = ClubFactory(name="Hilltop", slug="hilltop")
    hilda = UserFactory(username="hilda")
    MembershipFactory(club=hilltop, user=hilda, role="director")
    for member in (club, hilltop):
        FederationClub.objects.create(federation=north, club=member, joined_on="2026-12-01")
    hill_player = PlayerFactory(club=hilltop, name="Hill Player")
    oscar = UserFactory(username="oscar")
    south = Federation.objects.create(name="South League", slug="south")
    south.officers.create(user=oscar)
    # A director of Riverside: nothing of Hilltop, nor of the federation's own pages.
    client.force_login(alice)
    assert client.get("/clubs/hilltop/federation/members/").status_code == 404
    link = f"/clubs/{club.slug}/federation/members/{hill_player.pk}/link/"
    assert client.post(link, {"member_number": "N-1"}).status_code == 404
    assert (
        client.post(
            f"/clubs/hilltop/federation/members/{hill_player.pk}/link/", {"member_number": "N-1"}
        ).status_code
        == 404
    )
    assert client.get("/federations/north/").status_code == 404
    assert Person.objects.count() == 0
    # The officer of North: the federation's page, but no club page of its members.
    client.force_login(olga)
    assert client.get("/federations/north/").status_code == 200
    for url in (
        f"/clubs/{club.slug}/",
        f"/clubs/{club.slug}/settings/",
        f"/clubs/{club.slug}/federation/members/",
        f"/players/{hill_player.pk}/",
        "/federations/south/",
    ):
        assert client.get(url).status_code == 404, url
    # The officer of South: nothing of North.
    client.force_login(oscar)
    assert client.get("/federations/north/").status_code == 404
    place = FederationClub.objects.get(club=club)
    assert client.post(f"/federations/north/clubs/{place.pk}/end/").status_code == 404
    assert FederationClub.objects.get(club=club).status == "member"


def test_the_members_page_reads_as_many_rows_for_ten_players_as_for_one(client, club, alice):
    north = Federation.objects.create(name="North League", slug="north")
    FederationClub.objects.create(federation=north, club=club, joined_on="2026-12-01")
    client.force_login(alice)
    url = f"/clubs/{club.slug}/federation/members/"

    def queries() -> int:
        from django.db import connection
        from django.test.utils import CaptureQueriesContext

        with CaptureQueriesContext(connection) as captured:
            assert client.get(url).status_code == 200
        return len(captured)

    PlayerFactory(club=club, name="Amira Haddad")
    Person.objects.create(
        federation=north, member_number="N-1", name="Amira Haddad", name_words="amira haddad"
    )
    one = queries()
    for n in range(9):
        player = PlayerFactory(club=club, name=f"Member {n}")
        person = Person.objects.create(
            federation=north, member_number=f"N-{n + 2}", name=f"Member {n}", name_words=f"{n} member"
        )
        if n % 2:
            player.person = person
            player.save()
    assert queries() == one


def test_an_officer_removes_another_and_the_last_one_stays(client, olga):
    from clubs.models import FederationOfficer

    client.force_login(olga)
    client.post("/federations/new/", {"name": "North League", "slug": ""})
    UserFactory(username="otto")
    assert client.post("/federations/north-league/officers/", {"who": "otto"}).status_code == 302
    otto = FederationOfficer.objects.get(user__username="otto")
    page = _page(client, "/federations/north-league/")
    assert f"/federations/north-league/officers/{otto.pk}/remove/" in page and "Step down" in page
    response = client.post(f"/federations/north-league/officers/{otto.pk}/remove/", follow=True)
    assert "otto is no longer an officer of the federation." in response.content.decode()
    assert list(FederationOfficer.objects.values_list("user__username", flat=True)) == ["olga"]
    # The last officer stays, with the reason, and the page offers no button to try.
    mine = FederationOfficer.objects.get(user=olga)
    assert "/remove/" not in _page(client, "/federations/north-league/")
    response = client.post(f"/federations/north-league/officers/{mine.pk}/remove/")
    assert "A federation needs an officer" in response.content.decode()
    assert FederationOfficer.objects.filter(user=olga).exists()
    # Otto, no longer an officer, no longer sees the federation's page.
    client.force_login(otto.user)
    assert client.get("/federations/north-league/").status_code == 404


def test_anyone_signed_in_starts_a_club_and_is_its_director(client, olga):
    from clubs.models import Club, Membership

    client.force_login(olga)
    assert "/clubs/new/" in _page(client, "/")
    response = client.post(
        "/clubs/new/",
        {"name": "Hilltop Canasta", "slug": "", "time_zone": "Europe/Athens", "default_variant": "samba"},
    )
    assert response.status_code == 302 and response["Location"] == "/clubs/hilltop-canasta/"
    club = Club.objects.get(slug="hilltop-canasta")
    assert (club.time_zone, club.default_variant) == ("Europe/Athens", "samba")
    assert Membership.objects.get(club=club, user=olga).role == Membership.Role.DIRECTOR
    assert _page(client, "/clubs/hilltop-canasta/settings/")  # its director opens its settings
    # The same address again, or "new" (the page's own address), is refused with the form kept.
    for slug in ("hilltop-canasta", "new"):
        response = client.post(
            "/clubs/new/", {"name": "Other", "slug": slug, "time_zone": "UTC", "default_variant": "classic"}
        )
        assert response.status_code == 400 and "address" in response.content.decode()
    assert Club.objects.count() == 1
