"""Write random classical Swiss tournaments paired round by round by bbpPairings (the FIDE-endorsed Dutch engine).

    .venv/bin/python tests/pairing/dutch_fixtures/generate.py --bbp /tmp/bbp/bbpPairings.exe [--count 60] [--seed 1]

bbpPairings is built from its public source outside this repository (``make`` in a checkout under /tmp); only its
outputs are kept here. For each tournament: 20 to 150 players, 7 to 9 rounds, results drawn from the ratings
(draws, forfeits), half-point (H) and zero-point (Z) byes requested in advance, withdrawals, late entries, some
forbidden pairs (XXP), some events in pairing-number order (XXC rank) and some with Baku acceleration (given as
XXA lines, or as ``192 FIDE_DUTCH_BAKU`` for the engine to compute). Each round is paired by running bbpPairings on
the state before it (:func:`pairing.trf.state_before_round`), and its output is recorded verbatim:

* ``tNN.trf``: the whole tournament (every round), TRF-16 with XXR/XXC/XXP/XXA;
* ``tNN.pairings``: ``round K`` then bbpPairings' output for round K (count, then ``WHITE BLACK`` lines).

The test replays each round from the first file and compares with the second.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from pairing.trf import (
    NOT_PAIRED,
    RoundEntry,
    TrfPlayer,
    TrfTournament,
    state_before_round,
    write_trf,
)

HERE = Path(__file__).resolve().parent


class Unpairable(Exception):
    pass


def _event(rng: random.Random, index: int) -> tuple[TrfTournament, dict[int, int], dict[int, str]]:
    """Players (and when late entrants join), XXR, XXC, XXP and accelerations of one random event."""
    n = rng.randint(20, 150)
    rounds = rng.randint(7, 9)
    late = rng.randint(1, 4) if rng.random() < 0.3 else 0
    ratings = sorted((rng.randint(1200, 2700) for _ in range(n - late)), reverse=True)
    ratings += [rng.randint(1200, 2700) for _ in range(late)]
    players = [TrfPlayer(number=i, name=f"Player {index:02d}-{i:03d}", rating=r) for i, r in enumerate(ratings, 1)]
    joins = {p.number: rng.randint(2, 3) for p in players[n - late :]}
    missed = {number: rng.choice("ZH") for number in joins}
    tournament = TrfTournament(players=players, total_rounds=rounds, initial_colour=rng.choice("wb"))
    tournament.headers = [f"012 Random Dutch fixture {index:02d}"]
    if late and rng.random() < 0.5:  # pairing numbers by rating: late entrants slot in (XXC rank)
        tournament.by_rank = True
        tournament.players = sorted(players, key=lambda p: (-p.rating, p.number))
    if rng.random() < 0.3:
        for _ in range(rng.randint(1, 3)):
            tournament.forbidden.append(tuple(rng.sample(range(1, n + 1), rng.choice((2, 2, 3)))))
    acceleration = rng.random()
    if acceleration < 0.08:
        tournament.baku = True
        tournament.headers.append("192 FIDE_DUTCH_BAKU")
    elif acceleration < 0.2:
        tournament.accelerations = _baku_table(tournament, rounds)
    return tournament, joins, missed


def _baku_table(tournament: TrfTournament, rounds: int) -> dict[int, list[int]]:
    """Baku acceleration written out as XXA: the top half gets 1 point in the first rounds, then ½."""
    top = tournament.players[: (len(tournament.players) + 1) // 2]
    last, last_full = (rounds - 1) // 2, (rounds - 1) // 4
    row = [10 if r <= last_full else 5 if r <= last else 0 for r in range(rounds)]
    return {p.number: row for p in top}


def _pre_entries(rng, tournament, k, joins, missed, gone, withdrawn_code) -> None:
    """Absences entered before round k is paired: late entrants, withdrawals, requested byes."""
    for player in tournament.players:
        assert len(player.rounds) == k - 1
        if joins.get(player.number, 0) > k:
            player.rounds.append(RoundEntry(None, "-", missed[player.number]))
        elif player.number in gone:
            player.rounds.append(RoundEntry(None, "-", withdrawn_code))
        elif k < tournament.total_rounds and rng.random() < 0.025:
            player.rounds.append(RoundEntry(None, "-", "H"))
        elif rng.random() < 0.01:
            player.rounds.append(RoundEntry(None, "-", "Z"))


def _run_bbp(bbp: str, tournament: TrfTournament, k: int, work: Path) -> str:
    source = work / "in.trf"
    source.write_text(write_trf(state_before_round(tournament, k)), encoding="utf-8")
    done = subprocess.run([bbp, "--dutch", str(source), "-p", str(work / "out.txt")], capture_output=True, text=True)
    if done.returncode == 1:
        raise Unpairable(done.stderr.strip())
    if done.returncode:
        raise RuntimeError(f"bbpPairings failed ({done.returncode}): {done.stderr.strip()}")
    return (work / "out.txt").read_text(encoding="utf-8")


def _play(rng: random.Random, tournament: TrfTournament, output: str) -> None:
    """Record round results for the pairs bbpPairings gave: rating-driven results, 3% forfeits."""
    by_number = {p.number: p for p in tournament.players}
    for line in output.split("\n")[1:]:
        if not line.strip():
            continue
        white, black = (int(x) for x in line.split())
        if black == 0:
            by_number[white].rounds.append(RoundEntry(None, "-", "U"))
            continue
        w, b = by_number[white], by_number[black]
        if rng.random() < 0.03:
            codes = rng.choice((("+", "-"), ("-", "+")))
        else:
            expected = 1 / (1 + 10 ** ((b.rating - w.rating - 30) / 400))
            draw = 0.35 * (1 - abs(expected - 0.5) * 1.6)
            roll = rng.random()
            codes = ("1", "0") if roll < expected - draw / 2 else ("=", "=") if roll < expected + draw / 2 else ("0", "1")
        w.rounds.append(RoundEntry(black, "w", codes[0]))
        b.rounds.append(RoundEntry(white, "b", codes[1]))


def make_tournament(bbp: str, seed: int, index: int, work: Path) -> tuple[TrfTournament, list[str]]:
    rng = random.Random(seed * 1000 + index)
    tournament, joins, missed = _event(rng, index)
    gone: set[int] = set()
    withdrawn_code = rng.choice("Z-")
    outputs = []
    for k in range(1, tournament.total_rounds + 1):
        _pre_entries(rng, tournament, k, joins, missed, gone, withdrawn_code)
        output = _run_bbp(bbp, tournament, k, work)
        outputs.append(f"round {k}\n{output}")
        _play(rng, tournament, output)
        for player in tournament.players:  # whoever was not paired keeps the entry made in advance
            if len(player.rounds) < k:
                player.rounds.append(NOT_PAIRED)
        active = [p.number for p in tournament.players if p.number not in gone and joins.get(p.number, 0) <= k]
        gone |= {number for number in active if rng.random() < 0.012}
    for player in tournament.players:
        player.points = sum(entry.points(tournament.points) for entry in player.rounds)
    return tournament, outputs


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bbp", required=True, help="path to a bbpPairings executable built from its source")
    parser.add_argument("--count", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=HERE)
    args = parser.parse_args()
    written = 0
    with tempfile.TemporaryDirectory() as tmp:
        for index in range(1, args.count * 3):
            if written == args.count:
                break
            try:
                tournament, outputs = make_tournament(args.bbp, args.seed, index, Path(tmp))
            except Unpairable as exc:
                print(f"skipped {index}: {exc}", file=sys.stderr)
                continue
            written += 1
            name = f"t{written:02d}"
            (args.out / f"{name}.trf").write_text(write_trf(tournament), encoding="utf-8")
            (args.out / f"{name}.pairings").write_text("".join(outputs), encoding="utf-8")
            print(name, len(tournament.players), "players", tournament.total_rounds, "rounds", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
