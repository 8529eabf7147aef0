"""Each player's colour sequence against the seed's pattern (docs/pairing.md, "Colour report")."""

from __future__ import annotations

from pairing.colours import summarize
from tournaments.models import Event
from tournaments.services.history import event_history


def colour_report(event: Event) -> dict:
    """{"rounds", "rows": [{player_id, name, sequence, failures_after_odd, extra_changes_after_even, whites,
    blacks}], "failures_after_odd", "extra_changes_after_even"} over the rounds paired so far."""
    rounds = event.rounds.count()
    rows = []
    for h in sorted(event_history(event).values(), key=lambda h: (h.seed, h.name)):
        s = summarize(h.colour_string(rounds))
        rows.append(
            {
                "player_id": h.player_id,
                "name": h.name,
                "sequence": s.sequence,
                "failures_after_odd": s.failures_after_odd,
                "extra_changes_after_even": s.extra_changes_after_even,
                "whites": s.whites,
                "blacks": s.blacks,
            }
        )
    return {
        "event": event.slug,
        "rounds": rounds,
        "rows": rows,
        "failures_after_odd": sum(r["failures_after_odd"] for r in rows),
        "extra_changes_after_even": sum(r["extra_changes_after_even"] for r in rows),
    }
