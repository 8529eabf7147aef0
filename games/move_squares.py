"""Where the legal moves go on the board, for the play page: from and to squares, promotions, drops, warps,
the pass, the switch of Switch-Side Chain-Chess with the chain it forms; and the positions of the game so far.

The engines speak SAN (``Nf3``, ``+Cxd4``, ``P@e4``, ``h7@P``, ``c3/S``); a page clicks squares. Rather than read
every variant's notation here, each legal move is played on a copy of the position (the engine's own
``from_position`` and ``play``) and the two boards are compared: what the mover's army lost and gained says where
the move goes. So this module knows no variant: a new engine is served as long as its position strings draw on
:mod:`tournaments.board_svg`'s reader. A simultaneous variant (Parity Chess) resolves a move only in a turn with
the other army's move: a quiet move of the other army is chosen whose squares the move does not touch.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass

from tournaments.board_svg import BoardParseError, parse_board
from tournaments.models import Game
from variants.base import ARMIES, WHITE, Engine, IllegalMoveError, InvalidPositionError, other
from variants.chains import adjacent, is_chain
from variants.registry import get_engine

Army = dict[str, str]  # square -> piece name, one army's pieces
CHAIN_SEARCH_BUDGET = 50_000  # steps of the smallest-chain search before it settles for no drawing
OTHER_ARMY_TRIES = 12  # quiet moves of the other army tried to resolve a simultaneous move alone


def armies_of(position: str) -> dict[str, Army]:
    """Both armies of ``position`` as {square: piece name} (a shared Parity square is in both)."""
    board = parse_board(position)
    found: dict[str, Army] = {WHITE: {}, other(WHITE): {}}
    for piece in board.pieces:
        found[piece.color][piece.square] = piece.name
    return found


def _changes(before: Army, after: Army) -> tuple[list[str], list[str]]:
    """(squares the army left or lost, squares it reached) between two positions."""
    gone = [sq for sq, name in before.items() if after.get(sq) != name]
    came = [sq for sq, name in after.items() if before.get(sq) != name]
    return gone, came


def _one(squares: list[str], army: Army) -> str | None:
    """The square of the moving piece among ``squares``: the only one, or the King's (castling moves two)."""
    if len(squares) == 1:
        return squares[0]
    kings = [sq for sq in squares if army.get(sq) == "King"]
    return kings[0] if len(kings) == 1 else None


def describe(san: str, army: str, before: dict[str, Army], after: dict[str, Army]) -> dict | None:
    """The move ``san`` of ``army`` as squares, from the boards before and after it; None when the two boards do
    not show one move of that army (then the page offers the move by name only)."""
    mine_before, mine_after = before[army], after[army]
    gone, came = _changes(mine_before, mine_after)
    if len(gone) > 2 or len(came) > 2 or len(gone) != len(came) and min(len(gone), len(came)) > 0:
        return None
    start, end = _one(gone, mine_before), _one(came, mine_after)
    if (gone and start is None) or (came and end is None):
        return None
    entry = {"san": san, "from": start, "to": end, "piece": mine_before.get(start) if start else None}
    entry["kind"] = "move" if start and end else "drop" if end else "warp" if start else "pass"
    if entry["kind"] == "drop":
        entry["piece"] = mine_after[end]
    promoted = start and end and mine_after[end] != mine_before[start]
    entry["promotion"] = mine_after[end] if promoted else None
    entry["capture"] = len(after[other(army)]) < len(before[other(army)])
    entry["also"] = [sq for sq in gone + came if sq not in (start, end)]  # the castling rook's squares
    return entry


# --- playing each move on a copy ------------------------------------------------------------------------------
def sequential_moves(cls: type[Engine], options: dict, engine: Engine, army: str) -> list[dict]:
    """The legal moves of ``army`` (to move) as squares, each played on a copy of the position."""
    position = engine.position()
    before = armies_of(position)
    entries = []
    for san in engine.legal_moves(army):
        copy = cls.from_position(position, **options)  # who holds which army does not change what a move does
        seat = copy.controller(army)
        try:
            copy.play(san)
            entry = describe(san, army, before, armies_of(copy.position()))
        except (IllegalMoveError, InvalidPositionError, BoardParseError):
            entry = None
        entry = entry or _unplaced(san)
        entry["switch"] = copy.controller(army) != seat
        if entry["switch"] and entry["to"]:
            entry["chain"] = chain_through(copy.position(), [entry["to"], *entry["also"]])
        entries.append(entry)
    return entries


def _unplaced(san: str) -> dict:
    return {"san": san, "from": None, "to": None, "piece": None, "kind": "other", "promotion": None, "capture": False, "also": []}


def _quiet_first(moves: list[str]) -> list[str]:
    return sorted(moves, key=lambda san: ("x" in san, "=" in san, san.startswith("O")))[:OTHER_ARMY_TRIES]


