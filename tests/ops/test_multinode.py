"""Past one machine, proven: a league night through HAProxy, two web nodes and three workers,
with a node and a worker killed -9 on the way, then a club's long ratings rebuild beside it.

The test starts, all on this machine and all of its own: a redis-server, two web nodes
(gunicorn with the production settings, tests/ops/multinode_settings.py), HAProxy with
deploy/haproxy.cfg in front of them, the workers as `make worker` starts them, one command a
queue set (`CELERY_WORKER_QUEUES=short make worker` for two machines, and
`CELERY_WORKER_QUEUES=long CELERY_WORKER_CONCURRENCY=1 make worker`, docs/past-one-machine.md),
a celery beat and a second beat "started by mistake". PostgreSQL is the test database. Then a
night of TABLES tables, HANDS hands each: half the tables score through the table page's form
at their private link, half through the API; every request goes to HAProxy, and a request that
fails (a reset, a 502/503) is sent again with the same submission id.

What happens is driven by the share of hands saved, never by the clock, so that a slow machine
tests the same night: at 25 % node A is killed -9 (master and workers), and once HAProxy's
health checks have taken it out, and 40 % of the hands are saved, it is started again; at 60 %
a short worker is killed -9 while it holds the event's standings rebuild (the test holds the
standings rows so that a rebuild waits at its writes, and kills the worker whose rebuild it is).

It asserts: every hand stored once (none lost, none doubled); HAProxy took node A out and put it
back, and A served requests again; a director's session and a locked-out login the same on both
nodes, before and after node A's restart; the standings current within STANDINGS_WITHIN seconds
of the last hand, and the ratings after the night too; what the workers left equal to a rebuild
from the stored hands; one beat sending, the other standing by.

Then the long queue: LONG_GAMES (100,000) finished games of the club's past are written
(bench/standings_bench.py's generator), a game of a second event ends and queues the club's
ratings rebuild on `long` (its first over those games: every history row written), and while
that rebuild runs, a hand at a time is saved at the event's other table through HAProxy: each
hand's standings must be current within DURING_REBUILD_WITHIN seconds (2 s) of its request,
and at least one hand's must have been current before the rebuild ended.

Measurement runs (bench/README.md, "Past one machine") set: TRIAL_TABLES, TRIAL_HANDS;
TRIAL_BEAT=0 (no beat, so no sweep of lost tasks: Redis's redelivery alone);
TRIAL_VISIBILITY (the broker's visibility timeout, 300 s); TRIAL_WORKER_FAULT=none;
TRIAL_WAIT (how long to wait for the standings, to measure past the deadline);
TRIAL_LONG_GAMES (the past games the long rebuild rates); TRIAL_REPORT=file.json (the
figures). Runs when DATABASE_URL is PostgreSQL and
CELERY_BROKER_URL is Redis, with Debian's haproxy installed and the Makefile's .venv made (as
`.ci/run` has them); skipped otherwise, unless REQUIRE_INTEGRATION is set, which turns the skip
into a failure.
"""

from __future__ import annotations

import datetime
import json
import os
import re
import shutil
import subprocess
import threading
import time
import urllib.parse
import uuid
from dataclasses import dataclass
from pathlib import Path

import pytest
from django.db import connection
from knox.models import AuthToken

from clubs.models import Membership
from config import celery_app
from tests.ops.services import (
    NETWORK_ERRORS,
    ROOT,
    Beat,
    Node,
    ThrowawayRedis,
    Worker,
    app_broker,
    database_url,
    free_port,
    has_venv,
    http_request,
    production_environment,
    standings_current,
)
from tests.ops.services import has_services as _has_services
from tests.ops.services import wait_for as _wait_for
from tests.support.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory
from tests.support.hands import HAND_A
from tournaments import services
from tournaments.models import Game, Hand, Rating, RatingHistory, Standing

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

