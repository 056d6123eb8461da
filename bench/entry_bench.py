"""Entering hands at the table on a phone: what a hand costs, and how fast the page answers.

A script, not a test. It serves a project tree (this one, or another checkout given with
--tree, to measure the code before a change) under gunicorn with the production settings, on
127.0.0.1 only, with a SQLite database and collected static files of its own in a temporary
folder, and drives Debian's Chromium (Playwright) at a phone's 390 x 844 with touch:

- `actions`: a game entered at each variant's table link, hand by hand, as a scorer does
  (tests/support/entry_actions.py counts the actions and key presses, and any control
  that was not on the screen when it was needed: a scroll); and whether the hand form fitted
  the screen when the hand began.
- `timing`: with Chromium's network emulated as the club's weak Wi-Fi (CDP
  Network.emulateNetworkConditions: 400 ms round trip, 400 kbit/s down and up), the table
  page's first load (empty cache), a cached load (the same browser coming back), and saves:
  from tapping *Save hand* to the next hand's form being ready, and to the hand confirmed by
  the server. Medians of --runs runs.

    .venv/bin/python -m bench.entry_bench                      # this tree
    git worktree add --detach /tmp/before <commit>
    .venv/bin/python -m bench.entry_bench --tree /tmp/before   # the code before

Figures: bench/README.md, "Entering hands at the table".
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
VIEWPORT = {"width": 390, "height": 844}
# Chromium's figures for the emulated connection: latency is the round trip added to each
# request; throughput in bytes per second (400 kbit/s = 50,000 bytes/s).
WEAK_WIFI = {"offline": False, "latency": 400, "downloadThroughput": 50_000, "uploadThroughput": 50_000}


def _hands(variant: str) -> list[dict]:
    """A game of `variant` as a club plays it, from the worked hands of the tests."""
    from tests.tournaments.web.test_browser_entry import CLASSIC_GAME

    cases = ROOT / "tests" / "scoring" / "cases"
    if variant == "classic":
        return CLASSIC_GAME
    if variant == "modern-american":
        first, second, third = (
            json.loads((cases / f"{name}.json").read_text())["sheet"]["hands"][0]
            for name in (
                "american-meld-table-and-8500",
                "american-threes-count-with-two-canastas",
                "american-no-canasta-swings-negative",
            )
        )
        return [third, first, second, first, second, first]
    if variant == "hand-and-foot":  # four deals make the game
        case = json.loads((cases / "hand-and-foot-four-deals-highest-wins.json").read_text())
        return case["sheet"]["hands"]
    raise SystemExit(f"no hands for {variant}")


def seed() -> None:
    """In the served tree's environment: a club, 16 players, and a seated event per use (four
    games each: one per way of entering)."""
    import django

    django.setup()
    from clubs.models import Club, Player
    from config import celery_app
    from tournaments import services
    from tournaments.models import Game

    celery_app.conf.task_always_eager = True
    club = Club.objects.create(name="Bench", slug="bench")
    players = [Player.objects.create(club=club, name=f"Player {n:02d}") for n in range(1, 17)]
    links = {}
    for use, variant in (
        ("classic", "classic"),
        ("modern-american", "modern-american"),
        ("hand-and-foot", "hand-and-foot"),
        ("timing", "classic"),
    ):
        event = services.event_create(
            club=club,
            asked=services.EventInput(name=use, date="2026-12-01", variant=variant, players=players),
        )
        services.round_start(event=event)
        games = Game.objects.filter(table__round__event=event).order_by("table__number")
        links[use] = [game.table.access_token for game in games]
    print(json.dumps(links))


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Site:
    """The tree served by gunicorn with the production settings, on 127.0.0.1."""

    def __init__(self, tree: Path) -> None:
        self.tree = tree
        self.folder = Path(tempfile.mkdtemp(prefix="entry-bench-"))
        self.port = _free_port()
        self.url = f"http://localhost:{self.port}"
        self.env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "config.settings.production",
            "DJANGO_SECRET_KEY": "bench-only-secret-key-bench-only-secret-key-0123456789",
            "DJANGO_ALLOWED_HOSTS": "localhost,127.0.0.1",
            "DJANGO_SECURE_SSL_REDIRECT": "false",
            "DJANGO_SECURE_HSTS_SECONDS": "0",
            "DATABASE_URL": f"sqlite:///{self.folder / 'db.sqlite3'}",
            "GUNICORN_BIND": f"127.0.0.1:{self.port}",
            "GUNICORN_WORKERS": "2",
            "GUNICORN_LOGLEVEL": "warning",
            "PYTHONPATH": str(tree),
        }
        for name in ("DATABASE_URL_TEST", "CELERY_BROKER_URL", "CACHE_URL"):
            self.env.pop(name, None)
        self.process: subprocess.Popen | None = None

    def _run(self, *args: str) -> str:
        done = subprocess.run(
            [sys.executable, *args], cwd=self.tree, env=self.env, capture_output=True, text=True, check=False
        )
        if done.returncode:
            raise SystemExit(f"{' '.join(args)} failed:\n{done.stdout}\n{done.stderr}")
        return done.stdout

    def start(self) -> dict:
        self._run("manage.py", "migrate", "--noinput")
        self._run("manage.py", "collectstatic", "--noinput")
        links = json.loads(self._run(str(Path(__file__).resolve()), "--seed").strip().splitlines()[-1])
        self.process = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "-c", "config/gunicorn.py", "config.wsgi"],
            cwd=self.tree,
            env=self.env,
        )
        for _ in range(100):
            try:
                urllib.request.urlopen(f"{self.url}/accounts/login/", timeout=1)
                break
            except OSError:
                time.sleep(0.2)
        return links

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(timeout=30)


def _browser(playwright):
    return playwright.chromium.launch(
        executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"]
    )


def _phone(browser):
    context = browser.new_context(viewport=VIEWPORT, has_touch=True, is_mobile=True)
    context.set_default_timeout(30_000)
    return context


def _form_fits(page) -> bool:
    box = page.locator("form[data-hand-form]").bounding_box()
    return (
        box is not None
        and page.evaluate("() => window.scrollY") == 0
        and box["y"] >= 0
        and box["y"] + box["height"] <= VIEWPORT["height"]
    )


def _ready_for(page, number: int) -> None:
    """Wait until the form for hand `number` is on the page, or the game is over."""
    page.wait_for_function(
        """(n) => { const f = document.querySelector('form[data-hand-form] [name=number]');
                    return (f && f.value === String(n)) || document.getElementById('result'); }""",
        arg=number,
    )


# Every card-count field of a side (`Count the cards`), typed as a number.
CARD_KINDS = {
    f"cards.{place}.{kind}": "card"
    for place in ("melded", "in_hand")
    for kind in ("jokers", "twos", "aces", "high", "low", "black_threes")
}


def actions(site: Site, links: dict, mode: str) -> list[dict]:
    from playwright.sync_api import sync_playwright

    import scoring
    from tests.support.entry_actions import Scorer
    from tests.tournaments.web.test_table_variants import _counted

    rows = []
    with sync_playwright() as playwright:
        browser = _browser(playwright)
        for variant in ("classic", "modern-american", "hand-and-foot"):
            if mode in ("total", "quick", "cards") and variant != "classic":
                continue
            context = _phone(browser)
            page = context.new_page()
            table = {"summary": 0, "total": 1, "quick": 2, "cards": 3}[mode]  # a game for each way
            page.goto(f"{site.url}/t/{links[variant][table]}/")
            kinds = {f.name: f.kind for f in scoring.entry_fields(scoring.rules_for(variant, {}))}
            scorer = Scorer(page)
            for number, hand in enumerate(_hands(variant), start=1):
                if page.locator("form[data-hand-form]").count() == 0:
                    break
                cost_of_mode = 0
                current = page.locator("form[data-hand-form] [name=mode]").input_value()
                if mode == "cards" and current != "cards":
                    page.locator(".entry-modes a").nth(1).tap()  # the mode's tap, part of the hand
                    page.wait_for_load_state()
                    cost_of_mode = 1
                if mode in ("total", "quick") and current != "total":
                    # The entry mode is a link above or below the form; its tap is part of the hand.
                    page.locator(".entry-modes a").nth(2).tap()
                    page.wait_for_load_state()
                    cost_of_mode = 1
                fits = _form_fits(page)
                enter = {"total": scorer.total_hand, "quick": scorer.quick_hand}.get(mode)
                if mode == "cards":  # the worked hand's points as cards of the same points
                    cost = scorer.hand(_counted(hand, variant), {**kinds, **CARD_KINDS})
                else:
                    cost = enter(hand, variant) if enter else scorer.hand(hand, kinds)
                try:
                    _ready_for(page, number + 1)
                except Exception as exc:
                    shot = site.folder / "failed.png"
                    page.screenshot(path=str(shot), full_page=True)
                    raise SystemExit(f"{variant} hand {number} was not saved: {shot}") from exc
                rows.append(
                    {
                        "variant": variant,
                        "mode": mode,
                        "hand": number,
                        "fits": fits,
                        "actions": cost.actions + cost_of_mode,
                        "key_presses": cost.key_presses + cost_of_mode,
                        "scrolls": cost.scrolls,
                    }
                )
            context.close()
        browser.close()
    return rows


def _weak_wifi(context, page) -> None:
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", WEAK_WIFI)


def _form_ready(page, number: int) -> None:
    """Wait until the form for hand `number` is on the page with its script's controls."""
    page.wait_for_function(
        """(n) => { const f = document.querySelector('form[data-hand-form] [name=number]');
                    return f && f.value === String(n)
                        && document.querySelector('form[data-hand-form] .sign-toggle'); }""",
        arg=number,
        polling=10,
    )


