"""The entries a scorekeeper must reject (rules.md §4), for one hand.

Each check returns Problems naming hand, side and field; it never fixes or guesses a value.
Field-by-field shape errors (types, negatives, multiples of 5, unknown fields) are found
earlier by `entries.parse_entry`; here are the checks that need several fields, several sides,
the pack, or the side's total before the hand. Among those across sides, the pack's arithmetic
(`_pack_kind_problems`): the aces, 7s and wild cards that the counts of all sides hold at least
(canastas, unfinished melds, players caught holding three or more) must fit in the pack.

Entry modes (`entries`): a card-count entry is checked like a summary entry with its computed
points, and a problem with those points names `cards.melded` / `cards.in_hand` instead of
`melded_points` / `hand_points`; its counts are also checked against its canastas and, over all
sides, against the pack. A total-only entry has nothing left to check on its own (its bounds are
checked when it is parsed); it takes part only in the checks across sides that need no card or
canasta figures (one side went out, Acaba, special hands), and it counts as 0 in the others.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from scoring.cards import SideCards, card_value, cards_in_pack
from scoring.entries import SideEntry
from scoring.errors import CARD_KIND_LABELS, FIELD_LABELS, Problem, field_list, plural
from scoring.game import initial_meld_minimum, initial_meld_requirement
from scoring.rules import CARD_KINDS, CARDS_PER_DECK, MELD_REQUIREMENTS, RuleSet

Counts = tuple[int, int, int, int, int]
# A card-count entry's problems name the card counts, not the points computed from them.
_CARD_FIELDS = {"melded_points": "cards.melded", "hand_points": "cards.in_hand"}

_MA_UNFINISHED = ("unfinished_aces", "unfinished_sevens", "unfinished_wild")
# [derived] The pack's arithmetic (rules.md §1.0, §1.1, §1.2): the fewest cards of a kind that
# each count of an entry holds, so that the counts of all sides together can be checked against
# the pack (`_pack_kind_problems`). By kind: (field, cards of the kind it holds at least, whether
# they lie on the table, "melded", or in the players' hands, "in_hand").
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
    """A side's completed canastas: (all, natural, mixed, wild, sequence) under `rules`."""
    counts = [0, 0, 0, 0, 0]
    for field, _bonus, group, _min_points in rules.canasta_plan:
        n = getattr(e, field)
        if n:
            counts[0] += n
            counts[group] += n
    return counts[0], counts[1], counts[2], counts[3], counts[4]


