"""Parity Chess geometry and turn resolution (seed 001), as read in docs/rules/parity-chess.md.

A square may hold one white and one black piece at once (a *shared* square), so this module keeps its own board:
one ``{square: piece letter}`` map per army. Squares are 0..63 (a1 = 0, h8 = 63) as in python-chess.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from variants.base import BLACK, WHITE, other

KNIGHT_STEPS = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))
KING_STEPS = ((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1))
ROOK_DIRS = ((1, 0), (0, 1), (-1, 0), (0, -1))
BISHOP_DIRS = ((1, 1), (-1, 1), (-1, -1), (1, -1))
SLIDES = {"R": ROOK_DIRS, "B": BISHOP_DIRS, "Q": ROOK_DIRS + BISHOP_DIRS}
FILES = "abcdefgh"


def name(sq: int) -> str:
    return f"{FILES[sq & 7]}{(sq >> 3) + 1}"


def parse_square(text: str) -> int:
    return (int(text[1]) - 1) * 8 + FILES.index(text[0])


def step(sq: int, df: int, dr: int) -> int | None:
    f, r = (sq & 7) + df, (sq >> 3) + dr
    return r * 8 + f if 0 <= f < 8 and 0 <= r < 8 else None


def forward(army: str) -> int:
    return 1 if army == WHITE else -1


@dataclass(frozen=True)
class Move:
    """One army's move as chosen in S0. ``capture`` means a capture attempt (it may fail)."""

    army: str
    piece: str  # P N B R Q K
    origin: int
    target: int
    promotion: str | None = None
    castle: str | None = None  # "K" or "Q"
    en_passant: bool = False
    capture: bool = False
    victim: str | None = None  # the type of the piece aimed at

    def rook_squares(self) -> tuple[int, int]:
        """Castling: the rook's origin and destination."""
        base = 0 if self.army == WHITE else 56
        return (base + 7, base + 5) if self.castle == "K" else (base, base + 3)

    def victim_square(self) -> int:
        return self.target - 8 * forward(self.army) if self.en_passant else self.target


@dataclass
class ParityState:
    """Everything that decides the legal moves of a turn."""

    pieces: dict[str, dict[int, str]]
    frozen: dict[str, frozenset[int]] = field(default_factory=lambda: {WHITE: frozenset(), BLACK: frozenset()})
    castling: dict[str, frozenset[str]] = field(default_factory=lambda: {WHITE: frozenset("KQ"), BLACK: frozenset("KQ")})
    en_passant: frozenset[int] = frozenset()  # the squares passed by last turn's double steps
    vacate: int | None = None  # Single Occupation: the shared square both armies must leave this turn

    @classmethod
    def initial(cls) -> ParityState:
        back = "RNBQKBNR"
        white = {sq: back[sq] for sq in range(8)} | {8 + f: "P" for f in range(8)}
        black = {56 + sq: back[sq] for sq in range(8)} | {48 + f: "P" for f in range(8)}
        return cls({WHITE: white, BLACK: black})

    def copy(self) -> ParityState:
        return replace(self, pieces={army: dict(squares) for army, squares in self.pieces.items()})

    def occupied(self) -> set[int]:
        return set(self.pieces[WHITE]) | set(self.pieces[BLACK])

    def king(self, army: str) -> int | None:
        return next((sq for sq, piece in self.pieces[army].items() if piece == "K"), None)

    def key(self) -> tuple:
        """What threefold repetition compares."""
        return (
            tuple(sorted(self.pieces[WHITE].items())),
            tuple(sorted(self.pieces[BLACK].items())),
            tuple(sorted(self.frozen[WHITE])),
            tuple(sorted(self.frozen[BLACK])),
            tuple(sorted(self.castling[WHITE])),
            tuple(sorted(self.castling[BLACK])),
            tuple(sorted(self.en_passant)),
            self.vacate,
        )


