"""A side's result in the round results ("Won") and the standings' count of games won ("Won") are
one word in English and two in Spanish: the result's words carry a context of their own."""

from __future__ import annotations

from django.utils import translation

from tournaments.display.labels import result_label
from tournaments.domain import standings
from tournaments.web.listings import StandingTable


def test_a_sides_result_and_the_count_of_games_won_are_worded_apart_in_spanish():
    with translation.override("es"):
        assert [result_label(key) for key in (standings.WON, standings.DREW, standings.LOST)] == [
            "Ganó",
            "Empató",
            "Perdió",
        ]
        assert str(StandingTable.base_columns["wins"].verbose_name) == "Ganadas"


def test_in_english_both_stay_won():
    with translation.override("en"):
        assert result_label(standings.WON) == "Won"
