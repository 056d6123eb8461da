"""Load: 50 tables scoring at once against a running site (gunicorn + PostgreSQL + Redis + worker).

A script, not a test. It sets up a league night of its own in the site's database (a new club,
4 x TABLES players, round 1 seated in-process), then one thread per table plays a scorer: it
submits hands 1..HANDS for its table as fast as the site answers, through the API
(`POST /api/v1/games/{id}/hands/`, token) or, for FORM_TABLES of the tables, through the table
page at the table's private link. A page table plays the phone as its script does
(`--page-mode script`, the default, static/js/table.js): the page loaded once, then for each hand
one live preview of the typed hand and the save, both sent by the script and answered with
fragments (the save's `_save_answer.html`, about 2 KB). `--page-mode plain` plays a phone
without the script: the whole page loaded before each hand and the form posted, answered with a
redirect. Every tenth hand is sent twice with the same submission id, like a double tap or a
retry.

Afterwards it checks in the database that every table has exactly hands 1..HANDS (nothing lost,
nothing doubled) and waits for the worker to bring the standings up to date. It prints hands per
second and p50/p95/p99 latency. Traffic goes only to the --url given, which must be 127.0.0.1.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/opsdemo \
    .venv/bin/python -m bench.load_bench --url http://127.0.0.1:8090 --tables 50 --hands 20
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import statistics
import threading
import time
import urllib.parse
import uuid

# Hands that keep a classic game going for as long as the run needs (nobody nears 5000):
# each side melds a little or is caught with cards, taking turns.
HAND_ODD = {"NS": {"melded_points": 50, "hand_points": 10}, "EW": {"melded_points": 0, "hand_points": 30}}
HAND_EVEN = {"NS": {"melded_points": 0, "hand_points": 30}, "EW": {"melded_points": 50, "hand_points": 10}}
CSRF_INPUT = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


def hand_for(number: int) -> dict:
    return HAND_ODD if number % 2 else HAND_EVEN


def setup(tables: int) -> dict:
    """A club, 4 x tables players, an event with round 1 seated; a scorer with an API token."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.base")
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from knox.models import AuthToken

    from clubs.models import Club, Membership, Player
    from config import celery_app
    from tournaments import services
    from tournaments.models import Game

    stamp = time.strftime("%Y%m%d-%H%M%S")
    club = Club.objects.create(name=f"Load bench {stamp}", slug=f"load-bench-{stamp}")
    players = Player.objects.bulk_create(Player(club=club, name=f"Bench {n:03d}") for n in range(4 * tables))
    user = get_user_model().objects.create_user(username=f"bench-{stamp}", password=uuid.uuid4().hex)
    Membership.objects.create(club=club, user=user, role=Membership.Role.SCORER)
    token = AuthToken.objects.create(user=user)[1]
    eager = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = True  # seat here: the bench measures scoring, not seating
    try:
        event = services.event_create(
            club=club,
            asked=services.EventInput(
                name="Load bench night", date=time.strftime("%Y-%m-%d"), variant="classic", players=players
            ),
        )
        services.round_start(event=event)
    finally:
        celery_app.conf.task_always_eager = eager
    games = list(
        Game.objects.filter(table__round__event=event).select_related("table").order_by("table__number")
    )
    if len(games) != tables:
        raise SystemExit(f"expected {tables} tables, the seating made {len(games)}")
    return {
        "event": event.pk,
        "token": token,
        "games": [(game.pk, game.table.access_token) for game in games],
    }


