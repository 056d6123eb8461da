"""Events with stages as the stage tests build them: sixteen players or pairs, a round seated,
every game of it one hand of totals (NS 300 against EW 120 unless given), and a qualifying
stage then a final table. Worked in tests/tournaments/services/test_stages.py."""

from __future__ import annotations

from clubs.services import pair_requests_from_text
from tests.support.factories import EVENT_DATE, PlayerFactory
from tournaments import services
from tournaments.models import Event, Game, Round, Stage

NS_WINS = {"NS": {"total": 300}, "EW": {"total": 120}}


LEVEL = {"NS": {"total": 200}, "EW": {"total": 200}}


def _individual(club, players, **options) -> Event:
    return services.event_create(
        club=club,
        asked=services.EventInput(
            name="Cup", date=EVENT_DATE, variant="classic", hands_per_round=1, players=players, **options
        ),
    )


def _pairs(club, count: int, **options) -> Event:
    roster = [PlayerFactory(club=club, name=f"Pairs player {n:02d}") for n in range(2 * count)]
    text = "\n".join(f"{roster[2 * n].name} & {roster[2 * n + 1].name}" for n in range(count))
    return services.event_create(
        club=club,
        asked=services.EventInput(
            name="Pairs cup",
            date=EVENT_DATE,
            variant="classic",
            hands_per_round=1,
            format=options.pop("format", Event.Format.SWISS),
            players=[],
            pairs=pair_requests_from_text(text),
            **options,
        ),
    )


def _seat(event, capture) -> Round:
    with capture(execute=True):
        round_ = services.round_start(event=event)
    round_.refresh_from_db()
    assert round_.status == Round.Status.SEATED, round_.seating_error
    return round_


def _play(round_, capture, entries=NS_WINS, only: set[int] | None = None) -> None:
    with capture(execute=True):
        for game in Game.objects.filter(table__round=round_).order_by("table__number"):
            if only is None or game.table.number in only:
                services.hand_record(game=game, asked=services.HandInput(number=1, entries=entries))


def _qualifying_and_final(club, players, **final):
    event = _individual(club, players)
    services.stage_add(
        event=event, name="Qualifying", kind=Stage.Kind.ROUNDS, format="individual", planned_rounds=3
    )
    final = {"qualify": Stage.Qualify.BEST, "qualifiers": 4, "planned_rounds": 1} | final
    services.stage_add(event=event, name="Final table", kind=Stage.Kind.FINAL_TABLE, **final)
    return event
