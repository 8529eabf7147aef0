"""Benchmark: one Dutch round for 100, 500 and 1,000 players in rounds 3 and 9, side by side with bbpPairings.

    .venv/bin/python benchmarks/dutch.py [--sizes 100 500 1000] [--rounds 3 9] [--bbp PATH] [--repeat 1]

Each event's history is made by pairing its earlier rounds with our engine (identical to bbpPairings, see
tests/pairing/test_dutch_matches_bbppairings.py) and drawing results from the ratings with a fixed seed (draws,
3% forfeits, 2% half-point byes requested in advance). The TRF before the measured round is written once under
``--work`` and both engines pair that same file: ours in-process (``pair_dutch``, parse included, best of
``--repeat``), as ``manage.py pair_trf`` (one of manage.py's pure tools: Django does not start) and as
``python -m pairing.dutch.cli``, bbpPairings (``--bbp`` or $BBPPAIRINGS; skipped when absent) as a
process. All outputs are compared.
Results: docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pairing.dutch import pair_dutch  # noqa: E402
from pairing.trf import RoundEntry, TrfPlayer, TrfTournament, parse_trf, write_trf  # noqa: E402


def _play(rng: random.Random, tournament: TrfTournament, lines: list[str], k: int) -> None:
    by_number = {p.number: p for p in tournament.players}
    for line in lines[1:]:
        white, black = (int(x) for x in line.split())
        if black == 0:
            by_number[white].rounds.append(RoundEntry(None, "-", "U"))
            continue
        w, b = by_number[white], by_number[black]
        expected = 1 / (1 + 10 ** ((b.rating - w.rating) / 400))
        roll = rng.random()
        if roll < 0.03:
            codes = ("+", "-") if roll < 0.015 else ("-", "+")
        else:
            codes = ("1", "0") if roll < expected - 0.15 else ("=", "=") if roll < expected + 0.15 else ("0", "1")
        w.rounds.append(RoundEntry(black, "w", codes[0]))
        b.rounds.append(RoundEntry(white, "b", codes[1]))
    for player in tournament.players:
        if len(player.rounds) < k:
            player.rounds.append(RoundEntry(None, "-", "Z"))
        player.points = sum(entry.points(tournament.points) for entry in player.rounds)


def history(n: int, before: int, seed: int) -> TrfTournament:
    """An event of n players with rounds 1..before-1 played and the byes for round ``before`` entered."""
    rng = random.Random(seed * 7919 + n)
    ratings = sorted((rng.randint(1000, 2800) for _ in range(n)), reverse=True)
    players = [TrfPlayer(number=i, name=f"Player {i}", rating=r) for i, r in enumerate(ratings, start=1)]
    tournament = TrfTournament(players=players, total_rounds=9, initial_colour="w")
    for k in range(1, before + 1):
        for player in players:
            if rng.random() < 0.02 and k < 9:
                player.rounds.append(RoundEntry(None, "-", "H"))
        if k == before:
            break
        _play(rng, tournament, pair_dutch(tournament).lines(), k)
    return tournament


def _timed(command: list[str]) -> tuple[float, str]:
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT)
    elapsed = time.perf_counter() - start
    if done.returncode:
        raise RuntimeError(f"{command[0]} failed: {done.stderr.strip()}")
    return elapsed, done.stdout


def measure(path: Path, bbp: str | None, repeat: int) -> dict[str, object]:
    text = path.read_text(encoding="utf-8")
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        ours = pair_dutch(parse_trf(text)).lines()
        best = min(best, time.perf_counter() - start)
    process, printed = _timed([sys.executable, "manage.py", "pair_trf", "--system", "dutch", str(path)])
    pure, printed_pure = _timed([sys.executable, "-m", "pairing.dutch.cli", "--system", "dutch", str(path)])
    same_cli = printed.split() == printed_pure.split() == " ".join(ours).split()
    row: dict[str, object] = {"ours": best, "process": process, "pure": pure, "same_cli": same_cli}
    if bbp:
        out = path.with_suffix(".bbp")
        elapsed, _ = _timed([bbp, "--dutch", str(path), "-p", str(out)])
        row["bbp"] = elapsed
        row["same"] = out.read_text(encoding="utf-8").split() == " ".join(ours).split()
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 500, 1000])
    parser.add_argument("--rounds", type=int, nargs="+", default=[3, 9])
    parser.add_argument("--bbp", default=os.environ.get("BBPPAIRINGS"))
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--work", type=Path, default=Path("/tmp/dutch-benchmark"))
    args = parser.parse_args()
    args.work.mkdir(parents=True, exist_ok=True)
    print(f"load average {Path('/proc/loadavg').read_text().split()[:3]}", flush=True)
    print(f"{'players':>7} {'round':>5} {'ours s':>8} {'manage.py s':>11} {'-m cli s':>8} {'bbp s':>8} {'same':>5}")
    for n in args.sizes:
        for k in args.rounds:
            path = args.work / f"dutch-{n}-r{k}-s{args.seed}.trf"
            if not path.exists():
                path.write_text(write_trf(history(n, k, args.seed)), encoding="utf-8")
            row = measure(path, args.bbp, args.repeat)
            bbp = f"{row['bbp']:8.2f}" if "bbp" in row else f"{'-':>8}"
            same = row.get("same", row["same_cli"])
            print(f"{n:>7} {k:>5} {row['ours']:8.2f} {row['process']:11.2f} {row['pure']:8.2f} {bbp} {str(same):>5}",
                  flush=True)  # fmt: skip
    print(f"load average {Path('/proc/loadavg').read_text().split()[:3]}")


if __name__ == "__main__":
    main()
