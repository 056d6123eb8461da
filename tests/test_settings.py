"""Production settings refuse to start without a secret key or with DEBUG on."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _import_production(**env: str) -> subprocess.CompletedProcess:
    clean = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    clean.update(env)
    return subprocess.run(
        [sys.executable, "-c", "import config.settings.production"],
        cwd=ROOT,
        env=clean,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_production_refuses_to_start_without_a_secret_key():
    result = _import_production(DJANGO_ALLOWED_HOSTS="example.org")
    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY" in result.stderr


def test_production_refuses_to_start_with_debug_on():
    result = _import_production(
        DJANGO_SECRET_KEY="x" * 50, DJANGO_DEBUG="true", DJANGO_ALLOWED_HOSTS="example.org"
    )
    assert result.returncode != 0
    assert "DJANGO_DEBUG must be off" in result.stderr


def test_production_starts_with_a_secret_and_debug_off():
    result = _import_production(DJANGO_SECRET_KEY="x" * 50, DJANGO_ALLOWED_HOSTS="example.org")
    assert result.returncode == 0, result.stderr