# --- attacks ------------------------------------------------------------------------------------------------
def attackers(state: ParityState, target: int, army: str, occupied: set[int] | None = None) -> list[int]:
    """Squares of ``army``'s pieces attacking ``target`` with this occupancy (every piece blocks)."""
    occ = state.occupied() if occupied is None else occupied
    mine = state.pieces[army]
    found = []
    for df, dr in KNIGHT_STEPS:
        sq = step(target, df, dr)
        if sq is not None and mine.get(sq) == "N":
            found.append(sq)
    for df, dr in KING_STEPS:
        sq = step(target, df, dr)
        if sq is not None and mine.get(sq) == "K":
            found.append(sq)
    for df in (-1, 1):  # a pawn attacks diagonally forward, so look backward from the target
        sq = step(target, df, -forward(army))
        if sq is not None and mine.get(sq) == "P":
            found.append(sq)
    for dirs, kinds in ((ROOK_DIRS, ("R", "Q")), (BISHOP_DIRS, ("B", "Q"))):
        for df, dr in dirs:
            sq = step(target, df, dr)
            while sq is not None:
                if sq in occ:
                    if mine.get(sq) in kinds:
                        found.append(sq)
                    break
                sq = step(sq, df, dr)
    return found


def check_state(state: ParityState, army: str) -> str | None:
    """``"immediate"``, ``"delayed"`` or ``None`` for ``army``'s king at the start of a turn."""
    king = state.king(army)
    enemy = other(army)
    if king is None or king in state.pieces[enemy]:
        return None  # a king sharing its square with an enemy piece is protected from every check
    found = attackers(state, king, enemy)
    if not found:
        return None
    return "immediate" if any(sq not in state.frozen[enemy] for sq in found) else "delayed"


# --- move generation ------------------------------------------------------------------------------------------
def _pseudo_moves(state: ParityState, army: str, origin: int, occ: set[int]) -> list[Move]:
    mine, theirs = state.pieces[army], state.pieces[other(army)]
    piece = mine[origin]
    moves: list[Move] = []

    def add(target: int, **extra: object) -> None:
        capture = target in theirs
        moves.append(Move(army, piece, origin, target, capture=capture, victim=theirs.get(target), **extra))

    if piece in ("N", "K"):
        for df, dr in KNIGHT_STEPS if piece == "N" else KING_STEPS:
            sq = step(origin, df, dr)
            if sq is not None and sq not in mine:
                add(sq)
    elif piece in SLIDES:
        for df, dr in SLIDES[piece]:
            sq = step(origin, df, dr)
            while sq is not None and sq not in mine:
                add(sq)
                if sq in occ:
                    break
                sq = step(sq, df, dr)
    else:  # pawn
        up = forward(army)
        last = 7 if army == WHITE else 0
        promotions: tuple[str | None, ...] = ("Q", "R", "B", "N")
        one = step(origin, 0, up)
        if one is not None and one not in occ:
            for promo in promotions if one >> 3 == last else (None,):
                add(one, promotion=promo)
            start = 1 if army == WHITE else 6
            two = step(origin, 0, 2 * up)
            if origin >> 3 == start and two is not None and two not in occ:
                add(two)
        for df in (-1, 1):
            sq = step(origin, df, up)
            if sq is None or sq in mine:
                continue
            if sq in theirs:
                for promo in promotions if sq >> 3 == last else (None,):
                    add(sq, promotion=promo)
            elif sq in state.en_passant and (sq >> 3) == (5 if army == WHITE else 2):
                moves.append(Move(army, "P", origin, sq, en_passant=True, capture=True, victim="P"))
    return moves


def _castlings(state: ParityState, army: str, occ: set[int]) -> list[Move]:
    base = 0 if army == WHITE else 56
    king = base + 4
    enemy = other(army)
    mine = state.pieces[army]
    if mine.get(king) != "K" or king in state.frozen[army] or check_state(state, army) == "immediate":
        return []
    moves = []
    for side in sorted(state.castling[army]):
        rook = base + 7 if side == "K" else base
        between = (base + 5, base + 6) if side == "K" else (base + 1, base + 2, base + 3)
        safe = (base + 5, base + 6) if side == "K" else (base + 3, base + 2)
        if mine.get(rook) != "R" or rook in state.frozen[army] or any(sq in occ for sq in between):
            continue
        if any(attackers(state, sq, enemy, occ) for sq in safe):
            continue
        moves.append(Move(army, "K", king, base + (6 if side == "K" else 2), castle=side))
    return moves


