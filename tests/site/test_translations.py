"""The four translations are complete, compiled, and used; Arabic and Persian are right to left."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.utils import translation

LOCALE = Path(__file__).resolve().parents[2] / "locale"
LANGUAGES = ("es", "ar", "fa", "el")


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_is_translated_and_none_is_fuzzy(language):
    catalog = (LOCALE / language / "LC_MESSAGES" / "django.po").read_text(encoding="utf-8")
    entries = catalog.split("\n\n")[1:]  # the first block is the header
    untranslated = [e for e in entries if re.search(r'^msgstr(\[\d\])? ""\n(?!")', e + "\n", re.M)]
    assert untranslated == []
    assert "#, fuzzy" not in catalog
    assert (LOCALE / language / "LC_MESSAGES" / "django.mo").exists()


@pytest.mark.parametrize(
    ("language", "text"),
    [("es", "Guardar mano"), ("ar", "حفظ التوزيعة"), ("fa", "ثبت دست"), ("el", "Αποθήκευση χεριού")],
)
def test_the_compiled_catalogs_are_used(language, text):
    with translation.override(language):
        assert translation.gettext("Save hand") == text


@pytest.mark.parametrize(("language", "bidi"), [("ar", True), ("fa", True), ("es", False), ("el", False)])
def test_right_to_left_languages(language, bidi):
    assert translation.get_language_info(language)["bidi"] is bidi