def _confirmed(page, number: int) -> None:
    """Wait until the server has confirmed hand `number`: its saved line on the page (and, where
    the page queues hands, none left in its queue)."""
    page.wait_for_function(
        """(n) => { const saved = document.getElementById('hand-saved');
                    return saved && saved.textContent.includes('Hand ' + n + ' saved')
                        && !document.querySelector('#hand-queue li'); }""",
        arg=number,
        polling="raf",
    )


# In the page: when the tap's submit began (a listener before the page's own), and the moments
# the next hand's form and the hand's confirmation were first seen (a mutation observer), so
# that a save's figures do not count Playwright's round trips to the browser.
PROBE = """
document.addEventListener('submit', () => { window.benchSubmit = performance.now();
  window.benchForm = window.benchConfirmed = null; }, true);
new MutationObserver(() => {
  if (window.benchSubmit == null) return;
  const f = document.querySelector('form[data-hand-form] [name=number]');
  const n = window.benchNumber;
  if (window.benchForm == null && f && f.value === String(n + 1)
      && document.querySelector('form[data-hand-form] .sign-toggle')) window.benchForm = performance.now();
  const saved = document.getElementById('hand-saved');
  if (window.benchConfirmed == null && saved && saved.textContent.includes('Hand ' + n + ' saved')
      && !document.querySelector('#hand-queue li')) window.benchConfirmed = performance.now();
}).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
"""


