"""Real Celery workers and a throwaway Redis for the fault tests (PostgreSQL + Redis only).

Follows the worker fixture of tests/flows/test_integration.py: a worker process on the
test database, consuming a queue of this test run's own, so no other worker takes its tasks.
The multi-node trial and the supervisor's test start the processes as a deployment does:
through the Makefile's targets (`make worker`, `make supervise`), with the production settings.
"""

from __future__ import annotations

import http.client
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

from django.conf import settings
from django.db import connection

from config import celery_app

ROOT = Path(__file__).resolve().parents[2]
CELERY = [sys.executable, "-m", "celery", "-A", "config"]
# A Makefile target as the deployment runs it (deploy/): from the project folder, with the
# virtualenv as it is. `-o .venv/.installed`: never install (that is `make release`'s part).
MAKE = ["make", "--no-print-directory", "-o", ".venv/.installed"]
NETWORK_ERRORS = (OSError, http.client.HTTPException)


def has_services() -> bool:
    return os.environ.get("DATABASE_URL", "").startswith("postgres") and os.environ.get(
        "CELERY_BROKER_URL", ""
    ).startswith("redis")


def database_url() -> str:
    """The URL of the test database (test_<name>), for processes started by a test."""
    db = connection.settings_dict
    password = f":{db['PASSWORD']}" if db.get("PASSWORD") else ""
    return f"postgres://{db['USER']}{password}@{db['HOST']}:{db['PORT']}/{db['NAME']}"


def has_venv() -> bool:
    """The Makefile's virtualenv (.venv) is there, for the tests that run its targets."""
    return (ROOT / ".venv" / "bin" / "python").exists()


def production_environment(redis_url: str, **extra: str) -> dict[str, str]:
    """The environment of a site's processes, as one settings file gives it to all of them: the
    production settings (tests/ops/multinode_settings.py) on the test database and `redis_url`.
    Nothing of this test run's own settings (queues, cache prefix) or of a `make` around it."""
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("DJANGO_", "CELERY_", "CACHE_", "GUNICORN_", "TEST_RUN_ID", "MAKE", "MFLAGS"))
    }
    env.update(
        DJANGO_SETTINGS_MODULE="tests.ops.multinode_settings",
        # One secret for every process: a session or CSRF token made by one node is good on all.
        DJANGO_SECRET_KEY=secrets.token_urlsafe(50),
        DJANGO_ALLOWED_HOSTS="127.0.0.1,localhost",
        DJANGO_SECURE_SSL_REDIRECT="false",
        DJANGO_LOG_LEVEL="WARNING",
        DATABASE_URL=database_url(),
        CELERY_BROKER_URL=redis_url,
        GUNICORN_LOGLEVEL="warning",
    )
    env.update(extra)
    return env


def http_request(base: str, method: str, path: str, body: str | None = None, headers: dict | None = None):
    """One request on a new connection: (status, headers, text)."""
    parsed = urllib.parse.urlsplit(base)
    conn = http.client.HTTPConnection(parsed.hostname, parsed.port, timeout=30)
    try:
        conn.request(method, path, body=body, headers=headers or {})
        response = conn.getresponse()
        return response.status, response.headers, response.read().decode(errors="replace")
    finally:
        conn.close()


def standings_current(event_id: int) -> bool:
    """Every stored hand is in the event's standings: each side's two players carry its points,
    and every game over is counted for its four players."""
    from tournaments.models import Game, Standing

    games = list(Game.objects.filter(table__round__event_id=event_id).values_list("totals", "game_over"))
    rows = Standing.objects.filter(event_id=event_id).values_list("points_for", "games")
    points = 2 * sum(sum(totals.values()) for totals, _over in games)
    played = 4 * sum(1 for _totals, over in games if over)
    return sum(p for p, _g in rows) == points and sum(g for _p, g in rows) == played


def wait_for(predicate, what: str, timeout: float = 30, step: float = 0.2):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(step)
    raise AssertionError(f"timed out after {timeout:.0f} s waiting for {what}")


