"""A person's totals of a group on their federation rating (wins, draws, points, victory
points, last played), which the ranking of every night reads instead of summing the history.

Filled here from the stored history (one UPDATE, each rating's sums over its own rows); the
rebuild (`manage.py ratings_rebuild --federation`) and each rated game write them from then on.
"""

from typing import Any

from django.db import migrations, models
from django.db.models import Max, OuterRef, Subquery, Sum
from django.db.models.functions import Coalesce


def totals_from_the_history(apps: Any, schema_editor: Any) -> None:
    rating = apps.get_model("tournaments", "PersonRating")
    history = apps.get_model("tournaments", "PersonRatingHistory")

    def total(column: str, function: Any = Sum) -> Any:
        rows = history.objects.filter(person_id=OuterRef("person_id"), group=OuterRef("group")).order_by()
        return Subquery(rows.values("person_id").annotate(total=function(column)).values("total")[:1])

    rating.objects.update(
        wins=Coalesce(total("won"), 0),
        draws=Coalesce(total("drew"), 0),
        points=Coalesce(total("points"), 0),
        victory_points=Coalesce(total("victory_points"), 0),
        last_played=total("date", Max),
    )


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0008_rounds_from_one"),
    ]

    operations = [
        migrations.AddField(
            model_name="personrating",
            name="wins",
            field=models.PositiveIntegerField(default=0),
        ),
        migrations.AddField(
            model_name="personrating",
            name="draws",
            field=models.PositiveIntegerField(default=0),
        ),
        migrations.AddField(
            model_name="personrating",
            name="points",
            field=models.BigIntegerField(default=0),
        ),
        migrations.AddField(
            model_name="personrating",
            name="victory_points",
            field=models.BigIntegerField(default=0),
        ),
        migrations.AddField(
            model_name="personrating",
            name="last_played",
            field=models.DateField(null=True),
        ),
        migrations.RunPython(totals_from_the_history, migrations.RunPython.noop),
    ]
