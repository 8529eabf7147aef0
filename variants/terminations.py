"""The names of the ways a game can end, and the sets of them that several variants share.

Each engine lists the terminations a game of its variant can end with in :attr:`variants.base.Engine.terminations`
(on and off the board); the scoring profiles map every name here (docs/rules/scoring.md).
"""

from __future__ import annotations

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

# Off the board: possible in every variant (Reach leaves out the lone-king flag, see variants.reach).
OFF_BOARD = frozenset({RESIGNATION, TIME_FORFEIT, TIME_FORFEIT_LONE_KING, FORFEIT, AGREEMENT, ADJUDICATION})
# The endings of the laws of chess, and of every variant that keeps them.
CHESS_LIKE = frozenset({CHECKMATE, STALEMATE, PERPETUAL_CHECK, THREEFOLD, FIFTY_MOVES, INSUFFICIENT})
# What Parity Chess's simultaneous moves add to them.
SIMULTANEOUS_ENDINGS = frozenset({KING_CAPTURE, SIMULTANEOUS_MATE, SIMULTANEOUS_STALEMATE})
