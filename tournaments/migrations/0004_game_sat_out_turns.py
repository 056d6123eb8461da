"""Who has sat out the hands of a table of five, kept in the game's row (`Game.sat_out_turns`):
a new hand's sit-out is then chosen without reading the game's earlier hands. Filled here from
the stored hands of every game that has a sit-out."""

from typing import Any

from django.db import migrations, models


def turns_from_hands(apps: Any, schema_editor: Any) -> None:
    Game = apps.get_model("tournaments", "Game")
    Hand = apps.get_model("tournaments", "Hand")
    # As domain.table_shapes.sat_out_turns has it (copied: a migration keeps the rule of its day):
    # player id as text -> [hands sat out, the number of the last of them].
    by_game: dict[int, dict[str, list[int]]] = {}
    rows = (
        Hand.objects.filter(sat_out__isnull=False)
        .order_by("game_id", "number")
        .values_list("game_id", "number", "sat_out_id")
    )
    for game_id, number, player_id in rows.iterator():
        turns = by_game.setdefault(game_id, {})
        count, _last = turns.get(str(player_id), (0, 0))
        turns[str(player_id)] = [count + 1, number]
    for game_id, turns in by_game.items():
        Game.objects.filter(pk=game_id).update(sat_out_turns=turns)


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0003_event_board_link_version"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="sat_out_turns",
            # With a default in the database too: a process still running the code before this
            # migration writes new games without the column.
            field=models.JSONField(
                blank=True, default=dict, db_default=models.Value({}, models.JSONField())
            ),
        ),
        migrations.RunPython(turns_from_hands, migrations.RunPython.noop),
    ]
