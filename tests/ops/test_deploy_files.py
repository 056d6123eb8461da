"""What keeps the processes running: the systemd units and the supervisor's configuration in
deploy/ run the Makefile's own targets, read the one settings file, and start a process again
whenever it exits (docs/deployment.md, "3. The processes").

The units are also given to `systemd-analyze verify` where it is installed; the supervisor's
configuration is run for real by tests/ops/test_supervised.py.
"""

from __future__ import annotations

import configparser
import re
import shutil
import subprocess

import pytest

from tests.ops.services import ROOT

DEPLOY = ROOT / "deploy"
TARGETS = {"web": "serve", "worker": "worker", "beat": "beat"}
# The processes never install anything: `make release` does, before they are (re)started.
MAKE = "/usr/bin/make --no-print-directory -o .venv/.installed"


def _unit(name: str) -> dict[str, dict[str, str]]:
    parser = configparser.ConfigParser(strict=False, interpolation=None)
    parser.optionxform = str  # keys keep their case
    parser.read_string((DEPLOY / name).read_text())
    return {section: dict(parser[section]) for section in parser.sections()}


def _make_targets() -> set[str]:
    return set(re.findall(r"^([a-z-]+):", (ROOT / "Makefile").read_text(), flags=re.MULTILINE))


@pytest.mark.parametrize("program", list(TARGETS))
def test_each_systemd_unit_runs_its_make_target_and_restarts_always(program):
    unit = _unit(f"canasta-{program}.service")
    service = unit["Service"]
    assert service["ExecStart"] == f"{MAKE} {TARGETS[program]}"
    assert TARGETS[program] in _make_targets()
    assert service["Restart"] == "always"
    assert service["EnvironmentFile"] == "/etc/canasta/canasta.env"
    # SIGTERM to make alone, which hands it to its one child (a warm shutdown of the worker,
    # a graceful one of gunicorn); whatever is left after the timeout is killed.
    assert service["KillMode"] == "mixed"
    assert unit["Unit"]["PartOf"] == "canasta.target"
    assert unit["Install"]["WantedBy"] == "canasta.target"


def test_the_target_starts_the_three_units():
    target = _unit("canasta.target")
    assert set(target["Unit"]["Wants"].split()) == {f"canasta-{p}.service" for p in TARGETS}
    assert target["Install"]["WantedBy"] == "multi-user.target"


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze is not installed")
def test_systemd_finds_nothing_wrong_in_the_units(tmp_path):
    # systemd-analyze reports an unknown key or a bad value on stderr, naming the unit.
    units = [str(DEPLOY / f"canasta-{p}.service") for p in TARGETS] + [str(DEPLOY / "canasta.target")]
    result = subprocess.run(
        ["systemd-analyze", "verify", "--man=no", *units], capture_output=True, text=True, timeout=60
    )
    problems = [line for line in result.stderr.splitlines() if "canasta" in line]
    assert not problems, result.stderr


def test_the_supervisor_runs_the_same_targets_and_starts_each_again():
    parser = configparser.RawConfigParser()
    parser.read_string((DEPLOY / "supervisord.conf").read_text())
    programs = {s.removeprefix("program:"): parser[s] for s in parser.sections() if s.startswith("program:")}
    assert set(programs) == set(TARGETS)
    for name, program in programs.items():
        assert program["command"] == f"make --no-print-directory -o .venv/.installed {TARGETS[name]}"
        assert program["directory"] == "%(here)s/.."
        assert program["autorestart"] == "true"
        # SIGTERM to make, which hands it on; the final SIGKILL to everything it started.
        assert program.get("stopasgroup", "false") == "false"
        assert program["killasgroup"] == "true"
    assert parser["supervisord"]["nodaemon"] == "true"
    assert "supervise" in _make_targets()
    assert "deploy/supervisord.conf" in (ROOT / "Makefile").read_text()
