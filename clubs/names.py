"""Players' names as a director types them: how a typed name finds its player on the roster, and
how a line of pairs ("Amira & Bob") splits into names. Pure: no Django, no database.

A typed name matches a roster name whatever its capitals and accents ("jose" finds "José",
"AMIRA" finds "Amira"), and with its spaces trimmed and collapsed. The two names of a pair are
joined by one of `PAIR_SEPARATORS`: "&", "+", "/", an en or em dash ("–", "—"; not the hyphen,
which is part of names such as Jean-Luc), or a tab (two columns pasted from a spreadsheet);
their full-width forms too, as a phone keyboard in Arabic or Persian may type them.
"""

from __future__ import annotations

import re
import unicodedata

PAIR_SEPARATORS = ("&", "+", "/", "\u2013", "\u2014", "\t", "\uff06", "\uff0b", "\uff0f")
_SPLIT = re.compile("|".join(re.escape(separator) for separator in PAIR_SEPARATORS))


def name_key(name: str) -> str:
    """The form of a name two spellings share when they differ only in capitals, accents or spaces.

    name_key("  José  María ") == name_key("jose maria") == "jose maria".
    """
    decomposed = unicodedata.normalize("NFKD", name)
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(bare.casefold().split())


def pair_line_names(line: str) -> list[str]:
    """The names a line of pairs holds, trimmed, in order; empty parts are dropped.

    pair_line_names("Amira & Bob") == ["Amira", "Bob"]; "Amira &" gives ["Amira"], so that the
    caller can say the line is missing a player.
    """
    return [part.strip() for part in _SPLIT.split(line) if part.strip()]


def initials(name: str) -> str:
    """A name by its initials, for a player shown so on public pages: "Amira Haddad" -> "A. H.",
    "Jean-Luc Picard" -> "J.-L. P."."""
    words = []
    for word in name.split():
        parts = [part[:1].upper() + "." for part in word.split("-") if part]
        words.append("-".join(parts))
    return " ".join(words)
