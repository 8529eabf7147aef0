"""A server dice roll nobody has to take on trust: commit, roll, reveal, re-derive.

1. Before a variant block starts the server draws a secret seed (:func:`new_seed`, 32 bytes from :mod:`secrets`,
   as 64 lower-case hex characters) and publishes only :func:`commitment`: the SHA-256 of the seed's 64 hex
   characters as ASCII text, no newline (``printf %s SEED | sha256sum`` gives the same digest).
2. The dice are :func:`derive_rolls` of the seed and the block's identity (:func:`block_id`, e.g.
   ``"demo-rvc-swiss/block-2"``), so the server cannot pick another roll after committing, and one seed rolls
   different dice for different blocks.
3. After the roll the seed is revealed; anyone re-derives the dice and checks the commitment, with no Django::

       python -m variants.fairroll --seed SEED --commitment HEX --block demo-rvc-swiss/block-2 [--two-rolls]
           [--first 2-4-4 [--second 1-3-5]]

   It prints the dice and ``OK`` (exit 0), or ``MISMATCH`` (exit 1); bad input exits 2 with one line.

A variant pool (the ``pool`` policy) draws each block's variant from the same committed seed
(:func:`derive_choice`), and a rolled variant so drawn takes its dice from the seed as above; the check names the
pool in the director's order and, optionally, the variant the event announced::

       python -m variants.fairroll --seed SEED --commitment HEX --block demo-pool/block-1 --pool chess,reach,rvc
           [--variant reach]

Derivation (version 1, fixed forever so old rolls stay checkable): a stream of bytes is the concatenation of
``HMAC-SHA256(key=bytes.fromhex(seed), msg="rvc-dice/v1/<counter>/<block>")`` for counter 0, 1, 2, ... (decimal,
UTF-8). Each byte below 252 gives the die ``byte % 6 + 1``; bytes 252..255 are skipped, so every face has
probability exactly 1/6 (252 = 6 x 42). The first three dice are the first roll; with two rolls the next three
are the second roll, except after three alike ("the dice are not rolled a second time"). The pool's draw (version 1
too) is the first byte below ``256 - 256 % n`` of the stream ``HMAC-SHA256(key=seed, msg="variant-pool/v1/<counter>/
<block>")``, taken modulo ``n``, the number of variants in the pool: the index of the variant drawn, each equally
likely. The file imports only the standard library, so it can be copied and run on its own.
"""

from __future__ import annotations

import argparse
import hashlib
import hmac
import secrets
import sys
from collections.abc import Iterator, Sequence
from typing import NoReturn

SEED_BYTES = 32
_VERSION = "rvc-dice/v1"
_POOL_VERSION = "variant-pool/v1"
_ACCEPT_BELOW = 252  # the largest multiple of 6 that fits in a byte: rejection sampling keeps the die fair


def new_seed() -> str:
    """A fresh secret seed: 32 random bytes from :mod:`secrets`, as 64 lower-case hex characters."""
    return secrets.token_hex(SEED_BYTES)


def block_id(event_slug: str, index: int) -> str:
    """The identity the dice of a variant block derive from: ``"<event slug>/block-<index>"``."""
    return f"{event_slug}/block-{index}"


def _normalise_seed(seed: str) -> str:
    text = seed.strip().lower() if isinstance(seed, str) else ""
    if len(text) != 2 * SEED_BYTES or any(c not in "0123456789abcdef" for c in text):
        raise ValueError(f"a seed is {2 * SEED_BYTES} hex characters ({SEED_BYTES} bytes)")
    return text


def commitment(seed: str) -> str:
    """SHA-256 (hex) of the seed's 64 lower-case hex characters as ASCII text, no newline."""
    return hashlib.sha256(_normalise_seed(seed).encode("ascii")).hexdigest()


def _dice(seed: str, block: str) -> Iterator[int]:
    if not isinstance(block, str) or not block:
        raise ValueError("a block identity is non-empty text, e.g. 'demo-rvc-swiss/block-2'")
    key = bytes.fromhex(_normalise_seed(seed))
    counter = 0
    while True:
        digest = hmac.new(key, f"{_VERSION}/{counter}/{block}".encode(), hashlib.sha256).digest()
        for byte in digest:
            if byte < _ACCEPT_BELOW:
                yield byte % 6 + 1
        counter += 1


def derive_choice(seed: str, block: str, count: int) -> int:
    """The index (0 .. count-1) of the variant a pool of ``count`` draws for ``block``, from the committed seed."""
    if not isinstance(count, int) or not 1 <= count <= 256:
        raise ValueError("a pool holds 1 to 256 variants")
    if not isinstance(block, str) or not block:
        raise ValueError("a block identity is non-empty text, e.g. 'demo-pool/block-1'")
    key = bytes.fromhex(_normalise_seed(seed))
    accept_below = 256 - 256 % count  # rejection sampling: every variant equally likely
    counter = 0
    while True:
        digest = hmac.new(key, f"{_POOL_VERSION}/{counter}/{block}".encode(), hashlib.sha256).digest()
        for byte in digest:
            if byte < accept_below:
                return byte % count
        counter += 1


def verify_pool(seed: str, commitment_hex: str, block: str, pool: Sequence[str], variant: str) -> bool:
    """True when ``seed`` matches ``commitment_hex`` and draws ``variant`` from ``pool`` for ``block``."""
    try:
        if not hmac.compare_digest(commitment(seed), commitment_hex.strip().lower()):
            return False
        return list(pool)[derive_choice(seed, block, len(pool))] == variant
    except (ValueError, AttributeError, TypeError, IndexError):
        return False


