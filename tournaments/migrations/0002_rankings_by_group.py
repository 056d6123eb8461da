"""Ratings per ranking group, an event's `ranked`, and each rated game's result in its history row.

Ratings and their history are derived: their rows are emptied here and written again by the
next `ratings_rebuild` (the nightly refresh, a game's end, or `manage.py ratings_rebuild`).
"""

from typing import Any

import django.db.models.deletion
from django.db import migrations, models


def empty_the_derived_ratings(apps: Any, schema_editor: Any) -> None:
    apps.get_model("tournaments", "RatingHistory").objects.all().delete()
    apps.get_model("tournaments", "Rating").objects.all().delete()


class Migration(migrations.Migration):
    dependencies = [
        ("clubs", "0002_rankings_by_group"),
        ("tournaments", "0001_initial"),
    ]

    operations = [
        migrations.RunPython(empty_the_derived_ratings, migrations.RunPython.noop),
        migrations.AddField(
            model_name="event",
            name="ranked",
            field=models.BooleanField(
                default=True,
                help_text="Untick for a social night or a knockout: its games then move no ranking or rating.",
                verbose_name="counts in the club's ranking",
            ),
        ),
        migrations.AddField(
            model_name="historicalevent",
            name="ranked",
            field=models.BooleanField(
                default=True,
                help_text="Untick for a social night or a knockout: its games then move no ranking or rating.",
                verbose_name="counts in the club's ranking",
            ),
        ),
        migrations.AlterField(
            model_name="rating",
            name="player",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE, related_name="ratings", to="clubs.player"
            ),
        ),
        migrations.AddField(
            model_name="rating",
            name="group",
            field=models.CharField(default="", max_length=32, verbose_name="ranking group"),
            preserve_default=False,
        ),
        migrations.AddConstraint(
            model_name="rating",
            constraint=models.UniqueConstraint(fields=("player", "group"), name="rating_once_per_player_and_group"),
        ),
        migrations.AddField(
            model_name="ratinghistory",
            name="group",
            field=models.CharField(default="", max_length=32),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="ratinghistory",
            name="event",
            field=models.ForeignKey(
                default=0, on_delete=django.db.models.deletion.CASCADE, related_name="+", to="tournaments.event"
            ),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="ratinghistory",
            name="date",
            field=models.DateField(default="2000-01-01"),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="ratinghistory",
            name="won",
            field=models.PositiveSmallIntegerField(default=0),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="ratinghistory",
            name="drew",
            field=models.PositiveSmallIntegerField(default=0),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="ratinghistory",
            name="points",
            field=models.IntegerField(default=0),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="ratinghistory",
            name="victory_points",
            field=models.IntegerField(default=0),
            preserve_default=False,
        ),
        migrations.AlterModelOptions(
            name="ratinghistory",
            options={"ordering": ["player", "group", "sequence"]},
        ),
        migrations.AddIndex(
            model_name="ratinghistory",
            index=models.Index(fields=["group", "date"], name="rating_history_group_date"),
        ),
        migrations.AddIndex(
            model_name="ratinghistory",
            index=models.Index(fields=["player", "group", "sequence"], name="rating_history_sequence"),
        ),
    ]
