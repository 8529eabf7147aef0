"""The Dutch engine's matcher finds a maximum-weight perfect matching, also after edges change and pairs leave.

Each case builds a random graph, solves it, then changes the edges of a vertex or two (or takes a matched pair out)
and solves again, as the engine does; every answer is checked against an independent solver: brute force on small
graphs, rustworkx's blossom algorithm (with weights it can hold) on larger ones. Weights far beyond 64 bits are
included because the Dutch criteria are packed into one such number.
"""

from __future__ import annotations

import random

import pytest
import rustworkx as rx

from pairing.dutch.matching import Matcher, NoPerfectMatching


def _brute(weights: list[list[int]]) -> int | None:
    best = None

    def walk(left: list[int], total: int) -> None:
        nonlocal best
        if not left:
            best = total if best is None else max(best, total)
            return
        first = left[0]
        for other in left[1:]:
            if weights[first][other]:
                walk([v for v in left if v not in (first, other)], total + weights[first][other])

    walk(list(range(len(weights))), 0)
    return best


def _rustworkx(weights: list[list[int]]) -> int | None:
    n = len(weights)
    graph = rx.PyGraph()
    graph.add_nodes_from(range(n))
    graph.add_edges_from([(i, j, weights[i][j]) for i in range(n) for j in range(i + 1, n) if weights[i][j]])
    found = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=lambda weight: weight)
    return sum(weights[a][b] for a, b in found) if 2 * len(found) == n else None


def _solve(matcher: Matcher, weights: list[list[int]]) -> int | None:
    try:
        mate = matcher.solve()
    except NoPerfectMatching:
        return None
    assert all(mate[mate[v]] == v and weights[v][mate[v]] for v in range(len(weights)))
    return sum(weights[v][mate[v]] for v in range(len(weights)) if mate[v] > v)


def _random_graph(rng: random.Random, n: int, density: float, top: int) -> list[list[int]]:
    weights = [[0] * n for _ in range(n)]
    for i in range(n):
        for j in range(i + 1, n):
            if rng.random() < density:
                weights[i][j] = weights[j][i] = rng.randint(1, top)
    return weights


def _fresh(weights: list[list[int]]) -> Matcher:
    matcher = Matcher(len(weights))
    for v, row in enumerate(weights):
        matcher.set_weights(v, {x: weight for x, weight in enumerate(row) if x != v})
    return matcher


def _change(rng: random.Random, matcher: Matcher, weights: list[list[int]], density: float, top: int) -> None:
    v = rng.choice(matcher.active)
    changed = {}
    for x in matcher.active:
        if x != v and rng.random() < 0.5:
            changed[x] = weights[v][x] = weights[x][v] = rng.randint(1, top) if rng.random() < density else 0
    matcher.set_weights(v, changed)


def _remove_pair(rng: random.Random, matcher: Matcher, weights: list[list[int]]) -> None:
    v = rng.choice(matcher.active)
    x = matcher.mate[v]
    matcher.remove(v, x)
    for y in range(len(weights)):
        if y not in (v, x):
            weights[v][y] = weights[y][v] = weights[x][y] = weights[y][x] = 0


@pytest.mark.parametrize(("seed", "sizes", "tops", "reference"), [
    (1, (2, 4, 6, 8, 10), (3, 1000, 10**40), _brute),
    (2, (12, 16, 24, 40), (5, 10**12), _rustworkx),
])  # fmt: skip
def test_every_solve_is_a_maximum_weight_perfect_matching(seed, sizes, tops, reference):
    rng = random.Random(seed)
    for _ in range(150 if reference is _brute else 60):
        n, density, top = rng.choice(sizes), rng.choice((0.3, 0.6, 0.95)), rng.choice(tops)
        weights = _random_graph(rng, n, density, top)
        matcher = _fresh(weights)
        for _ in range(6):
            found = _solve(matcher, weights)
            assert found == reference(weights)
            if found is None:
                break
            if matcher.active and rng.random() < 0.25:
                _remove_pair(rng, matcher, weights)
            for _ in range(rng.randint(1, 2)):
                if matcher.active:
                    _change(rng, matcher, weights, density, top)


def test_equal_weights_everywhere_are_matched_without_a_search():
    """Like the players far below the bracket being paired: every pair weighs the same."""
    n = 60
    matcher = Matcher(n)
    for v in range(n):
        matcher.set_weights(v, {x: 7 for x in range(n) if x != v})
    mate = matcher.solve()
    assert sorted(mate) == list(range(n))