HAPROXY = shutil.which("haproxy") or ("/usr/sbin/haproxy" if Path("/usr/sbin/haproxy").exists() else None)
_missing = [
    what
    for what, there in (
        ("DATABASE_URL (PostgreSQL) and CELERY_BROKER_URL (Redis)", _has_services()),
        ("Debian's haproxy (apt-get install haproxy)", HAPROXY is not None),
        ("the Makefile's .venv (make venv)", has_venv()),
    )
    if not there
]
if _missing:
    if os.environ.get("REQUIRE_INTEGRATION"):
        raise RuntimeError(f"REQUIRE_INTEGRATION is set but the trial needs {', '.join(_missing)}")
    pytestmark.append(pytest.mark.skip(reason=f"needs {', '.join(_missing)}"))

TABLES = int(os.environ.get("TRIAL_TABLES", "20"))
HANDS = int(os.environ.get("TRIAL_HANDS", "30"))
STANDINGS_WITHIN = 15.0  # seconds after the last hand (issue 18)
WAIT = float(os.environ.get("TRIAL_WAIT", "60"))
WITH_BEAT = os.environ.get("TRIAL_BEAT", "1") != "0"
VISIBILITY = os.environ.get("TRIAL_VISIBILITY", "300")
WORKER_FAULT = os.environ.get("TRIAL_WORKER_FAULT", "kill")
NODE_DOWN, NODE_UP, WORKER_DOWN = 0.25, 0.40, 0.60
# The games of the club's past that the long rebuild rates (a multiple of 250: nights of 50
# tables and 5 rounds), and how soon a hand's standings must be current while it runs (issue 29).
LONG_GAMES = int(os.environ.get("TRIAL_LONG_GAMES", "100000"))
DURING_REBUILD_WITHIN = 2.0
PASSWORD = "trial-password"
NIGHT = datetime.date(2026, 12, 4)

# Small hands that keep a classic game going past HANDS hands (nobody nears 5000): the two
# sides' scores add up to 10 points a hand, so the standings' points count the hands they saw.
HAND_ODD = {"NS": {"melded_points": 50, "hand_points": 10}, "EW": {"melded_points": 0, "hand_points": 30}}
HAND_EVEN = {"NS": {"melded_points": 0, "hand_points": 30}, "EW": {"melded_points": 50, "hand_points": 10}}
CSRF_INPUT = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
RETRY_STATUSES = {502, 503, 504}


def _hand(number: int) -> dict:
    return HAND_ODD if number % 2 else HAND_EVEN


# --- the site ------------------------------------------------------------------------------


@dataclass
class Site:
    redis: ThrowawayRedis
    nodes: list[Node]
    workers: dict[str, Worker]
    beats: list[Beat]
    folder: Path
    balancer: subprocess.Popen | None = None
    entry: str = ""  # HAProxy: where every client sends every request

    def logs(self) -> str:
        """The last lines of every process's output, for a failure's message."""
        parts = []
        for path in sorted(self.folder.glob("*.log")):
            parts.append(f"--- {path.name}\n{path.read_text(errors='replace')[-1500:]}")
        return "\n".join(parts)

    def balancer_log(self) -> str:
        return (self.folder / "haproxy.log").read_text(errors="replace")


def _start_balancer(nodes: list[Node], folder: Path) -> tuple[subprocess.Popen, str]:
    port = free_port()
    env = {
        **os.environ,
        "CANASTA_BIND": f"127.0.0.1:{port}",
        "CANASTA_HOST": "127.0.0.1",
        "CANASTA_WEB_1": f"127.0.0.1:{nodes[0].port}",
        "CANASTA_WEB_2": f"127.0.0.1:{nodes[1].port}",
    }
    with open(folder / "haproxy.log", "ab") as output:
        process = subprocess.Popen(
            [HAPROXY, "-db", "-f", str(ROOT / "deploy" / "haproxy.cfg")],
            env=env,
            stdout=output,
            stderr=output,
            start_new_session=True,
        )
    url = f"http://127.0.0.1:{port}"

    def both_up() -> bool:
        if process.poll() is not None:
            raise RuntimeError(f"haproxy exited: {(folder / 'haproxy.log').read_text(errors='replace')}")
        try:
            # Two answers in a row: round robin asked both nodes.
            return all(http_request(url, "GET", "/health/?check=database")[0] == 200 for _ in range(2))
        except NETWORK_ERRORS:
            return False

    _wait_for(both_up, "HAProxy to answer", timeout=30)
    return process, url


