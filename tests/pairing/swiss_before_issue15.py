# Frozen copy of pairing/swiss.py as it was before issue 15 (commit 521dfdd), kept unchanged as the
# oracle for tests/pairing/test_swiss_pairs_as_before.py: the new pair_swiss must return exactly what this returns
# on every field it matches in one piece. Do not edit; it is not used by the application.

"""Swiss pairing by weighted maximum matching (rustworkx's blossom algorithm) over a sparse graph.

Scores under dynamic scoring are nearly continuous (351, 349, 300 ...), so instead of exact score groups the
pairing minimises the sum of squared score differences, subject to hard rules and colour preferences. The weights
and their reasons are in docs/pairing.md; the constants below are the ones it quotes.

Hard rules (no edge): rematches, forbidden pairs. The bye (odd count) goes to the lowest-ranked player who has not
had one, and no player gets it twice; players who asked for a bye, withdrew or have not yet joined are simply not
passed in.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import rustworkx as rx

from pairing.colours import BLACK, NONE, WHITE, opposite

# Costs, in units where a score difference of one game's points costs 100² = 10 000 (docs/pairing.md).
SCORE_UNIT = 100  # a game's points map to 100 units; the score cost is the squared difference in units
EVEN_ROUND_FAILURE = 10_000  # both played the same colour in round 2k-1: one fails to change after an odd game
ODD_ROUND_EXTRA_CHANGE = 400  # both want to keep their colour in round 2k+1: one changes after an even game
STREAK = 20_000  # a third game in a row with the same colour
IMBALANCE = 40_000  # a colour two games ahead of the other
NO_HISTORY = 100  # a player without a previous colour who still leans towards the rarer colour
DEFAULT_WINDOW = 6  # neighbours each side in the score order that get an edge; doubled while no perfect matching


class PairingError(ValueError):
    """The round cannot be paired under the hard rules; the message names the reason."""


@dataclass(frozen=True)
class SwissPlayer:
    """A player as the pairing sees them. ``colours`` has one of w/b/- per earlier round (round 1 first)."""

    id: int
    score: float
    rating: int = 0
    seed: int = 0
    colours: str = ""
    opponents: frozenset[int] = field(default_factory=frozenset)
    had_bye: bool = False  # a pairing-allocated bye (or a win by forfeit) already


@dataclass(frozen=True)
class SwissRound:
    pairs: list[tuple[int, int]]  # (white id, black id), board 1 first
    bye: int | None


@dataclass(frozen=True)
class _Wish:
    colour: str | None
    strength: int


def colour_wish(player: SwissPlayer, round_number: int) -> tuple[str | None, int]:
    """The colour a player should get in ``round_number`` and how much it matters (a cost if denied)."""
    wish = _wish(player, round_number)
    return wish.colour, wish.strength


def _wish(player: SwissPlayer, round_number: int) -> _Wish:
    played = [c for c in player.colours if c != NONE]
    balance = played.count(WHITE) - played.count(BLACK)
    rarer = BLACK if balance > 0 else WHITE
    if abs(balance) >= 2:
        return _Wish(rarer, IMBALANCE)
    if len(played) >= 2 and played[-1] == played[-2]:
        return _Wish(opposite(played[-1]), STREAK)
    last = player.colours[-1] if len(player.colours) == round_number - 1 and player.colours else NONE
    if last == NONE:  # no game last round (bye, late entry, round 1): nothing in the pattern to follow
        return _Wish(rarer, NO_HISTORY) if balance else _Wish(None, 0)
    if round_number % 2 == 0:
        return _Wish(opposite(last), EVEN_ROUND_FAILURE)  # change after the odd round
    return _Wish(last, ODD_ROUND_EXTRA_CHANGE)  # keep the colour after the even round


def _rank_key(p: SwissPlayer) -> tuple:
    return (-p.score, -p.rating, p.seed, p.id)


def _pick_bye_candidates(ordered: Sequence[SwissPlayer]) -> list[SwissPlayer]:
    """Players who may get the bye, lowest-ranked first."""
    return [p for p in reversed(ordered) if not p.had_bye]


def pair_swiss(
    players: Iterable[SwissPlayer],
    round_number: int,
    *,
    forbidden: Iterable[tuple[int, int]] = (),
    points_per_game: float = 1.0,
    first_colour_white: bool = True,
    window: int = DEFAULT_WINDOW,
) -> SwissRound:
    """Pair one Swiss round. Raises :class:`PairingError` when the hard rules leave no complete pairing."""
    ordered = sorted(players, key=_rank_key)
    if len({p.id for p in ordered}) != len(ordered):
        raise PairingError("a player is listed twice")
    if len(ordered) < 2:
        raise PairingError("fewer than two players to pair")
    banned = {frozenset(pair) for pair in forbidden}
    bye = None
    if len(ordered) % 2:
        for candidate in _pick_bye_candidates(ordered):
            rest = [p for p in ordered if p.id != candidate.id]
            matched = _match(rest, round_number, banned, points_per_game, window, give_up_quietly=True)
            if matched is not None:
                bye = candidate
                break
        else:
            raise PairingError("no player can take the bye: everyone left has had one or cannot be paired otherwise")
        ordered = rest
    else:
        matched = _match(ordered, round_number, banned, points_per_game, window)
    assert matched is not None
    pairs = _colour_and_order(matched, ordered, round_number, first_colour_white)
    return SwissRound(pairs, bye.id if bye else None)


def _edge_cost(a: SwissPlayer, b: SwissPlayer, ia: int, ib: int, half: int, first_round: bool, wishes, scale) -> int:
    diff = round(abs(a.score - b.score) * scale)
    cost = diff * diff
    # A small tie-break so equal-score groups are paired deterministically: in round 1 (everyone level) top half
    # against bottom half, later the nearest neighbours in the ranking.
    cost += abs(abs(ib - ia) - half) if first_round else abs(ib - ia)
    wa, wb = wishes[ia], wishes[ib]
    if wa.colour is not None and wa.colour == wb.colour:
        cost += min(wa.strength, wb.strength)
    return cost


def _candidates(wishes: Sequence[_Wish], n: int, width: int, half: int, first_round: bool) -> set[tuple[int, int]]:
    """The sparse graph: ``width`` neighbours in the ranking (round 1: across the fold), plus, for every player
    with a colour wish, ``width`` players each side of its zip partner among those who do not want that colour.

    The zip partner of the a-th White-wisher (in ranking order) is the a-th of the others (scaled when the two
    groups differ in size): a lopsided score group's surplus then reaches partners below the group, which the
    plain ranking window would miss, while the graph stays at O(n · width) edges.
    """
    pairs: set[tuple[int, int]] = set()
    for i in range(n):
        lo, hi = (i + half - width, i + half + width) if first_round else (i + 1, i + width)
        for j in range(max(i + 1, lo), min(n - 1, hi) + 1):
            pairs.add((i, j))
    for colour in (WHITE, BLACK):
        own = [i for i in range(n) if wishes[i].colour == colour]
        rest = [j for j in range(n) if wishes[j].colour != colour]
        if not own or not rest:
            continue
        ratio = len(rest) / len(own)
        for a, i in enumerate(own):
            centre = round(a * ratio)
            for j in rest[max(0, centre - width) : centre + width + 1]:
                pairs.add((min(i, j), max(i, j)))
    return pairs


def _match(
    ordered: Sequence[SwissPlayer],
    round_number: int,
    banned: set[frozenset[int]],
    points_per_game: float,
    window: int,
    give_up_quietly: bool = False,
) -> list[tuple[int, int]] | None:
    """A perfect matching of ``ordered`` (indices), widening the window until one exists."""
    n = len(ordered)
    scale = SCORE_UNIT / points_per_game
    wishes = [_wish(p, round_number) for p in ordered]
    first_round = all(p.score == ordered[0].score for p in ordered) and not any(p.colours for p in ordered)
    half = n // 2 if first_round else 0
    width = max(1, window)
    while True:
        graph = rx.PyGraph(multigraph=False)
        graph.add_nodes_from(range(n))
        edges = []
        for i, j in _candidates(wishes, n, width, half, first_round):
            a, b = ordered[i], ordered[j]
            if b.id in a.opponents or a.id in b.opponents or frozenset((a.id, b.id)) in banned:
                continue
            edges.append((i, j, _edge_cost(a, b, i, j, half, first_round, wishes, scale)))
        if edges:
            top = max(c for _, _, c in edges) + 1
            graph.add_edges_from([(i, j, top - c) for i, j, c in edges])
            matching = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=lambda w: w)
            if len(matching) * 2 == n:
                return sorted((min(e), max(e)) for e in matching)
        if width >= n:
            if give_up_quietly:
                return None
            raise PairingError(f"round {round_number} cannot be paired without a rematch or a forbidden pairing")
        width *= 2


def _colour_and_order(
    matched: list[tuple[int, int]], ordered: Sequence[SwissPlayer], round_number: int, first_colour_white: bool
) -> list[tuple[int, int]]:
    boards = sorted(matched)  # i < j and sorted by the higher-ranked player: board order
    pairs = []
    for board, (i, j) in enumerate(boards):
        hi, lo = ordered[i], ordered[j]
        wh, wl = _wish(hi, round_number), _wish(lo, round_number)
        if wh.colour is not None and wh.colour != wl.colour:
            hi_white = wh.colour == WHITE
        elif wl.colour is not None and wh.colour != wl.colour:
            hi_white = wl.colour == BLACK
        elif wh.colour is not None:  # the same wish: the stronger reason wins, then the higher-ranked player
            hi_gets_it = wh.strength >= wl.strength
            hi_white = (wh.colour == WHITE) == hi_gets_it
        else:  # nobody cares (round 1): alternate down the boards from the drawn colour
            hi_white = (board % 2 == 0) == first_colour_white
        pairs.append((hi.id, lo.id) if hi_white else (lo.id, hi.id))
    return pairs
