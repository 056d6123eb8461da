"""House-rule options (rules.md §6): each option declared once with the values it allows
(`OPTION_SPECS`, which the checks below read and the pages draw their controls from), each
option's value read, and what it changes in a RuleSet."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any

from scoring.errors import InvalidRules
from scoring.rules.common import MIXED, NATURAL
from scoring.rules.modern_american import CLA_SPECIAL_HANDS, PAGAT_SPECIAL_HANDS
from scoring.rules.pack import DECK_POINTS
from scoring.rules.ruleset import TIE_POLICIES, CanastaKind, GoingOutRequirement, RuleSet
from scoring.rules.samba import CHILEAN_PACKS, chilean_pack

# The kinds of option, by the shape of their value.
CHOICE = "choice"  # one of `choices` (a string or a whole number)
NUMBER = "number"  # a whole number, `minimum` or more, a multiple of `step`
BOOLEAN = "boolean"  # true or false
RECORD = "record"  # an object of whole numbers keyed by some of `parts` (each as NUMBER)
SERIES = "series"  # a list of whole numbers (each as NUMBER), one per deal of the variant
RECORDS = "records"  # a list of RECORDs, one per deal of the variant
BANDS = "bands"  # a list of {"below", "minimum"} bands, the last {"minimum"} only: each
# minimum `minimum` or more, each a multiple of `step`, a band's "below" any such multiple
OPTION_KINDS = (CHOICE, NUMBER, BOOLEAN, RECORD, SERIES, RECORDS, BANDS)


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One house-rule option as the engine accepts it; `apply_options` checks with it and a page
    draws its controls from it. Points go by 5; `signed` numbers may be below 0 (rules.md §6a)."""

    name: str
    kind: str
    choices: tuple[str | int, ...] = ()
    minimum: int = 0
    step: int = 1
    parts: tuple[str, ...] = ()
    signed: bool = False


def _points_spec(name: str, *, positive: bool = True) -> OptionSpec:
    """A number of points: a multiple of 5, more than 0 (0 allowed if not `positive`)."""
    return OptionSpec(name, NUMBER, minimum=5 if positive else 0, step=5)


_BOOKS = ("clean", "dirty", "wild")  # Hand and Foot's books by the names its players use

# Every option of every variant, in the order a page lists them; `RuleSet.options` says which
# options a variant has. An option whose kind or values change is changed here alone.
OPTION_SPECS: Mapping[str, OptionSpec] = MappingProxyType(
    {
        spec.name: spec
        for spec in (
            OptionSpec("packs", CHOICE, choices=CHILEAN_PACKS),
            _points_spec("target"),
            OptionSpec("deals", NUMBER, minimum=0, step=1),
            OptionSpec("tie_policy", CHOICE, choices=TIE_POLICIES),
            OptionSpec("red_threes_negative_without", CHOICE, choices=("meld", "canasta")),
            OptionSpec("red_threes_against", RECORD, minimum=0, step=5, parts=("each", "all")),
            OptionSpec("negative_minimum", CHOICE, choices=(15, 0)),
            OptionSpec("canasta_values", RECORD, minimum=0, step=5, parts=("natural", "mixed")),
            OptionSpec("concealed_canasta_bonus", BOOLEAN),
            _points_spec("wild_canasta"),
            OptionSpec("canastas_to_go_out", NUMBER, minimum=1, step=1),
            OptionSpec("special_hands", CHOICE, choices=("cla", "pagat")),
            _points_spec("unfinished_wild_four_jokers"),
            _points_spec("going_out_bonus", positive=False),
            OptionSpec("going_out_bonus_by_deal", SERIES, minimum=0, step=5),
            _points_spec("concealed_going_out_bonus", positive=False),
            _points_spec("perfect_cut_bonus"),
            _points_spec("red_three_in_hand_penalty"),
            _points_spec("minimum_at_7000"),
            _points_spec("red_three_penalty_all_six"),
            _points_spec("black_three_in_hand"),
            OptionSpec("red_three_values", RECORD, minimum=0, step=5, parts=("each", "all"), signed=True),
            OptionSpec("books_to_go_out", RECORD, minimum=0, step=1, parts=_BOOKS),
            OptionSpec("books_to_go_out_by_deal", RECORDS, minimum=0, step=1, parts=_BOOKS),
            OptionSpec("book_values", RECORD, minimum=0, step=5, parts=_BOOKS),
            OptionSpec("special_books", RECORD, minimum=0, step=5, parts=("sevens", "black_threes")),
            OptionSpec("initial_meld_by_deal", SERIES, minimum=0, step=5),
            OptionSpec("initial_meld_table", BANDS, minimum=0, step=5),
        )
    }
)


