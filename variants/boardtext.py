"""The board part of a position string, read square by square without knowing any variant's pieces.

One reader for every board text in the project: FEN (8x8, single-digit runs), the fairy engine's 12x8 strings
(``+C``/``+c`` horse forms, two-digit runs such as ``12``) and Twilight's (a ``[..]`` reserve after the board,
``~`` after a pawn that may not double-step). Ranks run from the last down to the first, separated by ``/``.
Which symbols are pieces is for the caller to judge: the fairy notation knows its catalogue, the board drawing
accepts any letter.
"""

from __future__ import annotations

from collections.abc import Iterator

MAX_FILES = 16  # the widest board any engine supports (the fairy engine's limit)


class BoardTextError(ValueError):
    """The board text is malformed; the message names the rank."""


def board_part(position: str) -> str:
    """What stands before the first space of ``position``, without a bracketed reserve (``[Nq]``)."""
    text = (position or "").strip().split(" ", 1)[0]
    return text.split("[", 1)[0]


def rank_symbols(text: str, rank: int) -> Iterator[str | None]:
    """The squares of one rank (``rank`` is its number, for messages), file a first.

    Yields each symbol as written (``"N"``, ``"p"``; ``"+"`` with the character after it, ``"+C"``) or None
    for an empty square; a run of digits is that many empty squares. Lazy, so that a caller checking each
    symbol as it comes reports the first fault in the text. Raises :class:`BoardTextError` for a run of 0 or
    one longer than any board (a run such as ``99999999999`` must not make us build that many squares).
    """
    i = 0
    while i < len(text):
        char = text[i]
        if char.isdigit():
            j = i
            while j < len(text) and text[j].isdigit():
                j += 1
            run = int(text[i:j])
            if run == 0:
                raise BoardTextError(f"rank {rank}: an empty run of 0 squares")
            if run > MAX_FILES:
                raise BoardTextError(f"rank {rank}: an empty run of {run} squares is longer than any board")
            yield from [None] * run
            i = j
            continue
        symbol = text[i : i + 2] if char == "+" else char
        yield symbol
        i += len(symbol)
