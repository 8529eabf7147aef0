"""Direct encounter, C.07 §6, applied to each group of players still tied when it comes in the list.

6.1: the points each tied player scored in the games among them (two games against one opponent count as their
average, 6.1.2). If all of them have met (in a round-robin every scheduled game counts, forfeits included: 15.2),
they are ordered by those points. If not (Swiss, where only games over the board count), a player is placed above
the rest only when their points beat what every player below could reach by winning every game not played among
them, from the top down; the others stay tied. 6.2: the players still tied among themselves are taken again as a
group of their own, the games with the players now placed elsewhere left out, until nothing changes.

The value is the player's place within the group they were tied in before DE (1, 2, ...), 0 when DE separates no
one in it: what FIDE's reference prints, and what the standings show.
"""

from __future__ import annotations

from scoring.tiebreaks import Field, over_the_board

MAX_PASSES = 30  # a bound on 6.2's re-application (each pass that changes anything separates at least one player)


def direct_encounter(f: Field, order: list[int], rank: dict[int, int], start: dict[int, tuple]) -> dict[int, int]:
    """DE of every player: ``order`` is the ranking so far (``rank`` each player's rank), ``start`` the key that
    orders equal players (their pairing number)."""
    place = dict(rank)
    ranking = list(order)
    again = dict.fromkeys(order, True)
    passes = 0
    while True:
        passes += 1
        changed = 0
        for group in _groups(ranking, place):
            if not again[group[0]]:
                continue
            moved = _separate(f, group, place, start) if len(group) > 1 else 0
            for pid in group:
                again[pid] = moved > 0 and passes < MAX_PASSES
            changed += moved
        ranking.sort(key=lambda p: (rank[p], place[p], start[p]))
        if not changed or passes >= MAX_PASSES:
            break
    values: dict[int, int] = {}
    for group in _groups(ranking, rank):
        offset = place[group[0]] - (1 if place[group[0]] != place[group[-1]] else 0)
        for pid in group:
            values[pid] = place[pid] - offset
    return values


def _groups(ranking: list[int], key: dict[int, int]) -> list[list[int]]:
    groups: list[list[int]] = []
    for pid in ranking:
        if groups and key[groups[-1][0]] == key[pid]:
            groups[-1].append(pid)
        else:
            groups.append([pid])
    return groups


def _scores(f: Field, pid: int, place: dict[int, int], current: int) -> tuple[float, int]:
    """(points scored against the group, opponents of the group met)."""
    total, met = 0.0, 0
    results: dict[int, tuple[float, int]] = {}
    for _, e in f.entries(pid):
        opponent = e.opponent
        if opponent is None or place.get(opponent) != current:
            continue
        if not (f.round_robin or over_the_board(e)):
            continue
        if opponent in results:  # 6.1.2: a second game against the same opponent: their average counts
            previous, games = results[opponent]
            average = (previous * games + e.points) / (games + 1)
            total += average - previous
            met = 1  # as FIDE's reference counts it (it only matters in a Swiss, where no one meets twice)
            results[opponent] = (average, 1)
        else:
            total += e.points
            met += 1
            results[opponent] = (e.points, 1)
    return total, met


def _separate(f: Field, group: list[int], place: dict[int, int], start: dict[int, tuple]) -> int:
    """One application of §6 to ``group`` (equal ``place``): new places, and how many players moved."""
    current = place[group[0]]
    others = len(group) - 1
    scored: dict[int, float] = {}
    reach: dict[int, float] = {}
    all_met = True
    for pid in group:
        total, met = _scores(f, pid, place, current)
        scored[pid] = reach[pid] = total
        if not f.round_robin and met < others:
            all_met = False
            reach[pid] = total + (others - met) * f.win
    moved = 0
    if all_met:
        ordered = sorted(group, key=lambda p: (-scored[p], start[p]))
        shared = position = current
        for previous, pid in zip(ordered, ordered[1:]):
            position += 1
            if scored[pid] != scored[previous]:
                shared = position
                moved += 1
            place[pid] = shared
        return moved
    ordered = sorted(group, key=lambda p: (-scored[p], -reach[p], start[p]))
    shared = position = current
    value, separated = scored[ordered[0]], True
    for i in range(1, len(ordered)):
        position += 1
        pid = ordered[i]
        if separated and value > max(reach[q] for q in ordered[i:]):
            shared = position
            moved += 1
        else:
            separated = False
        value = scored[pid]
        place[pid] = shared
    return moved
