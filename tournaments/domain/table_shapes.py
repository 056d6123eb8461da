"""The tables an event seats: shapes (players per side, "2+2"), side labels, seats, and the game a
table plays (rules.md §1.1-§1.12 "Players"). Design: docs/seating.md#tables-and-their-shapes."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import scoring

Shape = tuple[int, ...]

FOUR: Shape = (2, 2)
THREE: Shape = (1, 1, 1)
FIVE: Shape = (3, 2)

# The game a table of three or five plays when it completes an event of tables of four: the
# event's own variant where it is played by three alone (Samba, Spanish, Hand and Foot), its own
# 3- or 5-player variant where the engine has one, else Classic's.
THREE_PLAYER_VARIANT = "classic-3p"
FIVE_PLAYER_VARIANTS = {"classic": "classic-5p", "uruguayan": "classic-5p"}

# Side labels and the seats of each side, by shape.
_SIDES: dict[Shape, tuple[tuple[str, tuple[str, ...]], ...]] = {
    (2, 2): (("NS", ("N", "S")), ("EW", ("E", "W"))),
    (1, 1): (("N", ("N",)), ("S", ("S",))),
    (1, 1, 1): (("N", ("N",)), ("E", ("E",)), ("S", ("S",))),
    (1, 1, 1, 1): (("N", ("N",)), ("E", ("E",)), ("S", ("S",)), ("W", ("W",))),
    (3, 3): (("A", ("1", "3", "5")), ("B", ("2", "4", "6"))),
    (2, 2, 2): (("A", ("1", "4")), ("B", ("2", "5")), ("C", ("3", "6"))),
    (3, 2): (("A", ("1", "3", "5")), ("B", ("2", "4"))),
}
SHAPES: tuple[Shape, ...] = tuple(_SIDES)
# Every side label any table can have (a table card prints a confirmation code for each).
SIDE_LABELS: tuple[str, ...] = tuple(dict.fromkeys(label for sides in _SIDES.values() for label, _ in sides))


def shape_text(shape: Shape) -> str:
    """ "2+2" for (2, 2)."""
    return "+".join(str(n) for n in shape)


def parse_shape(text: str) -> Shape:
    """(2, 2) for "2+2". Raises ValueError for a shape no table has (`SHAPES`)."""
    try:
        shape = tuple(int(part) for part in text.split("+"))
    except ValueError:
        raise ValueError(f"not a table shape: {text!r}") from None
    if shape not in _SIDES:
        raise ValueError(f"not a table shape: {text!r}")
    return shape


def variant_shapes(variant: str) -> tuple[Shape, ...]:
    """The tables `variant` is played at, its own first (`scoring.RuleSet.tables`)."""
    return tuple(shape for shape in scoring.VARIANTS[variant].tables if shape in _SIDES)


def variant_at(variant: str, shape: Shape) -> str | None:
    """The variant an event of `variant` plays at tables of `shape`: the variant itself if it is
    played there, else its own game for that many players where the engine has one (Classic at
    tables of six is Classic for 6 players, `classic-6p`); None if neither."""
    if shape in variant_shapes(variant):
        return variant
    family = "classic" if variant == "uruguayan" else variant  # Uruguayan is Classic (rules.md §1.12)
    own = f"{family}-{sum(shape)}p"
    return own if own in scoring.VARIANTS and shape in variant_shapes(own) else None


def event_shape(variant: str, table_shape: str) -> Shape:
    """An event's table: the one it chose ("3+3"), or its variant's own."""
    return parse_shape(table_shape) if table_shape else variant_shapes(variant)[0]


def side_seats(shape: Shape) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """(side label, its seats) for each side of a table of `shape`, in the shape's order."""
    return _SIDES[shape]


def side_labels(shape: Shape) -> tuple[str, ...]:
    return tuple(label for label, _ in _SIDES[shape])


def shape_of(sides: tuple[tuple[int, ...], ...]) -> Shape:
    """The shape of a seated table (its sides' players), larger sides first."""
    return tuple(sorted((len(side) for side in sides), reverse=True))


def table_variant(event_variant: str, event_table: Shape, table: Shape) -> str:
    """The variant a table of `table` plays in an event of `event_variant` at `event_table`:
    the event's own (also at a table of three, where it is played by three alone), or the 3- or
    5-player game of a table completing tables of four."""
    if table == event_table:
        return event_variant
    if event_table == FOUR and table == THREE:
        if THREE in variant_shapes(event_variant):
            return event_variant
        own = f"{event_variant}-3p"
        return own if own in scoring.VARIANTS else THREE_PLAYER_VARIANT
    if event_table == FOUR and table == FIVE and event_variant in FIVE_PLAYER_VARIANTS:
        return FIVE_PLAYER_VARIANTS[event_variant]
    raise ValueError(
        f"an event of {event_variant} at {shape_text(event_table)} has no table of {shape_text(table)}"
    )


def next_sitting_out(trio: tuple[int, ...], sat_out: list[int | None]) -> int:
    """Who of a side of three sits out the next hand, given who sat out each hand before (`sat_out`,
    oldest first): the fewest sit-outs, ties to the next after the last (rules.md §6)."""
    return next_sitting_out_by_turns(trio, sat_out_turns(enumerate(sat_out, start=1)))


# What a game keeps of its hands' sit-outs (`Game.sat_out_turns`): each player who sat out a
# hand, by id as text (a JSON key) -> [hands sat out, the number of the last of them].
SatOutTurns = dict[str, list[int]]


def sat_out_turns(sat_out: Iterable[tuple[int, int | None]]) -> SatOutTurns:
    """The turns of a game's hands, given as (hand number, who sat it out or None)."""
    turns: SatOutTurns = {}
    for number, player in sat_out:
        if player is not None:
            turns = sat_out_turn_taken(turns, player, number)
    return turns


def sat_out_turn_taken(turns: Mapping[str, Sequence[int]], player: int, number: int) -> SatOutTurns:
    """`turns` (not changed) with `player` sitting out hand `number`, a hand after the others."""
    count, last = turns.get(str(player), (0, 0))
    return {**{key: list(value) for key, value in turns.items()}, str(player): [count + 1, max(last, number)]}


def next_sitting_out_by_turns(trio: tuple[int, ...], turns: Mapping[str, Sequence[int]]) -> int:
    """`next_sitting_out` from the game's kept turns alone (`sat_out_turns`), however many
    hands were played: the fewest sit-outs among `trio`, ties going to the next in the table's
    order after the one of `trio` who sat out the latest hand."""
    counts = {player: turns[str(player)][0] if str(player) in turns else 0 for player in trio}
    latest = {player: turns[str(player)][1] for player in trio if counts[player]}
    start = trio.index(max(latest, key=latest.__getitem__)) + 1 if latest else 0
    order = [trio[(start + i) % len(trio)] for i in range(len(trio))]
    return min(order, key=lambda player: counts[player])