def option_specs(rules: RuleSet) -> tuple[OptionSpec, ...]:
    """The options `rules`' variant accepts, as `OPTION_SPECS` declares them, in its order."""
    return tuple(spec for name, spec in OPTION_SPECS.items() if name in rules.options)


def _counts_as(spec: OptionSpec, value: Any) -> bool:
    """Whether `value` is a whole number the spec's numbers allow (its minimum, its step)."""
    return type(value) is int and value >= spec.minimum and value % spec.step == 0


def _points(name: str, value: Any) -> int:
    """`value` as the points option `name`: a whole multiple of 5, more than 0 (0 allowed where
    its spec's minimum is 0, `OPTION_SPECS`)."""
    positive = OPTION_SPECS[name].minimum > 0
    if type(value) is not int:
        raise InvalidRules(
            f"option '{name}' must be a whole number of points",
            code="option_not_whole_number",
            params={"option": name},
            option=name,
        )
    if positive and (value <= 0 or value % 5):
        raise InvalidRules(
            f"option '{name}' must be a positive multiple of 5 points, not {value}",
            code="option_not_positive_multiple_of_5",
            params={"option": name, "value": value},
            option=name,
        )
    if value < 0 or value % 5:
        raise InvalidRules(
            f"option '{name}' must be a multiple of 5 points, 0 or more, not {value}",
            code="option_not_multiple_of_5",
            params={"option": name, "value": value},
            option=name,
        )
    return value


def _count(name: str, value: Any) -> int:
    """`value` as the count option `name`: a whole number, its spec's minimum or more."""
    minimum = OPTION_SPECS[name].minimum
    if not _counts_as(OPTION_SPECS[name], value):
        raise InvalidRules(
            f"option '{name}' must be a whole number, {minimum} or more, not {value!r}",
            code="option_not_a_count",
            params={"option": name, "minimum": minimum, "value": repr(value)},
            option=name,
        )
    return int(value)


def _item_points(name: str, key: str, value: Any, *, signed: bool = False) -> int:
    """One value inside a list or object option (`key` names it): a multiple of 5, 0 or more
    (the option's spec, `OPTION_SPECS`), or below 0 too where `signed`."""
    if signed and type(value) is int and value % 5 == 0:
        return value
    if not _counts_as(OPTION_SPECS[name], value):
        raise InvalidRules(
            f"option '{name}': '{key}' must be a whole multiple of 5 points, 0 or more, not {value!r}",
            code="option_item_bad_points",
            params={"option": name, "key": key, "value": repr(value)},
            option=name,
        )
    return int(value)


def _choice(name: str, value: Any) -> Any:
    """`value` as the choice option `name`: one of its spec's choices (`OPTION_SPECS`)."""
    choices = OPTION_SPECS[name].choices
    if type(value) not in (str, int) or value not in choices:
        allowed = ", ".join(repr(c) for c in choices)
        raise InvalidRules(
            f"option '{name}' must be one of {allowed}, not {value!r}",
            code="option_not_a_choice",
            params={"option": name, "allowed": [str(c) for c in choices], "value": repr(value)},
            option=name,
        )
    return value


