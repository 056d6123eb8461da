"""Hall board: what a screen polling the board's live part costs a running site (gunicorn with
the production settings over PostgreSQL).

A script, not a test. It sets up a night of its own in the site's database (a new club, 4 x
TABLES players, round 1 seated in-process, one hand saved at every table, the standings built),
then measures against --url, through the board's signed link, as a screen in the room asks:

(a) one client, one kept-alive connection, REQUESTS requests of each kind in turn: the live part
    answered 304 (If-None-Match the current tag), the live part rendered (200, no tag sent), and
    the whole page; requests a second, p50/p95 latency, and the CPU the site's processes used
    for them (gunicorn's workers, the master's children, and the PostgreSQL backends of the
    site's database, read from /proc), in ms a request;
(b) SCREENS screens polling every EVERY seconds for SECONDS seconds, each with its own
    connection and the tag it was last given (none with --no-tags: every poll rendered, as a
    screen that reloads itself), while one hand is saved every HAND_EVERY seconds
    at one table after another (in this process, as a phone's save through the site would
    change what the board shows): how many polls were 304 and 200, p95 latency, and the CPU the
    site used, as a share of one CPU.

Traffic goes only to the --url given, which must be 127.0.0.1; the requests carry
X-Forwarded-Proto: https as the site's proxy sends it. --master-pid is gunicorn's master
(`GUNICORN_CMD_ARGS="--pid FILE"`).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/hboard DJANGO_SETTINGS_MODULE=config.settings.base \\
    .venv/bin/python -m bench.board_bench --url http://127.0.0.1:8093 --master-pid $(cat /tmp/board.pid)
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import os
import statistics
import threading
import time
import urllib.parse
from pathlib import Path

from bench.load_bench import hand_for, percentile

HEADERS = {"X-Forwarded-Proto": "https", "Accept-Encoding": "gzip"}
TICKS = os.sysconf("SC_CLK_TCK")


def setup(tables: int) -> dict:
    """A club, 4 x tables players, an event with round 1 seated and a hand at every table."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.base")
    import django

    django.setup()
    from clubs.models import Club, Player
    from config import celery_app
    from tournaments import selectors, services
    from tournaments.models import Game

    stamp = time.strftime("%Y%m%d-%H%M%S")
    club = Club.objects.create(name=f"Board bench {stamp}", slug=f"board-bench-{stamp}")
    players = Player.objects.bulk_create(Player(club=club, name=f"Bench {n:03d}") for n in range(4 * tables))
    celery_app.conf.task_always_eager = True  # seat and rebuild here: the bench measures the board
    event = services.event_create(
        club=club,
        asked=services.EventInput(
            name="Board bench night", date=time.strftime("%Y-%m-%d"), variant="classic", players=players
        ),
    )
    services.round_start(event=event)
    games = list(Game.objects.filter(table__round__event=event).order_by("table__number"))
    if len(games) != tables:
        raise SystemExit(f"expected {tables} tables, the seating made {len(games)}")
    for game in games:
        services.hand_record(game=game, asked=services.HandInput(number=1, entries=hand_for(1)))
    services.standings_rebuild(event_id=event.pk)
    event.refresh_from_db()
    return {
        "event": event,
        "games": [game.pk for game in games],
        "path": f"/board/{selectors.board_token(event=event)}/",
    }


def save_hand(game_id: int) -> None:
    """The next hand at one table, as a phone's save would record it."""
    from tournaments import services
    from tournaments.models import Game

    game = Game.objects.get(pk=game_id)
    number = game.next_number
    services.hand_record(game=game, asked=services.HandInput(number=number, entries=hand_for(number)))
    services.standings_rebuild(
        event_id=Game.objects.values_list("table__round__event", flat=True).get(pk=game_id)
    )


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS  # utime + stime


