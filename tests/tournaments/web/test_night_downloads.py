"""A night's sign-ups and check-ins downloaded by its director as CSV and XLSX, in the page's
language, with Arabic and Persian names kept whole; members get the page, not the file."""

from __future__ import annotations

import csv
import datetime
import io
import re

import openpyxl
import pytest
from django.urls import reverse

from clubs.models import Player
from tournaments import selectors, services

pytestmark = pytest.mark.django_db

ARABIC, PERSIAN = "ليلى حداد", "نگار رضایی"


@pytest.fixture
def night(club, players):
    (night,) = services.nights_schedule(
        club=club,
        asked=services.NightInput(
            date=selectors.club_today(club), start_time=datetime.time(19, 30), variant="classic"
        ),
    )
    laila = Player.objects.create(club=club, name=ARABIC)
    negar = Player.objects.create(club=club, name=PERSIAN)
    services.night_reply_set(night=night, player=laila, answer="partner")
    services.night_reply_set(night=night, player=negar, answer="coming")
    services.night_reply_set(night=night, player=players[0], answer="not_coming")
    services.night_check_in(night=night, player=laila, present=True, how="door", at_the_door=True)
    return night


def _url(night, export: str) -> str:
    return reverse("tournaments:night_detail", kwargs={"night_id": night.pk}) + f"?_export={export}"


def test_the_csv_lists_replies_first_with_right_to_left_names_whole_in_spanish(client, alice, night):
    client.force_login(alice)
    client.cookies["django_language"] = "es"
    response = client.get(_url(night, "csv"))
    assert response["Content-Disposition"] == f'attachment; filename="riverside-night-{night.date}.csv"'
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig")), delimiter=";"))
    assert rows[0] == ["Jugador", "Respuesta", "Presente", "Cómo", "Llegó a las"]
    assert rows[1][:4] == [ARABIC, "Busco compañero", "sí", "en la puerta"]
    assert rows[2][:3] == [PERSIAN, "Voy", ""]
    assert len(rows) == 1 + 2 + 16  # the heading, the two coming, the roster's 16 (one not coming)
    assert ["Player 01", "No voy", "", "", ""] in rows


def test_the_xlsx_holds_the_same_rows(client, alice, night):
    client.force_login(alice)
    response = client.get(_url(night, "xlsx"))
    sheet = openpyxl.load_workbook(io.BytesIO(response.content)).active
    rows = [list(row) for row in sheet.iter_rows(values_only=True)]
    assert rows[0] == ["Player", "Reply", "Here", "How", "Checked in at"]
    assert rows[1][:4] == [ARABIC, "Looking for a partner", "yes", "at the door"]


def test_a_member_gets_the_page_not_the_download(client, bob, night):
    client.force_login(bob)
    response = client.get(_url(night, "csv"))
    assert response["Content-Type"].startswith("text/html")
    # The roster's names are offered to say which player the member is; the replies are not there.
    page = re.sub(
        r'<select name="player" id="claim-player">.*?</select>', "", response.content.decode(), flags=re.S
    )
    assert ARABIC not in page and PERSIAN not in page