# (queue set, name): two short workers, as on two machines, and the one long worker.
WORKERS = [("short", "trial-short-1"), ("short", "trial-short-2"), ("long", "trial-long")]


@pytest.fixture
def site(tmp_path):
    """Redis, two web nodes behind HAProxy, three workers and two beats, all killed at the end."""
    redis = ThrowawayRedis().start()
    env = production_environment(redis.url, CELERY_VISIBILITY_TIMEOUT=VISIBILITY, DJANGO_PROXY_COUNT="1")
    started = Site(redis=redis, nodes=[], workers={}, beats=[], folder=tmp_path)
    try:
        with app_broker(redis.url):  # this process pings the workers through the same Redis
            started.nodes = [Node(env=env, port=free_port(), name=name, folder=tmp_path) for name in "ab"]
            for node in started.nodes:
                node.start()
            for queues, name in WORKERS:
                worker_env = {**env, "DATABASE_URL": f"{database_url()}?application_name={name}"}
                started.workers[name] = Worker(
                    env=worker_env,
                    queues=queues,
                    as_make=True,
                    # `make worker`'s default (one per CPU) for short; one for long, as advised.
                    concurrency=None if queues == "short" else 1,
                    name=name,
                    log=tmp_path / f"{name}.log",
                ).start()
            if WITH_BEAT:
                # The second beat is the one started by mistake: it must stand by.
                started.beats = [Beat(env=env, folder=tmp_path, name=f"beat-{n}").start() for n in (1, 2)]
            started.balancer, started.entry = _start_balancer(started.nodes, tmp_path)
            yield started
    finally:
        if started.balancer is not None:
            started.balancer.kill()
            started.balancer.wait(timeout=10)
        for process in [*started.beats, *started.workers.values(), *started.nodes]:
            process.kill()
        redis.stop()


# --- HTTP, as a browser and a phone do it ----------------------------------------------------


class Browser:
    """A person's browser, going to HAProxy (or, for the test's own checks that a node shares
    what the other knows, to one node: `base`). Cookies are kept by hand: the production settings
    mark them Secure, and this trial has no TLS in front of HAProxy."""

    def __init__(self, entry: str):
        self.entry = entry
        self.cookies: dict[str, str] = {}

    def send(
        self, method: str, path: str, *, base: str | None = None, form: dict | None = None, headers=None
    ):
        headers = dict(headers or {})
        body = None
        if form is not None:
            body = urllib.parse.urlencode(form)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        status, answer, text = http_request(base or self.entry, method, path, body, headers)
        for line in answer.get_all("Set-Cookie") or []:
            name, _, rest = line.partition("=")
            value = rest.split(";", 1)[0]
            if value and "max-age=0" not in line.lower():
                self.cookies[name.strip()] = value
            else:
                self.cookies.pop(name.strip(), None)
        return status, answer, text

    def page_form(self, path: str, base: str | None = None) -> tuple[int, str | None]:
        status, _headers, text = self.send("GET", path, base=base)
        match = CSRF_INPUT.search(text)
        return status, match.group(1) if match else None

    def log_in(self, username: str, password: str, base: str | None = None) -> int:
        """The login page's form, read and posted (through HAProxy, round robin: by one node
        and to the other)."""
        status, token = self.page_form("/accounts/login/", base=base)
        assert status == 200 and token, status
        form = {"csrfmiddlewaretoken": token, "username": username, "password": password}
        status, _headers, _text = self.send("POST", "/accounts/login/", form=form, base=base)
        return status


# --- the night -----------------------------------------------------------------------------


class Progress:
    """Hands saved so far; the controller waits on shares of them."""

    def __init__(self, total: int):
        self.total = total
        self.saved = 0
        self.running = 0
        self.condition = threading.Condition()

    def one_saved(self) -> None:
        with self.condition:
            self.saved += 1
            self.condition.notify_all()

    def scorer_done(self) -> None:
        with self.condition:
            self.running -= 1
            self.condition.notify_all()

    def wait_for_share(self, share: float) -> int:
        """Wait until `share` of the hands are saved (or every scorer stopped); returns how many."""
        with self.condition:
            self.condition.wait_for(
                lambda: self.saved >= share * self.total or self.running == 0, timeout=900
            )
            return self.saved


