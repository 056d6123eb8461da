"""The roster's table of column names and yes/no words, and how it compares words."""

from __future__ import annotations

from collections import defaultdict

import pytest
from django.conf import settings

from clubs.resources import ROSTER_ANSWERS, ROSTER_HEADERS, ROSTER_WORDS, roster_fold


def test_every_language_of_the_site_has_its_words():
    assert set(ROSTER_WORDS) == {code for code, _name in settings.LANGUAGES}


def test_no_word_of_the_table_means_two_things():
    meanings = defaultdict(set)
    for words in ROSTER_WORDS.values():
        for kind in ("name", "active", "member_number", "yes", "no"):
            for word in getattr(words, kind):
                meanings[roster_fold(word)].add(kind)
    assert {word: kinds for word, kinds in meanings.items() if len(kinds) > 1} == {}


@pytest.mark.parametrize(
    ("written", "folded"),
    [
        pytest.param(" SÍ ", "si", id="Spanish accent and capitals"),
        pytest.param("ΟΧΙ", "οχι", id="Greek capitals are written without accents"),
        pytest.param("όχι", "οχι", id="Greek accent"),
        pytest.param("ΕΝΕΡΓΟΣ", "ενεργοσ", id="Greek final sigma"),
        pytest.param("ενεργός", "ενεργοσ", id="Greek final sigma, small"),
        pytest.param("الإسم", "الاسم", id="Arabic hamza under alef"),
        pytest.param("نشِط", "نشط", id="Arabic vowel sign"),
        pytest.param("\u200fنعم\u200f", "نعم", id="right-to-left marks"),
        pytest.param("\ufefb", "\u0644\u0627", id="lam-alef ligature"),
        pytest.param("خير", "خیر", id="Arabic yeh read as Persian yeh"),
        pytest.param("Full   Name", "full name", id="runs of spaces"),
    ],
)
def test_roster_fold(written, folded):
    assert roster_fold(written) == folded


@pytest.mark.parametrize(
    ("word", "answer"),
    [
        ("sí", True),
        ("si", True),
        ("No", False),
        ("نعم", True),
        ("لا", False),
        ("بله", True),
        ("خیر", False),
        ("ναι", True),
        ("όχι", False),
        ("Yes", True),
        ("0", False),
    ],
)
def test_the_answers(word, answer):
    assert ROSTER_ANSWERS[roster_fold(word)] is answer


@pytest.mark.parametrize(
    ("header", "column"),
    [
        ("Nombre", "name"),
        ("الاسم", "name"),
        ("نام", "name"),
        ("Όνομα", "name"),
        ("Activo", "active"),
        ("نشط", "active"),
        ("فعال", "active"),
        ("Ενεργός", "active"),
    ],
)
def test_the_headers(header, column):
    assert ROSTER_HEADERS[roster_fold(header)] == column
