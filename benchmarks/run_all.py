"""Run every benchmark with its default settings, then rebuild docs/benchmarks.md (`make bench`).

The live benchmark needs PostgreSQL (DATABASE_URL or its own default) and starts gunicorn itself. Reports that a
benchmark writes itself are refreshed; the others print their numbers for the section's author to copy.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUNS = [
    ["benchmarks/perft.py", "--write", "docs/benchmarks/perft.md"],
    ["benchmarks/twilight_movegen.py"],
    ["benchmarks/chains.py"],
    ["benchmarks/pairing.py"],
    ["benchmarks/dutch.py"],  # with bbpPairings side by side when BBPPAIRINGS names its binary
    ["benchmarks/standings.py"],
    ["benchmarks/standings_page.py"],
    ["benchmarks/live.py", "--write", "docs/benchmarks/live.md"],
    ["benchmarks/store.py"],
]


def main() -> int:
    failed = []
    for run in RUNS:
        print(f"== {' '.join(run)}", flush=True)
        if subprocess.run([sys.executable, *run], cwd=ROOT).returncode != 0:
            failed.append(run[0])
    subprocess.run([sys.executable, "benchmarks/collect.py"], cwd=ROOT, check=True)
    if failed:
        print(f"failed: {', '.join(failed)}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