class Scorer(threading.Thread):
    """One table's scorer: hands 1..HANDS, each sent until it is saved, with one submission id."""

    def __init__(self, *, entry: str, game_id: int, link: str, token: str, form: bool, progress: Progress):
        super().__init__(daemon=True)
        self.browser = Browser(entry)
        self.game_id, self.link, self.token, self.form = game_id, link, token, form
        self.progress = progress
        self.retries = 0
        self.errors: list[str] = []
        self.last_saved = 0.0

    def run(self) -> None:
        try:
            for number in range(1, HANDS + 1):
                submission = str(uuid.uuid4())
                for _attempt in range(60):
                    try:
                        saved = self._form(number, submission) if self.form else self._api(number, submission)
                    except NETWORK_ERRORS:
                        saved = None  # a node killed under the request
                    if saved is False:
                        return
                    if saved:
                        break
                    self.retries += 1
                    time.sleep(0.1)
                else:
                    self.errors.append(f"hand {number}: not saved after 60 tries")
                    return
                self.last_saved = time.monotonic()
                self.progress.one_saved()
        finally:
            self.progress.scorer_done()

    def _api(self, number: int, submission: str) -> bool | None:
        body = {"number": number, "entries": _hand(number), "submission_id": submission}
        headers = {"Authorization": f"Token {self.token}", "Content-Type": "application/json"}
        status, _headers, text = http_request(
            self.browser.entry,
            "POST",
            f"/api/v1/games/{self.game_id}/hands/",
            json.dumps(body),
            headers,
        )
        if status in (200, 201):  # 200: the same submission was saved before, by a lost answer
            return True
        if status in RETRY_STATUSES:
            return None
        self.errors.append(f"API hand {number}: {status} {text[:200]}")
        return False

    def _form(self, number: int, submission: str) -> bool | None:
        """The phone's way: the table page, then its form posted (each to the node HAProxy
        chooses)."""
        status, token = self.browser.page_form(f"/t/{self.link}/")
        if status in RETRY_STATUSES:
            return None
        if status != 200 or token is None:
            self.errors.append(f"page before hand {number}: {status}")
            return False
        fields = {"csrfmiddlewaretoken": token, "submission_id": submission, "number": str(number)}
        fields["expected_version"] = ""
        for side, entry in _hand(number).items():
            for name, value in entry.items():
                fields[f"{side}-{name}"] = str(value)
        status, _headers, text = self.browser.send("POST", f"/t/{self.link}/hands/", form=fields)
        if status == 302:
            return True
        if status in RETRY_STATUSES:
            return None
        self.errors.append(f"form hand {number}: {status} {text[:300]}")
        return False


@pytest.fixture
def night(db):
    """A club's league night of TABLES tables, round 1 seated, set up in this process."""
    club = ClubFactory(name="Federation", slug="federation")
    director = UserFactory(username="director", password=PASSWORD)
    MembershipFactory(club=club, user=director, role=Membership.Role.DIRECTOR)
    scorer = UserFactory(username="scorer", password=PASSWORD)
    MembershipFactory(club=club, user=scorer, role=Membership.Role.SCORER)
    victim = UserFactory(username="victim", password=PASSWORD)
    MembershipFactory(club=club, user=victim, role=Membership.Role.MEMBER)
    players = [PlayerFactory(club=club, name=f"Player {n:03d}") for n in range(4 * TABLES)]
    celery_app.conf.task_always_eager = True
    try:
        event = services.event_create(
            club=club,
            asked=services.EventInput(
                name="League night",
                date=NIGHT,
                variant="classic",
                players=players,
                hands_per_round=HANDS,
            ),
        )
        services.round_start(event=event)
    finally:
        celery_app.conf.task_always_eager = False
    games = list(
        Game.objects.filter(table__round__event=event).select_related("table").order_by("table__number")
    )
    assert len(games) == TABLES
    return {"event": event, "games": games, "token": AuthToken.objects.create(user=scorer)[1]}


