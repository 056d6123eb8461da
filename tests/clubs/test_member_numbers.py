"""Member numbers equal whatever their spaces, separators and capitals (`NCF-001` = `ncf 001` = `NCF001`
= `ncf.001`): the key two writings share, the written form kept, a link by another writing, the
database's one person a key, and the migration that gave existing people their keys."""

from __future__ import annotations

import datetime

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, connection, transaction
from django.db.migrations.executor import MigrationExecutor

from clubs import services
from clubs.models import Federation, FederationClub, Person, Player
from clubs.numbers import number_key
from tests.support.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory

# --- the key ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "written",
    [
        "NCF-001",
        "ncf 001",
        "NCF001",
        "ncf.001",
        "NCF/001",
        " ncf  -  001 ",
        "NCF\u2013001",  # an en dash, as a spreadsheet's autocorrect writes the hyphen
        "NCF\u00a0001",  # a no-break space
        "\uff2e\uff23\uff26\uff0d\uff10\uff10\uff11",  # full-width, as a phone's Arabic keyboard types it
        "NCF-\u06f0\u06f0\u06f1",  # Persian digits
        "NCF-\u0660\u0660\u0661",  # Arabic-Indic digits
    ],
)
def test_every_writing_of_one_number_has_its_key(written):
    assert number_key(written) == "NCF001"


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("NCF-001", "NCF-01"),  # a zero is a digit of the number, not a separator
        ("NCF-001", "NCF-0010"),
        ("NCF-001", "NCG-001"),
        ("A-1", "A-7"),
    ],
)
def test_other_numbers_have_other_keys(first, second):
    assert number_key(first) != number_key(second)


@pytest.mark.parametrize(
    ("typed", "kept"),
    [
        ("NCF-001", "NCF-001"),
        ("ncf-001", "NCF-001"),
        ("  ncf   001 ", "NCF 001"),  # trimmed, each run of spaces one
        ("ncf.001", "NCF.001"),
        ("ncf \u2013 001", "NCF - 001"),  # the dash a hyphen
        ("NCF-\u06f0\u06f0\u06f1", "NCF-001"),
    ],
)
def test_a_number_is_kept_as_written_in_capitals(typed, kept):
    assert services.member_number_clean(typed) == kept


@pytest.mark.parametrize("typed", ["", "  ", "NCF_001", "-NCF001", "NCF001.", "NCF 00É", "N" * 33])
def test_a_number_not_of_the_form_is_refused(typed):
    with pytest.raises(ValidationError) as refused:
        services.member_number_clean(typed)
    assert "member_number" in refused.value.message_dict


# --- links by the key -------------------------------------------------------------------------------


@pytest.fixture
def north(db, club, alice):
    """North, with Riverside (the cast's club) and Hilltop as members; at Hilltop, Amira Haddad
    is NCF-001, as the federation writes it."""
    north = Federation.objects.create(name="North League", slug="north")
    hilltop = ClubFactory(name="Hilltop", slug="hilltop")
    for member in (club, hilltop):
        FederationClub.objects.create(federation=north, club=member, joined_on=datetime.date(2026, 11, 1))
    hilda = UserFactory(username="hilda")
    MembershipFactory(club=hilltop, user=hilda, role="director")
    amira = PlayerFactory(club=hilltop, name="Amira Haddad")
    _link(amira, "NCF-001", hilda)
    return north


def _link(player, number, by):
    return services.person_link(player=player, asked=services.PersonLinkInput(member_number=number), by=by)


@pytest.mark.django_db
@pytest.mark.parametrize("typed", ["ncf 001", "NCF001", "ncf.001", "ncf-001"])
def test_another_writing_links_to_the_person_shown_as_the_federation_writes_it(north, club, alice, typed):
    amira = PlayerFactory(club=club, name="Amira Haddad")
    outcome = _link(amira, typed, alice)
    assert outcome.result == "linked"
    assert outcome.person.member_number == "NCF-001"
    assert Person.objects.filter(federation=north).count() == 1
    amira.refresh_from_db()
    assert amira.person == Person.objects.get(member_number="NCF-001")
    assert _link(amira, "NCF 001", alice).result == "unchanged"


@pytest.mark.django_db
def test_another_writing_for_another_name_waits_for_an_officer(north, club, alice):
    bob = PlayerFactory(club=club, name="Bob Marley")
    outcome = _link(bob, "ncf.001", alice)
    assert outcome.result == "conflict"
    assert outcome.person.member_number == "NCF-001"
    assert Person.objects.filter(federation=north).count() == 1


@pytest.mark.django_db
def test_the_database_holds_one_person_a_number_however_written(north):
    with pytest.raises(IntegrityError), transaction.atomic():
        Person.objects.create(federation=north, member_number="NCF.001", name="Someone Else")
    # In another federation the number is another person's.
    south = Federation.objects.create(name="South", slug="south")
    assert Person.objects.create(federation=south, member_number="NCF.001", name="Someone Else").pk


# --- the migration ----------------------------------------------------------------------------------

BEFORE = [("clubs", "0007_player_claims")]


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_the_migration_keeps_people_whose_numbers_become_equal_apart():
    """Before keys, NCF-001, NCF.001 and NCF001 were three people of North (spaces were taken out,
    separators kept); the oldest keeps the number, the others keep their numbers and links, and
    nothing is merged."""
    executor = MigrationExecutor(connection)
    latest = executor.loader.graph.leaf_nodes("clubs")
    executor.migrate(BEFORE)
    old = executor.loader.project_state(BEFORE).apps
    north = old.get_model("clubs", "Federation").objects.create(name="North", slug="north")
    south = old.get_model("clubs", "Federation").objects.create(name="South", slug="south")
    people = old.get_model("clubs", "Person").objects
    club = old.get_model("clubs", "Club").objects.create(name="Riverside", slug="riverside")
    made = {}
    for federation, number, name in [
        (north, "NCF-001", "Amira Haddad"),
        (north, "NCF.001", "Amira Hadad"),
        (north, "NCF001", "Bob Marley"),
        (north, "NCF-002", "Cy Young"),
        (south, "NCF001", "Dee Dee"),
    ]:
        made[federation.slug, number] = people.create(
            federation=federation, member_number=number, name=name, name_words=name.lower()
        ).pk
    old.get_model("clubs", "Player").objects.create(
        club=club, name="Bob Marley", person_id=made["north", "NCF001"]
    )
    executor = MigrationExecutor(connection)
    executor.migrate(latest)

    keys = dict(Person.objects.values_list("pk", "number_key"))
    assert keys[made["north", "NCF-001"]] == "NCF001"
    assert keys[made["north", "NCF.001"]] == f"NCF001~{made['north', 'NCF.001']}"
    assert keys[made["north", "NCF001"]] == f"NCF001~{made['north', 'NCF001']}"
    assert keys[made["north", "NCF-002"]] == "NCF002"
    assert keys[made["south", "NCF001"]] == "NCF001"  # another federation's number
    assert Person.objects.count() == 5
    assert set(Person.objects.values_list("member_number", flat=True)) == {
        "NCF-001",
        "NCF.001",
        "NCF001",
        "NCF-002",
    }
    assert Player.objects.get(name="Bob Marley").person_id == made["north", "NCF001"]
    # A rename of one kept apart keeps it apart.
    kept_apart = Person.objects.get(pk=made["north", "NCF.001"])
    kept_apart.name = "Amira Haddad-Hadad"
    kept_apart.save(update_fields=["name"])
    assert Person.objects.get(pk=kept_apart.pk).number_key == keys[kept_apart.pk]
