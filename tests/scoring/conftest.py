"""Every Problem the scoring tests make the engine report is checked as it is raised: its code is
one of scoring.PROBLEM_CODES, its params are plain values, and its English message names no field
by its raw contract key (tests/scoring/test_problem_codes.py has the checks)."""

from __future__ import annotations

import pytest

import scoring
from tests.scoring.problem_codes_check import assert_well_formed


@pytest.fixture(autouse=True)
def _problems_are_well_formed(monkeypatch: pytest.MonkeyPatch) -> None:
    sheet_init = scoring.SheetRejected.__init__
    hand_init = scoring.InvalidHandEntry.__init__

    def checked_sheet(self, problems):  # type: ignore[no-untyped-def]
        problems = tuple(problems)
        assert_well_formed(problems)
        sheet_init(self, problems)

    def checked_hand(self, problems):  # type: ignore[no-untyped-def]
        problems = tuple(problems)
        assert_well_formed(problems)
        hand_init(self, problems)

    monkeypatch.setattr(scoring.SheetRejected, "__init__", checked_sheet)
    monkeypatch.setattr(scoring.InvalidHandEntry, "__init__", checked_hand)
