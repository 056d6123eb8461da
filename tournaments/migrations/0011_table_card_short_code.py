"""A table card's short code, typed by a person instead of the card's link."""

from typing import Any

from django.db import migrations, models

import tournaments.models


def give_codes(apps: Any, schema_editor: Any) -> None:
    TableCard = apps.get_model("tournaments", "TableCard")
    taken: set[str] = set()
    for card in TableCard.objects.all().only("pk"):
        while (code := tournaments.models.new_short_code()) in taken:
            pass
        taken.add(code)
        TableCard.objects.filter(pk=card.pk).update(short_code=code)


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0010_table_shape_four_alone")]

    operations = [
        migrations.AddField(
            model_name="tablecard",
            name="short_code",
            field=models.CharField(editable=False, max_length=6, null=True),
        ),
        migrations.RunPython(give_codes, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="tablecard",
            name="short_code",
            field=models.CharField(
                default=tournaments.models.new_short_code, editable=False, max_length=6, unique=True
            ),
        ),
    ]
