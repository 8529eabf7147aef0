"""CPU accounting of whole processes for the benchmarks: a server's process tree, PostgreSQL, the machine."""

from __future__ import annotations

import os
import platform
import subprocess
from pathlib import Path
from urllib.parse import urlsplit


def process_cpu_seconds(root: int) -> dict[int, float]:
    """User+system CPU seconds of ``root`` and each of its children (gunicorn's master and workers), from /proc."""
    ticks = os.sysconf("SC_CLK_TCK")
    found = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        pid, ppid = int(entry.name), int(fields[1])
        if pid == root or ppid == root:
            found[pid] = (int(fields[11]) + int(fields[12])) / ticks
    return found


def tree_cpu_seconds(root: int) -> float:
    return sum(process_cpu_seconds(root).values())


def postgres_cpu_seconds(url: str) -> float:
    """CPU seconds of the PostgreSQL backends serving the benchmark database (they live as long as gunicorn's
    persistent connections, so this is the database's work for the run, warm-up reads included)."""
    import psycopg

    name = urlsplit(url).path.strip("/")
    with psycopg.connect(url) as conn:
        pids = [
            row[0]
            for row in conn.execute("SELECT pid FROM pg_stat_activity WHERE datname = %s AND pid <> pg_backend_pid()", [name])
        ]
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / ticks
    return total


def machine() -> dict[str, str]:
    model = ""
    try:
        lscpu = subprocess.run(["lscpu"], capture_output=True, text=True, check=False).stdout
        model = next((line.split(":", 1)[1].strip() for line in lscpu.splitlines() if line.startswith("Model name")), "")
    except OSError:
        pass
    return {"nproc": str(os.cpu_count()), "cpu": model, "python": platform.python_version()}