def hand_problems(
    rules: RuleSet,
    entries: Mapping[str, SideEntry],
    totals_before: Mapping[str, int] | None,
    *,
    deal: int = 1,
    hand: int | None = None,
    players: int | None = None,
) -> list[Problem]:
    """Every rules.md §4 problem of one hand's entries (side label -> SideEntry), in order:
    each side's own problems, then those across sides. `totals_before` None skips #21.
    `players` is how many players each side has in this hand (a Samba game of two sides may be
    two players alone or two partnerships); None takes the variant's first table with this
    many sides (`RuleSet.players_for`)."""
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
    """One side's own problems; `players` is how many players the side has in this game."""
    out: list[Problem] = []

    def bad(field: str, code: str, message: str, **params: Any) -> None:
        out.append(Problem(hand=hand, side=side, field=field, code=code, message=message, params=params))

    if e.penalty_points > MAX_PENALTY_POINTS:
        bad(
            "penalty_points",
            "penalty_too_high",
            f"penalties of {e.penalty_points} points in one hand are beyond any published penalty "
            f"(at most {MAX_PENALTY_POINTS} a side); check the number",
            points=e.penalty_points,
            maximum=MAX_PENALTY_POINTS,
        )
    # British (S0, S4): Acaba ends the hand; nothing else is counted (§4 #20)
    if e.acaba:
        others = _filled_fields(rules, e, ignore=("acaba", "penalty_points"))
        if others:
            bad(
                "acaba",
                "acaba_with_other_fields",
                f"Acaba ends the hand and nothing else is counted; remove: {field_list(others)}",
                fields=others,
            )
        return out
    if e.special_hand is not None:  # Modern American (CLA, CCOM, CJ-2; §4 #14)
        others = _filled_fields(rules, e, ignore=("special_hand",))
        if others:
            bad(
                "special_hand",
                "special_hand_with_other_fields",
                f"a special hand is the side's only score; remove: {field_list(others)}",
                fields=others,
            )
        return out
    if e.total is not None:
        return out  # nothing left to check (module docstring)

    total, natural, mixed, wild, sequence = counts
    if e.concealed and not e.went_out:  # §4 #5 (PAG, BRIT)
        bad(
            "concealed",
            "concealed_without_going_out",
            "going out concealed is a way of going out: the side must have gone out too",
        )
    if e.went_out:
        _going_out_shortfall(rules, total, natural, mixed, wild, sequence, bad)  # §4 #4
        if any(getattr(e, f) for f in _MA_UNFINISHED):  # §4 #22 (CLA, PAG)
            bad(
                "went_out",
                "went_out_with_unfinished_meld",
                "a side cannot go out while it has an unfinished aces, 7s or wild meld",
            )
        # §4 #18: the player who went out holds no cards
        if players == 1:
            if e.hand_points:
                bad(
                    "hand_points",
                    "went_out_holding_points",
                    "the player who went out holds no cards, so the points of the cards left in "
                    f"hand must be 0, not {e.hand_points}",
                    points=e.hand_points,
                )
            if e.red_threes_in_hand:
                bad(
                    "red_threes_in_hand",
                    "went_out_holding_red_threes",
                    "the player who went out holds no cards, so no red threes either",
                    count=e.red_threes_in_hand,
                )

    # [derived] Every player who has not gone out still holds a card, and every card left in
    # hand is worth at least 5 points (a red three never laid down is held too): rules.md §3's
    # note on "hand 0" and cases/README.md. So a blank entry cannot be a real hand.
    holding = players - (1 if e.went_out else 0)
    if cards_counted and e.hand_points + 5 * e.red_threes_in_hand < 5 * holding:
        if not e.went_out:
            who = "every player of the side still holds"
        elif holding == 1:
            who = "the partner of the player who went out still holds"
        else:  # classic-6p, 2 teams of 3
            who = "the partners of the player who went out still hold"
        bad(
            "hand_points",
            "partner_held_cards_missing" if e.went_out else "held_cards_missing",
            f"{who} cards, worth at least {5 * holding} points in all; {e.hand_points} entered",
            minimum=5 * holding,
            entered=e.hand_points,
            players=holding,
        )
    floor = 0
    for field, _bonus, _group, min_points in rules.canasta_plan:
        floor += getattr(e, field) * min_points
    if e.melded_points < floor:  # §4 #8, #9 [derived]
        if e.melded_points == 0:
            bad(
                "melded_points",
                "canastas_without_melded_points",
                f"{plural(total, 'canasta', 'canastas')} entered for a side with no melded points",
                canastas=total,
            )
        else:
            bad(
                "melded_points",
                "melded_points_below_canastas",
                f"{plural(total, 'canasta needs', 'canastas need')} at least {floor} melded points; "
                f"{e.melded_points} entered",
                canastas=total,
                minimum=floor,
                melded=e.melded_points,
            )
    if total > rules.max_canastas_per_side:  # §4 #12 [derived]
        field = max(rules.canastas, key=lambda k: getattr(e, k.field)).field
        bad(
            field,
            "too_many_canastas_for_side",
            f"{total} canastas for one side; at most {rules.max_canastas_per_side} are possible",
            canastas=total,
            maximum=rules.max_canastas_per_side,
        )

    # Modern American (CLA): one meld per rank, one wild meld open
    if rules.special_hands:
        for field in _MA_UNFINISHED:
            if getattr(e, field) > 1:
                bad(
                    field,
                    "unfinished_melds_more_than_one",
                    f"a side has at most one {FIELD_LABELS[field][:-1]}, not {getattr(e, field)}",
                    count=getattr(e, field),
                )
        for field in ("players_with_three_aces", "players_with_three_sevens"):
            if getattr(e, field) > players:
                bad(
                    field,
                    "more_players_than_side",
                    f"a side has {plural(players, 'player', 'players')}, not {getattr(e, field)}",
                    players=players,
                    count=getattr(e, field),
                )

    if e.cards is not None:
        _card_problems(e, counts, bad)
    _caught_cards_problems(rules, e, bad)

    # §4 #21: only a side that melded; its opening meld stays on the table.
    if e.melded_points and total_before is not None:
        minimum = initial_meld_minimum(rules, total_before, deal=deal)
        if e.melded_points < minimum:
            bad(
                "melded_points",
                "opening_meld_too_low",
                f"the side's opening meld had to be at least {minimum} points (total before "
                f"the hand {total_before}), so its melded points cannot be {e.melded_points}",
                minimum=minimum,
                total_before=total_before,
                melded=e.melded_points,
            )
        # Brazilian (BIC-BR, RG-BR): a canasta completed in the opening meld stays completed.
        # An escalera has no wild cards, so it passes for a natural canasta: the check rejects
        # only what cannot have happened.
        requirement = rules.initial_meld_requirements and initial_meld_requirement(rules, total_before)
        if requirement:
            have = total if requirement != "natural_canasta" else natural + sequence
            if not have:
                bad(
                    "natural_canastas",
                    f"opening_meld_needs_{requirement}",
                    f"the side's opening meld had to hold {MELD_REQUIREMENTS[requirement]} (total "
                    f"before the hand {total_before}), but no such canasta is entered",
                    requirement=requirement,
                    total_before=total_before,
                )
    return out