def _format(dice: Sequence[int]) -> str:
    return "-".join(str(d) for d in sorted(dice))


def derive_rolls(seed: str, block: str, two_rolls: bool) -> tuple[str, str | None]:
    """The dice for ``block``: ``("2-4-4", "1-3-5")``, or ``("2-4-4", None)`` with one roll or after three alike."""
    stream = _dice(seed, block)
    first = [next(stream) for _ in range(3)]
    if not two_rolls or len(set(first)) == 1:
        return _format(first), None
    second = [next(stream) for _ in range(3)]
    return _format(first), _format(second)


def _normalise_roll(text: str) -> str:
    parts = text.strip().split("-")
    if len(parts) != 3 or not all(p.strip().isascii() and p.strip().isdigit() and 1 <= int(p) <= 6 for p in parts):
        raise ValueError(f"roll {text!r} must be three dice 1..6 joined by '-'")
    return _format([int(p) for p in parts])


def verify(
    seed: str,
    commitment_hex: str,
    block: str,
    first: str,
    second: str | None,
    *,
    two_rolls: bool | None = None,
) -> bool:
    """True when ``seed`` matches ``commitment_hex`` and derives exactly ``first`` and ``second`` for ``block``.

    Rolls compare in any die order. ``two_rolls`` (the event's setting, when known) also rejects a suppressed or
    invented second roll; without it the number of rolls is taken from ``second``. Malformed input is False.
    """
    try:
        if not hmac.compare_digest(commitment(seed), commitment_hex.strip().lower()):
            return False
        claimed = (_normalise_roll(first), None if second is None else _normalise_roll(second))
        wanted_two = (second is not None) if two_rolls is None else two_rolls
        return derive_rolls(seed, block, wanted_two) == claimed
    except (ValueError, AttributeError, TypeError):
        return False


def _layout_line(first: str, second: str | None) -> str | None:
    """The array the dice give, when the rest of the project is importable (optional for a copied file)."""
    try:
        from variants.dice import layout
    except ImportError:
        return None
    return " ".join(layout(first, second).names)


class _OneLineParser(argparse.ArgumentParser):
    """Bad input is one line on stderr and exit status 2, without the usage block."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message}\n")


def main(argv: Sequence[str] | None = None) -> int:
    parser = _OneLineParser(
        prog="python -m variants.fairroll",
        description="Re-derive a revealed Random Variant Chess server roll and check it against its commitment.",
    )
    parser.add_argument("--new", action="store_true", help="print a fresh seed and its commitment, then exit")
    parser.add_argument("--seed", help="the revealed seed (64 hex characters)")
    parser.add_argument("--commitment", help="the SHA-256 commitment published before the roll")
    parser.add_argument("--block", help="the block identity, e.g. demo-rvc-swiss/block-2")
    parser.add_argument("--two-rolls", action="store_true", help="the event uses a second roll")
    parser.add_argument("--first", help="the first roll the event announced (optional, checked too)")
    parser.add_argument("--second", help="the second roll the event announced (optional, checked too)")
    parser.add_argument("--pool", help="a variant pool's keys in the event's order, comma-separated: chess,reach,rvc")
    parser.add_argument("--variant", help="with --pool: the variant the event announced (optional, checked too)")
    args = parser.parse_args(argv)

    if args.new:
        seed = new_seed()
        print(f"seed {seed}\ncommitment {commitment(seed)}")
        return 0
    missing = [flag for flag in ("seed", "commitment", "block") if not getattr(args, flag)]
    if missing:
        parser.error("missing " + ", ".join(f"--{flag}" for flag in missing))
    if args.second and not args.first:
        parser.error("--second needs --first")
    if args.variant and not args.pool:
        parser.error("--variant needs --pool")
    pool = [key.strip() for key in args.pool.split(",")] if args.pool else []
    if args.pool and not all(pool):
        parser.error("--pool is variant keys separated by commas")
    try:
        expected = commitment(args.seed)
        drawn = pool[derive_choice(args.seed, args.block, len(pool))] if pool else None
        first, second = derive_rolls(args.seed, args.block, args.two_rolls)
        claimed = None
        if args.first:
            claimed = (_normalise_roll(args.first), _normalise_roll(args.second) if args.second else None)
    except ValueError as error:
        parser.error(str(error))

    ok = hmac.compare_digest(expected, args.commitment.strip().lower())
    print(f"block       {args.block}")
    print(f"commitment  {'OK' if ok else f'MISMATCH (the seed hashes to {expected})'}")
    if drawn is not None:
        print(f"variant     {drawn} (drawn from {', '.join(pool)}; the dice below start it if it is rolled)")
        if args.variant and args.variant.strip() != drawn:
            ok = False
            print(f"announced   {args.variant.strip()}: MISMATCH")
    print(f"first roll  {first}")
    print(f"second roll {second or '-'}")
    array = _layout_line(first, second)
    if array:
        print(f"array       {array}")
    if claimed is not None:
        same = claimed == (first, second)
        ok = ok and same
        if not same:
            print(f"announced   {claimed[0]} {claimed[1] or '-'}: MISMATCH")
    print("OK" if ok else "MISMATCH")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