def _record(name: str, value: Any, *, required: tuple[str, ...] = ()) -> dict[str, Any]:
    """`value` as the object option `name`: some of its spec's parts (at least one, and every
    one of `required`) as keys, each a whole number its spec allows."""
    spec = OPTION_SPECS[name]
    if type(value) is not dict or not value or set(value) - set(spec.parts):
        raise InvalidRules(
            f"option '{name}' must be an object with some of the keys "
            + ", ".join(f"'{part}'" for part in spec.parts),
            code="option_record_bad_shape",
            params={"option": name, "parts": list(spec.parts)},
            option=name,
        )
    missing = [key for key in required if key not in value]
    if missing:
        raise InvalidRules(
            f"option '{name}' must give " + ", ".join(f"'{part}'" for part in missing) + " too",
            code="option_record_part_missing",
            params={"option": name, "parts": missing},
            option=name,
        )
    if spec.step == 1:
        return {key: _count(name, v) for key, v in value.items()}
    return {key: _item_points(name, key, v) for key, v in value.items()}


def _per_deal(name: str, rules: RuleSet, value: Any) -> list[Any]:
    """`value` as the list option `name`: one item a deal of a game of a fixed number of deals."""
    if type(value) is not list or not rules.deals or len(value) != rules.deals:
        raise InvalidRules(
            f"option '{name}' must be a list of {rules.deals} values, one per deal (a game of a "
            "fixed number of deals)",
            code="option_series_bad_length",
            params={"option": name, "deals": rules.deals},
            option=name,
        )
    return value


def _inserted(fields: tuple[str, ...], after: str, *new: str) -> tuple[str, ...]:
    """`fields` with `new` after the field `after` (at the end if there is no such field)."""
    at = fields.index(after) + 1 if after in fields else len(fields)
    return (*fields[:at], *new, *fields[at:])


def _opt_packs(rules: RuleSet, value: Any) -> dict[str, Any]:
    # Chilean: 3 or 4 packs (rules.md §1.11, §6); everything the pack decides follows it.
    if type(value) is not int or value not in OPTION_SPECS["packs"].choices:
        raise InvalidRules(
            f"option 'packs' must be 3 or 4 (packs of 52 cards and 2 jokers), not {value!r}",
            code="option_packs_not_3_or_4",
            params={"option": "packs", "value": repr(value)},
            option="packs",
        )
    return chilean_pack(value, rules.black_three_in_hand)


def _opt_target(rules: RuleSet, value: Any) -> dict[str, Any]:
    target = _points("target", value)
    return {"targets": tuple((sides, target) for sides in rules.side_counts)}


def _opt_tie_policy(rules: RuleSet, value: Any) -> dict[str, Any]:
    return {"tie_policy": _choice("tie_policy", value)}


def _opt_red_threes_negative_without(rules: RuleSet, value: Any) -> dict[str, Any]:
    if _choice("red_threes_negative_without", value) == "meld":
        return {"red_threes_positive": "melded", "red_threes_min_canastas": 0}
    return {
        "red_threes_positive": "canastas",
        "red_threes_min_canastas": 1,
    }  # Pagat's Vienna


def _opt_negative_minimum(rules: RuleSet, value: Any) -> dict[str, Any]:
    minimum = _choice("negative_minimum", value)
    bands = tuple((below, minimum if below == 0 else m) for below, m in rules.initial_meld_bands)
    return {"initial_meld_bands": bands}


