"""New event: the house rules as controls drawn from the engine's declaration of its options,
saving what the API saves; everyone ticked present at once; a player added to the roster
without leaving the form; the partner column for fixed-partnership formats alone."""

from __future__ import annotations

import re

import pytest
from rest_framework.test import APIClient

import scoring
from clubs.models import Player

pytestmark = pytest.mark.django_db


def _form(cast, **fields):
    return {
        "name": "Monday",
        "date": "2026-11-30",
        "kind": "league_night",
        "variant": "classic",
        "players": [p.pk for p in cast[:8]],
        **fields,
    }


def _api_options(club, alice, players, variant, options):
    """The options the API saves for the same event asked with `options` as JSON."""
    api = APIClient()
    api.force_authenticate(alice)
    body = {
        "club": club.pk,
        "name": f"API {variant}",
        "date": "2026-11-30",
        "variant": variant,
        "players": [p.pk for p in players[:8]],
        "options": options,
    }
    created = api.post("/api/v1/events/", body, format="json")
    assert created.status_code == 201, created.content
    return club.events.get(name=f"API {variant}").options


def _block(page: str, option: str) -> str:
    """The markup of one house rule's control(s) (its div or fieldset)."""
    found = re.search(
        rf'<(div|fieldset) class="field house-rule[^"]*"[^>]*id="rule-{option}"[^>]*>.*?</\1>', page, re.S
    )
    assert found, option
    return found.group(0)


def test_the_json_box_is_gone_and_each_option_is_a_control(client, club, alice):
    club.default_variant = "chilean"
    club.save()
    client.force_login(alice)
    page = client.get(f"/clubs/{club.slug}/events/new/").content.decode()
    assert 'name="options"' not in page
    # Chilean's packs: a choice of the engine's 3 and 4, after "as the rules say".
    packs = _block(page, "packs")
    assert re.findall(r'<option value="([^"]*)"', packs) == ["", "3", "4"]
    assert "hidden" not in packs.split(">", 1)[0]  # shown: the club's variant is Chilean
    # Classic's own options are hidden for Chilean, and listed with the variants that take them.
    concealed = _block(page, "concealed_canasta_bonus")
    assert 'type="checkbox"' in concealed and " hidden" in concealed.split(">", 1)[0]
    assert 'data-variants="classic classic-2p' in concealed
    # A number of points: its minimum and its step.
    target = _block(page, "target")
    assert 'type="number"' in target and 'min="5"' in target and 'step="5"' in target
    # Every option some variant takes has its control(s), named after it.
    offered = {name for rules in scoring.VARIANTS.values() for name in rules.options}
    for name in offered:
        assert f'name="rule_{name}' in page, name
    # Hand and Foot's red threes may count against a side (Simpson, rules.md §6a): no minimum.
    red = _block(page, "red_three_values")
    assert 'name="rule_red_three_values_each"' in red and "min=" not in red
    # The books to go out by deal: a clean, a dirty and a wild count for each of four deals.
    by_deal = _block(page, "books_to_go_out_by_deal")
    assert by_deal.count('type="number"') == 4 * 3 and "Deal 4: Wild books" in by_deal


