"""The crosstable: for each player and round, the opponent, colour, points and result."""

from __future__ import annotations

from scoring.records import (
    ABSENT,
    DOUBLE_FORFEIT,
    FORFEIT_LOSS,
    FORFEIT_WIN,
    PAB,
    PENDING,
    REQUESTED_BYE,
    PlayerLine,
)

# What the result column shows for rounds without a game over the board.
_LABELS = {
    FORFEIT_WIN: "+",
    FORFEIT_LOSS: "-",
    DOUBLE_FORFEIT: "--",
    PAB: "bye",
    REQUESTED_BYE: "requested-bye",
    ABSENT: "absent",
    PENDING: "pending",
}


def crosstable(lines: dict[int, PlayerLine]) -> dict[str, dict[str, dict[str, object]]]:
    """``{player_id: {round: {"opponent_id", "colour", "points", "result"}}}`` with string keys (JSON-ready).

    ``result`` is the game's result from White's side (``1-0``...) for a game over the board, ``+``/``-``/``--``
    for forfeits, ``bye``, ``requested-bye``, ``absent``, or ``pending`` (points ``None``) while not final.
    """
    table: dict[str, dict[str, dict[str, object]]] = {}
    labels = _LABELS
    for pid, line in lines.items():
        table[str(pid)] = {
            str(r): {
                "opponent_id": e.opponent,
                "colour": e.colour,
                "points": None if e.kind == PENDING else e.points,
                "result": labels.get(e.kind, e.result),
            }
            for r, e in sorted(line.rounds.items())
        }
    return table
