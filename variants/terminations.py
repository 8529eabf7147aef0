"""The ways a game can end: the :class:`Ending` value each engine declares, and the endings several variants share.

An engine lists every ending a game of its variant can have, on and off the board, in
:attr:`variants.base.Engine.endings`; each ending says whether it decides the game and whom it favours, and the
scoring profiles grade it from that (docs/rules/scoring.md), so a variant with a new way to win declares an ending
of its own and nothing else changes. The name constants below are the names engines report in
:class:`variants.base.Outcome` and the apps store; the sets (:data:`CHESS_LIKE`, :data:`OFF_BOARD`,
:data:`SIMULTANEOUS_ENDINGS`) are conveniences for the engines that share them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

# Terminations an engine can report.
CHECKMATE = "checkmate"
STALEMATE = "stalemate"
PERPETUAL_CHECK = "perpetual-check"
THREEFOLD = "threefold-repetition"
FIFTY_MOVES = "fifty-moves"
INSUFFICIENT = "insufficient-material"
FAR_RANK = "far-rank"  # Reach Chess
DOUBLE_STALEMATE = "double-stalemate"  # Reach Chess: neither side can move
KING_CAPTURE = "king-capture"  # Parity Chess
SIMULTANEOUS_MATE = "simultaneous-checkmate"  # Parity Chess: both mated at once, a draw
SIMULTANEOUS_STALEMATE = "simultaneous-stalemate"  # Parity Chess: a draw

# Terminations that happen off the board; the games app records them, engines never report them.
RESIGNATION = "resignation"
TIME_FORFEIT = "time-forfeit"
TIME_FORFEIT_LONE_KING = "time-forfeit-lone-king"  # the flag fell but the opponent cannot mate: a draw
FORFEIT = "forfeit"  # absence
AGREEMENT = "agreement"
ADJUDICATION = "adjudication"  # an arbiter's decision, e.g. material superiority when nothing remains to be gained


class Favours(StrEnum):
    """Whom an ending favours: who takes the larger share of the game's points under a profile that grades it."""

    WINNER = "winner"  # the winner the result names (every decisive ending)
    FORCING = "forcing"  # the army that forced it (stalemate: 60-40 under dynamic scoring)
    CHECKING = "checking"  # the army that gave the checks (perpetual check: 52-48 or 55-45)
    MATERIAL = "material"  # the material balance: "nothing remains to be gained", 51-49 or 50-50
    NOBODY = "nobody"  # a plain draw in every profile (the flag fell against a lone king)


# The PGN standard's Termination tag values (section 9.8.1) an ending may carry; "normal" is every other ending.
PGN_TERMINATIONS = ("normal", "time forfeit", "abandoned", "adjudication")


@dataclass(frozen=True)
class Ending:
    """One way a game can end.

    ``decisive``: the game has a winner, who takes a win's points in every profile (a decisive ending always
    favours :attr:`Favours.WINNER`). Otherwise ``favours`` says what a grading profile (dynamic) weighs, and a
    profile that does not grade (classical) scores a draw, unless ``arbiter``: the arbiter's decision is the
    result, a win when the result names a winner. ``unplayed``: nobody played the game (a forfeit); without a
    winner both were absent and nobody scores. ``label`` is what forms show; ``pgn_termination`` the PGN
    ``Termination`` tag of a game that ended so. ``claimable``: a player may claim it during play (the engine
    finds it on the board); a variant whose rules have no such rule keeps it only as a result an arbiter may record.
    """

    name: str
    label: str
    decisive: bool
    favours: Favours
    arbiter: bool = False
    unplayed: bool = False
    pgn_termination: str = "normal"
    claimable: bool = False

    def __post_init__(self) -> None:
        if self.decisive != (self.favours == Favours.WINNER):
            raise ValueError(f"ending {self.name!r}: a decisive ending favours the winner, and only a decisive one")
        if self.pgn_termination not in PGN_TERMINATIONS:
            raise ValueError(f"ending {self.name!r}: PGN Termination is one of {', '.join(PGN_TERMINATIONS)}")


def decisive(name: str, label: str, *, unplayed: bool = False, pgn_termination: str = "normal") -> Ending:
    """An ending that decides the game: the winner takes a win's points."""
    return Ending(name, label, True, Favours.WINNER, unplayed=unplayed, pgn_termination=pgn_termination)


