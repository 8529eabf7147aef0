"""The rules' command-line tools, pure Python: ``perft``, ``replay`` and ``rvc_layout``.

They need no database, so ``manage.py`` runs them straight from here without starting Django (which costs
several times a plain-chess perft 4); the Django management commands of the same names wrap the same functions,
so ``manage.py help`` and ``call_command`` know them too. Every bad input is one line: a usage error on stderr
with exit status 2, anything else ``CommandError: reason`` with exit status 1, as Django's commands do.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from variants.base import IllegalMoveError, InvalidPositionError
from variants.registry import get_engine, rolled_key, variant_keys

MAX_PERFT_DEPTH = 8


class CliError(Exception):
    """A bad input to one of the tools; the message is the one line to show."""


def one_line(message: str) -> str:
    return " ".join(message.split()) or "invalid input"


# --- perft ------------------------------------------------------------------------------------------------
def add_perft_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--variant", required=True, help=f"one of: {', '.join(variant_keys())}")
    parser.add_argument("--depth", required=True, help=f"plies to look ahead, 0..{MAX_PERFT_DEPTH}")
    parser.add_argument("--fen", help="start from this position string instead of the variant's start")
    parser.add_argument("--roll", help="Random Variant Chess (required): the first roll, e.g. 2-4-4")
    parser.add_argument("--roll2", help="Random Variant Chess: the second roll, if the event uses two")


def _depth(text: str) -> int:
    if not str(text).strip().isdigit():
        raise CliError(f"--depth must be a whole number 0..{MAX_PERFT_DEPTH}, not {text!r}")
    value = int(text)
    if value > MAX_PERFT_DEPTH:
        raise CliError(f"--depth {value} is too deep; the limit is {MAX_PERFT_DEPTH}")
    return value


def run_perft(variant: str, depth: str, fen: str | None = None, roll: str | None = None, roll2: str | None = None) -> list[str]:
    """Leaf positions ``depth`` plies ahead (a finished game has no children); the count is the last line."""
    depth_value = _depth(depth)
    try:
        engine_class = get_engine(variant)
    except KeyError as exc:
        raise CliError(str(exc.args[0])) from None
    if not engine_class.rolled and (roll or roll2):
        raise CliError(f"--roll and --roll2 apply to --variant {rolled_key()} only")
    if engine_class.rolled and roll2 and not roll:
        raise CliError("--roll2 needs --roll (the first roll)")
    if engine_class.rolled and not roll:
        # The array, the castling geometry and the promotion pieces all come from the dice: no silent default.
        raise CliError(f"--variant {variant} needs --roll FIRST (e.g. --roll 1-1-1 for the standard array)")
    options = engine_class.start_options(roll or "", roll2 or "")
    try:
        engine = engine_class.from_position(fen, **options) if fen is not None else engine_class.new(**options)
        count = engine.perft(depth_value)
    except (InvalidPositionError, IllegalMoveError, ValueError) as exc:
        raise CliError(one_line(str(exc))) from None
    return [str(count)]


# --- replay -----------------------------------------------------------------------------------------------
def add_replay_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--variant", required=True, help=f"one of: {', '.join(variant_keys())}")
    parser.add_argument("file", help="the game file ('-' for standard input)")


def run_replay(variant: str, file: str) -> list[str]:
    """The final position string, then ``RESULT TERMINATION`` or ``RESULT unterminated``."""
    from variants.replay import replay

    if variant not in variant_keys():
        raise CliError(f"unknown variant {variant!r}; choose one of {', '.join(variant_keys())}")
    try:
        if file == "-":
            text = sys.stdin.read()
        else:
            with open(file, encoding="utf-8-sig") as handle:
                text = handle.read()
    except OSError as exc:
        raise CliError(f"cannot read {file}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise CliError(f"cannot read {file}: it is not UTF-8 text") from None
    if not text.strip():
        raise CliError(f"{file} is empty: there is no game to replay")
    try:
        return replay(variant, text)
    except ValueError as exc:  # IllegalMoveError, InvalidPositionError, PgnError: the message is one line
        raise CliError(one_line(str(exc)) if str(exc).strip() else "the game cannot be read") from None


# --- rvc_layout -------------------------------------------------------------------------------------------
def add_rvc_layout_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("first", nargs="?", help="first roll, e.g. 2-4-4")
    parser.add_argument("second", nargs="?", help="second roll, e.g. 1-3-5 (events with two rolls)")
    parser.add_argument("--all", action="store_true", help="every first roll and every allowed pair, tab-separated")


def run_rvc_layout(first: str | None = None, second: str | None = None, all: bool = False) -> list[str]:
    """One roll: names a..l, castling steps (4, 3, 2 or none), start position. ``all``: the tab-separated table."""
    from variants.dice import all_layouts, layout

    def castling(result) -> str:
        return "none" if result.castling is None else str(result.castling)

    if all:
        if first or second:
            raise CliError("--all takes no rolls")
        return [f"{r.first}\t{r.second or '-'}\t{' '.join(r.names)}\t{castling(r)}" for r in all_layouts()]
    if not first:
        raise CliError("give a roll such as 2-4-4 (and optionally a second roll), or --all")
    try:
        result = layout(first, None if second in (None, "-") else second)
    except ValueError as error:
        raise CliError(str(error)) from None
    return [" ".join(result.names), castling(result), result.position]


# --- running them -------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Tool:
    help: str
    add_arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[..., list[str]]


TOOLS: dict[str, Tool] = {
    "perft": Tool(
        "Count the leaf positions N plies ahead (perft) for a variant, from its start or a given position.",
        add_perft_arguments,
        run_perft,
    ),
    "replay": Tool(
        "Replay a game (PGN; Parity Chess: one turn per line) and print the final position and result.",
        add_replay_arguments,
        run_replay,
    ),
    "rvc_layout": Tool(
        "Show the Random Variant Chess array for a roll (and second roll), or every array with --all.",
        add_rvc_layout_arguments,
        run_rvc_layout,
    ),
}


class _OneLineParser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        sys.stderr.write(f"{self.prog}: error: {message} (see --help)\n")
        sys.exit(2)


def _write(lines: Iterable[str]) -> None:
    try:
        sys.stdout.write("".join(f"{line}\n" for line in lines))
        sys.stdout.flush()
    except BrokenPipeError:
        # `rvc_layout --all | head` closed the pipe: the reader's choice, not an error. Point stdout at /dev/null
        # so the interpreter's final flush does not fail again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def main(name: str, argv: list[str], prog: str = "manage.py") -> int:
    """Run tool ``name`` with ``argv`` (the arguments after its name); the exit status."""
    tool = TOOLS[name]
    parser = _OneLineParser(prog=f"{prog} {name}", description=tool.help)
    tool.add_arguments(parser)
    args = parser.parse_args(argv)
    try:
        lines = tool.run(**vars(args))
    except CliError as exc:
        sys.stderr.write(f"CommandError: {exc}\n")
        return 1
    _write(lines)
    return 0
