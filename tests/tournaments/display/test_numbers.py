import pytest

from tournaments.display.numbers import NumberRefused, parse_whole_number


@pytest.mark.parametrize(
    ("typed", "value"),
    [
        pytest.param("1250", 1250, id="plain digits"),
        pytest.param(" 85 ", 85, id="spaces around"),
        pytest.param("-85", -85, id="hyphen minus"),
        pytest.param("\u221285", -85, id="typographic minus"),
        pytest.param("\u2013 85", -85, id="en dash with a space"),
        pytest.param("١٢٥٠", 1250, id="Arabic-Indic digits"),
        pytest.param("۱۲۵۰", 1250, id="Persian digits"),
        pytest.param("\u200f-\u0668\u0665", -85, id="right-to-left mark and Arabic digits"),
        pytest.param("0", 0, id="zero"),
    ],
)
def test_read_exactly(typed, value):
    assert parse_whole_number(typed) == value


@pytest.mark.parametrize(
    ("typed", "says"),
    [
        pytest.param("1,250", "without separators", id="English thousands separator"),
        pytest.param("1.250", "without separators", id="Spanish and Greek thousands separator"),
        pytest.param("1 250", "without separators", id="French-style space separator"),
        pytest.param("١٬٢٥٠", "without separators", id="Arabic thousands separator"),
        pytest.param("12.5", "without separators", id="decimal"),
        pytest.param("12a", "not a whole number", id="stray letter"),
        pytest.param("5-", "in front", id="trailing minus"),
        pytest.param("", "Enter a number", id="empty"),
        pytest.param("-", "Enter a number", id="only a minus"),
        pytest.param("1234567890", "at most 9 digits", id="ten digits"),
        pytest.param("-" + "9" * 100_000, "at most 9 digits", id="a pasted run of digits"),
    ],
)
def test_refused_with_a_message(typed, says):
    with pytest.raises(NumberRefused, match=says):
        parse_whole_number(typed)


def test_nine_digits_are_still_read():
    assert parse_whole_number("999999999") == 999_999_999
    assert parse_whole_number("−000000005") == -5