def _children(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        found += [int(child) for child in (task / "children").read_text().split()]
    return found


def _backends() -> list[int]:
    """The PostgreSQL backends of the site's database, other than this script's own."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
        return [row[0] for row in cursor.fetchall()]


class Meter:
    """CPU seconds used by gunicorn's workers and the database's backends between two reads."""

    def __init__(self, master: int) -> None:
        self.master = master

    def read(self) -> tuple[float, float]:
        def total(pids: list[int]) -> float:
            seconds = 0.0
            for pid in pids:
                with contextlib.suppress(FileNotFoundError):  # a worker recycled meanwhile
                    seconds += _cpu_seconds(pid)
            return seconds

        return total(_children(self.master)), total(_backends())


def _get(conn: http.client.HTTPConnection, path: str, tag: str = "") -> tuple[int, str, float]:
    headers = dict(HEADERS)
    if tag:
        headers["If-None-Match"] = tag
    started = time.perf_counter()
    conn.request("GET", path, headers=headers)
    response = conn.getresponse()
    response.read()
    return response.status, response.getheader("ETag", ""), time.perf_counter() - started


def single(host: str, port: int, path: str, requests: int, meter: Meter) -> list[str]:
    """(a): each kind of request in turn on one kept-alive connection."""
    conn = http.client.HTTPConnection(host, port, timeout=30)
    status, tag, _ = _get(conn, path + "live/")
    assert status == 200, status
    lines = []
    for name, target, sent, expected in (
        ("live part, 304 (same tag)", path + "live/", tag, 304),
        ("live part, 200 (rendered)", path + "live/", "", 200),
        ("whole page, 200", path, "", 200),
    ):
        for _ in range(20):  # warm every worker
            _get(conn, target, sent)
        times = []
        web_before, db_before = meter.read()
        started = time.perf_counter()
        for _ in range(requests):
            status, _tag, elapsed = _get(conn, target, sent)
            assert status == expected, (name, status)
            times.append(elapsed * 1000)
        wall = time.perf_counter() - started
        web_after, db_after = meter.read()
        web, db = (web_after - web_before) * 1000 / requests, (db_after - db_before) * 1000 / requests
        median, p95 = statistics.median(times), percentile(times, 95)
        lines.append(f"| {name} | {requests / wall:.0f} | {median:.1f} | {p95:.1f} | {web:.2f} | {db:.2f} |")
    conn.close()
    return lines


class Screen(threading.Thread):
    """(b): one screen polling the live part every `every` seconds with the tag it was given."""

    def __init__(
        self, host: str, port: int, path: str, every: float, until: float, offset: float, tags: bool = True
    ) -> None:
        super().__init__(daemon=True)
        self.tags = tags
        self.host, self.port, self.path = host, port, path
        self.every, self.until, self.offset = every, until, offset
        self.counts = {200: 0, 304: 0}
        self.other = 0
        self.times: list[float] = []

    def run(self) -> None:
        conn = http.client.HTTPConnection(self.host, self.port, timeout=30)
        tag = ""
        due = time.monotonic() + self.offset
        while due < self.until:
            time.sleep(max(0.0, due - time.monotonic()))
            status, new_tag, elapsed = _get(conn, self.path + "live/", tag)
            self.times.append(elapsed * 1000)
            if status in self.counts:
                self.counts[status] += 1
                tag = (new_tag or tag) if self.tags else ""
            else:
                self.other += 1
            due += self.every
        conn.close()


def screens(host: str, port: int, night: dict, args: argparse.Namespace, meter: Meter) -> str:
    until = time.monotonic() + args.seconds
    polls = [
        Screen(host, port, night["path"], args.every, until, n * args.every / args.screens, not args.no_tags)
        for n in range(args.screens)
    ]
    web_before, db_before = meter.read()
    started = time.monotonic()
    for screen in polls:
        screen.start()
    saved, game = 0, 0
    while args.hand_every and time.monotonic() + args.hand_every < until:
        time.sleep(args.hand_every)
        save_hand(night["games"][game % len(night["games"])])
        saved, game = saved + 1, game + 1
    for screen in polls:
        screen.join()
    wall = time.monotonic() - started
    web_after, db_after = meter.read()
    times = [t for screen in polls for t in screen.times]
    ok = sum(screen.counts[200] for screen in polls)
    same = sum(screen.counts[304] for screen in polls)
    other = sum(screen.other for screen in polls)
    return (
        f"| {args.screens} | {args.every:g} | {saved} | {ok + same + other} | {same} | {ok} | {other} | "
        f"{percentile(times, 95):.1f} | {(web_after - web_before) * 100 / wall:.1f} % | "
        f"{(db_after - db_before) * 100 / wall:.1f} % |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--url", default="http://127.0.0.1:8093")
    parser.add_argument("--master-pid", type=int, required=True, help="gunicorn's master process")
    parser.add_argument("--tables", type=int, default=15)
    parser.add_argument("--requests", type=int, default=500, help="(a): requests of each kind")
    parser.add_argument("--screens", type=int, default=50, help="(b): screens polling at once")
    parser.add_argument("--every", type=float, default=5.0, help="(b): seconds between a screen's polls")
    parser.add_argument("--seconds", type=float, default=60.0, help="(b): how long")
    parser.add_argument("--no-tags", action="store_true", help="(b): send no tag, so every poll renders")
    parser.add_argument("--skip-single", action="store_true", help="(b) alone")
    parser.add_argument(
        "--hand-every", type=float, default=15.0, help="(b): seconds between saved hands, 0: none"
    )
    args = parser.parse_args()
    url = urllib.parse.urlsplit(args.url)
    if url.hostname != "127.0.0.1":
        raise SystemExit("--url must be on 127.0.0.1")
    night = setup(args.tables)
    meter = Meter(args.master_pid)
    host, port = url.hostname, url.port or 80
    print(f"{args.tables} tables, board {night['path'][:12]}…, gunicorn workers {_children(args.master_pid)}")
    if not args.skip_single:
        print(
            "\n| (a) one client | requests/s | p50 ms | p95 ms | gunicorn CPU ms/request "
            "| PostgreSQL CPU ms/request |"
        )
        print("|---|---:|---:|---:|---:|---:|")
        for line in single(host, port, night["path"], args.requests, meter):
            print(line)
    print(
        "\n| (b) screens | every s | hands saved | polls | 304 | 200 | other | p95 ms | gunicorn CPU "
        "(of one CPU) | PostgreSQL CPU |"
    )
    print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    print(screens(host, port, night, args, meter))


if __name__ == "__main__":
    main()