def _opt_concealed_canasta_bonus(rules: RuleSet, value: Any) -> dict[str, Any]:
    if OPTION_SPECS["concealed_canasta_bonus"].kind == BOOLEAN and type(value) is not bool:
        raise InvalidRules(
            "option 'concealed_canasta_bonus' must be true or false",
            code="option_not_boolean",
            params={"option": "concealed_canasta_bonus"},
            option="concealed_canasta_bonus",
        )
    if not value:
        return {}
    # S1: a canasta melded entirely from hand scores 100 extra: 600 natural / 400 mixed, or 100
    # more than the club's canasta values (`canasta_values`, applied before).
    bonus = {kind.field: kind.bonus for kind in rules.canastas}
    return {
        "fields": _inserted(
            rules.fields, "mixed_canastas", "concealed_natural_canastas", "concealed_mixed_canastas"
        ),
        "canastas": (
            *rules.canastas,
            replace(NATURAL, field="concealed_natural_canastas", bonus=bonus[NATURAL.field] + 100),
            replace(MIXED, field="concealed_mixed_canastas", bonus=bonus[MIXED.field] + 100),
        ),
    }


def _opt_special_hands(rules: RuleSet, value: Any) -> dict[str, Any]:
    chosen = _choice("special_hands", value)
    return {"special_hands": CLA_SPECIAL_HANDS if chosen == "cla" else PAGAT_SPECIAL_HANDS}


def _opt_red_three_in_hand_penalty(rules: RuleSet, value: Any) -> dict[str, Any]:
    return {"red_three_in_hand_penalty": _points("red_three_in_hand_penalty", value)}


def _books(name: str, value: Any) -> GoingOutRequirement:
    """The books to go out of `{"clean": 3, "dirty": 4, "wild": 0}` (missing keys: 0)."""
    if type(value) is not dict or not value or set(value) - set(OPTION_SPECS[name].parts):
        raise InvalidRules(
            f"option '{name}' must be an object with keys clean, dirty and wild",
            code="option_books_not_object",
            params={"option": name},
            option=name,
        )
    books = {"clean": 0, "dirty": 0, "wild": 0}
    for key, count in value.items():
        if not _counts_as(OPTION_SPECS[name], count):
            raise InvalidRules(
                f"option '{name}': '{key}' must be a count of books (0 or more)",
                code="option_books_bad_count",
                params={"option": name, "key": str(key)},
                option=name,
            )
        books[key] = count
    return GoingOutRequirement(
        canastas=sum(books.values()), natural=books["clean"], mixed=books["dirty"], wild=books["wild"]
    )


def _opt_books_to_go_out(rules: RuleSet, value: Any) -> dict[str, Any]:
    return {"going_out": _books("books_to_go_out", value)}


def _opt_books_to_go_out_by_deal(rules: RuleSet, value: Any) -> dict[str, Any]:
    """Hand and Foot (Christophersanz): `[{"clean": 1, "dirty": 1, "wild": 0}, ...]`, deal by deal."""
    name = "books_to_go_out_by_deal"
    return {"going_out_by_deal": tuple(_books(name, books) for books in _per_deal(name, rules, value))}


def _opt_going_out_bonus_by_deal(rules: RuleSet, value: Any) -> dict[str, Any]:
    """Hand and Foot (Christophersanz): `[100, 200, 300, 400]`, the bonus of deal 1, 2, ..."""
    name = "going_out_bonus_by_deal"
    bonuses = _per_deal(name, rules, value)
    return {"going_out_bonus_by_deal": tuple(_item_points(name, str(n), b) for n, b in enumerate(bonuses, 1))}


def _opt_minimum_at_7000(rules: RuleSet, value: Any) -> dict[str, Any]:
    return {"initial_meld_top": _points("minimum_at_7000", value)}


def _opt_red_three_penalty_all_six(rules: RuleSet, value: Any) -> dict[str, Any]:
    penalty = _points("red_three_penalty_all_six", value)
    return {"red_three_negative_values": (*rules.red_three_values[:6], penalty)}


def _opt_black_three_in_hand(rules: RuleSet, value: Any) -> dict[str, Any]:
    # hand_points (or a card count's in-hand black threes) carry black threes at this value.
    each = _points("black_three_in_hand", value)
    return {
        "black_three_in_hand": each,
        "pack_points": rules.decks * DECK_POINTS + (each - 5) * rules.black_threes_in_pack,
    }


