"""The web process's deadline on the database's answers (config/postgresql/base.py): a
connection made under it carries a statement timeout a second shorter; without it (the Celery
tasks, the commands) a connection has none. tests/ops/test_database_hung.py hangs a real
connection under gunicorn."""

from __future__ import annotations

import pytest
from django.db import connection

from config.postgresql.base import DeadlineConnection, answer_deadline

pytestmark = pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's backend")


@pytest.fixture
def deadline():
    answer_deadline(5)
    yield
    answer_deadline(None)


def _statement_timeout() -> str:
    params = {**connection.get_connection_params()}
    with DeadlineConnection.connect(**params) as conn:
        return conn.execute("SHOW statement_timeout").fetchone()[0]


@pytest.mark.django_db
def test_a_connection_made_under_the_deadline_has_a_statement_timeout_a_second_shorter(deadline):
    assert _statement_timeout() == "4s"


@pytest.mark.django_db
def test_a_connection_made_without_the_deadline_has_no_statement_timeout():
    assert _statement_timeout() == "0"


def test_the_site_uses_the_backend_with_the_deadline_and_tcp_keepalives():
    assert connection.settings_dict["ENGINE"] == "config.postgresql"
    options = connection.settings_dict["OPTIONS"]
    assert (options["keepalives"], options["keepalives_idle"], options["keepalives_count"]) == (1, 60, 3)
