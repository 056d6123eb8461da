"""Read a number typed at the table exactly, or refuse it with a message. Pure.

Design: docs/site.md#words-for-people"""

from __future__ import annotations

# Arabic-Indic (U+0660..) and Extended Arabic-Indic / Persian (U+06F0..) digits.
_DIGITS = {chr(0x0660 + i): str(i) for i in range(10)} | {chr(0x06F0 + i): str(i) for i in range(10)}
_MINUS_SIGNS = {"-", "\u2212", "\u2012", "\u2013", "\ufe63", "\uff0d"}
_SEPARATORS = {",", ".", "\u066b", "\u066c", "'", "\u2019", "\u00a0", "\u202f", " ", "_", "\u060c"}
_BIDI_MARKS = {
    "\u200e",
    "\u200f",
    "\u061c",
    "\u202a",
    "\u202b",
    "\u202c",
    "\u2066",
    "\u2067",
    "\u2068",
    "\u2069",
}


class NumberRefused(ValueError):
    """The text cannot be read as exactly one whole number; `code` says why ("empty", "separator",
    "minus_position", "not_a_number", "too_long": more than MAX_DIGITS digits)."""

    def __init__(self, message: str, code: str) -> None:
        super().__init__(message)
        self.code = code


# No score, total or count of the game needs more digits; Python refuses to read a number of
# thousands of digits at all (ValueError), so a pasted run of digits is refused here first.
MAX_DIGITS = 9


def parse_whole_number(text: str) -> int:
    """The whole number `text` stands for ("1250", "−85", "١٢٥٠", "۸۵").

    Raises NumberRefused for an empty text, separators ("1,250"), decimals, letters, a sign
    anywhere but in front, or more than MAX_DIGITS digits."""
    cleaned = "".join(ch for ch in text.strip() if ch not in _BIDI_MARKS)
    if not cleaned:
        raise NumberRefused("Enter a number.", "empty")
    negative = cleaned[0] in _MINUS_SIGNS
    body = cleaned[1:].strip() if negative else cleaned
    digits = []
    for ch in body:
        if ch.isascii() and ch.isdigit():
            digits.append(ch)
        elif ch in _DIGITS:
            digits.append(_DIGITS[ch])
        elif ch in _SEPARATORS:
            raise NumberRefused(
                f"Type the number without separators or decimals (for example 1250, not {text.strip()}).",
                "separator",
            )
        elif ch in _MINUS_SIGNS:
            raise NumberRefused("A minus sign can only stand in front of the number.", "minus_position")
        else:
            raise NumberRefused(f"“{text.strip()}” is not a whole number.", "not_a_number")
    if not digits:
        raise NumberRefused("Enter a number.", "empty")
    if len(digits) > MAX_DIGITS:
        raise NumberRefused(f"Type at most {MAX_DIGITS} digits.", "too_long")
    value = int("".join(digits))
    return -value if negative else value