SAVES_PER_RUN = 3


def timing(site: Site, links: dict, runs: int) -> dict[str, list[float]]:
    """Seconds for the first load, a cached load and saves, on the emulated weak Wi-Fi, in
    *Total only* mode (as the issue measured it). Each run is a new browser profile; a save
    is timed from the tap on *Save hand* to the next hand's form ready, and to the hand
    confirmed by the server (`_confirmed`), for SAVES_PER_RUN hands a run."""
    from playwright.sync_api import sync_playwright

    url = f"{site.url}/t/{links['timing'][0]}/?mode=total"
    seconds: dict[str, list[float]] = {
        "first load": [],
        "cached load": [],
        "save: next form ready": [],
        "save: hand confirmed": [],
        "save: next form ready, in the page": [],
        "save: hand confirmed, in the page": [],
    }
    bytes_in: list[int] = []
    bytes_cached: list[int] = []
    bytes_save: list[int] = []
    with sync_playwright() as playwright:
        browser = _browser(playwright)
        for _run in range(runs):
            context = _phone(browser)
            context.add_init_script(PROBE)
            page = context.new_page()
            _weak_wifi(context, page)
            received: list[int] = []
            urls: dict[str, str] = {}
            cdp = context.new_cdp_session(page)
            cdp.send("Network.enable")
            cdp.on(
                "Network.requestWillBeSent",
                lambda event, u=urls: u.setdefault(event["requestId"], event["request"]["url"]),
            )
            cdp.on(
                "Network.loadingFinished", lambda event, got=received: got.append(event["encodedDataLength"])
            )
            if _run == 0:
                cdp.on(
                    "Network.loadingFinished",
                    lambda event, u=urls: print(
                        f"  first load: {event['encodedDataLength']:>7,} bytes "
                        f"{u.get(event['requestId'], '?')}"
                    ),
                )
            start = time.perf_counter()
            page.goto(url, wait_until="load")
            seconds["first load"].append(time.perf_counter() - start)
            bytes_in.append(sum(received))
            page.goto("about:blank")
            received.clear()
            start = time.perf_counter()
            page.goto(url, wait_until="load")
            seconds["cached load"].append(time.perf_counter() - start)
            bytes_cached.append(sum(received))
            for _hand in range(SAVES_PER_RUN):
                number = int(page.locator("form[data-hand-form] [name=number]").input_value())
                page.fill("[name='NS-total']", "120")
                page.tap("[name='NS-went_out']")
                page.fill("[name='EW-total']", "60")
                page.wait_for_load_state("networkidle")
                received.clear()
                page.evaluate("(n) => { window.benchNumber = n; }", number)
                start = time.perf_counter()
                page.tap("#save-hand")
                _form_ready(page, number + 1)
                seconds["save: next form ready"].append(time.perf_counter() - start)
                _confirmed(page, number)
                seconds["save: hand confirmed"].append(time.perf_counter() - start)
                began, form, confirmed = page.evaluate(
                    "() => [window.benchSubmit, window.benchForm, window.benchConfirmed]"
                )
                seconds["save: next form ready, in the page"].append((form - began) / 1000)
                seconds["save: hand confirmed, in the page"].append((confirmed - began) / 1000)
                page.wait_for_load_state("networkidle")
                bytes_save.append(sum(received))
            context.close()
        browser.close()
    print(f"first load: {statistics.median(bytes_in):,.0f} bytes over the network (median)")
    print(f"cached load: {statistics.median(bytes_cached):,.0f} bytes over the network (median)")
    print(f"a save: {statistics.median(bytes_save):,.0f} bytes over the network (median)")
    return seconds


