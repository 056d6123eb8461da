"""Every field and breakdown line the engine can produce has a translatable name."""

import re
from pathlib import Path

import scoring
from tournaments.display.labels import BREAKDOWN_LABELS, ENTRY_FIELD_LABELS

ROOT = Path(__file__).resolve().parents[3]


def test_every_entry_field_of_every_variant_has_a_label():
    names = {f.name for rules in scoring.VARIANTS.values() for f in scoring.entry_fields(rules)}
    assert names - set(ENTRY_FIELD_LABELS) == set()


def test_every_breakdown_item_in_the_engine_has_a_label():
    paths = [ROOT / "scoring" / "engine.py", *sorted((ROOT / "scoring" / "rules").glob("*.py"))]
    source = "".join(path.read_text() for path in paths)
    literal_items = set(re.findall(r'item="([a-z_]+)"', source))
    assert literal_items
    assert literal_items - set(BREAKDOWN_LABELS) - set(ENTRY_FIELD_LABELS) == set()
