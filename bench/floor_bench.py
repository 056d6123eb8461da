"""The framework floor: how many requests a second this machine serves when a request does nothing.

A script, not a test. Against a site started with `bench.floor_settings` (gunicorn, production
settings), it sends REQUESTS requests from each of CLIENTS threads, as fast as the site answers,
the way `bench/load_bench.py` sends hands (same client, one keep-alive connection per thread),
to three endpoints that do nothing (bench/floor_urls.py). What the site can do for a saved hand
cannot exceed these figures. Traffic goes only to 127.0.0.1.

    .venv/bin/python -m bench.floor_bench --port 8092 --token KEY [--clients 50 --requests 40]
"""

from __future__ import annotations

import argparse
import http.client
import json
import statistics
import threading
import time

from bench.load_bench import percentile  # the load bench's own, so both report alike

ENDPOINTS = ("/floor/plain/", "/floor/empty/", "/floor/one-query/")


def run(port: int, path: str, token: str, clients: int, requests: int, game: int) -> str:
    latencies: list[float] = []
    gate = threading.Barrier(clients + 1)
    failures: list[int] = []

    def client() -> None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        gate.wait()
        for _ in range(requests):
            started = time.perf_counter()
            if path == "/floor/plain/":
                conn.request("GET", path)
            else:
                headers = {"Authorization": f"Token {token}", "Content-Type": "application/json"}
                conn.request("POST", path, body=json.dumps({"game": game}), headers=headers)
            response = conn.getresponse()
            response.read()
            latencies.append(time.perf_counter() - started)
            if response.status not in (200, 201):
                failures.append(response.status)
        conn.close()

    threads = [threading.Thread(target=client, daemon=True) for _ in range(clients)]
    for thread in threads:
        thread.start()
    gate.wait()
    started = time.perf_counter()
    for thread in threads:
        thread.join()
    wall = time.perf_counter() - started
    ms = [x * 1000 for x in latencies]
    p95 = percentile(ms, 95)
    note = f"  FAILED: {len(failures)} answers {sorted(set(failures))}" if failures else ""
    return f"| `{path}` | {len(ms)} | {len(ms) / wall:.0f} | {statistics.median(ms):.0f} | {p95:.0f} |{note}"


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--port", type=int, default=8092)
    parser.add_argument("--token", required=True, help="an API token (any user)")
    parser.add_argument("--game", type=int, default=1, help="a game id for /floor/one-query/")
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--requests", type=int, default=40, help="requests per client")
    args = parser.parse_args()
    print("| endpoint | requests | per second | p50 ms | p95 ms |\n|---|---:|---:|---:|---:|")
    for path in ENDPOINTS:
        print(run(args.port, path, args.token, args.clients, args.requests, args.game))


if __name__ == "__main__":
    main()
