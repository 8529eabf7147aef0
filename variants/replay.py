"""Replaying a recorded game with any engine: what ``manage.py replay`` prints."""

from __future__ import annotations

from variants.registry import get_engine


def seat_result(winner_seat: str | None) -> str:
    return {"white": "1-0", "black": "0-1"}.get(winner_seat or "", "1/2-1/2")


def replay(variant: str, text: str) -> list[str]:
    """The lines to print: the final position string, then ``RESULT TERMINATION`` or ``RESULT unterminated``.

    Results belong to people: the winning army is mapped to the seat controlling it at the end (this only
    differs in Switch-Side Chain-Chess). Raises IllegalMoveError (message names the move) on a bad move.
    """
    engine = get_engine(variant).from_pgn(text)
    outcome = engine.outcome()
    if outcome is None:
        last = f"{engine.tags.get('Result', '*')} unterminated"
    else:
        winner_seat = engine.controller(outcome.winner) if outcome.winner else None
        last = f"{seat_result(winner_seat)} {outcome.termination}"
    return [engine.position(), last]
