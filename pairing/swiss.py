"""Swiss pairing by weighted maximum matching (rustworkx's blossom algorithm) over a sparse graph.

Scores under dynamic scoring are nearly continuous (351, 349, 300 ...), so instead of exact score groups the
pairing minimises the sum of squared score differences, subject to hard rules and colour preferences. The weights
and their reasons are in docs/pairing.md; the constants below are the ones it quotes.

Fields larger than SLIDING_BLOCK players are matched in overlapping pieces (_match_sliding): one blossom matching
grows with the square of the field, pieces linearly.

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
# Larger fields are matched piece by piece (_match_sliding): pieces of SLIDING_BLOCK players whose last
# SLIDING_OVERLAP places are not kept but carried into the next piece. Fields up to ONE_MATCHING_LIMIT players get
# one matching of the whole field, exactly as before issue 15 (tests/pairing/test_swiss_pairs_as_before.py): up to
# there the single matching takes about a second, so the pairing of every field it can pair in time is kept; beyond
# it, it grows past the five seconds a director waits (and its window doubling can take minutes).
SLIDING_BLOCK = 1500
SLIDING_OVERLAP = 600
ONE_MATCHING_LIMIT = 3000


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
    block: int | None = SLIDING_BLOCK,
    overlap: int = SLIDING_OVERLAP,
    single_up_to: int = ONE_MATCHING_LIMIT,
) -> SwissRound:
    """Pair one Swiss round. Raises :class:`PairingError` when the hard rules leave no complete pairing.

    Fields of up to ``single_up_to`` players (default :data:`ONE_MATCHING_LIMIT`; every field with ``block=None``)
    get one matching of the whole field; larger ones are matched ``block`` players at a time (:func:`_match_sliding`).
    """
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
            pieces = (block, overlap, single_up_to)
            matched = _match_field(rest, round_number, banned, points_per_game, window, pieces, quiet=True)
            if matched is not None:
                bye = candidate
                break
        else:
            raise PairingError("no player can take the bye: everyone left has had one or cannot be paired otherwise")
        ordered = rest
    else:
        matched = _match_field(ordered, round_number, banned, points_per_game, window, (block, overlap, single_up_to))
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


def _match_field(
    ordered: Sequence[SwissPlayer],
    round_number: int,
    banned: set[frozenset[int]],
    points_per_game: float,
    window: int,
    pieces: tuple[int | None, int, int],
    quiet: bool = False,
) -> list[tuple[int, int]] | None:
    """One matching of the whole field, or piece by piece when the field is larger than a piece."""
    block, overlap, single_up_to = pieces
    if block is not None and len(ordered) > max(block, single_up_to):
        found = _match_sliding(ordered, round_number, banned, points_per_game, window, block, overlap)
        if found is not None:
            return found
    return _match(ordered, round_number, banned, points_per_game, window, give_up_quietly=quiet)


@dataclass
class _Field:
    """What every piece of a large field shares: the players in ranking order and the candidate graph's costs."""

    ordered: Sequence[SwissPlayer]
    wishes: list[_Wish]
    banned: set[frozenset[int]]
    half: int
    first_round: bool
    scale: float
    links: list[list[tuple[int, int]]] = field(default_factory=list)  # links[i]: (j, cost) for j > i

    def allowed(self, i: int, j: int) -> bool:
        a, b = self.ordered[i], self.ordered[j]
        if b.id in a.opponents or a.id in b.opponents:
            return False
        return not self.banned or frozenset((a.id, b.id)) not in self.banned  # no set built when none is banned

    def cost(self, i: int, j: int) -> int:
        i, j = min(i, j), max(i, j)
        return _edge_cost(self.ordered[i], self.ordered[j], i, j, self.half, self.first_round, self.wishes, self.scale)


