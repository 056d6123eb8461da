"""What every Problem must be: a known code, plain params, a message for people."""

from __future__ import annotations

import re
from collections.abc import Iterable

import scoring
from scoring.cards import CARD_PLACES
from scoring.errors import PROBLEM_CODES

# Contract keys with an underscore that a message must not show raw ("melded_points").
RAW_NAMES = {n for n in (*scoring.FIELD_KINDS, *scoring.CARD_KINDS, *CARD_PLACES) if "_" in n}
_WORDS = re.compile(r"[a-z_]+")
# What the sheet itself said, echoed in quotes ("unknown field 'bonus_points'"), is not checked.
_QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"")


def assert_well_formed(problems: Iterable[scoring.Problem]) -> None:
    for p in problems:
        assert p.code in PROBLEM_CODES, p
        for name, value in p.params.items():
            assert type(name) is str and name.isidentifier(), p
            assert type(value) in (int, str) or (
                type(value) is list and all(type(v) is str for v in value)
            ), (p, name)
        raw = RAW_NAMES.intersection(_WORDS.findall(_QUOTED.sub("", p.message)))
        assert not raw, (p.message, raw)
        assert "(s)" not in p.message, p.message