def undecided(
    name: str, label: str, favours: Favours, *, arbiter: bool = False, pgn_termination: str = "normal", claimable: bool = False
) -> Ending:
    """An ending without a winner of its own: ``favours`` says what a grading profile weighs."""
    return Ending(name, label, False, favours, arbiter=arbiter, pgn_termination=pgn_termination, claimable=claimable)


def by_name(endings: Iterable[Ending]) -> dict[str, Ending]:
    """``{name: ending}``; raises ValueError when two endings share a name (one variant, one meaning a name)."""
    found: dict[str, Ending] = {}
    for ending in endings:
        if ending.name in found and found[ending.name] != ending:
            raise ValueError(f"two different endings are named {ending.name!r}")
        found[ending.name] = ending
    return found


def replacing(endings: Iterable[Ending], *new: Ending) -> frozenset[Ending]:
    """``endings`` with each of ``new`` in place of the ending of its name (or added)."""
    names = {ending.name for ending in new}
    return frozenset(e for e in endings if e.name not in names) | frozenset(new)


# The endings of the laws of chess, as seed 002 grades them.
CHECKMATE_ENDING = decisive(CHECKMATE, "checkmate")
STALEMATE_ENDING = undecided(STALEMATE, "stalemate", Favours.FORCING)
PERPETUAL_CHECK_ENDING = undecided(PERPETUAL_CHECK, "perpetual check", Favours.CHECKING, claimable=True)
THREEFOLD_ENDING = undecided(THREEFOLD, "threefold repetition", Favours.MATERIAL, claimable=True)
FIFTY_MOVES_ENDING = undecided(FIFTY_MOVES, "fifty moves", Favours.MATERIAL, claimable=True)
INSUFFICIENT_ENDING = undecided(INSUFFICIENT, "insufficient material", Favours.MATERIAL)

# Off the board. Resigning concedes the win the opponent would reach; a loss on time is a lost game (FIDE 6.9).
RESIGNATION_ENDING = decisive(RESIGNATION, "resignation")
TIME_FORFEIT_ENDING = decisive(TIME_FORFEIT, "time forfeit", pgn_termination="time forfeit")
# The flag fell but the opponent has only a king: a plain draw, never a material win for the one out of time.
TIME_FORFEIT_LONE_KING_ENDING = undecided(
    TIME_FORFEIT_LONE_KING, "time forfeit lone king", Favours.NOBODY, pgn_termination="time forfeit"
)
FORFEIT_ENDING = decisive(FORFEIT, "forfeit", unplayed=True, pgn_termination="abandoned")
AGREEMENT_ENDING = undecided(AGREEMENT, "agreement", Favours.MATERIAL)
ADJUDICATION_ENDING = undecided(ADJUDICATION, "adjudication", Favours.MATERIAL, arbiter=True, pgn_termination="adjudication")

# Off the board: possible in every variant (Reach leaves out the lone-king flag, see variants.reach).
OFF_BOARD = frozenset(
    {
        RESIGNATION_ENDING,
        TIME_FORFEIT_ENDING,
        TIME_FORFEIT_LONE_KING_ENDING,
        FORFEIT_ENDING,
        AGREEMENT_ENDING,
        ADJUDICATION_ENDING,
    }
)
# The endings of the laws of chess, and of every variant that keeps them.
CHESS_LIKE = frozenset(
    {CHECKMATE_ENDING, STALEMATE_ENDING, PERPETUAL_CHECK_ENDING, THREEFOLD_ENDING, FIFTY_MOVES_ENDING, INSUFFICIENT_ENDING}
)
# What Parity Chess's simultaneous moves add to them: its capture of the king ends the game as mate does; both
# sides mated or stalemated at once is "declared drawn", a draw where nothing remains to be gained.
SIMULTANEOUS_ENDINGS = frozenset(
    {
        decisive(KING_CAPTURE, "king capture"),
        undecided(SIMULTANEOUS_MATE, "simultaneous checkmate", Favours.MATERIAL),
        undecided(SIMULTANEOUS_STALEMATE, "simultaneous stalemate", Favours.MATERIAL),
    }
)
