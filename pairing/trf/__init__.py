"""FIDE TRF-16 (C.04 Annex 2) with the TRF(x) extensions of JaVaFo and bbpPairings: read and write, pure Python.

What is read: ``001`` player lines (start number, rating, points, one 10-column block per round), ``XXR`` (rounds
in the event), ``XXC`` (``white1``/``black1``: colour of the top player in round 1; ``rank``: pairing numbers follow
the order of the 001 lines), ``XXP`` (players who must not meet), ``XXA`` (per-round acceleration points), the
bbpPairings point values ``BBW BBD BBL BBZ BBF BBU`` and its ``192 FIDE_DUTCH_BAKU`` tournament type; of TRF-2026,
``142`` (rounds, as XXR) and ``152`` (``W``/``B``, as XXC white1/black1), as bbpPairings reads them. Other header
lines (``012`` name, ``042`` date ...) are kept verbatim for writing back (142 and 152 with the current values).

Every refusal is a :class:`TrfError` naming the line and column (1-based, as the FIDE annex counts them), so an
arbiter can find the fault in any editor. Points are kept in tenths (TRF writes one decimal).

The records are in :mod:`.records`, reading (and the checks of a whole file) in :mod:`.reading`, writing in
:mod:`.writing`; the names below are the package's interface.
"""

from pairing.trf.reading import parse_trf
from pairing.trf.records import (
    NOT_PAIRED,
    PointSystem,
    RoundEntry,
    TrfError,
    TrfPlayer,
    TrfTournament,
    played_rounds,
    state_before_round,
)
from pairing.trf.writing import player_line, write_trf

__all__ = [
    "NOT_PAIRED",
    "PointSystem",
    "RoundEntry",
    "TrfError",
    "TrfPlayer",
    "TrfTournament",
    "parse_trf",
    "played_rounds",
    "player_line",
    "state_before_round",
    "write_trf",
]