def _worker_at_a_lock() -> str | None:
    """The short worker whose database session waits for a lock, if one does."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT application_name FROM pg_stat_activity WHERE datname = current_database() "
            "AND wait_event_type = 'Lock' AND application_name LIKE 'trial-short-%%'"
        )
        row = cursor.fetchone()
    return row[0] if row else None


def _kill_the_worker_at_the_standings(site: Site, event_id: int) -> str:
    """Hold the event's standings rows, so that the next rebuild waits at its writes with the
    event locked, halfway through; kill -9 the worker whose rebuild it is; let go."""
    import psycopg

    with psycopg.connect(database_url()) as holder:
        holder.execute("SELECT id FROM tournaments_standing WHERE event_id = %s FOR UPDATE", [event_id])
        name = _wait_for(
            _worker_at_a_lock, "a worker's standings rebuild to reach its writes", timeout=120, step=0.05
        )
        site.workers[name].kill()
        holder.rollback()
    return name


def _ratings_current(players: int) -> bool:
    return Rating.objects.filter(player__club__slug="federation", games=1).count() == players


def _seconds_until(predicates, since: float) -> list[float | None]:
    """Seconds from `since` until each predicate first holds (polled together), None for one
    that did not within WAIT."""
    found: list[float | None] = [None] * len(predicates)
    while time.monotonic() < since + WAIT and None in found:
        for index, predicate in enumerate(predicates):
            if found[index] is None and predicate():
                found[index] = round(max(0.0, time.monotonic() - since), 2)
        time.sleep(0.2)
    return found


def _locked_out_everywhere(site: Site) -> list[int]:
    """The victim's right password, on each node itself: what each answers."""
    return [Browser(site.entry).log_in("victim", PASSWORD, base=node.url) for node in site.nodes]


def _director_on_each_node(site: Site, director: Browser, page: str) -> list[int]:
    return [director.send("GET", page, base=node.url)[0] for node in site.nodes]


# --- HAProxy's view -------------------------------------------------------------------------

NODE_A = "web/web1"  # deploy/haproxy.cfg's name for the first node


def _balancer_says(site: Site, what: str) -> int | None:
    """Where HAProxy's log first says node A is DOWN, or (`what` UP) back up after that."""
    log = site.balancer_log()
    down = log.find(f"Server {NODE_A} is DOWN")
    if down < 0 or what == "DOWN":
        return down if down >= 0 else None
    up = log.find(f"Server {NODE_A} is UP", down)
    return up if up >= 0 else None


def _seconds_until_balancer_says(site: Site, what: str, since: float, timeout: float = 30) -> float:
    _wait_for(lambda: _balancer_says(site, what) is not None, f"HAProxy to say {NODE_A} is {what}", timeout)
    return round(time.monotonic() - since, 2)


def _requests_served_by_node_a_after_it_came_back(site: Site) -> int:
    """Requests HAProxy's log shows node A answering after it was put back."""
    back = _balancer_says(site, "UP")
    return 0 if back is None else site.balancer_log()[back:].count(f" {NODE_A} ")


# --- the night ------------------------------------------------------------------------------