def simultaneous_moves(cls: type[Engine], options: dict, engine: Engine, army: str) -> list[dict]:
    """Parity Chess: each legal move of ``army`` resolved in a turn with a quiet move of the other army that
    leaves the move's own squares alone (the first such of a few tried)."""
    position = engine.position()
    before = armies_of(position)
    theirs = _quiet_first(engine.legal_moves(other(army)))
    entries = []
    for san in engine.legal_moves(army):
        entry = None
        for reply in theirs:
            copy = cls.from_position(position, **options)
            pair = (san, reply) if army == WHITE else (reply, san)
            try:
                copy.play_turn(*pair)
                after = armies_of(copy.position())
            except (IllegalMoveError, InvalidPositionError, BoardParseError):
                continue
            entry = describe(san, army, before, after)
            if entry is not None:
                break
        entry = entry or _unplaced(san)
        entry["switch"] = False
        entries.append(entry)
    return entries


# --- the chain a switch forms (Switch-Side Chain-Chess) ---------------------------------------------------------
def _index(square: str) -> int:
    return (int(square[1:]) - 1) * 8 + ord(square[0]) - ord("a")


def _name(index: int) -> str:
    return f"{chr(ord('a') + index % 8)}{index // 8 + 1}"


def chain_through(position: str, squares: list[str]) -> list[str]:
    """The smallest chain (variants.chains) through one of ``squares`` after the move, as the squares of its loop
    in drawing order; [] when none is found within the search budget or the board is not 8x8."""
    try:
        board = parse_board(position)
    except BoardParseError:
        return []
    if (board.files, board.ranks) != (8, 8):
        return []
    occupied = 0
    for piece in board.pieces:
        occupied |= 1 << _index(piece.square)
    for square in squares:
        loop = _smallest_loop(occupied, _index(square))
        if loop:
            return [_name(sq) for sq in loop]
    return []


def _smallest_loop(occupied: int, start: int) -> tuple[int, ...] | None:
    """Loops through ``start`` by length (6 pieces is the smallest chain), the first that is a chain."""
    neighbours = {sq: [n for n in range(64) if occupied >> n & 1 and adjacent(sq, n)] for sq in range(64) if occupied >> sq & 1}
    budget = [CHAIN_SEARCH_BUDGET]

    def extend(path: list[int], length: int) -> tuple[int, ...] | None:
        budget[0] -= 1
        if budget[0] < 0:
            raise TimeoutError
        if len(path) == length:
            return tuple(path) if adjacent(path[-1], start) and is_chain(occupied, path) else None
        for nxt in neighbours[path[-1]]:
            if nxt not in path:
                found = extend([*path, nxt], length)
                if found:
                    return found
        return None

    if start not in neighbours:
        return None
    try:
        for length in range(6, len(neighbours) + 1):
            found = extend([start], length)
            if found:
                return found
    except TimeoutError:
        return None
    return None


# --- the game so far and the moves now ----------------------------------------------------------------------------
@dataclass(frozen=True)
class PlayData:
    version: int
    moves: dict[str, list[dict]]  # army -> its legal moves as squares (the armies that may move now)
    history: list[dict]  # {"position", "changed": [squares]} for the start and after each entry of game.moves


_CACHE: OrderedDict[tuple, PlayData] = OrderedDict()
_LOCK = threading.Lock()
CACHE_SIZE = 256


def _replay(game: Game, cls: type[Engine], options: dict) -> tuple[Engine, list[dict]]:
    engine = cls.from_position(game.start_position, **options) if game.start_position else cls.new(**options)
    history = [{"position": engine.position(), "changed": []}]
    for entry in game.moves:
        if cls.simultaneous:
            engine.play_turn(*entry.split())
        else:
            engine.play(entry)
        position = engine.position()
        history.append({"position": position, "changed": changed_squares(history[-1]["position"], position)})
    return engine, history


def changed_squares(before: str, after: str) -> list[str]:
    """Squares whose contents differ between two positions (the last move's, for its highlight)."""
    try:
        old, new = armies_of(before), armies_of(after)
    except BoardParseError:
        return []
    changed: set[str] = set()
    for army in ARMIES:
        gone, came = _changes(old[army], new[army])
        changed.update(gone, came)
    return sorted(changed)


def play_data(game: Game) -> PlayData:
    """The positions of ``game`` so far and the moves of the armies that may move now (cached per version)."""
    key = (game.pk, game.version, game.variant, game.start_position, tuple(game.moves), game.status)
    with _LOCK:
        found = _CACHE.get(key)
    if found is not None:
        return found
    cls = get_engine(game.variant)
    options = game.start_options or {}
    engine, history = _replay(game, cls, options)
    moves: dict[str, list[dict]] = {}
    if game.status != Game.Status.FINISHED and not game.result and engine.outcome() is None:
        if cls.simultaneous:
            moves = {army: simultaneous_moves(cls, options, engine, army) for army in ARMIES}
        else:
            moves = {engine.turn: sequential_moves(cls, options, engine, engine.turn)}
    data = PlayData(game.version, moves, history)
    with _LOCK:
        _CACHE[key] = data
        while len(_CACHE) > CACHE_SIZE:
            _CACHE.popitem(last=False)
    return data
