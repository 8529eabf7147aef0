"""Where a live move's CPU goes, stage by stage: a cProfile of the move requests (CPU time), each stage's share
of the profiled request, applied to the CPU a move takes unprofiled (cProfile slows Python code more than C code,
so shares are approximate; the total is measured). Used by ``benchmarks/live_profile.py --stages``."""

from __future__ import annotations

import pstats

# (label, end of the file's path, function name); indentation shows what runs inside what.
STAGES = [
    ("the request (Django's WSGI handler)", "django/core/handlers/wsgi.py", "__call__"),
    ("  URL resolution", "django/core/handlers/base.py", "resolve_request"),
    ("  token check (the shared cache on Redis)", "accounts/authentication.py", "authenticate"),
    ("  JSON body parse", "rest_framework/request.py", "_parse"),
    ("  move view", "games/api_live.py", "move_view"),
    ("    health check of the kept connection", "config/postgresql/base.py", "is_usable"),
    ("    BEGIN (the transaction opens)", "django/db/transaction.py", "__enter__"),
    ("    lock query: the game row FOR UPDATE, with what the move needs", "games/play/store.py", "lock_for_move"),
    ("    engine from the per-process cache", "games/play/engines.py", "take_engine"),
    ("    the move: engine, clock, write", "games/play/moves.py", "_play"),
    ("      engine plays the move", "variants/fairy/engine.py", "play"),
    ("      position string", "variants/fairy/engine.py", "position"),
    ("      clock pressed", "clocks/clock.py", "switch"),
    ("      game end checked", "variants/fairy/engine.py", "outcome"),
    ("      write: INSERT move + UPDATE game, one statement", "games/play/store.py", "store_move"),
    ("    COMMIT and what runs after it", "django/db/transaction.py", "__exit__"),
    ("      anyone watching? (one EXISTS on Redis)", "games/listeners.py", "listened"),
    ("    the answer: game detail", "games/serializers_live.py", "game_detail"),
    ("      legal moves with SAN", "variants/fairy/engine.py", "legal_moves"),
    ("      clocks shown", "games/serializers_live.py", "_clocks"),
    ("  JSON render", "rest_framework/renderers.py", "render"),
]


def _cumulative(stats: pstats.Stats, path_end: str, name: str) -> float:
    return sum(row[3] for (path, _line, function), row in stats.stats.items() if path.endswith(path_end) and function == name)


def breakdown(stats: pstats.Stats, cpu_ms_per_move: float) -> str:
    """The stages as a Markdown table: microseconds of CPU per move and share of the request."""
    whole = _cumulative(stats, *STAGES[0][1:]) or 1.0
    lines = ["| stage | CPU us / move | share |", "| --- | --- | --- |"]
    for label, path_end, name in STAGES:
        share = _cumulative(stats, path_end, name) / whole
        indent = "&nbsp;" * (len(label) - len(label.lstrip()))
        lines.append(f"| {indent}{label.strip()} | {share * cpu_ms_per_move * 1000:.0f} | {share:.1%} |")
    return "\n".join(lines)
