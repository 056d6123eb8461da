"""SQLite backup and restore: a backup taken mid-night brings back every hand, exactly."""

from __future__ import annotations

import sqlite3

import pytest
from django.core.management import CommandError, call_command
from django.db import connection

from tests.support.hands import HAND_A, HAND_B
from tournaments import services
from tournaments.models import Game, Hand, SideEntry, Standing

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "sqlite", reason="PostgreSQL is backed up with pg_dump"),
]


def _hands() -> list[tuple]:
    return sorted(
        SideEntry.objects.values_list(
            "hand__game_id", "hand__number", "hand__version", "side", "score", "entry"
        )
    )


def test_a_restored_backup_has_every_hand(league_night, tmp_path):
    for game in Game.objects.filter(table__round__event=league_night):
        services.hand_record(game=game, asked=services.HandInput(number=1, entries=HAND_A))
        services.hand_record(game=game, asked=services.HandInput(number=2, entries=HAND_B))
    before = _hands()
    standings_before = sorted(Standing.objects.values_list("player_id", "rank", "points_for"))
    assert len(before) == 2 * 2 * 2  # two tables, two hands, two sides

    backup = tmp_path / "night.sqlite3"
    call_command("backup_sqlite", str(backup))
    with sqlite3.connect(backup) as copy:
        assert copy.execute("SELECT COUNT(*) FROM tournaments_hand").fetchone() == (4,)

    # The night goes wrong after the backup: a hand changed, the others deleted.
    game = Game.objects.filter(table__round__event=league_night).first()
    hand = Hand.objects.get(game=game, number=2)
    services.hand_record(
        game=game, asked=services.HandInput(number=2, entries=HAND_A, expected_version=hand.version)
    )
    Hand.objects.exclude(pk=hand.pk).delete()
    assert _hands() != before

    call_command("restore_sqlite", str(backup), "--noinput")
    assert _hands() == before
    assert sorted(Standing.objects.values_list("player_id", "rank", "points_for")) == standings_before


def test_restore_refuses_a_file_that_is_not_a_backup(db, tmp_path):
    junk = tmp_path / "junk.sqlite3"
    sqlite3.connect(junk).close()
    with pytest.raises(CommandError, match="not a backup"):
        call_command("restore_sqlite", str(junk), "--noinput")
    with pytest.raises(CommandError, match="No backup"):
        call_command("restore_sqlite", str(tmp_path / "missing"), "--noinput")