def _cache_control(site: Site, path: str) -> str:
    """The Cache-Control of a static file as the page links it (hashed name or not)."""
    page = urllib.request.urlopen(f"{site.url}/accounts/login/", timeout=10).read().decode()
    name = path.rsplit("/", 1)[1].split(".")[0]
    linked = next(
        (
            part.split('"')[0]
            for part in page.split('="/static/')[1:]
            if part.split('"')[0].split("/")[-1].startswith(name)
        ),
        path.removeprefix("/static/"),
    )
    response = urllib.request.urlopen(f"{site.url}/static/{linked}", timeout=10)
    return f"/static/{linked}: {response.headers.get('Cache-Control')}"


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--tree", type=Path, default=ROOT, help="the project tree to serve")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--only", choices=("actions", "timing"))
    parser.add_argument("--seed", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.seed:  # run as a script in the served tree, which is on PYTHONPATH (Site.env)
        seed()
        return
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")
    import django

    django.setup()
    site = Site(args.tree.resolve())
    links = site.start()
    try:
        if args.only in (None, "actions"):
            for mode in ("summary", "cards", "total", "quick"):
                rows = actions(site, links, mode)
                print("\n| variant | mode | hand | form fits | actions | key presses | scrolls |")
                print("|---|---|---:|---|---:|---:|---:|")
                for row in rows:
                    fits = "yes" if row["fits"] else "no"
                    print(
                        f"| {row['variant']} | {row['mode']} | {row['hand']} | {fits} "
                        f"| {row['actions']} | {row['key_presses']} | {row['scrolls']} |"
                    )
        if args.only in (None, "timing"):
            results = timing(site, links, args.runs)
            print(f"\n| weak Wi-Fi, {args.runs} runs | median s | each run, s |")
            print("|---|---:|---|")
            for name, values in results.items():
                each = ", ".join(f"{v:.3f}" for v in values)
                print(f"| {name} | {statistics.median(values):.3f} | {each} |")
            for path in ("/static/css/site.css", "/static/js/site.js"):
                print(path, _cache_control(site, path))
    finally:
        site.stop()


if __name__ == "__main__":
    main()