@pytest.mark.parametrize(
    ("variant", "fields", "options"),
    [
        ("chilean", {"rule_packs": "4"}, {"packs": 4}),
        (
            "classic",
            {"rule_target": "3000", "rule_tie_policy": "draw", "rule_negative_minimum": "0"},
            {"target": 3000, "tie_policy": "draw", "negative_minimum": 0},
        ),
        ("classic", {"rule_concealed_canasta_bonus": "on"}, {"concealed_canasta_bonus": True}),
        ("bolivia", {"rule_black_three_in_hand": "5"}, {"black_three_in_hand": 5}),
        (
            "hand-and-foot",
            {
                "rule_books_to_go_out_clean": "3",
                "rule_books_to_go_out_dirty": "4",
                "rule_books_to_go_out_wild": "0",
                "rule_book_values_wild": "1500",
                "rule_initial_meld_by_deal_1": "50",
                "rule_initial_meld_by_deal_2": "90",
                "rule_initial_meld_by_deal_3": "120",
                "rule_initial_meld_by_deal_4": "150",
                "rule_red_three_values_each": "100",
            },
            {
                "red_three_values": {"each": 100},
                "books_to_go_out": {"clean": 3, "dirty": 4, "wild": 0},
                "initial_meld_by_deal": [50, 90, 120, 150],
                "book_values": {"wild": 1500},
            },
        ),
        (
            "classic",
            {
                "rule_red_threes_against_each": "100",
                "rule_red_threes_against_all": "400",
                "rule_canasta_values_natural": "700",
                "rule_canasta_values_mixed": "500",
                "rule_wild_canasta": "1000",
                "rule_canastas_to_go_out": "2",
                "rule_perfect_cut_bonus": "100",
                "rule_tie_policy": "went_out",
            },
            {
                "tie_policy": "went_out",
                "red_threes_against": {"each": 100, "all": 400},
                "canasta_values": {"natural": 700, "mixed": 500},
                "wild_canasta": 1000,
                "canastas_to_go_out": 2,
                "perfect_cut_bonus": 100,
            },
        ),
        (
            "hand-and-foot",
            {
                "rule_deals": "0",
                "rule_target": "10000",
                "rule_initial_meld_table_below_1": "3000",
                "rule_initial_meld_table_minimum_1": "50",
                "rule_initial_meld_table_top": "90",
                "rule_black_three_in_hand": "100",
                "rule_special_books_sevens": "1500",
                "rule_special_books_black_threes": "2000",
                "rule_red_three_values_each": "-500",
            },
            {
                "target": 10000,
                "deals": 0,
                "black_three_in_hand": 100,
                "red_three_values": {"each": -500},
                "special_books": {"sevens": 1500, "black_threes": 2000},
                "initial_meld_table": [{"below": 3000, "minimum": 50}, {"minimum": 90}],
            },
        ),
        (
            "hand-and-foot",
            {
                **{f"rule_going_out_bonus_by_deal_{n}": str(100 * n) for n in (1, 2, 3, 4)},
                **{f"rule_books_to_go_out_by_deal_{n}_clean": str(n) for n in (1, 2, 3, 4)},
                **{f"rule_books_to_go_out_by_deal_{n}_dirty": str(n) for n in (1, 2, 3, 4)},
                **{f"rule_books_to_go_out_by_deal_{n}_wild": "0" for n in (1, 2, 3, 4)},
            },
            {
                "going_out_bonus_by_deal": [100, 200, 300, 400],
                "books_to_go_out_by_deal": [{"clean": n, "dirty": n, "wild": 0} for n in (1, 2, 3, 4)],
            },
        ),
        (
            "modern-american",
            {"rule_unfinished_wild_four_jokers": "2500"},
            {"unfinished_wild_four_jokers": 2500},
        ),
        (
            "classic",
            {
                "rule_initial_meld_table_below_1": "0",
                "rule_initial_meld_table_minimum_1": "15",
                "rule_initial_meld_table_below_2": "1500",
                "rule_initial_meld_table_minimum_2": "50",
                "rule_initial_meld_table_top": "120",
            },
            {
                "initial_meld_table": [
                    {"below": 0, "minimum": 15},
                    {"below": 1500, "minimum": 50},
                    {"minimum": 120},
                ]
            },
        ),
    ],
)
def test_the_controls_save_what_the_api_saves(client, club, alice, players, variant, fields, options):
    client.force_login(alice)
    response = client.post(f"/clubs/{club.slug}/events/new/", _form(players, variant=variant, **fields))
    assert response.status_code == 302, response.content.decode()[:3000]
    saved = club.events.get(name="Monday").options
    assert saved == options
    assert saved == _api_options(club, alice, players, variant, options)


def test_another_variants_controls_are_ignored(client, club, alice, players):
    """Packs chosen, then the variant changed to Classic (the packs' control hidden): Classic
    has no packs, and the event is made with none."""
    client.force_login(alice)
    response = client.post(f"/clubs/{club.slug}/events/new/", _form(players, rule_packs="4"))
    assert response.status_code == 302
    assert club.events.get().options == {}


def test_a_refused_house_rule_is_the_engines_at_its_control(client, club, alice, players):
    """One band below 1500 and no band above it: the table does not cover every score. The
    page's control gets the engine's refusal, word for word what the API answers."""
    client.force_login(alice)
    fields = {"rule_initial_meld_table_below_1": "1500", "rule_initial_meld_table_minimum_1": "50"}
    response = client.post(f"/clubs/{club.slug}/events/new/", _form(players, **fields))
    assert response.status_code == 200
    errors = response.context["form"].errors["rule_initial_meld_table_below_1"]
    api = APIClient()
    api.force_authenticate(alice)
    body = {
        "club": club.pk,
        "name": "API",
        "date": "2026-11-30",
        "variant": "classic",
        "players": [p.pk for p in players[:8]],
        "options": {"initial_meld_table": [{"below": 1500, "minimum": 50}]},
    }
    refused = api.post("/api/v1/events/", body, format="json")
    assert refused.status_code == 400
    assert errors == refused.json()["options"]
    assert "band 1" in errors[0]
    assert not club.events.exists()


