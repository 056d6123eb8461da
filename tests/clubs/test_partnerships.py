"""The one way pairs become the club's partnerships (clubs.services.partnerships_ensure), and how a
typed line of pairs reads (clubs.names)."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from clubs.models import Club, Partnership, Player
from clubs.names import name_key, pair_line_names
from clubs.services import PairRequest, pair_requests_from_text, partnership_add, partnerships_ensure

# --- names, pure ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "key"),
    [
        pytest.param("  José   María ", "jose maria", id="accents, capitals and spaces"),
        pytest.param("AMIRA", "amira", id="capitals"),
        pytest.param("Σοφία", "σοφια", id="Greek tonos and capital sigma"),
        pytest.param("أميرة", "اميرة", id="Arabic alef with hamza above typed as a bare alef"),
    ],
)
def test_a_name_key_ignores_capitals_accents_and_spaces(typed, key):
    assert name_key(typed) == key


@pytest.mark.parametrize(
    ("line", "names"),
    [
        pytest.param("Amira & Bob", ["Amira", "Bob"], id="ampersand"),
        pytest.param("Amira+Bob", ["Amira", "Bob"], id="plus without spaces"),
        pytest.param("Amira / Bob", ["Amira", "Bob"], id="slash"),
        pytest.param("Amira – Bob", ["Amira", "Bob"], id="en dash"),
        pytest.param("Amira\tBob", ["Amira", "Bob"], id="tab, pasted from a spreadsheet"),
        pytest.param("Jean-Luc & Anne-Marie", ["Jean-Luc", "Anne-Marie"], id="a hyphen stays in the name"),
        pytest.param("Amira ＆ Bob", ["Amira", "Bob"], id="full-width ampersand"),
        pytest.param("Amira &", ["Amira"], id="a missing partner leaves one name"),
        pytest.param("Amira & Bob & Carla", ["Amira", "Bob", "Carla"], id="three names"),
    ],
)
def test_a_line_of_pairs_splits_at_the_separators(line, names):
    assert pair_line_names(line) == names


def test_lines_are_named_by_their_number_in_the_text_blank_lines_counted():
    requests = pair_requests_from_text("Amira & Bob\n\n  \nCarla + Dan\n")
    assert requests == [
        PairRequest(where="Line 1", players=("Amira", "Bob")),
        PairRequest(where="Line 4", players=("Carla", "Dan")),
    ]


# --- through the database ---------------------------------------------------------------------

pytestmark_db = pytest.mark.django_db


@pytest.fixture
def roster(club):
    names = ["Amira", "Bob", "Carla", "Dan", "José", "Jose", "Éva"]
    return {name: Player.objects.create(club=club, name=name) for name in names}


def _lines(text: str) -> list[PairRequest]:
    return pair_requests_from_text(text)


@pytestmark_db
def test_typed_pairs_find_their_players_whatever_the_capitals_and_accents(club, roster):
    made = partnerships_ensure(club=club, pairs=_lines("amira & BOB\neva / Dan"))
    assert [{p.first.name, p.second.name} for p in made] == [{"Amira", "Bob"}, {"Éva", "Dan"}]
    assert Partnership.objects.filter(club=club).count() == 2


@pytestmark_db
def test_an_existing_partnership_is_reused_whichever_player_comes_first(club, roster):
    first, second = sorted((roster["Amira"], roster["Bob"]), key=lambda p: p.pk)
    existing = Partnership.objects.create(club=club, first=first, second=second)
    (again,) = partnerships_ensure(club=club, pairs=_lines("Bob & Amira"))
    assert again.pk == existing.pk
    assert Partnership.objects.count() == 1


@pytestmark_db
def test_an_exact_spelling_picks_one_of_two_names_that_differ_only_in_accents(club, roster):
    (pair,) = partnerships_ensure(club=club, pairs=_lines("José & Amira"))
    assert roster["José"] in (pair.first, pair.second)
    with pytest.raises(ValidationError) as refused:
        partnerships_ensure(club=club, pairs=_lines("JOSE & Bob"))
    assert refused.value.message_dict == {
        "pairs": ["Line 1: “JOSE” could be Jose, José; type the name as on the roster."]
    }


@pytestmark_db
def test_every_problem_is_named_by_its_line_and_nothing_is_written(club, roster, mallory):
    stranger = Player.objects.create(club=Club.objects.get(slug="elsewhere"), name="Stranger")
    text = "\n".join(
        [
            "Amira & Bob",  # line 1: good
            "Zoe & Carla",  # line 2: Zoe is not on the roster
            "Dan",  # line 3: one player
            "Amira & Dan",  # line 4: Amira again (line 1)
            "Carla & carla",  # line 5: her own partner
            "Bob & Carla & Dan",  # line 6: three players
        ]
    )
    pairs = [*_lines(text), PairRequest(where="Pair 7", players=(roster["Dan"], stranger))]
    with pytest.raises(ValidationError) as refused:
        partnerships_ensure(club=club, pairs=pairs)
    assert refused.value.message_dict == {
        "pairs": [
            "Line 2: “Zoe” is not on the club's roster.",
            "Line 3: a pair is two players, written like “Amira & Bob”; this one has 1.",
            "Line 5: Carla cannot be their own partner.",
            "Line 6: a pair is two players, written like “Amira & Bob”; this one has 3.",
            "Pair 7: Stranger plays for another club.",
            "Amira is in two pairs (Line 1 and Line 4).",
        ]
    }
    assert not Partnership.objects.exists()


@pytestmark_db
def test_players_given_by_id_are_found_in_the_club_only(club, roster, mallory):
    stranger = Player.objects.create(club=Club.objects.get(slug="elsewhere"), name="Stranger")
    ok = PairRequest(where="Pair 1", players=(roster["Amira"].pk, roster["Bob"].pk))
    (pair,) = partnerships_ensure(club=club, pairs=[ok])
    assert {pair.first, pair.second} == {roster["Amira"], roster["Bob"]}
    elsewhere = PairRequest(where="Pair 2", players=(roster["Carla"].pk, stranger.pk))
    with pytest.raises(ValidationError) as refused:
        partnerships_ensure(club=club, pairs=[elsewhere])
    assert refused.value.messages == [f"Pair 2: the club has no player {stranger.pk}."]


@pytestmark_db
def test_partnership_add_says_whether_the_partnership_is_new(club, roster):
    made, created = partnership_add(club=club, first=roster["Carla"], second=roster["Amira"])
    assert created
    same, created_again = partnership_add(club=club, first=roster["Amira"], second=roster["Carla"])
    assert (same.pk, created_again) == (made.pk, False)
    with pytest.raises(ValidationError) as refused:
        partnership_add(club=club, first=roster["Dan"], second=roster["Dan"])
    assert refused.value.message_dict == {
        "players": ["The new partnership: Dan cannot be their own partner."]
    }
