"""`manage.py score_sheet`: the thin command over scoring.score_sheet (no database)."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.core.management import call_command

if not settings.configured:  # run without pytest-django (-p no:django)
    pytest.skip("Django settings are not configured", allow_module_level=True)

CASES = Path(__file__).parent / "cases"


def _run(path: str, monkeypatch: pytest.MonkeyPatch, stdin: str = "") -> tuple[int, Any]:
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    out = io.StringIO()
    try:
        call_command("score_sheet", path, stdout=out)
        code = 0
    except SystemExit as exc:
        code = int(exc.code or 0)
    return code, json.loads(out.getvalue())


def _sheet_file(tmp_path: Path, name: str) -> str:
    case = json.loads((CASES / name).read_text(encoding="utf-8"))
    path = tmp_path / "sheet.json"
    path.write_text(json.dumps(case["sheet"]), encoding="utf-8")
    return str(path)


def test_scores_a_sheet_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = _sheet_file(tmp_path, "classic-going-out-two-sides.json")
    code, out = _run(path, monkeypatch)
    assert code == 0
    assert out["totals"] == {"NS": 1685, "EW": 485}  # C1A / C1B


def test_reads_standard_input(monkeypatch: pytest.MonkeyPatch) -> None:
    case = json.loads((CASES / "british-acaba.json").read_text(encoding="utf-8"))
    code, out = _run("-", monkeypatch, stdin=json.dumps(case["sheet"]))
    assert code == 0
    assert out["totals"] == {"NS": 0, "EW": 1500}


def test_rejected_sheet_prints_errors_and_exits_1(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = _sheet_file(tmp_path, "invalid-points-not-multiple-of-five.json")
    code, out = _run(path, monkeypatch)
    assert code == 1
    assert {"hand": 0, "side": "NS", "field": "melded_points"}.items() <= out["errors"][0].items()


def test_invalid_json_is_an_error_not_a_traceback(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    code, out = _run("-", monkeypatch, stdin='{"variant": "classic",')
    assert code == 1
    assert "not valid JSON" in out["errors"][0]["message"]


def test_missing_file(monkeypatch: pytest.MonkeyPatch) -> None:
    code, out = _run("/nonexistent/sheet.json", monkeypatch)
    assert code == 1
    assert "cannot read" in out["errors"][0]["message"]
