"""A generic engine for chess-like games on an F x R board with pieces defined as data.

:mod:`variants.movement` describes how each catalogue piece moves; :mod:`.rules` compiles that into per-square
tables; :mod:`.moves` writes a move as one integer; :mod:`.movegen` finds attacks and pseudo-legal moves,
:mod:`.legality` keeps the legal ones, and :mod:`.board` (inheriting both) makes and unmakes them, knows
repetition and counts perft; :mod:`.notation` reads and writes position strings and SAN; :mod:`variants.pgn_text`
(shared by every PGN engine) reads and writes games; :mod:`.engine` is the :class:`variants.base.Engine` on top.
Random Variant Chess (:mod:`variants.rvc`) and plain chess (:mod:`variants.chess8`) configure it.
"""
