"""Federation member numbers as people type them: the written form kept, and the key two writings of one
number share. Pure. Design: docs/federation.md#one-person-across-clubs"""

from __future__ import annotations

import re
import unicodedata

# A member number as written: capitals and digits, with spaces, dots, slashes or hyphens between them.
MEMBER_NUMBER = re.compile(r"[A-Z0-9]([A-Z0-9 ./-]{0,30}[A-Z0-9])?")
MEMBER_NUMBER_MAX = 32

# Arabic and Persian keyboards type their own digits; a spreadsheet may turn a hyphen into a dash.
_DIGITS = str.maketrans(
    {**{chr(0x0660 + d): str(d) for d in range(10)}, **{chr(0x06F0 + d): str(d) for d in range(10)}}
)


def number_written(text: str) -> str:
    """`text` as a member number is kept: compatibility forms and other scripts' digits as ASCII,
    any dash a hyphen, spaces trimmed and each run one space, in capitals ("ncf – 001" -> "NCF - 001").
    Not checked against MEMBER_NUMBER."""
    folded = unicodedata.normalize("NFKC", text).translate(_DIGITS)
    dashed = "".join("-" if unicodedata.category(ch) == "Pd" else ch for ch in folded)
    return " ".join(dashed.split()).upper()


def number_key(text: str) -> str:
    """What two writings of one number share: its letters and digits alone, as `number_written` gives
    them: number_key("NCF-001") == number_key("ncf 001") == number_key("ncf.001") == "NCF001"."""
    return "".join(ch for ch in number_written(text) if ch.isascii() and ch.isalnum())
