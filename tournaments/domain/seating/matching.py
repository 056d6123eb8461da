"""Partnerships from matchings: the rescue of a round left with a repeated partner (a
maximum-weight matching, networkx), and a night from a 1-factorisation of K_n."""

from __future__ import annotations

import itertools
import random

from tournaments.domain.seating.anneal import anneal, construct_iters, polish
from tournaments.domain.seating.cost import Counts
from tournaments.domain.seating.layout import Layout


def seat_by_matching(
    start: list[int], layout: Layout, counts: Counts, rng: random.Random
) -> list[int] | None:
    """Keep the sit-outs of `start`, find new partners for everyone if possible (networkx); tables
    of four only. None when it cannot help."""
    if not layout.only_fours:
        return None
    try:
        import networkx as nx  # optional, only for this rescue
    except ImportError:  # pragma: no cover - networkx is in requirements.txt
        return None
    seated, out = start[: layout.seated], start[layout.seated :]
    pc = counts.cost_tables()[0]
    ceiling = max(pc[a][b] for a in seated for b in seated) + 1
    graph: nx.Graph[int] = nx.Graph()
    graph.add_nodes_from(seated)
    graph.add_weighted_edges_from(
        (a, b, ceiling - pc[a][b]) for a, b in itertools.combinations(seated, 2) if not counts.part[a][b]
    )
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    if 2 * len(matching) < len(seated):
        return None
    pairs = sorted(tuple(sorted(edge)) for edge in matching)
    rng.shuffle(pairs)
    seat = [p for pair in pairs for p in pair] + out
    seat, _ = anneal(
        seat,
        layout,
        counts,
        rng,
        construct_iters(layout),
        move_sit_outs=False,
        keep_partners=True,
    )
    return seat


def factorized_night(n: int, rounds: int, layout: Layout, rng: random.Random) -> list[list[int]] | None:
    """Partners from a 1-factorisation of K_n, so no pair partners twice per cycle; tables of four
    with at most one sit-out only (n = 0 or 1 mod 4)."""
    if not layout.only_fours or layout.sit_outs > 1:
        return None
    even = n + n % 2  # with a dummy player for odd n; its partner sits out
    fixed_point, cycle = even - 1, even - 1
    night: list[list[int]] = []
    counts = Counts(n)
    while len(night) < rounds:
        label = list(range(n))
        rng.shuffle(label)
        label.append(n)  # the dummy of an odd field keeps its number
        order = list(range(cycle))
        rng.shuffle(order)
        for r in order[: rounds - len(night)]:
            pairs = [(fixed_point, r)] + [((r + i) % cycle, (r - i) % cycle) for i in range(1, even // 2)]
            rng.shuffle(pairs)
            seat, out = [], []
            for a, b in pairs:
                if n in (label[a], label[b]):
                    out.append(label[a] + label[b] - n)
                else:
                    seat += [label[a], label[b]]
            seat, _ = anneal(
                seat + out,
                layout,
                counts,
                rng,
                construct_iters(layout),
                move_sit_outs=False,
                keep_partners=True,
            )
            counts.add(seat, layout)
            night.append(seat)
    polish(night, 0, counts, layout, rng, keep_partners=True)
    return night