class Worker:
    """One `celery worker` process, in a process group of its own (its pool with it).

    By default `--pool=solo` with the test settings: the task runs in the process itself, so
    killing that process kills the task where it stands. `as_make` runs `make worker` itself
    (the queues, `concurrency` and the name given as CELERY_WORKER_QUEUES, _CONCURRENCY and
    _NAME; `concurrency=None` leaves make's default): prefork, gossip, mingle and heartbeats
    left on, as a deployment runs it.
    """

    _count = 0

    def __init__(
        self,
        *,
        broker_url: str | None = None,
        visibility_timeout: int = 300,
        env: dict[str, str] | None = None,
        queues: str | None = None,
        pool: str = "solo",
        name: str | None = None,
        log: Path | None = None,
        loglevel: str = "warning",
        application_name: str | None = None,
        as_make: bool = False,
        concurrency: int | None = 2,
    ):
        Worker._count += 1
        self.loglevel = loglevel
        self.as_make, self.concurrency = as_make, concurrency
        self.queue = queues or f"{settings.TASK_QUEUE_SHORT},{settings.TASK_QUEUE_LONG}"
        self.hostname = f"{name or settings.TEST_RUN_ID + '-' + str(Worker._count)}@localhost"
        self.pool = pool
        self.log = log
        self.env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "config.settings.test",
            "DATABASE_URL": database_url()
            + (f"?application_name={application_name}" if application_name else ""),
            "CELERY_VISIBILITY_TIMEOUT": str(visibility_timeout),
        }
        if broker_url:
            self.env["CELERY_BROKER_URL"] = broker_url
            self.env["CELERY_RESULT_BACKEND"] = broker_url
        if env is not None:
            self.env = env
        self.process: subprocess.Popen | None = None

    def start(self) -> Worker:
        env = self.env
        if self.as_make:  # the Makefile's `worker` target
            command = [*MAKE, "worker"]
            env = {**env, "CELERY_WORKER_QUEUES": self.queue, "CELERY_WORKER_NAME": self.hostname}
            if self.concurrency is not None:  # None: make's own default, one per CPU
                env["CELERY_WORKER_CONCURRENCY"] = str(self.concurrency)
        else:
            pool = ["--pool=solo"] if self.pool == "solo" else [f"--pool={self.pool}", "--concurrency=1"]
            options = [*pool, "--without-gossip", "--without-mingle", "--without-heartbeat"]
            command = [*CELERY, "worker", f"--loglevel={self.loglevel}", "-Q", self.queue, *options]
            command += ["-n", self.hostname]
        output = open(self.log, "ab") if self.log else None  # noqa: SIM115 (kept open while it runs)
        self.process = subprocess.Popen(
            command,
            cwd=ROOT,
            env=env,
            stdout=output,
            stderr=output,
            start_new_session=True,
        )
        try:
            self.wait_ready()
        except BaseException:
            self.kill()  # never leave a worker behind a failed start
            raise
        return self

    def wait_ready(self, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                code = self.process.returncode
                raise RuntimeError(f"the Celery worker exited with {code}{self._last_words()}")
            try:
                if celery_app.control.ping(destination=[self.hostname], timeout=1.0):
                    return
            except Exception:  # the broker itself may still be coming back
                time.sleep(0.5)
        raise RuntimeError(f"the Celery worker did not answer within {timeout:.0f} s")

    def _last_words(self) -> str:
        """The worker's last log records (without their tracebacks), when it has a log."""
        if self.log is None or not self.log.exists():
            return ""
        records = [line for line in self.log.read_text(errors="replace").splitlines() if line.startswith("[")]
        return ":\n" + "\n".join(records[-8:])

    def stop(self) -> None:
        """A warm shutdown, as `systemctl stop` or Ctrl-C does."""
        if self.process and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=30)

    def kill(self) -> None:
        """kill -9 of the worker and its pool: no cleanup, no acknowledgement, the task dies
        where it is (as when its machine goes down)."""
        kill_group(self.process)