def _match_sliding(
    ordered: Sequence[SwissPlayer],
    round_number: int,
    banned: set[frozenset[int]],
    points_per_game: float,
    window: int,
    block: int,
    overlap: int,
) -> list[tuple[int, int]] | None:
    """A perfect matching of a large field, matched ``block`` players at a time.

    Why: the blossom algorithm restarts its search from every free player for each of its n/2 augmentations, so
    its time grows with the square of the field (10,000 players: 13 s) while a piece of fixed size costs the same
    wherever it is. Each piece is matched on the candidate graph of the whole field (the same edges and costs as
    one matching uses); its pairs above its last ``overlap`` places are kept, the other players are carried into
    the next piece. A carried player who found no partner gets an edge to everyone in the next piece (the window
    widens where the matching was not perfect). Returns ``None`` when the pieces cannot finish the field; the
    caller then matches the whole field at once, which also names the reason if no pairing exists.
    """
    n = len(ordered)
    wishes = [_wish(p, round_number) for p in ordered]
    first_round = all(p.score == ordered[0].score for p in ordered) and not any(p.colours for p in ordered)
    half = n // 2 if first_round else 0
    shared = _Field(ordered, wishes, banned, half, first_round, SCORE_UNIT / points_per_game)
    shared.links = [[] for _ in range(n)]
    scale, ids, met = shared.scale, [p.id for p in ordered], [p.opponents for p in ordered]
    for i, j in _candidates(wishes, n, window, half, first_round):  # about 13 per player: kept lean
        if ids[j] in met[i] or ids[i] in met[j] or (banned and frozenset((ids[i], ids[j])) in banned):
            continue
        shared.links[i].append((j, _edge_cost(ordered[i], ordered[j], i, j, half, first_round, wishes, scale)))
    # Round 1 folds the ranking (top half against bottom half): walk it in fold order so partners stay close.
    order = [i for k in range(half) for i in (k, k + half)] if first_round else _zip_order(wishes)
    position = [0] * n
    for place, i in enumerate(order):
        position[i] = place
    kept: list[tuple[int, int]] = []
    carried: list[int] = []
    lonely: set[int] = set()
    start = 0
    while True:
        if block - len(carried) < (block - overlap) // 2:
            return None  # the carried players crowd out new ones: no progress
        end = min(n, start + block - len(carried))
        piece = carried + order[start:end]
        start = end
        matching = _match_piece(shared, piece, lonely)
        if start == n:
            return sorted(kept + matching) if 2 * len(matching) == len(piece) else None
        boundary = end - overlap  # pairs wholly above the piece's last `overlap` places are final
        done = [(i, j) for i, j in matching if position[i] < boundary and position[j] < boundary]
        kept += done
        paired = {v for pair in done for v in pair}
        matched = {v for pair in matching for v in pair}
        lonely = {v for v in piece if position[v] < boundary and v not in matched}
        carried = [v for v in piece if v not in paired]


def _zip_order(wishes: Sequence[_Wish]) -> list[int]:
    """The field in the order of the zip edges (see _candidates): White-wishers and the others merged by their
    relative place in their own list, ties by ranking.

    Why not the ranking: in an even round the players who want White can bunch in one part of a big score group
    (ranked by rating) and their partners in another, so a piece cut from the ranking holds more of one wish than
    the other and must pair equal wishes where one matching of the field pairs none (measured in round 2 of
    5,000 players: 250 such pairs, none in this order). Here the a-th White-wisher and its zip partner are
    neighbours and every piece holds both wishes in the field's proportion, while the order still follows the
    ranking within each list.
    """
    key = [0.0] * len(wishes)
    for wanted in (True, False):
        group = [i for i, w in enumerate(wishes) if (w.colour == WHITE) == wanted]
        for a, i in enumerate(group):
            key[i] = (a + 0.5) / len(group)
    return sorted(range(len(wishes)), key=lambda i: (key[i], i))


def _match_piece(shared: _Field, piece: list[int], lonely: set[int]) -> list[tuple[int, int]]:
    """Least-cost maximum-cardinality matching of one piece, computed as :func:`_match` computes it for a whole
    field; pairs as (i, j) with i < j (ranking indices)."""
    local = {v: k for k, v in enumerate(piece)}
    edges = [(local[i], local[j], c) for i in piece for j, c in shared.links[i] if j in local]
    for v in lonely:  # no partner last time: widen to the whole piece
        edges += [(local[v], k, shared.cost(v, u)) for k, u in enumerate(piece) if u != v and shared.allowed(v, u)]
    graph = rx.PyGraph(multigraph=False)
    graph.add_nodes_from(piece)
    if edges:
        top = max(c for _, _, c in edges) + 1
        graph.add_edges_from([(a, b, top - c) for a, b, c in edges])
    matching = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=lambda w: w)
    return [(min(piece[a], piece[b]), max(piece[a], piece[b])) for a, b in matching]


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
