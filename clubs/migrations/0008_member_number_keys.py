"""Member numbers equal whatever their spaces, separators and capitals: each person's `number_key`,
unique in its federation, in place of the number as written.

Two people of one federation whose numbers were written apart ("NCF-001", "NCF.001") share a key.
Neither is merged nor changed: the oldest keeps the key, and a club's link of the number now finds
it; each other one keeps its number as written and its links, under the key "<key>~<id>", which no
number's key can be, until the officers decide."""

import re
from typing import Any

from django.db import migrations, models


def _key(number: str) -> str:
    # clubs.numbers.number_key of a number stored before this migration (capitals, digits and . / -).
    return re.sub(r"[^A-Z0-9]", "", number.upper())


def fill_number_keys(apps: Any, schema_editor: Any) -> None:
    Person = apps.get_model("clubs", "Person")
    held = set()
    for person in Person.objects.order_by("federation_id", "created_at", "pk").iterator():
        key = _key(person.member_number)
        if (person.federation_id, key) in held:
            key = f"{key}~{person.pk}"
        held.add((person.federation_id, key))
        Person.objects.filter(pk=person.pk).update(number_key=key)


class Migration(migrations.Migration):

    dependencies = [
        ('clubs', '0007_player_claims'),
    ]

    operations = [
        migrations.AddField(
            model_name='person',
            name='number_key',
            field=models.CharField(default='', editable=False, max_length=48),
            preserve_default=False,
        ),
        migrations.RunPython(fill_number_keys, migrations.RunPython.noop),
        migrations.RemoveConstraint(
            model_name='person',
            name='person_number_unique_per_federation',
        ),
        migrations.AddConstraint(
            model_name='person',
            constraint=models.UniqueConstraint(fields=('federation', 'number_key'), name='person_number_key_unique_per_federation'),
        ),
    ]
