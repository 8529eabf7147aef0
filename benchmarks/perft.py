"""Perft speed of the fairy engine against python-chess, and the replay speed of a 200-ply game.

    .venv/bin/python benchmarks/perft.py [--runs 3] [--write docs/benchmarks/perft.md]

Whole process against whole process: ``manage.py perft --variant chess --depth 4`` against a python-chess
perft 4 script, each in a subprocess, timed by wall clock and by the child's CPU time (user + sys, steadier on
a shared machine); best of ``--runs``. In-process nodes per second for plain chess (perft 4), the standard 12x8
array (perft 3) and python-chess (perft 4). Then a 200-ply Random Variant Chess game replayed from PGN with full
validation.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

PYTHON_CHESS_PERFT = """
import sys, chess
def perft(board, depth):
    if depth == 1:
        return board.legal_moves.count()
    total = 0
    for move in board.legal_moves:
        board.push(move)
        total += perft(board, depth - 1)
        board.pop()
    return total
print(perft(chess.Board(), int(sys.argv[1])))
"""


def child_run(command: list[str]) -> tuple[float, float, str]:
    """(wall seconds, child CPU seconds, last output line)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, done.stdout.strip().splitlines()[-1]


def best(command: list[str], runs: int) -> tuple[float, float, str]:
    results = [child_run(command) for _ in range(runs)]
    return min(r[0] for r in results), min(r[1] for r in results), results[0][2]


def in_process(func, runs: int) -> tuple[float, int]:
    timings = []
    nodes = 0
    for _ in range(runs):
        start = time.process_time()
        nodes = func()
        timings.append(time.process_time() - start)
    return min(timings), nodes


def replay_game(plies: int = 200) -> tuple[str, float, int]:
    from variants.rvc import RandomVariantEngine

    for seed in range(100):
        chooser = random.Random(seed)
        engine = RandomVariantEngine.new(roll="1-1-1")
        while len(engine.moves()) < plies and engine.legal_moves():
            engine.play(chooser.choice(engine.legal_moves()))
        if len(engine.moves()) == plies:
            text = engine.to_pgn()
            start = time.perf_counter()
            again = RandomVariantEngine.from_pgn(text)
            elapsed = time.perf_counter() - start
            assert again.position() == engine.position()
            return text, elapsed, len(again.moves())
    raise RuntimeError("no random game lasted 200 plies")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--write", help="write the Markdown report to this file")
    args = parser.parse_args()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

    python = sys.executable
    ours_cmd = [python, "manage.py", "perft", "--variant", "chess", "--depth", "4"]
    theirs_cmd = [python, "-c", PYTHON_CHESS_PERFT, "4"]
    ours_wall, ours_cpu, ours_nodes = best(ours_cmd, args.runs)
    theirs_wall, theirs_cpu, theirs_nodes = best(theirs_cmd, args.runs)
    assert ours_nodes == theirs_nodes == "197281", (ours_nodes, theirs_nodes)
    startup_wall, startup_cpu, _ = best([python, "manage.py", "perft", "--variant", "chess", "--depth", "0"], args.runs)

    import chess

    from variants.chess8 import ChessEngine
    from variants.rvc import RandomVariantEngine

    namespace: dict = {}
    exec(PYTHON_CHESS_PERFT.replace("print(perft(chess.Board(), int(sys.argv[1])))", ""), namespace)  # noqa: S102
    chess_t, chess_n = in_process(lambda: ChessEngine.new().perft(4), args.runs)
    rvc_t, rvc_n = in_process(lambda: RandomVariantEngine.new(roll="1-1-1").perft(3), args.runs)
    pc_t, pc_n = in_process(lambda: namespace["perft"](chess.Board(), 4), args.runs)
    _, replay_s, replay_plies = replay_game()

    cpuinfo = Path("/proc/cpuinfo").read_text(encoding="utf-8").splitlines()
    cpu_model = next((line.split(":", 1)[1].strip() for line in cpuinfo if line.startswith("model name")), "?")
    lines = [
        "# Perft benchmark: fairy engine vs python-chess",
        "",
        f"Command: `.venv/bin/python benchmarks/perft.py --runs {args.runs}` (best of {args.runs}).",
        f"Machine: {os.cpu_count()} CPUs (`nproc`), {cpu_model}, Python {platform.python_version()}, "
        f"python-chess {chess.__version__}. The machine was shared with other jobs: wall times are noisy, the "
        "child CPU time (user + sys) is the steadier figure.",
        "",
        "## Whole process (perft 4 of plain chess, 197281 nodes)",
        "",
        "| process | wall s | CPU s |",
        "| --- | ---: | ---: |",
        f"| `manage.py perft --variant chess --depth 4` | {ours_wall:.2f} | {ours_cpu:.2f} |",
        f"| python-chess perft 4 script | {theirs_wall:.2f} | {theirs_cpu:.2f} |",
        f"| `manage.py perft ... --depth 0` (Django start-up alone) | {startup_wall:.2f} | {startup_cpu:.2f} |",
        "",
        f"Speed ratio, ours / python-chess (1.0 = as fast, target >= 0.5): wall {theirs_wall / ours_wall:.2f}, "
        f"CPU {theirs_cpu / ours_cpu:.2f}.",
        "",
        "## In process (search only)",
        "",
        "| search | nodes | CPU s | nodes/s |",
        "| --- | ---: | ---: | ---: |",
        f"| fairy engine, plain chess perft 4 | {chess_n} | {chess_t:.3f} | {chess_n / chess_t:,.0f} |",
        f"| fairy engine, standard 12x8 array (1-1-1) perft 3 | {rvc_n} | {rvc_t:.3f} | {rvc_n / rvc_t:,.0f} |",
        f"| python-chess, plain chess perft 4 | {pc_n} | {pc_t:.3f} | {pc_n / pc_t:,.0f} |",
        "",
        f"In-process ratio on plain chess, ours / python-chess: {pc_t / chess_t:.2f}.",
        "",
        "## Replay",
        "",
        f"A {replay_plies}-ply random Random Variant Chess game (1-1-1) read from PGN and validated move by move: "
        f"{replay_s:.3f} s (target < 0.5 s).",
        "",
    ]
    report = "\n".join(lines)
    print(report)
    if args.write:
        Path(args.write).write_text(report, encoding="utf-8")


if __name__ == "__main__":
    main()
