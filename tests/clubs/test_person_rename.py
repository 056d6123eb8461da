"""An officer renames a person from the federation's pages, as they click them: the federation's
page, its people found by a number written otherwise, the person's page; the rename recorded and
shown there, the new name everywhere; another number, an empty name or invisible characters
refused on the form; nobody but the officers reaches it; the people kept apart by the keys listed."""

from __future__ import annotations

import datetime
import re

import pytest

from clubs.models import Federation, FederationClub, Person, PersonRename
from tests.support.factories import PlayerFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def olga(db):
    return UserFactory(username="olga")


@pytest.fixture
def north(club, olga):
    """North, run by Olga, with Riverside: its Amira Hadad is NCF-001, as the club first typed her name."""
    north = Federation.objects.create(name="North League", slug="north", ranking_public=False)
    north.officers.create(user=olga)
    FederationClub.objects.create(federation=north, club=club, joined_on=datetime.date(2026, 11, 1))
    amira = PlayerFactory(club=club, name="Amira Hadad")
    person = Person.objects.create(federation=north, member_number="NCF-001", name="Amira Hadad")
    amira.person = person
    amira.save()
    Person.objects.create(federation=north, member_number="NCF-002", name="Bruno Costa")
    return north


def _page(client, url, status=200):
    response = client.get(url)
    assert response.status_code == status, url
    return response.content.decode()


def _href(page, link_id):
    return re.search(rf'<a href="([^"]+)" id="{link_id}">', page)[1]


def test_an_officer_finds_a_person_by_their_number_and_renames_them(client, club, alice, olga, north):
    client.force_login(olga)
    people_url = _href(_page(client, "/federations/north/"), "federation-people")
    found = _page(client, people_url + "?q=ncf+001")  # the number as someone else writes it
    person = Person.objects.get(member_number="NCF-001")
    assert "Amira Hadad" in found and "Bruno Costa" not in found
    person_url = f"/federations/north/people/{person.pk}/rename/"
    assert f'href="{person_url}"' in found
    page = _page(client, person_url)
    assert "Member number NCF-001" in page and "Riverside" in page and "Never renamed." in page

    response = client.post(person_url, {"name": " Amira Haddad ", "member_number": "ncf 001"}, follow=True)
    page = response.content.decode()
    assert response.redirect_chain[-1][0] == person_url
    assert "The person is now Amira Haddad, number NCF 001." in page
    assert "<bdi>Amira Hadad</bdi> renamed <bdi>Amira Haddad</bdi>" in page
    assert "number NCF-001 written NCF 001" in page and "olga" in page
    person.refresh_from_db()
    assert (person.name, person.member_number, person.name_words) == (
        "Amira Haddad",
        "NCF 001",
        "amira haddad",
    )
    rename = PersonRename.objects.get(person=person)
    assert (rename.name_before, rename.name_after, rename.number_before, rename.number_after, rename.by) == (
        "Amira Hadad",
        "Amira Haddad",
        "NCF-001",
        "NCF 001",
        olga,
    )
    # The new name shows on the federation's own pages and on the club's.
    assert "Amira Haddad" in _page(client, f"/federations/north/people/{person.pk}/")
    client.force_login(alice)
    members = _page(client, f"/clubs/{club.slug}/federation/members/")
    assert "Linked to <bdi>Amira Haddad</bdi>, number NCF 001." in members

    # Saved again as it is: nothing recorded.
    client.force_login(olga)
    response = client.post(person_url, {"name": "Amira Haddad", "member_number": "NCF 001"}, follow=True)
    assert "Nothing changed." in response.content.decode()
    assert PersonRename.objects.count() == 1