def test_a_night_through_haproxy_survives_a_node_and_a_worker_killed_and_a_long_rebuild(site, night):
    event, games = night["event"], night["games"]
    total = TABLES * HANDS
    started = time.monotonic()

    # A director's session made on one node is good on the other; so is a lockout.
    director = Browser(site.entry)
    assert director.log_in("director", PASSWORD) == 302
    event_page = f"/events/{event.pk}/"
    assert [director.send("GET", event_page)[0] for _ in range(4)] == [200] * 4
    assert _director_on_each_node(site, director, event_page) == [200, 200]
    intruder = Browser(site.entry)
    wrong = [intruder.log_in("victim", "not-the-password") for _ in range(5)]
    assert wrong == [200, 200, 200, 200, 429], wrong  # the fifth failure locks
    assert _locked_out_everywhere(site) == [429, 429]

    progress = Progress(total)
    scorers = [
        Scorer(
            entry=site.entry,
            game_id=game.pk,
            link=game.table.access_token,
            token=night["token"],
            form=index % 2 == 0,
            progress=progress,
        )
        for index, game in enumerate(games)
    ]
    progress.running = len(scorers)
    for scorer in scorers:
        scorer.start()

    faults: dict[str, object] = {}
    node_a = site.nodes[0]
    faults["node A killed at"] = progress.wait_for_share(NODE_DOWN)
    node_a.kill()
    killed = time.monotonic()
    # HAProxy's checks (every 2 s, out after 2 failures) take it out; the clients go on meanwhile.
    faults["node A out of HAProxy after, s"] = _seconds_until_balancer_says(site, "DOWN", killed)
    faults["node A back at"] = progress.wait_for_share(NODE_UP)
    node_a.start()
    restarted = time.monotonic()
    back_in = threading.Thread(  # the night goes on meanwhile
        target=lambda: faults.update(
            {"node A back in HAProxy after, s": _seconds_until_balancer_says(site, "UP", restarted)}
        ),
        daemon=True,
    )
    back_in.start()
    if WORKER_FAULT == "kill":
        faults["worker killed at"] = progress.wait_for_share(WORKER_DOWN)
        faults["worker killed"] = _kill_the_worker_at_the_standings(site, event.pk)
    for scorer in scorers:
        scorer.join(timeout=900)
    hands_done = time.monotonic()
    back_in.join(timeout=60)
    last_hand = max(scorer.last_saved for scorer in scorers)

    errors = [error for scorer in scorers for error in scorer.errors]
    assert not errors, errors[:5]
    standings_after, ratings_after = _seconds_until(
        [lambda: standings_current(event.pk), lambda: _ratings_current(4 * TABLES)], last_hand
    )

    figures = {
        "tables": TABLES,
        "hands": total,
        "hands per second": round(total / (hands_done - started), 1),
        "client retries": sum(scorer.retries for scorer in scorers),
        **faults,
        "requests node A served after it was back": _requests_served_by_node_a_after_it_came_back(site),
        "tasks sent again by the sweep": sum(
            path.read_text(errors="replace").count(": sent again") for path in site.folder.glob("trial-*.log")
        ),
        "standings current after the last hand, s": standings_after,
        "ratings current after the last hand, s": ratings_after,
        "beat": WITH_BEAT,
        "visibility timeout": VISIBILITY,
    }
    print("\ntrial:", json.dumps(figures))

    # Nothing lost, nothing doubled.
    assert Hand.objects.filter(game__table__round__event=event).count() == total
    for game in games:
        assert list(game.hands.order_by("number").values_list("number", flat=True)) == list(
            range(1, HANDS + 1)
        )
    assert (
        Hand.objects.filter(game__table__round__event=event).values("submission_id").distinct().count()
        == total
    )

    # The node came back and the worker died as planned, at their shares of the night; HAProxy
    # took node A out, put it back, and sent it requests again.
    assert faults["node A killed at"] >= NODE_DOWN * total
    assert faults["node A back at"] >= NODE_UP * total
    assert figures["requests node A served after it was back"] > 0, site.balancer_log()[-3000:]
    if WORKER_FAULT == "kill":
        assert faults["worker killed at"] >= WORKER_DOWN * total
        assert site.workers[faults["worker killed"]].process.poll() is not None

    # The standings and ratings followed the night.
    assert standings_after is not None and standings_after <= STANDINGS_WITHIN, (figures, site.logs())
    assert ratings_after is not None and ratings_after <= STANDINGS_WITHIN, (figures, site.logs())
    fields = ("player_id", "rank", "games", "wins", "draws", "losses", "victory_points", "points_for")
    rows = list(Standing.objects.filter(event=event).order_by("player_id").values_list(*fields))
    services.standings_rebuild(event_id=event.pk)
    assert list(Standing.objects.filter(event=event).order_by("player_id").values_list(*fields)) == rows

    # After node A's restart, the director's session and the lockout hold on both nodes.
    assert _director_on_each_node(site, director, event_page) == [200, 200]
    assert _locked_out_everywhere(site) == [429, 429]

    # Of the two beats, one sent the periodic tasks; the one started by mistake stood by.
    if WITH_BEAT:
        outputs = [beat.output() for beat in site.beats]
        assert sum("leading" in output for output in outputs) == 1, outputs
        assert sum("standing by" in output for output in outputs) == 1, outputs

    figures.update(_standings_beside_a_long_rebuild(site, night))
    print("\ntrial:", json.dumps(figures))
    if report := os.environ.get("TRIAL_REPORT"):
        Path(report).write_text(json.dumps(figures, indent=2))
    during = figures["standings after each hand during the rebuild, s"]
    assert figures["hands current before the rebuild ended"] >= 1, (figures, site.logs())
    assert max(during) <= DURING_REBUILD_WITHIN, (figures, site.logs())