def _opt_going_out_bonus(rules: RuleSet, value: Any) -> dict[str, Any]:
    return {"going_out_bonus": _points("going_out_bonus", value)}


def _opt_concealed_going_out_bonus(rules: RuleSet, value: Any) -> dict[str, Any]:
    # The whole bonus for going out concealed, in place of going_out_bonus (rules.md §6).
    return {"concealed_going_out_bonus": _points("concealed_going_out_bonus", value)}


def _meld_band_error(band: int, key: str, value: Any) -> InvalidRules:
    what = "a whole multiple of 5" + (", 0 or more" if key == "minimum" else "")
    return InvalidRules(
        f"option 'initial_meld_table': band {band}'s '{key}' must be {what}, not {value!r}",
        code="option_meld_band_bad_value",
        params={"option": "initial_meld_table", "band": band, "key": key, "value": repr(value)},
        option="initial_meld_table",
    )


def _opt_initial_meld_table(rules: RuleSet, value: Any) -> dict[str, Any]:
    """`[{"below": 0, "minimum": 15}, ..., {"minimum": 120}]`: contiguous bands of the total.

    A total strictly below a band's `below` needs its `minimum`; `below` ascends strictly and only
    the last band is open. Multiples of 5, minimums >= 0. Brazilian requirements still apply."""
    name = "initial_meld_table"
    if type(value) is not list or not value:
        raise InvalidRules(
            f"option '{name}' must be a list of bands, each with 'below' and 'minimum', the last "
            "with 'minimum' only",
            code="option_meld_table_not_list",
            params={"option": name},
            option=name,
        )
    bands: list[tuple[int, int]] = []
    top = 0
    for band, item in enumerate(value, start=1):
        if type(item) is not dict or "minimum" not in item or set(item) - {"below", "minimum"}:
            raise InvalidRules(
                f"option '{name}': band {band} must be an object with 'minimum' and (but for the "
                "last band) 'below'",
                code="option_meld_band_not_object",
                params={"option": name, "band": band},
                option=name,
            )
        minimum = item["minimum"]
        if not _counts_as(OPTION_SPECS[name], minimum):
            raise _meld_band_error(band, "minimum", minimum)
        last = band == len(value)
        if ("below" in item) == last:
            raise InvalidRules(
                f"option '{name}': the last band, and only the last, has no 'below' (it covers "
                f"every score from the band before it up); band {band} does not fit",
                code="option_meld_table_open_end",
                params={"option": name, "band": band},
                option=name,
            )
        if last:
            top = minimum
            break
        below = item["below"]
        if type(below) is not int or below % 5:
            raise _meld_band_error(band, "below", below)
        if bands and below <= bands[-1][0]:
            raise InvalidRules(
                f"option '{name}': band {band}'s 'below' {below} must be higher than band "
                f"{band - 1}'s {bands[-1][0]}",
                code="option_meld_bands_not_ascending",
                params={"option": name, "band": band, "below": below, "previous": bands[-1][0]},
                option=name,
            )
        bands.append((below, minimum))
    return {"initial_meld_bands": tuple(bands), "initial_meld_top": top}


def _opt_initial_meld_by_deal(rules: RuleSet, value: Any) -> dict[str, Any]:
    """Hand and Foot: `[50, 90, 120, 150]`, the minimum of deal 1, 2, ... (one per deal)."""
    name = "initial_meld_by_deal"
    if type(value) is not list or len(value) != rules.deals:
        raise InvalidRules(
            f"option '{name}' must be a list of {rules.deals} minimums, one per deal",
            code="option_meld_by_deal_not_list",
            params={"option": name, "deals": rules.deals},
            option=name,
        )
    minimums = tuple(_item_points(name, str(deal), m) for deal, m in enumerate(value, start=1))
    return {"initial_meld_by_deal": minimums}