def kill_group(process: subprocess.Popen | None) -> None:
    """SIGKILL to a process started with `start_new_session` and to everything it started."""
    if process is None:
        return
    with suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)
    process.wait(timeout=10)


class Beat:
    """A `celery beat` process (config.beat.SingleBeatScheduler), its output in `log`."""

    def __init__(self, *, env: dict[str, str], folder: Path, name: str):
        self.env, self.name = env, name
        self.log = folder / f"{name}.log"
        self.schedule = folder / f"{name}-schedule"
        self.process: subprocess.Popen | None = None

    def start(self) -> Beat:
        with open(self.log, "ab") as output:
            self.process = subprocess.Popen(
                [*CELERY, "beat", "--loglevel=info", "--schedule", str(self.schedule)],
                cwd=ROOT,
                env=self.env,
                stdout=output,
                stderr=output,
                start_new_session=True,
            )
        return self

    def output(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""

    def stop(self) -> None:
        """A clean stop: the beat hands its lock over at once (config/beat.py)."""
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.kill()

    def kill(self) -> None:
        kill_group(self.process)


class Node:
    """A web node: gunicorn (`config/gunicorn.py`) on 127.0.0.1:`port`, in a process group of
    its own, so that `kill` takes the master and its workers down at once, as a crash does."""

    def __init__(self, *, env: dict[str, str], port: int, name: str, folder: Path, workers: int = 2):
        self.name, self.port = name, port
        self.url = f"http://127.0.0.1:{port}"
        self.log = folder / f"{name}.log"
        self.env = {**env, "GUNICORN_BIND": f"127.0.0.1:{port}", "GUNICORN_WORKERS": str(workers)}
        self.process: subprocess.Popen | None = None

    def start(self, timeout: float = 60) -> Node:
        with open(self.log, "ab") as output:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "gunicorn", "-c", "config/gunicorn.py", "config.wsgi"],
                cwd=ROOT,
                env=self.env,
                stdout=output,
                stderr=output,
                start_new_session=True,
            )
        try:
            wait_for(self.ready, f"web node {self.name} to answer", timeout=timeout)
        except BaseException:
            self.kill()
            raise
        return self

    def ready(self) -> bool:
        if self.process is None or self.process.poll() is not None:
            raise RuntimeError(f"web node {self.name} exited: {self.log.read_text(errors='replace')[-2000:]}")
        try:
            with urllib.request.urlopen(f"{self.url}/health/?check=database", timeout=2) as response:
                return response.status == 200
        except (OSError, urllib.error.HTTPError):
            return False

    def kill(self) -> None:
        kill_group(self.process)

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            self.process.wait(timeout=30)


def kill_session(session: int) -> list[str]:
    """SIGKILL to every process of the session `session` (a process started with
    `start_new_session`, and all it started, whatever process groups they made of their own).
    Returns the command lines of those it killed (zombies left aside)."""
    killed = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            state, _ppid, _group, sid = (entry / "stat").read_text().rsplit(")", 1)[1].split()[:4]
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue  # gone meanwhile
        if int(sid) == session and state != "Z":
            with suppress(ProcessLookupError):
                os.kill(int(entry.name), signal.SIGKILL)
                killed.append(command.strip())
    return killed