def _card_problems(e: SideEntry, counts: Counts, bad: Callable[..., None]) -> None:
    """What a card count shows against the rest of the entry ([derived] from the canasta rules:
    every canasta has 7 cards; a natural canasta or a sequence no wild card, a mixed canasta at
    least one wild and at least 4 natural cards (PAG: at most 3 wilds), a wild canasta 7 wild
    cards; Modern American 7s and aces canastas are 7 natural 7s / aces)."""
    assert e.cards is not None
    melded = e.cards.melded
    _total, natural, mixed, wild, sequence = counts
    if melded.black_threes and not e.went_out:  # §1.1 (S0, S4, BRIT, PAG via GH-NL)
        bad(
            "cards.melded.black_threes",
            "black_threes_melded_without_going_out",
            "black threes are melded only by the player going out, and this side did not go out",
            count=melded.black_threes,
        )
    need_wild = mixed + 7 * wild
    if melded.wild < need_wild:
        bad(
            "cards.melded.twos" if melded.jokers else "cards.melded.jokers",
            "canastas_need_wild_cards",
            f"the side's canastas need at least {plural(need_wild, 'wild card', 'wild cards')} "
            f"(jokers and 2s); {melded.wild} melded",
            needed=need_wild,
            melded=melded.wild,
        )
    need_natural = 7 * (natural + sequence) + 4 * mixed
    if melded.natural < need_natural:
        bad(
            "cards.melded.high",
            "canastas_need_natural_cards",
            f"the side's canastas need at least {need_natural} natural cards (aces, 4s to kings); "
            f"{melded.natural} melded",
            needed=need_natural,
            melded=melded.natural,
        )
    for field, have, kind, code in (
        ("aces_canastas", melded.aces, "aces", "aces_canastas_need_aces"),
        ("sevens_canastas", melded.low, "low", "sevens_canastas_need_sevens"),
    ):
        n = getattr(e, field)
        if have < 7 * n:
            what = CARD_KIND_LABELS[kind]
            bad(
                f"cards.melded.{kind}",
                code,
                f"{plural(n, 'canasta', 'canastas')} of {'aces' if kind == 'aces' else '7s'} "
                f"{'needs' if n == 1 else 'need'} at least {7 * n} melded {what}; {have} melded",
                canastas=n,
                needed=7 * n,
                melded=have,
            )