# --- the long queue ---------------------------------------------------------------------------


def _long_rebuild_running() -> bool:
    """The long worker is in a transaction: a ratings rebuild holds the club's row."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
            "AND application_name = 'trial-long' AND xact_start IS NOT NULL"
        )
        return cursor.fetchone()[0] > 0


def _api_hand(site: Site, token: str, game: Game, number: int, entries: dict) -> None:
    body = {"number": number, "entries": entries, "submission_id": str(uuid.uuid4())}
    headers = {"Authorization": f"Token {token}", "Content-Type": "application/json"}
    status, _headers, text = http_request(
        site.entry, "POST", f"/api/v1/games/{game.pk}/hands/", json.dumps(body), headers
    )
    assert status == 201, (status, text[:300])


def _standings_beside_a_long_rebuild(site: Site, night: dict) -> dict:
    """LONG_GAMES games of the club's past; a game of the night before, entered late, ends, and
    its rating rebuilds the club's ratings on `long`; while it runs, hands at that event's other
    table, one at a time, each timed from its save to its standings current."""
    from bench.standings_bench import generate

    club = night["event"].club
    written = time.monotonic()
    nights = max(1, LONG_GAMES // 250)
    generate(
        "trial-past",
        nights,
        50,
        1,
        seed=3,
        with_season=False,
        club=club,
        first_date=NIGHT - datetime.timedelta(days=7 * nights),
    )
    written = time.monotonic() - written

    celery_app.conf.task_always_eager = True  # set up here, as the night was
    try:
        # The night before, entered late by players of tonight's night, whose games tonight are
        # rated already: a game of theirs rated before tonight's is not their last, so its rating
        # rebuilds the club's ratings (on the long queue, as any game's rating runs).
        late = services.event_create(
            club=club,
            asked=services.EventInput(
                name="Late tables",
                date=NIGHT - datetime.timedelta(days=1),
                variant="classic",
                players=[p.player for p in night["event"].participants.order_by("pk")[:8]],
            ),
        )
        services.round_start(event=late)
    finally:
        celery_app.conf.task_always_eager = False
    ending, measured = Game.objects.filter(table__round__event=late).order_by("table__number")
    games_rated = Game.objects.filter(table__round__event__club=club, game_over=True).count() + 1

    # Three big hands end the first table's game (played to 5,000): its rating rebuilds the
    # club's ratings on the long queue.
    for number in (1, 2, 3):
        _api_hand(site, night["token"], ending, number, HAND_A)
    queued = time.monotonic()
    _wait_for(_long_rebuild_running, "the long worker to start the ratings rebuild", timeout=60, step=0.05)
    began = time.monotonic()

    delays, current_before_end = [], 0
    number = 0
    while _long_rebuild_running() and number < 200:
        number += 1
        saved = time.monotonic()  # from the request's start: the answer's own time counts too
        _api_hand(site, night["token"], measured, number, _hand(number))
        _wait_for(lambda: standings_current(late.pk), "the late table's standings", timeout=30, step=0.02)
        delays.append(round(time.monotonic() - saved, 2))
        current_before_end += _long_rebuild_running()
    _wait_for(lambda: not _long_rebuild_running(), "the ratings rebuild to end", timeout=300, step=0.1)
    ended = time.monotonic()
    history = RatingHistory.objects.filter(player__club=club).count()
    assert history == 4 * games_rated, (history, games_rated)
    return {
        "past games written": nights * 250,
        "writing them, s": round(written, 1),
        "ratings rebuild: queued to started, s": round(began - queued, 2),
        "ratings rebuild: started to ended, s": round(ended - began, 1),
        "games rated": games_rated,
        "standings after each hand during the rebuild, s": delays,
        "hands current before the rebuild ended": current_before_end,
    }
