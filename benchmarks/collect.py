"""Gather the benchmark reports of docs/benchmarks/*.md into docs/benchmarks.md, with a summary table first.

    .venv/bin/python benchmarks/collect.py

Each benchmark writes (or its author copied) its own report into docs/benchmarks/NAME.md with the command, the
machine and the numbers; this keeps one document to read, in a fixed order.
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SECTIONS = [
    ("perft", "Move generation: fairy engine vs python-chess (issue 4)"),
    ("twilight", "Twilight Chess move generation with a reserve (issue 5)"),
    ("chains", "Switch-Side Chain-Chess: chain detection per position (issues 5, 15)"),
    ("pairing", "Swiss pairing to 10,000 players (issues 6, 15)"),
    ("dutch", "FIDE Dutch pairing against bbpPairings (issue 18)"),
    ("standings", "Standings with every tiebreak (issue 7)"),
    ("pages", "Standings pages from the snapshot (issues 7, 15)"),
    ("live", "Live games over HTTP on PostgreSQL (issues 8, 15, 26: through the proxy)"),
    ("push", "Pushed game states: a move reaching the sockets (issue 13)"),
    ("store", "Storing a move: prepared statements against the plain ORM path (issue 22)"),
    ("gameday", "A game day: whole events played live by bots on the served stack, under faults (issue 26)"),
    ("suite", "The test suite: `make test` on PostgreSQL, one process against both cores (issue 35)"),
]
HEADER = """# Benchmarks

Measured on our development machine (2 cores, see each section for the exact machine line and the load at the
time). Re-run one with the command in its section, or all of them with `make bench`, which ends by running
`benchmarks/collect.py` to rebuild this file from `docs/benchmarks/*.md`.

"""


def build() -> str:
    parts = [HEADER]
    for name, title in SECTIONS:
        path = ROOT / "docs" / "benchmarks" / f"{name}.md"
        if not path.exists():
            parts.append(f"## {title}\n\nNot measured yet (`benchmarks/{name}.py`).\n\n")
            continue
        body = path.read_text(encoding="utf-8").strip().splitlines()
        # Demote the section's own headings one level under this document's title.
        body = [("#" + line if line.startswith("#") else line) for line in body]
        if body and body[0].startswith("## "):
            body[0] = f"## {title}"
        parts.append("\n".join(body) + f"\n\n(Source: `docs/benchmarks/{name}.md`.)\n\n")
    return "".join(parts).rstrip() + "\n"


def main() -> None:
    target = ROOT / "docs" / "benchmarks.md"
    target.write_text(build(), encoding="utf-8")
    print(f"wrote {target.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