def _caught_cards_problems(rules: RuleSet, e: SideEntry, bad: Callable[..., None]) -> None:
    """The cards of the players caught holding three or more aces or 7s are in the side's hands.

    [derived] rules.md §1.2 Penalties ("3+ aces in one player's hand", face values still
    deducted): k players caught with aces and m with 7s hold at least 3k aces and 3m sevens in
    hand, so a summary entry's `hand_points` are at least 3k x 20 + 3m x 5 (§1.0: an ace 20, a 7
    5), and a card count leaves at least 3k aces and 3m cards from 4 to 7 in hand (its 4s to 7s
    hold the 7s). Not for total-only entries (they have no counts) or special hands.
    """
    k, m = e.players_with_three_aces, e.players_with_three_sevens
    if not k and not m:
        return
    if e.cards is not None:
        in_hand = e.cards.in_hand
        for players, have, kind, code, what, cards, left in (
            (k, in_hand.aces, "aces", "caught_aces_not_in_hand", "aces", "aces", "aces"),
            (m, in_hand.low, "low", "caught_sevens_not_in_hand", "7s", "sevens", "cards from 4 to 7"),
        ):
            if have < 3 * players:
                bad(
                    f"cards.in_hand.{kind}",
                    code,
                    f"{plural(players, 'player', 'players')} caught holding three or more {what} "
                    f"{'holds' if players == 1 else 'hold'} at least {3 * players} {cards}; the card count "
                    f"leaves {have} {left} in hand",
                    players=players,
                    needed=3 * players,
                    counted=have,
                )
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
    bad(
        "hand_points",
        "hand_points_below_caught_cards",
        f"{' and '.join(caught)} {'holds' if k + m == 1 else 'hold'} at least {' and '.join(held)} "
        f"in hand, {minimum} points in all; {e.hand_points} entered",
        aces_players=k,
        sevens_players=m,
        aces=3 * k,
        sevens=3 * m,
        ace_points=ace,
        seven_points=seven,
        minimum=minimum,
        entered=e.hand_points,
    )


