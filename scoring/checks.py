"""The entries a scorekeeper must reject (rules.md §4), for one hand. Design:
docs/engine.md#the-checks."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

from scoring.cards import SideCards, card_value, cards_in_pack
from scoring.entries import SideEntry
from scoring.errors import CARD_KIND_LABELS, FIELD_LABELS, Problem, field_list, plural, problem_message
from scoring.game import initial_meld_minimum, initial_meld_requirement
from scoring.rules import CARD_KINDS, CARDS_PER_DECK, DECK_POINTS, MELD_REQUIREMENTS, RuleSet

Counts = tuple[int, int, int, int, int]
# A card-count entry's problems name the card counts, not the points computed from them.
_CARD_FIELDS = {"melded_points": "cards.melded", "hand_points": "cards.in_hand"}

_MA_UNFINISHED = ("unfinished_aces", "unfinished_sevens", "unfinished_wild")
# [derived] The pack's arithmetic (rules.md §1.0, §1.1, §1.2): the fewest cards of a kind that
# each count of an entry holds, so that the counts of all sides together can be checked against
# the pack (`aces_sevens_and_wild_cards_in_pack`). By kind: (field, cards of the kind it holds at
# least, whether they lie on the table, "melded", or in the players' hands, "in_hand").
# - A canasta has at least 7 cards (§1.1). A canasta of aces or of 7s is natural (§1.2: 7s never
#   take a wild card; aces melded with wild cards make an ordinary mixed meld, entered as a mixed
#   canasta), so it holds at least 7 aces / 7 sevens.
# - A meld has at least 3 cards (§1.1; §1.2's clean triple). An unfinished natural aces meld or
#   7s meld (§1.2 Penalties) has no wild card, so it holds at least 3 aces / 3 sevens.
# - A player caught holding three or more aces (7s) holds at least 3 of them in hand (§1.2
#   Penalties: "3+ aces in one player's hand", dead aces included).
# Canastas and melds lie on the table, the caught cards in the hands, so no card counts twice.
# A natural canasta of another rank (`natural_canastas`) or a mixed canasta (its rank is not
# entered: it may be of aces) forces no ace or 7. Wild cards (jokers and 2s): `_wild_at_least`.
_AT_LEAST: Mapping[str, tuple[tuple[str, int, str], ...]] = {
    "aces": (
        ("aces_canastas", 7, "melded"),
        ("unfinished_aces", 3, "melded"),
        ("players_with_three_aces", 3, "in_hand"),
    ),
    "sevens": (
        ("sevens_canastas", 7, "melded"),
        ("unfinished_sevens", 3, "melded"),
        ("players_with_three_sevens", 3, "in_hand"),
    ),
}
# The kinds of a card count (rules.CARD_KINDS) that are cards of each pack kind above: a count of
# 4s to 7s says nothing about how many are 7s.
_COUNTED_AS = {"aces": ("aces",), "sevens": (), "wild": ("jokers", "twos")}

# The published procedural penalties are 50, 100 and 500 points (S0 citing Britannica, DUM);
# ten 500-point penalties on one side in one hand is taken as a typing error [derived].
MAX_PENALTY_POINTS = 5000


def canasta_counts(rules: RuleSet, e: SideEntry) -> Counts:
    """A side's completed canastas: (all, natural, mixed, wild, sequence) under `rules`, its
    special books (Hand and Foot's books of 7s and of black threes) left out."""
    counts = [0, 0, 0, 0, 0]
    for field, _bonus, group, _min_points in rules.canasta_plan:
        n = getattr(e, field)
        if n and group:  # group 0: special books, counted apart (rules.md §6a)
            counts[0] += n
            counts[group] += n
    return counts[0], counts[1], counts[2], counts[3], counts[4]


class Side(NamedTuple):
    """What a check of one side's entry reads; `bad(field, code, words=..., **params)` records a
    problem of this side in this hand (`errors.PROBLEMS`). `total_before` None: not checked."""

    rules: RuleSet
    entry: SideEntry
    counts: Counts
    total_before: int | None
    deal: int
    players: int
    cards_counted: bool
    bad: Callable[..., None]


class Hand(NamedTuple):
    """What a check across the sides of one hand reads; `bad(field, code, side=None, words=...,
    **params)` records a problem of this hand (of one side where `side` is given)."""

    rules: RuleSet
    entries: Mapping[str, SideEntry]
    counts: Mapping[str, Counts]
    red: int  # red threes laid down and never laid down
    black: int  # black threes laid down (Modern American)
    captured: int  # black threes captured (Cuban)
    points: int  # melded points and points in hand
    melded: int  # melded points
    totals: tuple[int, int, int, int, int]  # canasta_counts summed
    out_sides: list[str]
    specials: list[str]  # the sides that laid a special hand
    callers: list[str]  # the sides that called Acaba
    counted: list[SideCards]  # the card counts of the sides that counted their cards
    bad: Callable[..., None]


SideCheck = Callable[[Side], None]
HandCheck = Callable[[Hand], None]


def hand_problems(
    rules: RuleSet,
    entries: Mapping[str, SideEntry],
    totals_before: Mapping[str, int] | None,
    *,
    deal: int = 1,
    hand: int | None = None,
    players: int | None = None,
) -> list[Problem]:
    """Every rules.md §4 problem of one hand's entries (side label -> SideEntry), in order.

    `totals_before` None skips #21. `players` None: the variant's first table with this many sides."""
    problems: list[Problem] = []
    counts: dict[str, Counts] = {}
    # Acaba ends the hand with nothing else counted for either side (S0, S4).
    acaba_called = any(e.acaba for e in entries.values())
    if players is None:
        players = rules.players_for(len(entries))  # classic-6p: 3 a side with 2 sides, 2 with 3
    for side, e in entries.items():
        counts[side] = side_counts = canasta_counts(rules, e)
        total_before = None if totals_before is None else totals_before.get(side)
        found = _side_problems(
            rules,
            e,
            side_counts,
            side=side,
            hand=hand,
            total_before=total_before,
            deal=deal,
            players=players,
            cards_counted=not acaba_called,
        )
        if found and e.cards is not None:
            found = [_card_field(p) for p in found]
        problems.extend(found)
    problems.extend(_cross_side_problems(rules, entries, counts, hand=hand))
    return problems


def _side_problems(
    rules: RuleSet,
    e: SideEntry,
    counts: Counts,
    *,
    side: str,
    hand: int | None,
    total_before: int | None,
    deal: int,
    players: int,
    cards_counted: bool = True,
) -> list[Problem]:
    """One side's own problems (`side_checks`); `players` is how many players the side has in
    this game."""
    out: list[Problem] = []

    def bad(field: str, code: str, *, words: Mapping[str, object] | None = None, **params: Any) -> None:
        message = problem_message(code, params, words)
        out.append(Problem(hand=hand, side=side, field=field, code=code, message=message, params=params))

    checked = Side(rules, e, counts, total_before, deal, players, cards_counted, bad)
    for check in side_checks(e):
        check(checked)
    return out


def _card_field(p: Problem) -> Problem:
    field = _CARD_FIELDS.get(p.field or "")
    if field is None:
        return p
    return Problem(hand=p.hand, side=p.side, field=field, code=p.code, message=p.message, params=p.params)


def _filled_fields(rules: RuleSet, e: SideEntry, *, ignore: tuple[str, ...]) -> list[str]:
    filled = [n for n in rules.fields if n not in ignore and getattr(e, n) not in (0, False, None)]
    if e.cards is not None:
        filled = ["cards", *(n for n in filled if n not in _CARD_FIELDS)]
    return ["total", *filled] if e.total is not None else filled


# --- one side's entry, in rule order --------------------------------------------------------------


def penalty_points_published(s: Side) -> None:
    """Procedural penalties of one side in one hand stay within MAX_PENALTY_POINTS (rules.md
    §1.1 procedural penalties, [derived])."""
    e = s.entry
    if e.penalty_points > MAX_PENALTY_POINTS:
        s.bad(
            "penalty_points",
            "penalty_too_high",
            points=e.penalty_points,
            maximum=MAX_PENALTY_POINTS,
        )


def acaba_alone(s: Side) -> None:
    """British (S0, S4): Acaba ends the hand; nothing else is counted (rules.md §4 #20)."""
    others = _filled_fields(s.rules, s.entry, ignore=("acaba", "penalty_points"))
    if others:
        s.bad(
            "acaba",
            "acaba_with_other_fields",
            words={"field_names": field_list(others)},
            fields=others,
        )


def special_hand_alone(s: Side) -> None:
    """Modern American (CLA, CCOM, CJ-2): a special hand is the side's only score (rules.md §4
    #14)."""
    others = _filled_fields(s.rules, s.entry, ignore=("special_hand",))
    if others:
        s.bad(
            "special_hand",
            "special_hand_with_other_fields",
            words={"field_names": field_list(others)},
            fields=others,
        )


def concealed_is_going_out(s: Side) -> None:
    """Going out concealed is a way of going out (rules.md §4 #5; PAG, BRIT)."""
    if s.entry.concealed and not s.entry.went_out:
        s.bad(
            "concealed",
            "concealed_without_going_out",
        )


def going_out_canastas(s: Side) -> None:
    """A side that went out has the canastas its variant needs to go out (rules.md §4 #4): a
    problem on `went_out` for each requirement that is not met."""
    if not s.entry.went_out:
        return
    total, natural, mixed, wild, sequence = s.counts
    need = s.rules.going_out_for(s.deal)
    counted = total if need.counts_wild else total - wild
    if counted < need.canastas:
        what = plural(need.canastas, "canasta", "canastas")
        if not need.counts_wild:
            what += " other than wild canastas"
        s.bad(
            "went_out",
            "going_out_needs_canastas",
            words={"what": what},
            needed=need.canastas,
            have=counted,
            wild_counted=int(need.counts_wild),
        )
    for kind, label, have, wanted in (
        ("natural", "natural (clean)", natural, need.natural),
        ("mixed", "mixed (dirty)", mixed, need.mixed),
        ("wild", "wild", wild, need.wild),
        ("sequence", "sequence", sequence, need.sequence),
    ):
        if have < wanted:
            s.bad(
                "went_out",
                "going_out_needs_canasta_kind",
                words={"what": f"{label} {'canasta' if wanted == 1 else 'canastas'}"},
                kind=kind,
                needed=wanted,
                have=have,
            )


def going_out_without_unfinished_meld(s: Side) -> None:
    """Modern American (CLA, PAG): no going out with an unfinished aces, 7s or wild meld
    (rules.md §4 #22)."""
    e = s.entry
    if e.went_out and any(getattr(e, f) for f in _MA_UNFINISHED):
        s.bad(
            "went_out",
            "went_out_with_unfinished_meld",
        )


def going_out_player_holds_nothing(s: Side) -> None:
    """The player who went out holds no cards, so a side of one that went out has no points
    and no red threes in hand (rules.md §4 #18)."""
    e = s.entry
    if not e.went_out or s.players != 1:
        return
    if e.hand_points:
        s.bad(
            "hand_points",
            "went_out_holding_points",
            points=e.hand_points,
        )
    if e.red_threes_in_hand:
        s.bad(
            "red_threes_in_hand",
            "went_out_holding_red_threes",
            count=e.red_threes_in_hand,
        )


def held_cards_have_points(s: Side) -> None:
    """[derived] Every player not gone out holds a card, each worth at least 5 points (a red
    three never laid down is held too; rules.md §3's note on "hand 0", cases/README.md)."""
    e = s.entry
    holding = s.players - (1 if e.went_out else 0)
    if s.cards_counted and e.hand_points + 5 * e.red_threes_in_hand < 5 * holding:
        # the partners: classic-6p, 2 teams of 3
        s.bad(
            "hand_points",
            "partner_held_cards_missing" if e.went_out else "held_cards_missing",
            words={
                "partners": "partner" if holding == 1 else "partners",
                "hold": "holds" if holding == 1 else "hold",
            },
            minimum=5 * holding,
            entered=e.hand_points,
            players=holding,
        )


def melded_points_hold_canastas(s: Side) -> None:
    """The melded points are at least the cheapest canastas entered (rules.md §4 #8, #9,
    [derived])."""
    e = s.entry
    floor = 0
    for field, _bonus, _group, min_points in s.rules.canasta_plan:
        floor += getattr(e, field) * min_points
    if e.melded_points < floor:
        total = s.counts[0]
        if e.melded_points == 0:
            s.bad(
                "melded_points",
                "canastas_without_melded_points",
                words={"n_canastas": plural(total, "canasta", "canastas")},
                canastas=total,
            )
        else:
            s.bad(
                "melded_points",
                "melded_points_below_canastas",
                words={"canastas_need": plural(total, "canasta needs", "canastas need")},
                canastas=total,
                minimum=floor,
                melded=e.melded_points,
            )


def canastas_per_side(s: Side) -> None:
    """No more canastas for one side than the pack allows (rules.md §4 #12, [derived])."""
    rules, e, total = s.rules, s.entry, s.counts[0]
    if total > rules.max_canastas_per_side:
        field = max(rules.canastas, key=lambda k: getattr(e, k.field)).field
        s.bad(
            field,
            "too_many_canastas_for_side",
            canastas=total,
            maximum=rules.max_canastas_per_side,
        )


def one_unfinished_meld_of_a_kind(s: Side) -> None:
    """Modern American (CLA; rules.md §1.2): one meld per rank, one wild meld open, so at most
    one unfinished meld of each kind."""
    if not s.rules.special_hands:
        return
    e = s.entry
    for field in _MA_UNFINISHED:
        if getattr(e, field) > 1:
            s.bad(
                field,
                "unfinished_melds_more_than_one",
                words={"meld": FIELD_LABELS[field][:-1]},
                count=getattr(e, field),
            )


def four_jokers_in_an_unfinished_wild_meld(s: Side) -> None:
    """Modern American (Pagat; rules.md §6a): the flag that an unfinished wild meld holds all four
    jokers needs such a meld; counted by card, the four jokers are melded."""
    e = s.entry
    if not e.unfinished_wild_four_jokers:
        return
    if not e.unfinished_wild:
        s.bad("unfinished_wild_four_jokers", "four_jokers_without_unfinished_wild")
    elif e.cards is not None and e.cards.melded.jokers < 4:
        s.bad("cards.melded.jokers", "four_jokers_not_melded", melded=e.cards.melded.jokers)


def caught_players_of_the_side(s: Side) -> None:
    """Modern American (rules.md §1.2 Penalties): no more players caught holding three aces or
    three 7s than the side has."""
    if not s.rules.special_hands:
        return
    e, players = s.entry, s.players
    for field in ("players_with_three_aces", "players_with_three_sevens"):
        if getattr(e, field) > players:
            s.bad(
                field,
                "more_players_than_side",
                words={"n_players": plural(players, "player", "players")},
                players=players,
                count=getattr(e, field),
            )


def black_threes_melded_going_out(s: Side) -> None:
    """A card count melds black threes only for the side going out (rules.md §1.1; S0, S4, BRIT,
    PAG via GH-NL); in Hand and Foot with books of black threes, only in those books, 7 a book
    (rules.md §6a)."""
    e = s.entry
    assert e.cards is not None  # CARD_COUNT_CHECKS
    melded = e.cards.melded
    if "black_three_books" in s.rules.field_set:
        if melded.black_threes != 7 * e.black_three_books:
            s.bad(
                "black_three_books",
                "black_three_books_need_black_threes",
                books=e.black_three_books,
                needed=7 * e.black_three_books,
                melded=melded.black_threes,
            )
        return
    if melded.black_threes and not e.went_out:
        s.bad(
            "cards.melded.black_threes",
            "black_threes_melded_without_going_out",
            count=melded.black_threes,
        )


def canastas_have_wild_cards(s: Side) -> None:
    """A card count melds the wild cards its canastas hold ([derived] from the canasta rules,
    rules.md §1.1: a mixed canasta holds at least one wild card, a wild canasta 7)."""
    e = s.entry
    assert e.cards is not None  # CARD_COUNT_CHECKS
    melded = e.cards.melded
    _total, _natural, mixed, wild, _sequence = s.counts
    need_wild = mixed + 7 * wild
    if melded.wild < need_wild:
        s.bad(
            "cards.melded.twos" if melded.jokers else "cards.melded.jokers",
            "canastas_need_wild_cards",
            words={"wild_cards": plural(need_wild, "wild card", "wild cards")},
            needed=need_wild,
            melded=melded.wild,
        )


def canastas_have_natural_cards(s: Side) -> None:
    """A card count melds the natural cards its canastas hold: 7 in a natural canasta or a
    sequence, and in a mixed one 7 less the variant's `mixed_max_wild` (rules.md §1.1, §4 #11).
    The problem names the canasta field whose count asks for them, a mixed one first."""
    e, rules = s.entry, s.rules
    assert e.cards is not None  # CARD_COUNT_CHECKS
    melded = e.cards.melded
    _total, natural, mixed, _wild, sequence = s.counts
    mixed_natural = 7 - rules.mixed_max_wild
    # a book of 7s (Hand and Foot, rules.md §6a) holds 7 natural cards of its own too
    need_natural = 7 * (natural + sequence + e.sevens_books) + mixed_natural * mixed
    if melded.natural < need_natural:
        named = (2,) if mixed else (1, 4, 0)  # canasta_counts: natural 1, mixed 2, sequence 4; books 0
        field = next(f for f, _bonus, group, _m in rules.canasta_plan if group in named and getattr(e, f))
        s.bad(
            field,
            "canastas_need_natural_cards",
            needed=need_natural,
            melded=melded.natural,
            mixed_natural=mixed_natural,
            max_wild=rules.mixed_max_wild,
            variant_name=rules.name,
        )


def rank_canastas_have_their_cards(s: Side) -> None:
    """A card count melds the 7 aces or 7 sevens of each Modern American canasta of aces or of
    7s (rules.md §1.2; [derived]), and of each Hand and Foot book of 7s (§6a)."""
    e = s.entry
    assert e.cards is not None  # CARD_COUNT_CHECKS
    melded = e.cards.melded
    for field, have, kind, code in (
        ("aces_canastas", melded.aces, "aces", "aces_canastas_need_aces"),
        ("sevens_canastas", melded.low, "low", "sevens_canastas_need_sevens"),
        ("sevens_books", melded.low, "low", "sevens_canastas_need_sevens"),
    ):
        n = getattr(e, field)
        if have < 7 * n:
            s.bad(
                f"cards.melded.{kind}",
                code,
                words={"n_canastas": plural(n, "canasta", "canastas"), "need": "needs" if n == 1 else "need"},
                canastas=n,
                needed=7 * n,
                melded=have,
            )


def caught_cards_counted_in_hand(s: Side) -> None:
    """[derived] rules.md §1.2 Penalties ("3+ aces in one player's hand"): k players caught
    with aces and m with 7s hold at least 3k aces and 3m sevens in hand, so a card count leaves
    at least 3k aces and 3m cards from 4 to 7 in hand (its 4s to 7s hold the 7s)."""
    e = s.entry
    assert e.cards is not None  # CARD_COUNT_CHECKS
    k, m = e.players_with_three_aces, e.players_with_three_sevens
    if not k and not m:
        return
    in_hand = e.cards.in_hand
    for players, have, kind, code in (
        (k, in_hand.aces, "aces", "caught_aces_not_in_hand"),
        (m, in_hand.low, "low", "caught_sevens_not_in_hand"),
    ):
        if have < 3 * players:
            s.bad(
                f"cards.in_hand.{kind}",
                code,
                words={
                    "n_players": plural(players, "player", "players"),
                    "hold": "holds" if players == 1 else "hold",
                },
                players=players,
                needed=3 * players,
                counted=have,
            )


def caught_cards_in_hand_points(s: Side) -> None:
    """[derived] rules.md §1.2 Penalties (face values still deducted): a summary entry's
    `hand_points` are at least 3k x 20 + 3m x 5 for k players caught with aces and m with 7s
    (§1.0: an ace 20, a 7 5)."""
    e, rules = s.entry, s.rules
    k, m = e.players_with_three_aces, e.players_with_three_sevens
    if not k and not m:
        return
    ace, seven = card_value(rules, "aces", in_hand=True), card_value(rules, "low", in_hand=True)
    minimum = 3 * k * ace + 3 * m * seven
    if e.hand_points >= minimum:
        return
    caught, held = [], []
    if k:
        caught.append(f"{plural(k, 'player', 'players')} caught holding three or more aces")
        held.append(f"{3 * k} aces ({ace} points each)")
    if m:
        caught.append(f"{plural(m, 'player', 'players')} caught holding three or more 7s")
        held.append(f"{3 * m} sevens ({seven} points each)")
    s.bad(
        "hand_points",
        "hand_points_below_caught_cards",
        words={
            "caught": " and ".join(caught),
            "hold": "holds" if k + m == 1 else "hold",
            "held": " and ".join(held),
        },
        aces_players=k,
        sevens_players=m,
        aces=3 * k,
        sevens=3 * m,
        ace_points=ace,
        seven_points=seven,
        minimum=minimum,
        entered=e.hand_points,
    )


def opening_meld_minimum(s: Side) -> None:
    """A side that melded met its initial-meld minimum: its opening meld stays on the table
    (rules.md §4 #21)."""
    e, total_before = s.entry, s.total_before
    if not e.melded_points or total_before is None:
        return
    minimum = initial_meld_minimum(s.rules, total_before, deal=s.deal)
    if e.melded_points < minimum:
        s.bad(
            "melded_points",
            "opening_meld_too_low",
            minimum=minimum,
            total_before=total_before,
            melded=e.melded_points,
        )


def opening_meld_requirement(s: Side) -> None:
    """Brazilian (BIC-BR, RG-BR; rules.md §1.6): a canasta completed in the opening meld stays
    completed; an escalera passes for a natural canasta."""
    e, rules, total_before = s.entry, s.rules, s.total_before
    if not e.melded_points or total_before is None:
        return
    requirement = rules.initial_meld_requirements and initial_meld_requirement(rules, total_before)
    if requirement:
        total, natural, _mixed, _wild, sequence = s.counts
        have = total if requirement != "natural_canasta" else natural + sequence
        if not have:
            s.bad(
                "natural_canastas",
                f"opening_meld_needs_{requirement}",
                words={"what": MELD_REQUIREMENTS[requirement]},
                requirement=requirement,
                total_before=total_before,
            )


# The checks of one side's entry, in the order their problems are reported: a played hand's,
# given as a summary or as a card count (whose counts are also checked against its canastas and
# its caught players); an entry that ends the hand another way (Acaba, a special hand) is
# checked only for that, and a total-only entry has nothing left to check on its own (module
# docstring).
_PLAYED_HAND_CHECKS: tuple[SideCheck, ...] = (
    penalty_points_published,
    concealed_is_going_out,
    going_out_canastas,
    going_out_without_unfinished_meld,
    going_out_player_holds_nothing,
    held_cards_have_points,
    melded_points_hold_canastas,
    canastas_per_side,
    one_unfinished_meld_of_a_kind,
    four_jokers_in_an_unfinished_wild_meld,
    caught_players_of_the_side,
)
_OPENING_MELD_CHECKS: tuple[SideCheck, ...] = (opening_meld_minimum, opening_meld_requirement)
SUMMARY_CHECKS: tuple[SideCheck, ...] = (
    *_PLAYED_HAND_CHECKS,
    caught_cards_in_hand_points,
    *_OPENING_MELD_CHECKS,
)
CARD_COUNT_CHECKS: tuple[SideCheck, ...] = (
    *_PLAYED_HAND_CHECKS,
    black_threes_melded_going_out,
    canastas_have_wild_cards,
    canastas_have_natural_cards,
    rank_canastas_have_their_cards,
    caught_cards_counted_in_hand,
    *_OPENING_MELD_CHECKS,
)
ACABA_CHECKS: tuple[SideCheck, ...] = (penalty_points_published, acaba_alone)
SPECIAL_HAND_CHECKS: tuple[SideCheck, ...] = (penalty_points_published, special_hand_alone)
TOTAL_CHECKS: tuple[SideCheck, ...] = (penalty_points_published,)


def side_checks(e: SideEntry) -> tuple[SideCheck, ...]:
    """The checks of entry `e`, by how it ends the hand or how it was given."""
    if e.acaba:
        return ACABA_CHECKS
    if e.special_hand is not None:
        return SPECIAL_HAND_CHECKS
    if e.total is not None:
        return TOTAL_CHECKS
    return SUMMARY_CHECKS if e.cards is None else CARD_COUNT_CHECKS


# --- the sides of one hand together, in rule order ------------------------------------------------


def _cross_side_problems(
    rules: RuleSet, entries: Mapping[str, SideEntry], counts: Mapping[str, Counts], *, hand: int | None
) -> list[Problem]:
    """The problems of the sides of one hand together (`HAND_CHECKS`)."""
    out: list[Problem] = []

    def bad(
        field: str | None,
        code: str,
        side: str | None = None,
        *,
        words: Mapping[str, object] | None = None,
        **params: Any,
    ) -> None:
        message = problem_message(code, params, words)
        out.append(Problem(hand=hand, side=side, field=field, code=code, message=message, params=params))

    checked = _hand(rules, entries, counts, bad)
    for check in HAND_CHECKS:
        check(checked)
    return out


def _hand(
    rules: RuleSet, entries: Mapping[str, SideEntry], counts: Mapping[str, Counts], bad: Callable[..., None]
) -> Hand:
    """The Hand that the checks across sides read: one pass over the sides for every sum and list."""
    red = black = captured = points = melded = 0
    totals = [0, 0, 0, 0, 0]
    out_sides: list[str] = []
    specials: list[str] = []
    callers: list[str] = []
    counted: list[SideCards] = []
    for side, e in entries.items():
        red += e.red_threes + e.red_threes_in_hand
        black += e.black_threes
        captured += e.captured_black_threes
        points += e.melded_points + e.hand_points
        melded += e.melded_points
        for i, n in enumerate(counts[side]):
            totals[i] += n
        if e.went_out:
            out_sides.append(side)
        if e.special_hand is not None:
            specials.append(side)
        if e.acaba:
            callers.append(side)
        if e.cards is not None:
            counted.append(e.cards)
    return Hand(
        rules,
        entries,
        counts,
        red,
        black,
        captured,
        points,
        melded,
        (totals[0], totals[1], totals[2], totals[3], totals[4]),
        out_sides,
        specials,
        callers,
        counted,
        bad,
    )


def red_threes_in_pack(h: Hand) -> None:
    """No more red threes over all sides than the pack has (rules.md §4 #1, [derived])."""
    rules = h.rules
    if h.red > rules.red_threes_in_pack:
        h.bad(
            "red_threes",
            "too_many_red_threes",
            count=h.red,
            in_pack=rules.red_threes_in_pack,
        )


def black_threes_in_pack(h: Hand) -> None:
    """No more black threes laid down (Modern American) or captured (Cuban) over all sides than
    the pack has (rules.md §4 #2)."""
    rules = h.rules
    for field, n in (("black_threes", h.black), ("captured_black_threes", h.captured)):
        if n > rules.black_threes_in_pack:
            h.bad(
                field,
                "too_many_black_threes",
                count=n,
                in_pack=rules.black_threes_in_pack,
            )


def one_side_went_out(h: Hand) -> None:
    """A hand ends when one side goes out (rules.md §4 #3; S0, S4)."""
    if len(h.out_sides) > 1:
        h.bad(
            "went_out",
            "two_sides_went_out",
            words={"both": _both(h.out_sides)},
            sides=h.out_sides,
        )


def card_points_in_pack(h: Hand) -> None:
    """Melded points and points in hand over all sides stay within the pack's card points
    (rules.md §4 #10, [derived])."""
    rules = h.rules
    if h.points > rules.pack_points:
        h.bad(
            "melded_points",
            "too_many_card_points",
            points=h.points,
            pack_points=rules.pack_points,
        )


def melded_points_in_pack(h: Hand) -> None:
    """Melded points over all sides stay within the pack's card points (rules.md §1.0, §4 #10, §1.1,
    [derived]): a black three is melded at 5, so three packs melded are 1770 points."""
    rules = h.rules
    card_points = rules.decks * DECK_POINTS
    if rules.pack_points > card_points and h.melded > card_points:
        h.bad(
            "melded_points",
            "too_many_melded_points",
            points=h.melded,
            card_points=card_points,
        )


def counted_cards_in_pack(h: Hand) -> None:
    """The cards counted over the sides that counted them, kind by kind, with the black threes
    laid down (Modern American) or captured (Cuban), fit in the pack (rules.md §1.0)."""
    if not h.counted:
        return
    rules = h.rules
    for kind in CARD_KINDS:
        melded = sum(getattr(c.melded, kind) for c in h.counted)
        n = melded + sum(getattr(c.in_hand, kind) for c in h.counted)
        if kind == "black_threes":
            n += h.black + h.captured
        in_pack = cards_in_pack(rules, kind)
        if n > in_pack:
            h.bad(
                f"cards.{'melded' if melded else 'in_hand'}.{kind}",
                "too_many_cards_in_pack",
                words={"cards": CARD_KIND_LABELS[kind]},
                count=n,
                kind=kind,
                in_pack=in_pack,
            )


def aces_sevens_and_wild_cards_in_pack(h: Hand) -> None:
    """Aces, 7s and wild cards over all sides against the pack ([derived], rules.md §1.0, §1.2).

    At most `decks` x 4 of each rank and `decks` x 6 wild cards; each side holds at least what its
    counts hold (`_AT_LEAST`, `_wild_at_least`). A total-only entry counts 0."""
    rules = h.rules
    per_rank = rules.decks * CARDS_PER_DECK["aces"]  # the 4 suits of one rank in each deck
    with_cards = False
    # The hot path: the counts alone (canasta_counts: mixed [2], wild [3]), nearly always far
    # below the pack; the full reckoning (`_pack_kind_problem`) only when they are not, or cards
    # were counted.
    wild = aces = sevens = 0
    for side, e in h.entries.items():
        c = h.counts[side]
        wild += 7 * c[3] + c[2] + 3 * e.unfinished_wild + e.unfinished_wild_four_jokers
        aces += 7 * e.aces_canastas + 3 * (e.unfinished_aces + e.players_with_three_aces)
        sevens += 7 * e.sevens_canastas + 3 * (e.unfinished_sevens + e.players_with_three_sevens)
        with_cards = with_cards or e.cards is not None
    wild_in_pack = cards_in_pack(rules, "jokers") + cards_in_pack(rules, "twos")
    for kind, at_least, in_pack, from_fields in (
        ("aces", _AT_LEAST["aces"], per_rank, aces),
        ("sevens", _AT_LEAST["sevens"], per_rank, sevens),
        ("wild", _wild_at_least(rules), wild_in_pack, wild),
    ):
        if not from_fields or (from_fields <= in_pack and not with_cards):
            continue  # no such count (cards counted alone are `too_many_cards_in_pack`'s), or few
        _pack_kind_problem(h, kind, at_least, in_pack, from_fields)


def _pack_kind_problem(
    h: Hand, kind: str, at_least: tuple[tuple[str, int, str], ...], in_pack: int, from_fields: int
) -> None:
    """The full reckoning of one kind ("aces", "sevens", "wild") for
    `aces_sevens_and_wild_cards_in_pack`: `from_fields` is what the counts alone hold."""
    by_field = dict.fromkeys((field for field, _n, _place in at_least), 0)
    needed = counted = 0
    for e in h.entries.values():
        least = {"melded": 0, "in_hand": 0}
        for field, n, place in at_least:
            count = getattr(e, field)
            by_field[field] += count
            least[place] += n * count
        if e.cards is not None:
            for place in least:
                have = sum(getattr(getattr(e.cards, place), k) for k in _COUNTED_AS[kind])
                counted += have
                least[place] = max(least[place], have)
        needed += least["melded"] + least["in_hand"]
    if needed <= in_pack or counted > in_pack:
        return
    parts = [f"{FIELD_LABELS[f]} {by_field[f]} × {n}" for f, n, _place in at_least if by_field[f]]
    if needed > from_fields:
        parts.append(f"{needed - from_fields} more in card counts")
    fields = [f for f, _n, _place in at_least if by_field[f]]
    h.bad(
        fields[-1],
        f"too_many_{'wild_cards' if kind == 'wild' else kind}_in_pack",
        words={"parts": ", ".join(parts)},
        needed=needed,
        in_pack=in_pack,
        counted=needed - from_fields,
        fields=fields,
    )


def canastas_in_pack(h: Hand) -> None:
    """No more canastas over all sides, in all and of each group, than the pack allows
    (rules.md §4 #12, #13, [derived])."""
    rules, totals = h.rules, h.totals
    for index, limit, field in (
        (0, rules.max_canastas_total, "natural_canastas"),
        (1, rules.max_natural_canastas_total, "natural_canastas"),
        (2, rules.max_mixed_canastas_total, "mixed_canastas"),
        (3, rules.max_wild_canastas_total, "wild_canastas"),
    ):
        if totals[index] > limit:
            what = ("canastas", "natural canastas", "mixed canastas", "wild canastas")[index]
            h.bad(
                field,
                "too_many_canastas_in_pack" if index == 0 else "too_many_canastas_of_kind",
                words={"what": what},
                count=totals[index],
                maximum=limit,
                kind=("all", "natural_canastas", "mixed_canastas", "wild_canastas")[index],
            )


def canasta_kinds_in_pack(h: Hand) -> None:
    """No more canastas of a kind with a limit of its own (Modern American 7s and aces, deuce
    and joker canastas) over all sides than the pack allows (rules.md §4 #13)."""
    for canasta in h.rules.canastas:
        if canasta.max_total:
            n = sum(getattr(e, canasta.field) for e in h.entries.values())
            if n > canasta.max_total:
                h.bad(
                    canasta.field,
                    "too_many_canastas_of_kind",
                    words={"what": FIELD_LABELS[canasta.field]},
                    count=n,
                    maximum=canasta.max_total,
                    kind=canasta.field,
                )


def no_unfinished_meld_beside_canasta(h: Hand) -> None:
    """Modern American: a completed 7s or aces canasta leaves too few cards for an unfinished
    meld of that rank anywhere (rules.md §4 #13)."""
    rules, entries = h.rules, h.entries
    for unfinished, completed in (
        ("unfinished_sevens", "sevens_canastas"),
        ("unfinished_aces", "aces_canastas"),
    ):
        if completed in rules.field_set and any(getattr(e, completed) for e in entries.values()):
            for side, e in entries.items():
                if getattr(e, unfinished):
                    rank = "7s" if completed == "sevens_canastas" else "aces"
                    h.bad(
                        unfinished,
                        "unfinished_meld_after_canasta",
                        words={"rank": rank},
                        side=side,
                        completed=completed,
                    )


def four_jokers_once(h: Hand) -> None:
    """Modern American: two packs hold four jokers (rules.md §1.0), so one side at most has an
    unfinished wild meld of all four, and none beside a canasta of four jokers and three 2s."""
    flagged = [side for side, e in h.entries.items() if e.unfinished_wild_four_jokers]
    if flagged and len(flagged) + sum(e.joker_canastas for e in h.entries.values()) > 1:
        h.bad("unfinished_wild_four_jokers", "four_jokers_twice", side=flagged[-1])


def one_perfect_cut(h: Hand) -> None:
    """One cut a deal: one side at most cut the cards dealt exactly (rules.md §6a)."""
    cut = [side for side, e in h.entries.items() if e.perfect_cut]
    if len(cut) > 1:
        h.bad("perfect_cut", "two_perfect_cuts", words={"both": _both(cut)}, sides=cut)


def one_special_hand(h: Hand) -> None:
    """A special hand ends the hand (CLA; rules.md §1.2)."""
    if len(h.specials) > 1:
        h.bad(
            "special_hand",
            "two_special_hands",
            words={"both": _both(h.specials)},
            sides=h.specials,
        )


def one_acaba(h: Hand) -> None:
    """Acaba ends the hand (rules.md §4 #20; S0)."""
    if len(h.callers) > 1:
        h.bad(
            "acaba",
            "two_sides_called_acaba",
            words={"both": _both(h.callers)},
            sides=h.callers,
        )


def nothing_after_the_hand_ended(h: Hand) -> None:
    """After a special hand (CLA) or Acaba (rules.md §4 #20) no other side went out, and the
    other side of an Acaba scores the award and nothing else."""
    specials, callers = h.specials, h.callers
    if not (specials or callers):
        return
    ender = (specials or callers)[0]
    for side, e in h.entries.items():
        if side in specials or side in callers:
            continue
        if e.went_out:
            h.bad(
                "went_out",
                "went_out_after_special_hand" if specials else "went_out_after_acaba",
                side=side,
                ender=ender,
            )
        elif callers:
            others = _filled_fields(h.rules, e, ignore=("penalty_points",))
            if others:
                h.bad(
                    others[0],
                    "scores_after_acaba",
                    words={"field_names": field_list(others)},
                    side=side,
                    ender=ender,
                    fields=others,
                )


# The checks across the sides of one hand, in the order their problems are reported.
HAND_CHECKS: tuple[HandCheck, ...] = (
    red_threes_in_pack,
    black_threes_in_pack,
    one_side_went_out,
    card_points_in_pack,
    melded_points_in_pack,
    counted_cards_in_pack,
    aces_sevens_and_wild_cards_in_pack,
    canastas_in_pack,
    canasta_kinds_in_pack,
    no_unfinished_meld_beside_canasta,
    four_jokers_once,
    one_perfect_cut,
    one_special_hand,
    one_acaba,
    nothing_after_the_hand_ended,
)


def _wild_at_least(rules: RuleSet) -> tuple[tuple[str, int, str], ...]:
    """(field, wild cards at least, "melded") for each count of `rules` that holds wild cards.

    [derived] A wild canasta holds 7 (rules.md §1.1-§1.5), a mixed one 1 (cases/README.md), an
    unfinished wild meld 3 (§1.2); natural and sequence canastas none."""
    # an unfinished wild meld of all four jokers holds one more (Pagat, rules.md §6a)
    at_least = [("unfinished_wild", 3, "melded"), ("unfinished_wild_four_jokers", 1, "melded")]
    for field, _bonus, group, _min_points in rules.canasta_plan:
        if group == 2:  # mixed (canasta_counts order)
            at_least.insert(0, (field, 1, "melded"))
        elif group == 3:  # wild
            at_least.insert(0, (field, 7, "melded"))
    return tuple(at_least)


def _both(sides: list[str]) -> str:
    """ "NS and EW both", "N, E and S all"."""
    if len(sides) == 2:
        return f"{sides[0]} and {sides[1]} both"
    return f"{', '.join(sides[:-1])} and {sides[-1]} all"