def _opt_red_three_values(rules: RuleSet, value: Any) -> dict[str, Any]:
    """What 1, 2, ... red threes of one side are worth (RuleSet.red_three_values).

    A list of totals by number of threes (`[100, 200, 300, 800]`) or `{"each": 100, "all": 800}`.
    Below 0 only where they always count as they are (Hand and Foot, rules.md §6a)."""
    name = "red_three_values"
    in_pack = rules.red_threes_in_pack
    signed = rules.red_threes_positive == "always"
    if type(value) is list and len(value) == in_pack:
        values = (_item_points(name, str(n), v, signed=signed) for n, v in enumerate(value, 1))
        return {"red_three_values": (0, *values)}
    if type(value) is dict and "each" in value and not set(value) - set(OPTION_SPECS[name].parts):
        each = _item_points(name, "each", value["each"], signed=signed)
        every = _item_points(name, "all", value.get("all", each * in_pack), signed=signed)
        return {"red_three_values": (*(each * n for n in range(in_pack)), every)}
    raise InvalidRules(
        f"option '{name}' must be a list of {in_pack} values (1 to {in_pack} red threes) or an "
        "object with 'each' (and 'all')",
        code="option_red_three_values_bad_shape",
        params={"option": name, "in_pack": in_pack},
        option=name,
    )


def _opt_red_threes_against(rules: RuleSet, value: Any) -> dict[str, Any]:
    """`{"each": 100, "all": 400}` (OpenSpiel, GameDuell): red threes counted against a side,
    `all` when it holds every one of the pack, else `each` a three (rules.md §6a)."""
    against = _record("red_threes_against", value, required=("each",))
    in_pack, each = rules.red_threes_in_pack, against["each"]
    every = against.get("all", each * in_pack)
    return {"red_three_negative_values": (*(each * n for n in range(in_pack)), every)}


def _bonuses(rules: RuleSet, bonus: Mapping[str, int]) -> dict[str, Any]:
    """`rules`' canastas with the bonus of each field of `bonus` replaced."""
    return {"canastas": tuple(replace(k, bonus=bonus.get(k.field, k.bonus)) for k in rules.canastas)}


# Hand and Foot books by the names its players use, and the entry fields that count them.
_BOOK_FIELDS = {"clean": "natural_canastas", "dirty": "mixed_canastas", "wild": "wild_canastas"}


def _opt_book_values(rules: RuleSet, value: Any) -> dict[str, Any]:
    """Hand and Foot: `{"clean": 500, "dirty": 300, "wild": 1500}`, any of the three keys."""
    name = "book_values"
    if type(value) is not dict or not value or set(value) - set(OPTION_SPECS[name].parts):
        raise InvalidRules(
            f"option '{name}' must be an object with keys clean, dirty and wild",
            code="option_book_values_not_object",
            params={"option": name},
            option=name,
        )
    return _bonuses(rules, {_BOOK_FIELDS[key]: _item_points(name, key, v) for key, v in value.items()})


def _opt_canasta_values(rules: RuleSet, value: Any) -> dict[str, Any]:
    """The classic family (a Danish club, netbizz): `{"natural": 700, "mixed": 500}`."""
    values = _record("canasta_values", value)
    return _bonuses(rules, {f"{key}_canastas": bonus for key, bonus in values.items()})


def _opt_wild_canasta(rules: RuleSet, value: Any) -> dict[str, Any]:
    """The classic family (Dummies 1000, Pagat's variations 2000): a canasta of seven wild cards,
    at most one per two packs (rules.md §6a), counting as a canasta for going out and red threes;
    not one meld of a rank, so a side may hold one more."""
    bonus = _points("wild_canasta", value)
    wild = CanastaKind(field="wild_canastas", bonus=bonus, group="wild", min_points=140)
    return {
        "fields": _inserted(rules.fields, "mixed_canastas", "wild_canastas"),
        "canastas": (*rules.canastas, wild),
        "max_wild_canastas_total": rules.decks // 2,
        "max_canastas_per_side": rules.max_canastas_per_side + 1,
    }