def _going_out_shortfall(
    rules: RuleSet,
    total: int,
    natural: int,
    mixed: int,
    wild: int,
    sequence: int,
    bad: Callable[..., None],
) -> None:
    """A problem on `went_out` for each canasta requirement of going out that is not met."""
    need = rules.going_out
    counted = total if need.counts_wild else total - wild
    if counted < need.canastas:
        what = plural(need.canastas, "canasta", "canastas")
        if not need.counts_wild:
            what += " other than wild canastas"
        bad(
            "went_out",
            "going_out_needs_canastas",
            f"going out needs {what}; this side has {counted}",
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
            bad(
                "went_out",
                "going_out_needs_canasta_kind",
                f"going out needs {wanted} {label} {'canasta' if wanted == 1 else 'canastas'}; "
                f"this side has {have}",
                kind=kind,
                needed=wanted,
                have=have,
            )


def _cross_side_problems(
    rules: RuleSet, entries: Mapping[str, SideEntry], counts: Mapping[str, Counts], *, hand: int | None
) -> list[Problem]:
    out: list[Problem] = []

    def bad(field: str | None, code: str, message: str, side: str | None = None, **params: Any) -> None:
        out.append(Problem(hand=hand, side=side, field=field, code=code, message=message, params=params))

    # One pass over the sides for every sum and list below.
    red = black = captured = points = 0
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

    if red > rules.red_threes_in_pack:  # §4 #1 [derived]
        bad(
            "red_threes",
            "too_many_red_threes",
            f"{red} red threes entered over all sides; the pack has {rules.red_threes_in_pack}",
            count=red,
            in_pack=rules.red_threes_in_pack,
        )
    # §4 #2 (Modern American threes laid down); Cuban black threes captured
    for field, n in (("black_threes", black), ("captured_black_threes", captured)):
        if n > rules.black_threes_in_pack:
            bad(
                field,
                "too_many_black_threes",
                f"{n} black threes entered over all sides; the pack has {rules.black_threes_in_pack}",
                count=n,
                in_pack=rules.black_threes_in_pack,
            )

    if len(out_sides) > 1:  # §4 #3 (S0, S4)
        bad(
            "went_out",
            "two_sides_went_out",
            f"{_both(out_sides)} went out; a hand ends when one side goes out",
            sides=out_sides,
        )

    if points > rules.pack_points:  # §4 #10 [derived]
        bad(
            "melded_points",
            "too_many_card_points",
            f"melded points and points of cards left in hand over all sides add up to {points}; "
            f"the pack holds only {rules.pack_points} card points",
            points=points,
            pack_points=rules.pack_points,
        )

    if counted:  # §1.0 pack: per kind of card, over the sides that counted their cards
        for kind in CARD_KINDS:
            melded = sum(getattr(c.melded, kind) for c in counted)
            n = melded + sum(getattr(c.in_hand, kind) for c in counted)
            if kind == "black_threes":  # with those laid down (Modern American) or captured (Cuban)
                n += black + captured
            in_pack = cards_in_pack(rules, kind)
            if n > in_pack:
                bad(
                    f"cards.{'melded' if melded else 'in_hand'}.{kind}",
                    "too_many_cards_in_pack",
                    f"{n} {CARD_KIND_LABELS[kind]} counted over all sides; the pack has {in_pack}",
                    count=n,
                    kind=kind,
                    in_pack=in_pack,
                )

    _pack_kind_problems(rules, entries, counts, bad)  # aces, 7s and wild cards (rules.md §1.0, §1.2)

    for index, limit, field in (  # §4 #12, #13 [derived]
        (0, rules.max_canastas_total, "natural_canastas"),
        (1, rules.max_natural_canastas_total, "natural_canastas"),
        (2, rules.max_mixed_canastas_total, "mixed_canastas"),
        (3, rules.max_wild_canastas_total, "wild_canastas"),
    ):
        if totals[index] > limit:
            what = ("canastas", "natural canastas", "mixed canastas", "wild canastas")[index]
            bad(
                field,
                "too_many_canastas_in_pack" if index == 0 else "too_many_canastas_of_kind",
                f"{totals[index]} {what} over all sides; the pack allows at most {limit}",
                count=totals[index],
                maximum=limit,
                kind=("all", "natural_canastas", "mixed_canastas", "wild_canastas")[index],
            )
    for canasta in rules.canastas:
        if canasta.max_total:
            n = sum(getattr(e, canasta.field) for e in entries.values())
            if n > canasta.max_total:
                bad(
                    canasta.field,
                    "too_many_canastas_of_kind",
                    f"{n} {FIELD_LABELS[canasta.field]} over all sides; "
                    f"the pack allows at most {canasta.max_total}",
                    count=n,
                    maximum=canasta.max_total,
                    kind=canasta.field,
                )

    # Modern American: a completed 7s or aces canasta leaves too few cards for an unfinished
    # meld of that rank anywhere (§4 #13).
    for unfinished, completed in (
        ("unfinished_sevens", "sevens_canastas"),
        ("unfinished_aces", "aces_canastas"),
    ):
        if completed in rules.field_set and any(getattr(e, completed) for e in entries.values()):
            for side, e in entries.items():
                if getattr(e, unfinished):
                    rank = "7s" if completed == "sevens_canastas" else "aces"
                    bad(
                        unfinished,
                        "unfinished_meld_after_canasta",
                        f"a completed canasta of {rank} leaves no cards for an unfinished {rank} meld",
                        side,
                        completed=completed,
                    )

    if len(specials) > 1:  # a special hand ends the hand (CLA)
        bad(
            "special_hand",
            "two_special_hands",
            f"{_both(specials)} laid a special hand; a special hand ends the hand",
            sides=specials,
        )
    if len(callers) > 1:  # §4 #20 (S0)
        bad(
            "acaba",
            "two_sides_called_acaba",
            f"{_both(callers)} called Acaba; Acaba ends the hand",
            sides=callers,
        )
    if specials or callers:
        ender = (specials or callers)[0]
        how = "a special hand" if specials else "Acaba"
        for side, e in entries.items():
            if side in specials or side in callers:
                continue
            if e.went_out:
                bad(
                    "went_out",
                    "went_out_after_special_hand" if specials else "went_out_after_acaba",
                    f"{ender} ended the hand with {how}, so no one went out",
                    side,
                    ender=ender,
                )
            elif callers:
                others = _filled_fields(rules, e, ignore=("penalty_points",))
                if others:
                    bad(
                        others[0],
                        "scores_after_acaba",
                        f"{ender} called Acaba: this side scores the award and nothing else; "
                        f"remove: {field_list(others)}",
                        side,
                        ender=ender,
                        fields=others,
                    )
    return out


def _wild_at_least(rules: RuleSet) -> tuple[tuple[str, int, str], ...]:
    """(field, wild cards at least, "melded") for each count of `rules` that holds wild cards.

    [derived] A wild canasta has at least 7 cards (rules.md §1.1), all wild (jokers and 2s: the
    wild canastas of §1.2, §1.3's wild books, Bolivia's "bolivia", §1.5); a mixed canasta holds
    at least 1 wild card (that is what makes it mixed: cases/README.md); an unfinished wild meld
    at least 3 (§1.2: wild melds of 3 to 7 twos and jokers). Natural and sequence canastas hold
    none.
    """
    at_least = [("unfinished_wild", 3, "melded")]
    for field, _bonus, group, _min_points in rules.canasta_plan:
        if group == 2:  # mixed (canasta_counts order)
            at_least.insert(0, (field, 1, "melded"))
        elif group == 3:  # wild
            at_least.insert(0, (field, 7, "melded"))
    return tuple(at_least)


_PACK_KIND_NOUNS = {"aces": "aces", "sevens": "sevens", "wild": "jokers and 2s"}


def _pack_kind_problems(
    rules: RuleSet,
    entries: Mapping[str, SideEntry],
    counts: Mapping[str, Counts],
    bad: Callable[..., None],
) -> None:
    """Aces, 7s and wild cards over all sides against the pack ([derived], rules.md §1.0, §1.2).

    Each side holds at least what its counts hold (`_AT_LEAST`, `_wild_at_least`), on the table
    and in hand; a card-count entry at least what it counted there, if that is more. Over all
    sides that must not exceed the pack: `decks` x 4 of each rank (8 aces, 8 sevens in two
    packs) and `decks` x 6 wild cards (2 jokers and 4 twos a deck: 12 in two packs). For Modern
    American aces: 7 x aces canastas + 3 x unfinished aces melds + 3 x players caught holding
    three or more aces <= 8; the same for 7s. A total-only entry counts 0 (module docstring).
    Where only counted cards exceed the pack, `too_many_cards_in_pack` has said so already.
    """
    per_rank = rules.decks * CARDS_PER_DECK["aces"]  # the 4 suits of one rank in each deck
    with_cards = False
    # The hot path: the counts alone (canasta_counts: mixed [2], wild [3]), nearly always far
    # below the pack; the full reckoning below only when they are not, or cards were counted.
    wild = aces = sevens = 0
    for side, e in entries.items():
        c = counts[side]
        wild += 7 * c[3] + c[2] + 3 * e.unfinished_wild
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
        by_field = dict.fromkeys((field for field, _n, _place in at_least), 0)
        needed = counted = 0
        for e in entries.values():
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
            continue
        parts = [f"{FIELD_LABELS[f]} {by_field[f]} × {n}" for f, n, _place in at_least if by_field[f]]
        if needed > from_fields:
            parts.append(f"{needed - from_fields} more in card counts")
        fields = [f for f, _n, _place in at_least if by_field[f]]
        bad(
            fields[-1],
            f"too_many_{'wild_cards' if kind == 'wild' else kind}_in_pack",
            f"the entries over all sides hold at least {needed} {_PACK_KIND_NOUNS[kind]} "
            f"({', '.join(parts)}), but the pack has {in_pack}",
            needed=needed,
            in_pack=in_pack,
            counted=needed - from_fields,
            fields=fields,
        )


def _both(sides: list[str]) -> str:
    """ "NS and EW both", "N, E and S all"."""
    if len(sides) == 2:
        return f"{sides[0]} and {sides[1]} both"
    return f"{', '.join(sides[:-1])} and {sides[-1]} all"
