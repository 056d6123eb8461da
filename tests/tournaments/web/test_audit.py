"""The club's audit page: who entered, corrected, confirmed or deleted what, and when."""

from __future__ import annotations

import pytest

from clubs.models import Player
from tests.support.hands import HAND_A, HAND_B
from tests.support.table_form import _form_data
from tournaments.models import Game, Hand
from tournaments.selectors.audit import club_audit

pytestmark = pytest.mark.django_db


def test_the_audit_shows_who_did_what_to_hands_roles_and_settings(
    client, club, league_night, alice, sam, bob
):
    game = Game.objects.filter(table__round__event=league_night).order_by("table__number").first()
    league_night.confirmation_required = True
    league_night.save()
    client.force_login(sam)
    client.post(f"/games/{game.pk}/hands/", _form_data(game, 1, HAND_A, save="1", entered_by_side="NS"))
    correction = _form_data(game, 1, HAND_B, save="1", expected_version=1, entered_by_side="NS")
    correction["submission_id"] = "0c6f0a52-5e0c-4a8f-8f5e-2b7c0b1b9a10"
    assert client.post(f"/games/{game.pk}/hands/", correction).status_code == 302
    client.force_login(alice)
    client.post(f"/games/{game.pk}/hands/1/confirm/", {"side": "EW"})
    client.post(
        f"/clubs/{club.slug}/settings/",
        {
            "name": "Riverside",
            "time_zone": "UTC",
            "language": "",
            "default_variant": "classic",
            "results_public": "on",
        },
    )
    client.post(f"/events/{league_night.pk}/finish/", {"end_unfinished": "1"})
    Hand.objects.filter(game=game).delete()

    lines = club_audit(club=club)
    seen = {(line.who, line.what.split(" · ")[0], line.action) for line in lines}
    assert ("sam", "Hand 1", "created") in seen
    assert ("sam", "Hand 1", "changed") in seen
    assert ("alice", "Hand 1", "confirmed") in seen
    assert ("sam", "Hand 1, side NS", "changed") in seen
    assert ("alice", "Club settings", "changed") in seen
    assert ("alice", "Event Friday", "changed") in seen
    assert any(line.action == "deleted" and line.what.startswith("Hand 1") for line in lines)
    assert any(line.what.startswith("Seating of round 1") for line in lines)
    settings_line = next(line for line in lines if line.what == "Club settings" and line.action == "changed")
    assert "results_public: False → True" in settings_line.detail

    page = client.get(f"/clubs/{club.slug}/audit/")
    assert page.status_code == 200
    assert 'id="audit"' in page.content.decode()


def test_the_audit_of_one_club_shows_nothing_of_another(client, club, league_night, mallory):
    from clubs.models import Club

    other = Club.objects.get(slug="elsewhere")
    assert all("Friday" not in line.what for line in club_audit(club=other))
    client.force_login(mallory)
    assert client.get(f"/clubs/{club.slug}/audit/").status_code == 404


def test_the_audit_reads_in_a_bounded_number_of_queries(club, league_night, django_assert_max_num_queries):
    with django_assert_max_num_queries(8):
        club_audit(club=club)


def test_the_audit_shows_a_locked_round_and_changed_ranking_rules(client, club, league_night, alice):
    client.force_login(alice)
    assert client.post(f"/events/{league_night.pk}/rounds/1/lock/").status_code == 302
    ranking = {"vp_scale": "three-one-zero", "vp_custom": "", "tie_break_1": "point_difference"}
    assert client.post(f"/events/{league_night.pk}/ranking/", ranking).status_code == 302
    details = [(line.who, line.detail) for line in club_audit(club=club)]
    assert ("alice", "locked: False → True") in details
    assert any(who == "alice" and "vp_scale: win-draw-loss → three-one-zero" in d for who, d in details)


def test_the_audit_shows_who_added_renamed_and_deactivated_players(client, club, alice, django_user_model):
    client.force_login(alice)
    for text in ("name,active\nAnn,\nBen,\n", "nombre,activo\nBen,no\n"):
        assert client.post(f"/clubs/{club.slug}/players/import/", {"data": text}).status_code == 302
    root = django_user_model.objects.create_superuser("root", "root@example.com", "x")
    client.force_login(root)
    ann = Player.objects.get(club=club, name="Ann")
    change = {"club": club.pk, "name": "Anna", "user": "", "active": "on"}
    assert client.post(f"/admin/clubs/player/{ann.pk}/change/", change).status_code == 302

    lines = [(line.who, line.what, line.action, line.detail) for line in club_audit(club=club)]
    assert [line for line in lines if line[1].startswith("Player ")] == [
        ("root", "Player Anna", "changed", "name: Ann → Anna"),
        ("alice", "Player Ben", "changed", "active: True → False"),
        ("alice", "Player Ben", "created", ""),
        ("alice", "Player Ann", "created", ""),
    ]
    client.force_login(alice)
    assert "Player Anna" in client.get(f"/clubs/{club.slug}/audit/").content.decode()