def _opt_canastas_to_go_out(rules: RuleSet, value: Any) -> dict[str, Any]:
    """The classic family (feudalism-dev: one, or two with two players)."""
    return {"going_out": replace(rules.going_out, canastas=_count("canastas_to_go_out", value))}


def _opt_special_books(rules: RuleSet, value: Any) -> dict[str, Any]:
    """Hand and Foot: `{"sevens": 1500, "black_threes": 2000}`, both keys (0: not allowed),
    counted apart, toward no going-out requirement (rules.md §6a); the pack bounds them."""
    books = _record("special_books", value, required=("sevens", "black_threes"))
    # seven 7s or seven black threes: 35 points; 4 sevens and 2 black threes a deck
    limits = {"sevens": rules.decks * 4 // 7, "black_threes": rules.black_threes_in_pack // 7}
    kinds = [
        CanastaKind(field=field, bonus=books[key], group="special", min_points=35, max_total=limits[key])
        for key, field in (("sevens", "sevens_books"), ("black_threes", "black_three_books"))
        if books[key]
    ]
    return {
        "fields": _inserted(rules.fields, "wild_canastas", *(kind.field for kind in kinds)),
        "canastas": (*rules.canastas, *kinds),
        "black_threes_meldable": rules.black_threes_meldable or bool(books["black_threes"]),
    }


def _opt_perfect_cut_bonus(rules: RuleSet, value: Any) -> dict[str, Any]:
    """Hand and Foot and the classic family (Christophersanz, netbizz): the side whose cut took
    exactly the cards dealt, counted only if it melded (rules.md §6a)."""
    return {
        "perfect_cut_bonus": _points("perfect_cut_bonus", value),
        "fields": _inserted(rules.fields, "went_out", "perfect_cut"),
    }


def _opt_unfinished_wild_four_jokers(rules: RuleSet, value: Any) -> dict[str, Any]:
    """Modern American (Pagat 2500, rules.md §6): what an unfinished wild meld holding all four
    jokers costs; the entry says so (`unfinished_wild_four_jokers`)."""
    return {
        "unfinished_wild_four_jokers_penalty": _points("unfinished_wild_four_jokers", value),
        "fields": _inserted(rules.fields, "unfinished_wild", "unfinished_wild_four_jokers"),
    }


def _opt_deals(rules: RuleSet, value: Any) -> dict[str, Any]:
    """Hand and Foot: the number of deals a game has; 0 plays to `target` instead, the
    minimums by score band (`initial_meld_table`), Pagat's variations (rules.md §6a)."""
    deals = _count("deals", value)
    return {"deals": deals, "initial_meld_by_deal": rules.initial_meld_by_deal if deals else ()}


# In the order they are applied: an option sees the RuleSet the options before it made (the
# pack first, as every count and value below depends on it, and the number of deals, which the
# options by deal follow; then a variant's values replaced, then the options that adjust them).
_OPTION_HANDLERS: Mapping[str, Callable[[RuleSet, Any], dict[str, Any]]] = MappingProxyType(
    {
        "packs": _opt_packs,
        "deals": _opt_deals,
        "initial_meld_table": _opt_initial_meld_table,
        "initial_meld_by_deal": _opt_initial_meld_by_deal,
        "red_three_values": _opt_red_three_values,
        "red_threes_against": _opt_red_threes_against,
        "going_out_bonus": _opt_going_out_bonus,
        "going_out_bonus_by_deal": _opt_going_out_bonus_by_deal,
        "concealed_going_out_bonus": _opt_concealed_going_out_bonus,
        "canasta_values": _opt_canasta_values,
        "book_values": _opt_book_values,
        "wild_canasta": _opt_wild_canasta,
        "special_books": _opt_special_books,
        "target": _opt_target,
        "tie_policy": _opt_tie_policy,
        "red_threes_negative_without": _opt_red_threes_negative_without,
        "negative_minimum": _opt_negative_minimum,
        "concealed_canasta_bonus": _opt_concealed_canasta_bonus,
        "special_hands": _opt_special_hands,
        "unfinished_wild_four_jokers": _opt_unfinished_wild_four_jokers,
        "red_three_in_hand_penalty": _opt_red_three_in_hand_penalty,
        "books_to_go_out": _opt_books_to_go_out,
        "books_to_go_out_by_deal": _opt_books_to_go_out_by_deal,
        "canastas_to_go_out": _opt_canastas_to_go_out,
        "minimum_at_7000": _opt_minimum_at_7000,
        "red_three_penalty_all_six": _opt_red_three_penalty_all_six,
        "black_three_in_hand": _opt_black_three_in_hand,
        "perfect_cut_bonus": _opt_perfect_cut_bonus,
    }
)
# Options that set the same value two ways: both given is an error, not an order to guess.
_CONFLICTING_OPTIONS = (
    ("initial_meld_table", "negative_minimum"),  # the minimum of a negative total
    ("initial_meld_table", "minimum_at_7000"),  # Samba's top band
    ("going_out_bonus_by_deal", "going_out_bonus"),  # the bonus for going out
    ("books_to_go_out_by_deal", "books_to_go_out"),  # the books needed to go out
)
# A game of a fixed number of deals (Hand and Foot) played to a target instead (`deals`: 0):
# what it needs, and what only it takes (rules.md §6a).
_TO_A_TARGET = ("target", "initial_meld_table")


def apply_options(rules: RuleSet, options: Mapping[str, Any]) -> RuleSet:
    """`rules` with the house-rule `options` (rules.md §6, §6a: names to JSON values) applied.

    Raises InvalidRules for an option the variant does not have, two that set the same rule, a bad
    value, or a game of deals and one to a target mixed. Order: docs/engine.md#house-rule-options."""
    if not isinstance(options, Mapping):
        raise InvalidRules(
            "options must be an object of house-rule names and values", code="options_not_object"
        )
    for name in options:
        if name not in rules.options:
            accepted = ", ".join(f"'{option}'" for option in rules.options)
            raise InvalidRules(
                f"unknown option {name!r} for variant '{rules.key}' (accepted: {accepted})",
                code="unknown_option",
                params={"option": str(name), "variant": rules.key, "accepted": list(rules.options)},
                option=name,
            )
    for name, other in _CONFLICTING_OPTIONS:
        if name in options and other in options:
            raise InvalidRules(
                f"options '{name}' and '{other}' both set the same rule: give one",
                code="options_conflict",
                params={"option": name, "other": other},
                option=name,
            )
    for name, handler in _OPTION_HANDLERS.items():
        if name in options:
            rules = replace(rules, **handler(rules, options[name]))
    if "deals" in rules.options:
        _check_to_a_target(rules, options)
    return rules


def _check_to_a_target(rules: RuleSet, options: Mapping[str, Any]) -> None:
    """A game of deals played to a target (`deals`: 0) gives its target and its minimums by
    score band; a game of deals takes neither (it would ignore them)."""
    for name in _TO_A_TARGET:
        if not rules.deals and name not in options:
            raise InvalidRules(
                f"option 'deals': a game played to a target (0 deals) needs '{name}' too",
                code="option_needs_option",
                params={"option": "deals", "other": name},
                option="deals",
            )
        if rules.deals and name in options:
            raise InvalidRules(
                f"option '{name}' is for a game played to a target: give 'deals': 0 with it",
                code="option_only_without_deals",
                params={"option": name, "deals": rules.deals},
                option=name,
            )
