"""Production settings refuse to start without a secret key or with DEBUG on."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


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


def test_production_serves_static_files_under_hashed_names():
    """Collected under names with a hash of their content, which whitenoise marks immutable:
    a phone keeps them and asks again only for the page (bench/README.md, Entering hands)."""
    result = _import_production(DJANGO_SECRET_KEY="x" * 50, DJANGO_ALLOWED_HOSTS="example.org")
    assert result.returncode == 0, result.stderr
    code = (
        "import config.settings.production as s; "
        "print(s.STORAGES['staticfiles']['BACKEND'], s.WHITENOISE_USE_FINDERS, s.WHITENOISE_AUTOREFRESH)"
    )
    clean = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    clean.update(DJANGO_SECRET_KEY="x" * 50, DJANGO_ALLOWED_HOSTS="example.org")
    shown = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=clean, capture_output=True, text=True, check=True
    )
    # From the collected files only (not the source folders, uncompressed and unhashed).
    assert shown.stdout.split() == [
        "whitenoise.storage.CompressedManifestStaticFilesStorage",
        "False",
        "False",
    ]


def test_static_files_are_also_collected_brotli_compressed(tmp_path):
    """Beside each .gz a .br (the `brotli` package of requirements.txt), which whitenoise sends
    to the browsers that ask for it: the table page's script and styles some 12 % smaller."""
    from whitenoise.compress import Compressor

    script = tmp_path / "table.js"
    script.write_bytes((ROOT / "static" / "js" / "table.js").read_bytes())
    written = list(Compressor(quiet=True).compress(str(script)))
    assert sorted(Path(name).suffix for name in written) == [".br", ".gz"]
    assert (tmp_path / "table.js.br").stat().st_size < (tmp_path / "table.js.gz").stat().st_size


@pytest.mark.django_db
def test_pages_are_sent_compressed_to_a_browser_that_takes_it(client, league_night):
    from tournaments.models import Game

    game = Game.objects.filter(table__round__event=league_night).first()
    url = f"/t/{game.table.access_token}/"
    plain = client.get(url)
    compressed = client.get(url, HTTP_ACCEPT_ENCODING="gzip")
    assert compressed["Content-Encoding"] == "gzip"
    assert len(compressed.content) * 3 < len(plain.content)
