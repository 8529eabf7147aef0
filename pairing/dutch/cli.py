"""``pair_trf``: pair the next round of a TRF-16 file and print it as bbpPairings does (pure, no Django).

Output: the number of pairs, then ``WHITE BLACK`` per board by start number, the pairing-allocated bye as ``N 0``.
A file that cannot be read or is malformed gives one line (``FILE: line L, column C: reason``) and status 2, as
bbpPairings' invalid requests do; a round with no valid pairing gives one line and status 1.
"""

from __future__ import annotations

import argparse
import sys

from pairing.dutch import NoValidPairing, pair_dutch
from pairing.trf import TrfError, parse_trf

SYSTEMS = ("dutch",)


class PairTrfError(Exception):
    def __init__(self, message: str, status: int) -> None:
        super().__init__(message)
        self.status = status


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--system", choices=SYSTEMS, required=True, help="the pairing system (dutch: FIDE C.04.3)")
    parser.add_argument("--baku", action="store_true", help="Baku acceleration (C.04.5) unless the file has XXA lines")
    parser.add_argument("file", help="TRF-16 file with XXR (rounds) and XXC (white1/black1) holding the rounds so far")


def pair_trf(system: str, file: str, baku: bool = False) -> list[str]:
    """The lines to print; :class:`PairTrfError` with the status to exit with otherwise."""
    if system not in SYSTEMS:
        raise PairTrfError(f"unknown pairing system {system!r}; choose one of {', '.join(SYSTEMS)}", 2)
    try:
        with open(file, "rb") as handle:
            data = handle.read()
    except OSError as exc:
        raise PairTrfError(f"{file}: cannot read it ({exc.strerror})", 2) from None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:  # older Windows programs write Latin-1; only names use letters beyond ASCII
        text = data.decode("latin-1")
    try:
        tournament = parse_trf(text)
        return pair_dutch(tournament, baku=baku).lines()
    except TrfError as exc:
        raise PairTrfError(f"{file}: {exc}", 2) from None
    except NoValidPairing as exc:
        raise PairTrfError(f"{file}: no valid pairing: {exc}", 1) from None
    except ValueError as exc:  # e.g. no initial colour for round 1, Baku with another point system
        raise PairTrfError(f"{file}: {' '.join(str(exc).split())}", 2) from None


def main(argv: list[str] | None = None) -> int:
    """``python -m pairing.dutch.cli --system dutch FILE``: the same tool without starting Django."""
    parser = argparse.ArgumentParser(prog="python -m pairing.dutch.cli", description=__doc__.splitlines()[0])
    add_arguments(parser)
    args = parser.parse_args(argv)
    try:
        lines = pair_trf(args.system, args.file, args.baku)
    except PairTrfError as exc:
        sys.stderr.write(f"{exc}\n")
        return exc.status
    sys.stdout.write("".join(f"{line}\n" for line in lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
