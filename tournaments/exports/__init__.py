"""Downloads of an event's published data: PGN of its games, the standings as CSV, and FIDE TRF-16.

Only published rounds (status published or complete) are exported, and only final results: a reported or
disputed result is exported as unfinished (``*`` in PGN, a blank round in TRF). The formats are described in
docs/rules/exports.md.
"""

from tournaments.exports.pgn import game_pgn, games_pgn
from tournaments.exports.standings_csv import standings_csv
from tournaments.exports.trf import tournament_trf, trf_available, trf_refusal

__all__ = ["game_pgn", "games_pgn", "standings_csv", "tournament_trf", "trf_available", "trf_refusal"]
