"""The start position of standard chess as FEN, written once for the engines that start from it."""

from __future__ import annotations

STANDARD_START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