def children(pid: int) -> list[int]:
    """The processes `pid` started that still run."""
    try:
        return [int(child) for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


class Supervisor:
    """`make supervise`: Debian's supervisord with deploy/supervisord.conf, in the foreground,
    in a session of its own; its control socket and logs in `run_dir` (CANASTA_RUN_DIR)."""

    CONF = ROOT / "deploy" / "supervisord.conf"

    def __init__(self, *, env: dict[str, str], run_dir: Path):
        self.run_dir = run_dir
        self.env = {**env, "CANASTA_RUN_DIR": str(run_dir)}
        self.log = run_dir / "make-supervise.log"
        self.process: subprocess.Popen | None = None

    def start(self) -> Supervisor:
        with open(self.log, "ab") as output:
            self.process = subprocess.Popen(
                [*MAKE, "supervise"],
                cwd=ROOT,
                env=self.env,
                stdout=output,
                stderr=output,
                start_new_session=True,
            )
        return self

    def ctl(self, *args: str) -> str:
        """supervisorctl's answer (its exit status says little: 3 for a program not running)."""
        result = subprocess.run(
            ["supervisorctl", "-c", str(self.CONF), *args],
            env=self.env,
            capture_output=True,
            text=True,
            timeout=30,
        )
        return result.stdout + result.stderr

    def pid(self, program: str) -> int:
        """The pid supervisord started for `program` (make), 0 when it is not running."""
        answer = self.ctl("pid", program).strip()
        return int(answer) if answer.isdigit() else 0

    def alive(self) -> bool:
        """True while supervisord runs; raises, with its logs, once it has exited."""
        if self.process is None or self.process.poll() is not None:
            raise RuntimeError(f"make supervise exited:\n{self.logs()}")
        return True

    def running(self) -> set[str]:
        return {line.split()[0] for line in self.ctl("status").splitlines() if " RUNNING " in line}

    def logs(self) -> str:
        parts = []
        for path in sorted(self.run_dir.glob("*.log")):
            parts.append(f"--- {path.name}\n{path.read_text(errors='replace')[-2000:]}")
        return "\n".join(parts)

    def stop(self) -> list[str]:
        """SIGTERM to make, which hands it to supervisord, which stops every program; then
        whatever is left is killed. Returns what was left: the processes that did not stop."""
        if self.process is None:
            return []
        if self.process.poll() is None:
            self.process.terminate()
            with suppress(subprocess.TimeoutExpired):
                self.process.wait(timeout=90)
        left = kill_session(self.process.pid)
        with suppress(subprocess.TimeoutExpired):
            self.process.wait(timeout=10)
        return left


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class ThrowawayRedis:
    """A redis-server of the test's own, without persistence (the shared one is never touched)."""

    def __init__(self, port: int | None = None):
        self.port = port or free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen | None = None

    def start(self) -> ThrowawayRedis:
        server = shutil.which("redis-server")
        if server is None:
            raise RuntimeError("redis-server is not installed")
        self.process = subprocess.Popen(
            [server, "--bind", "127.0.0.1", "--port", str(self.port), "--save", "", "--appendonly", "no"],
            stdout=subprocess.DEVNULL,
        )
        wait_for(self._answers, f"redis-server on port {self.port}", timeout=10, step=0.1)
        return self

    def _answers(self) -> bool:
        import redis

        try:
            return redis.Redis(port=self.port, socket_timeout=0.5).ping()
        except redis.ConnectionError:
            return False

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)

    def restart(self) -> None:
        self.stop()
        self.start()


@contextmanager
def app_broker(url: str):
    """Point this process's Celery app (what `.delay()` and `control.ping` use) at `url`."""
    conf = celery_app.conf
    keys = ("broker_url", "broker_read_url", "broker_write_url", "result_backend", "task_always_eager")
    saved = {key: conf[key] for key in keys}
    conf.update(dict.fromkeys(keys[:4], url), task_always_eager=False)
    celery_app._after_fork()  # drop pooled connections to the old broker (Celery's own reset)
    try:
        yield
    finally:
        conf.update(saved)
        celery_app._after_fork()


def seated_night(club: Any, players: Any) -> Any:
    """An 8-player classic league night with round 1 seated (two tables), set up in-process
    (the seating task run eagerly, whatever broker the test uses)."""
    from tournaments import services

    celery_app.conf.task_always_eager = True
    try:
        event = services.event_create(
            club=club,
            asked=services.EventInput(
                name="Friday", date="2026-11-27", variant="classic", players=players[:8]
            ),
        )
        services.round_start(event=event)
    finally:
        celery_app.conf.task_always_eager = False
    return event