def test_everyone_present_ticks_the_whole_roster_and_keeps_the_rest(client, club, alice, players):
    client.force_login(alice)
    data = _form(players, name="Club night", variant="chilean", rule_packs="4", players=[players[0].pk])
    response = client.post(f"/clubs/{club.slug}/events/new/", {**data, "everyone": "1"})
    assert response.status_code == 200
    assert not club.events.exists()
    page = response.content.decode()
    ticked = re.findall(r'<input type="checkbox" name="players" value="(\d+)"[^>]*checked', page)
    assert sorted(map(int, ticked)) == sorted(p.pk for p in club.players.filter(active=True))
    assert 'value="Club night"' in page
    assert '<option value="4" selected>' in _block(page, "packs")
    assert "form-errors" not in page  # nothing is marked wrong: the event was not asked for yet


def test_a_player_added_inline_joins_the_roster_ticked(client, club, alice, players):
    client.force_login(alice)
    data = _form(players, name="Club night", variant="chilean", rule_packs="4", players=[players[0].pk])
    response = client.post(
        f"/clubs/{club.slug}/events/new/", {**data, "new_player": "  Zoë Nguyen ", "add_player": "1"}
    )
    assert response.status_code == 200
    zoe = club.players.get(name="Zoë Nguyen")  # trimmed of its spaces, as every name is
    assert not zoe.guest
    page = response.content.decode()
    ticked = set(
        map(int, re.findall(r'<input type="checkbox" name="players" value="(\d+)"[^>]*checked', page))
    )
    assert ticked == {players[0].pk, zoe.pk}
    assert 'value="Club night"' in page and '<option value="4" selected>' in _block(page, "packs")
    assert 'name="new_player"' in page and 'value="  Zoë Nguyen "' not in page
    # Then the event is created with her.
    created = client.post(
        f"/clubs/{club.slug}/events/new/", {**data, "players": [p.pk for p in players[:7]] + [zoe.pk]}
    )
    assert created.status_code == 302
    assert club.events.get().participants.filter(player=zoe).exists()


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("", "Type the new player's name."),
        ("Zoe\u202eX", "The player's name contains invisible characters that change the direction"),
    ],
)
def test_a_bad_name_is_refused_as_the_roster_refuses_it(client, club, alice, players, name, said):
    client.force_login(alice)
    before = Player.objects.count()
    data = _form(players, name="Club night")
    response = client.post(f"/clubs/{club.slug}/events/new/", {**data, "new_player": name, "add_player": "1"})
    assert response.status_code == 400
    assert said in response.content.decode().replace("&#x27;", "'")
    assert Player.objects.count() == before
    assert 'value="Club night"' in response.content.decode()


def test_a_name_on_the_roster_already_is_refused(client, club, alice, players):
    client.force_login(alice)
    response = client.post(
        f"/clubs/{club.slug}/events/new/",
        {**_form(players), "new_player": players[0].name, "add_player": "1"},
    )
    assert response.status_code == 400
    assert club.players.filter(name=players[0].name).count() == 1


def test_the_partner_column_is_for_fixed_partnerships_alone(client, club, alice, players):
    client.force_login(alice)
    page = client.get(f"/clubs/{club.slug}/events/new/").content.decode()
    partner = re.search(r'<span class="partner pairs-only"[^>]*>', page).group(0)
    assert "hidden" in partner  # an individual format by default
    assert re.search(r'id="pairs-field" hidden', page)
    swiss = client.post(
        f"/clubs/{club.slug}/events/new/", {**_form(players, format="swiss"), "redisplay": "1"}
    )
    page = swiss.content.decode()
    assert "hidden" not in re.search(r'<span class="partner pairs-only"[^>]*>', page).group(0)
    assert 'id="pairs-field">' in page


def test_a_name_typed_but_not_added_stops_the_event(client, club, alice, players):
    """Create pressed with a name in the new player's box: the director meant them to play."""
    client.force_login(alice)
    response = client.post(f"/clubs/{club.slug}/events/new/", {**_form(players), "new_player": "Zoe"})
    assert response.status_code == 200
    assert response.context["form"].errors["new_player"] == [
        "Press Add to put Zoe on the roster, or empty this box."
    ]
    assert not club.events.exists() and not club.players.filter(name="Zoe").exists()


def test_a_house_rule_missing_a_part_names_it_as_its_control_does(client, club, alice, players):
    """Books of 7s and of black threes take both values (0: not allowed, rules.md §6a): one
    left empty is named by its control's label, once, at the rule's first control."""
    client.force_login(alice)
    fields = {"rule_special_books_sevens": "1500"}
    response = client.post(
        f"/clubs/{club.slug}/events/new/", _form(players, variant="hand-and-foot", **fields)
    )
    assert response.status_code == 200
    assert response.context["form"].errors["rule_special_books_sevens"] == [
        "The house rule “Books of 7s and of black threes (points; 0: not allowed)” needs a value "
        "for A book of black threes (points) too."
    ]
    assert not club.events.exists()