def legal_moves(state: ParityState, army: str, single: bool = False) -> list[Move]:
    """The legal moves of ``army`` in this position (docs/rules/parity-chess.md, section 1 and 6)."""
    mine = state.pieces[army]
    occ = state.occupied()
    king = state.king(army)
    immediate = check_state(state, army) == "immediate"
    if single and state.vacate is not None and state.vacate in mine:
        origins = [state.vacate]  # must leave the shared square, even though the piece just moved
        if immediate and mine[state.vacate] != "K":
            return []  # it cannot both leave the shared square and step the king away
    else:
        origins = [sq for sq in mine if sq not in state.frozen[army]]
        if immediate:
            origins = [sq for sq in origins if sq == king]
    moves: list[Move] = []
    for origin in origins:
        moves += _pseudo_moves(state, army, origin, occ)
    if single and state.vacate is not None and state.vacate in mine:
        moves = [m for m in moves if not m.capture and not _exposes_king(state, m, occ)]
    elif not immediate:
        moves += _castlings(state, army, occ)
    return moves


def unsafe(state: ParityState, move: Move) -> bool:
    """A king move onto a square an enemy piece attacks in S0: if that piece stays, the frozen king is lost."""
    if move.piece != "K" or move.castle:
        return False
    return bool(attackers(state, move.target, other(move.army), state.occupied() - {move.origin}))


def safe_moves(state: ParityState, army: str, single: bool = False) -> list[Move]:
    """The legal moves that do not step the king onto an attacked square: none left means mate or stalemate."""
    return [m for m in legal_moves(state, army, single) if not unsafe(state, m)]


def _exposes_king(state: ParityState, move: Move, occ: set[int]) -> bool:
    if move.piece == "K":
        return False
    king = state.king(move.army)
    if king is None or king in state.pieces[other(move.army)]:
        return False
    after = (occ - {move.origin}) | {move.target}
    return bool(attackers(state, king, other(move.army), after))


# --- resolution -----------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Resolution:
    """What happened in one turn: the new state, the pieces taken (army -> square) and the failed captures."""

    state: ParityState
    captured: dict[str, list[tuple[int, str]]]
    failed: list[str]  # armies whose capture attempt failed
    shared: int | None  # the square both moves ended on
    irreversible: bool


def resolve(state: ParityState, white: Move, black: Move, single: bool = False) -> Resolution:
    """Apply two sealed moves chosen in ``state`` (section 2 of the rules); ``single``: Single Occupation."""
    new = state.copy()
    moves = {WHITE: white, BLACK: black}
    origins: dict[str, set[int]] = {}
    for army, move in moves.items():
        origins[army] = {move.origin} | ({move.rook_squares()[0]} if move.castle else set())
    captured: dict[str, list[tuple[int, str]]] = {WHITE: [], BLACK: []}
    failed = []
    for army, move in moves.items():
        enemy = other(army)
        if not move.capture:
            continue
        victim = move.victim_square()
        if victim in state.pieces[enemy] and victim not in origins[enemy]:
            captured[enemy].append((victim, state.pieces[enemy][victim]))
        else:
            failed.append(army)
    for army, move in moves.items():
        squares = new.pieces[army]
        del squares[move.origin]
        if move.castle:
            rook_from, _ = move.rook_squares()
            del squares[rook_from]
    for army, taken in captured.items():
        for sq, _ in taken:
            new.pieces[army].pop(sq, None)
    frozen = {}
    for army, move in moves.items():
        squares = new.pieces[army]
        squares[move.target] = move.promotion or move.piece
        landed = {move.target}
        if move.castle:
            _, rook_to = move.rook_squares()
            squares[rook_to] = "R"
            landed.add(rook_to)
        frozen[army] = frozenset(landed)
    new.frozen = frozen
    new.castling = {army: _castling_after(state, army, moves, captured) for army in moves}
    new.en_passant = frozenset(
        (m.target + m.origin) // 2 for m in moves.values() if m.piece == "P" and abs(m.target - m.origin) == 16
    )
    shared = white.target if white.target == black.target else None
    new.vacate = shared if single else None
    irreversible = any(m.piece == "P" for m in moves.values()) or any(captured.values())
    return Resolution(new, captured, failed, shared, irreversible)


def _castling_after(state: ParityState, army: str, moves: dict[str, Move], captured: dict) -> frozenset[str]:
    rights = set(state.castling[army])
    base = 0 if army == WHITE else 56
    move = moves[army]
    if move.piece == "K":
        rights.clear()
    gone = {move.origin} | {sq for sq, _ in captured[army]}
    if base + 7 in gone:
        rights.discard("K")
    if base in gone:
        rights.discard("Q")
    return frozenset(rights)
