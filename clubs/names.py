"""Players' names as typed: matching a typed name to the roster, splitting a line of pairs. Pure.

Design: docs/site.md#names-typed-by-people"""

from __future__ import annotations

import re
import unicodedata
from difflib import SequenceMatcher

PAIR_SEPARATORS = ("&", "+", "/", "\u2013", "\u2014", "\t", "\uff06", "\uff0b", "\uff0f")
_SPLIT = re.compile("|".join(re.escape(separator) for separator in PAIR_SEPARATORS))


def name_key(name: str) -> str:
    """The form of a name two spellings share: capitals, accents and spaces aside ("jose maria")."""
    decomposed = unicodedata.normalize("NFKD", name)
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(bare.casefold().split())


def name_words_key(name: str) -> str:
    """`name_key` with its words in alphabetical order: the form a name shares with the same name
    written surname first: name_words_key("Haddad Amira") == name_words_key("amira  HADDAD")
    == "amira haddad"."""
    return " ".join(sorted(name_key(name).split()))


NAMES_ALIKE_RATIO = 0.85  # a letter or two apart in a name of two words: "Jon Smith", "John Smith"


def names_alike(first: str, second: str) -> bool:
    """Whether two names may be one person's: the same words in any order (`name_words_key`), or
    spelt within NAMES_ALIKE_RATIO (difflib's ratio of their `name_key`s)."""
    if name_words_key(first) == name_words_key(second):
        return True
    return SequenceMatcher(None, name_key(first), name_key(second)).ratio() >= NAMES_ALIKE_RATIO


def pair_line_names(line: str) -> list[str]:
    """The names a line of pairs holds, trimmed, in order; empty parts are dropped ("Amira &" gives
    ["Amira"], so that the caller can say the line is missing a player)."""
    return [part.strip() for part in _SPLIT.split(line) if part.strip()]


def initials(name: str) -> str:
    """A name by its initials, for a player shown so on public pages: "Amira Haddad" -> "A. H.",
    "Jean-Luc Picard" -> "J.-L. P."."""
    words = []
    for word in name.split():
        parts = [part[:1].upper() + "." for part in word.split("-") if part]
        words.append("-".join(parts))
    return " ".join(words)
