"""Record FIDE's TieBreakServer's values for every TRF in ``trf/`` as ``expected/<name>.json`` (see README.md).

    .venv/bin/python tests/scoring/tiebreak_reference/run_reference.py /path/to/TieBreakServer

The reference is run as its author ships it (``tiebreakchecker.py -i FILE -t PTS CODES... -o -``, JSON on stdout),
offline, once per file and tie-break list; nothing of it is copied here, only what it printed. Its tie-break names
are the project's codes with ``/`` for ``-`` (``BH/C1`` for ``BH-C1``). The rules it applies are those in force at
the TRF's 042 start date (C.07 of 1 August 2024 before 1 March 2026, the 2026 text from then), recorded per file.
"""

from __future__ import annotations

import json
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

HERE = Path(__file__).resolve().parent

# Each list is recorded with its own ranks: the rank depends on the whole list, and DE on what precedes it.
LISTS = (
    ("BH-C1", "BH", "SB", "DE", "WIN", "BPG"),
    ("DE", "SB-C1", "BH-M1", "KS", "PS-C1", "WON"),
    ("ARO", "TPR", "PTP", "AOB", "FB", "APRO", "APPO", "PS", "BWG", "REP", "BH-C2", "BH-M2", "ARO-C1", "STD"),
    ("RTNG", "DE", "TPN"),
)


def reference_name(code: str) -> str:
    return code.replace("-", "/")


def number(value):
    """TieBreakServer prints decimals as strings ("10.50") and counts as numbers; None stays None."""
    if value is None or isinstance(value, bool):
        return value
    exact = Decimal(str(value))
    return int(exact) if exact == exact.to_integral_value() else float(exact)


def run(server: Path, trf: Path, codes: tuple[str, ...]) -> tuple[list[str], dict]:
    command = [
        sys.executable,
        "tiebreakchecker.py",
        "-i",
        str(trf),
        "-t",
        "PTS",
        *[reference_name(c) for c in codes],
        "-o",
        "-",
    ]
    done = subprocess.run(command, cwd=server, capture_output=True, text=True, check=False)
    return command, json.loads(done.stdout)


def record(server: Path, trf: Path) -> dict:
    lists: list[dict] = []
    rules = None
    for codes in LISTS:
        rules = run_list(server, trf, codes, lists) or rules
    return {"file": f"trf/{trf.name}", "rules": rules, "edition": rules[:4] if rules else None, "lists": lists}


def run_list(server: Path, trf: Path, codes: tuple[str, ...], lists: list[dict]) -> str | None:
    """Record one list (appended to ``lists``); the rules the reference applied, None when it failed."""
    command, output = run(server, trf, codes)
    shown = ["python", *command[1:3], f"trf/{trf.name}", *command[4:]]
    if output["status"]["code"]:
        # The reference fails on some round-robins (it cuts a player who has no game); the list is recorded with
        # its error, and again without its cut and median codes so the others are still compared.
        lists.append({"tiebreaks": list(codes), "command": " ".join(shown), "error": output["status"]})
        uncut = tuple(code for code in codes if "-" not in code)
        return run_list(server, trf, uncut, lists) if uncut != codes else None
    result = output["tiebreakResult"]
    players = [
        {
            "start": c["cid"],
            "rank": c["rank"],
            "points": number(c["tiebreakScore"][0]),
            "tiebreaks": {code: number(v) for code, v in zip(codes, c["tiebreakScore"][1:])},
        }
        for c in result["competitors"]
    ]
    lists.append({"tiebreaks": list(codes), "command": " ".join(shown), "players": players})
    return result["rules"]


def main() -> None:
    server = Path(sys.argv[1]).resolve()
    version = subprocess.run([sys.executable, "version.py"], cwd=server, capture_output=True, text=True, check=True)
    out = HERE / "expected"
    out.mkdir(exist_ok=True)
    for trf in sorted((HERE / "trf").glob("*.trf")):
        data = {"reference": "OttoMilvang/TieBreakServer " + version.stdout.strip(), **record(server, trf)}
        (out / f"{trf.stem}.json").write_text(json.dumps(data) + "\n")
        print(trf.name, data["rules"], flush=True)


if __name__ == "__main__":
    main()