@pytest.mark.parametrize(
    ("name", "number", "field", "message"),
    [
        ("Amira Haddad", "NCF-002", "member_number", "NCF-002 is not the number NCF-001"),
        ("Amira Haddad", "NCF-0010", "member_number", "NCF-0010 is not the number NCF-001"),
        ("Amira Haddad", "NCF_001", "member_number", "letters and digits"),
        ("   ", "NCF-001", "name", "This field is required."),
        ("Amira\u202eHaddad", "NCF-001", "name", "invisible characters"),
    ],
)
def test_a_rename_refused_changes_nothing(client, olga, north, name, number, field, message):
    person = Person.objects.get(member_number="NCF-001")
    client.force_login(olga)
    response = client.post(
        f"/federations/north/people/{person.pk}/rename/", {"name": name, "member_number": number}
    )
    assert response.status_code == 400
    assert message in " ".join(response.context["form"].errors[field])
    person.refresh_from_db()
    assert (person.name, person.member_number) == ("Amira Hadad", "NCF-001")
    assert not PersonRename.objects.exists()


def test_only_the_federations_officers_reach_its_people(client, alice, olga, north):
    person = Person.objects.get(member_number="NCF-001")
    south = Federation.objects.create(name="South", slug="south")
    otto = UserFactory(username="otto")
    south.officers.create(user=otto)
    for user in (alice, otto):  # the club's director; another federation's officer
        client.force_login(user)
        assert client.get("/federations/north/people/?q=NCF").status_code == 404
        url = f"/federations/north/people/{person.pk}/rename/"
        assert client.post(url, {"name": "X Y", "member_number": "NCF-001"}).status_code == 404
    client.force_login(otto)  # North's person through South's address
    assert client.get(f"/federations/south/people/{person.pk}/rename/").status_code == 404
    person.refresh_from_db()
    assert person.name == "Amira Hadad"


def test_the_people_kept_apart_by_the_keys_are_listed_with_the_number_they_share(client, olga, north):
    holder = Person.objects.get(member_number="NCF-001")
    # As migration 0006 leaves a person whose number equalled an older one's.
    apart = Person.objects.create(
        federation=north, member_number="NCF.001", name="Amira H.", number_key=f"NCF001~{holder.pk + 100}"
    )
    client.force_login(olga)
    page = _page(client, "/federations/north/people/")
    listed = re.search(r'<ul class="person-lines" id="people-apart">(.*?)</ul>', page, re.S)[1]
    assert "Amira H." in listed and "NCF.001" in listed
    assert "the number of <bdi>Amira Hadad</bdi>, NCF-001" in listed
    page = _page(client, f"/federations/north/people/{apart.pk}/rename/")
    assert "This number is also <bdi>Amira Hadad</bdi>" in page
    # Renamed, it stays apart: its key is kept.
    client.post(
        f"/federations/north/people/{apart.pk}/rename/", {"name": "Amira Haddad", "member_number": "NCF.001"}
    )
    apart.refresh_from_db()
    assert (apart.name, apart.number_key) == ("Amira Haddad", f"NCF001~{holder.pk + 100}")


def test_an_officer_reaches_the_rename_from_the_persons_ratings_page_and_no_one_else_sees_it(
    client, alice, olga, north
):
    Federation.objects.filter(pk=north.pk).update(ranking_public=True)
    person = Person.objects.get(member_number="NCF-001")
    ratings_url = f"/federations/north/people/{person.pk}/"
    client.force_login(olga)
    assert _href(_page(client, ratings_url), "person-rename") == f"{ratings_url}rename/"
    client.force_login(alice)  # the club's director: the page, not the link
    assert 'id="person-rename"' not in _page(client, ratings_url)
    client.logout()
    assert 'id="person-rename"' not in _page(client, ratings_url)


def test_the_admin_refuses_a_number_another_person_holds_however_written(client, north):
    admin = UserFactory(username="root", is_staff=True, is_superuser=True)
    client.force_login(admin)
    amira = Person.objects.get(member_number="NCF-001")
    url = f"/admin/clubs/person/{amira.pk}/change/"
    response = client.post(url, {"name": "Amira Hadad", "member_number": "ncf 002", "federation": north.pk})
    assert response.status_code == 200  # the form again, not a server error
    assert "ncf 002 is already the number of Bruno Costa, written NCF-002." in response.content.decode()
    amira.refresh_from_db()
    assert amira.member_number == "NCF-001"
    # Written otherwise, the person's own number is no clash.
    response = client.post(url, {"name": "Amira Hadad", "member_number": "ncf 001", "federation": north.pk})
    assert response.status_code == 302
    amira.refresh_from_db()
    assert amira.member_number == "ncf 001"