class Scorer(threading.Thread):
    """One table's scorer. Closed loop (`interval` None): each hand as soon as the last is saved.
    Open loop: hand k is due at `offset + k * interval` seconds after the start; a hand sent late
    (the site was still answering the last one) counts the wait in its latency, so a slow site
    cannot hide its queue by slowing the scorers down."""

    def __init__(
        self,
        host,
        port,
        game_id,
        link,
        token,
        hands,
        form,
        start_gate,
        offset=0.0,
        interval=None,
        script=True,
    ):
        super().__init__(daemon=True)
        self.script = script
        self.csrf: tuple[str, str] | None = None  # (the form's token, its cookie), the page loaded
        self.host, self.port = host, port
        self.game_id, self.link, self.token = game_id, link, token
        self.hands, self.form = hands, form
        self.start_gate = start_gate
        self.offset, self.interval = offset, interval
        self.late = 0.0  # seconds the current hand was sent after it was due
        self.latencies: list[float] = []
        self.page_latencies: list[float] = []
        self.preview_latencies: list[float] = []
        self.errors: list[str] = []
        self.sent = 0

    def run(self) -> None:
        conn = http.client.HTTPConnection(self.host, self.port, timeout=60)
        self.start_gate.wait()
        started = time.perf_counter()
        for number in range(1, self.hands + 1):
            submission = str(uuid.uuid4())
            if self.interval is not None:
                due = started + self.offset + (number - 1) * self.interval
                now = time.perf_counter()
                if now < due:
                    time.sleep(due - now)
                self.late = max(0.0, time.perf_counter() - due)
            for attempt in (1, 2) if number % 10 == 0 else (1,):
                try:
                    if self.form:
                        ok = self._form(conn, number, submission, attempt)
                    else:
                        ok = self._api(conn, number, submission, attempt)
                except (OSError, http.client.HTTPException) as exc:
                    conn.close()
                    conn = http.client.HTTPConnection(self.host, self.port, timeout=60)
                    self.errors.append(f"hand {number}: {type(exc).__name__} {exc}")
                    ok = False
                if not ok:
                    return  # the next hand would be refused anyway; the check reports the gap
        conn.close()

    def _timed(self, conn, method, path, body=None, headers=None):
        started = time.perf_counter()
        conn.request(method, path, body=body, headers=headers or {})
        response = conn.getresponse()
        data = response.read()
        late, self.late = self.late, 0.0  # charged to the hand's first request only
        return time.perf_counter() - started + late, response, data

    def _api(self, conn, number, submission, attempt) -> bool:
        body = json.dumps({"number": number, "entries": hand_for(number), "submission_id": submission})
        headers = {"Authorization": f"Token {self.token}", "Content-Type": "application/json"}
        elapsed, response, data = self._timed(
            conn, "POST", f"/api/v1/games/{self.game_id}/hands/", body, headers
        )
        self.latencies.append(elapsed)
        self.sent += 1
        expected = 201 if attempt == 1 else 200
        if response.status != expected:
            self.errors.append(f"API hand {number} try {attempt}: {response.status} {data[:200]!r}")
            return False
        return True

    def _form(self, conn, number, submission, attempt) -> bool:
        if self.csrf is None or not self.script:  # with the script, the page is loaded once
            elapsed, response, page = self._timed(conn, "GET", f"/t/{self.link}/")
            self.page_latencies.append(elapsed)
            cookie = response.getheader("Set-Cookie", "")
            match = CSRF_INPUT.search(page.decode())
            if response.status != 200 or match is None:
                self.errors.append(f"form page before hand {number}: {response.status}")
                return False
            self.csrf = (match.group(1), cookie.split(";", 1)[0])
        token, cookie = self.csrf
        fields = {
            "csrfmiddlewaretoken": token,
            "submission_id": submission,
            "number": str(number),
            "expected_version": "",
        }
        for side, entry in hand_for(number).items():
            for name, value in entry.items():
                fields[f"{side}-{name}"] = "on" if value is True else str(value)
        headers = {
            "Content-Type": "application/x-www-form-urlencoded",
            # The csrftoken cookie is Secure in production: a browser sends it back only over
            # HTTPS, so here it is passed by hand (the site sits behind no TLS proxy locally).
            "Cookie": cookie,
        }
        if self.script:
            # What the script sends: the live preview of the typed hand (its box only), then
            # the save, both marked as the script's (HX-Request) and answered with fragments.
            headers["HX-Request"] = "true"
            preview = urllib.parse.urlencode({**fields, "preview": "1"})
            elapsed, response, data = self._timed(
                conn, "POST", f"/t/{self.link}/hands/", preview, {**headers, "HX-Target": "preview"}
            )
            self.preview_latencies.append(elapsed)
            if response.status != 200:
                self.errors.append(f"preview of hand {number}: {response.status} {data[:300]!r}")
                return False
        body = urllib.parse.urlencode(fields)
        elapsed, response, data = self._timed(conn, "POST", f"/t/{self.link}/hands/", body, headers)
        self.latencies.append(elapsed)
        self.sent += 1
        saved = (
            response.status == 200 and b'id="save-answer"' in data if self.script else response.status == 302
        )
        if not saved:
            self.errors.append(f"form hand {number} try {attempt}: {response.status} {data[:300]!r}")
            return False
        return True


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def check(event_id: int, games: list[tuple[int, str]], hands: int, timeout: float) -> dict:
    from tournaments.models import Game, Hand, Standing

    problems = []
    for game_id, _link in games:
        numbers = list(
            Hand.objects.filter(game_id=game_id).order_by("number").values_list("number", flat=True)
        )
        if numbers != list(range(1, hands + 1)):
            problems.append(f"game {game_id}: hands {numbers[:5]}... ({len(numbers)} stored)")
    stored = Hand.objects.filter(game__table__round__event_id=event_id).count()
    submissions = (
        Hand.objects.filter(game__table__round__event_id=event_id).values("submission_id").distinct()
    )
    started = time.monotonic()
    expected = None
    while time.monotonic() - started < timeout:
        expected = 2 * sum(
            sum(g.totals.values()) for g in Game.objects.filter(table__round__event_id=event_id)
        )
        got = sum(Standing.objects.filter(event_id=event_id).values_list("points_for", flat=True))
        if got == expected:
            break
        time.sleep(0.2)
    else:
        problems.append(f"standings not caught up after {timeout:.0f} s")
    return {
        "stored": stored,
        "distinct_submissions": submissions.count(),
        "standings_caught_up_s": round(time.monotonic() - started, 1),
        "problems": problems,
    }


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--url", default="http://127.0.0.1:8090")
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--hands", type=int, default=20, help="hands per table (at most 60)")
    parser.add_argument("--form-tables", type=int, default=10, help="tables scoring through the page form")
    parser.add_argument(
        "--page-mode",
        choices=("script", "plain"),
        default="script",
        help="how the page tables' phones send: as the page's script does, or without it",
    )
    parser.add_argument(
        "--rate",
        type=float,
        default=None,
        help="open loop: hands per second offered over all tables, evenly spread "
        "(default: closed loop, every scorer as fast as the site answers)",
    )
    args = parser.parse_args()
    url = urllib.parse.urlsplit(args.url)
    if url.hostname != "127.0.0.1":
        raise SystemExit("--url must be on 127.0.0.1")
    if not 1 <= args.hands <= 60 or not 1 <= args.tables <= 100:
        raise SystemExit("--hands 1..60, --tables 1..100")

    night = setup(args.tables)
    gate = threading.Barrier(args.tables + 1)
    scorers = [
        Scorer(
            url.hostname,
            url.port or 80,
            game_id,
            link,
            night["token"],
            args.hands,
            n < args.form_tables,
            gate,
            offset=n / args.rate if args.rate else 0.0,
            interval=args.tables / args.rate if args.rate else None,
            script=args.page_mode == "script",
        )
        for n, (game_id, link) in enumerate(night["games"])
    ]
    for scorer in scorers:
        scorer.start()
    gate.wait()
    started = time.perf_counter()
    for scorer in scorers:
        scorer.join()
    wall = time.perf_counter() - started

    api = [x for s in scorers if not s.form for x in s.latencies]
    form = [x for s in scorers if s.form for x in s.latencies]
    pages = [x for s in scorers for x in s.page_latencies]
    previews = [x for s in scorers for x in s.preview_latencies]
    errors = [e for s in scorers for e in s.errors]
    requests_sent = sum(s.sent for s in scorers)
    result = check(night["event"], night["games"], args.hands, timeout=120)
    hands = args.tables * args.hands

    def line(name, values):
        if not values:
            return f"| {name} | 0 | | | | |"
        ms = [v * 1000 for v in values]
        return (
            f"| {name} | {len(ms)} | {statistics.median(ms):.0f} | {percentile(ms, 95):.0f} | "
            f"{percentile(ms, 99):.0f} | {max(ms):.0f} |"
        )

    print(
        f"{args.tables} tables x {args.hands} hands = {hands} hands ({args.form_tables} tables by the page, "
        f"{args.page_mode}), "
        f"{requests_sent} save requests (retries included) in {wall:.1f} s"
    )
    offered = f"offered {args.rate:g} hands/s (open loop)" if args.rate else "closed loop"
    print(
        f"hands per second: {hands / wall:.0f}   save requests per second: {requests_sent / wall:.0f}   "
        f"({offered})"
    )
    print("| requests | n | p50 ms | p95 ms | p99 ms | max ms |\n|---|---:|---:|---:|---:|---:|")
    print(line("API save", api))
    print(line("form save (POST)", form))
    print(line("form page (GET)", pages))
    print(line("form preview (POST)", previews))
    print(line("all saves", api + form))
    print(
        f"stored hands: {result['stored']} of {hands}; distinct submission ids: "
        f"{result['distinct_submissions']}; standings caught up {result['standings_caught_up_s']} s "
        "after the last response"
    )
    for problem in errors[:10] + result["problems"][:10]:
        print("PROBLEM:", problem)
    if errors or result["problems"] or result["stored"] != hands:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
