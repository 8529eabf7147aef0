"""Builders for the team event tests: an event of teams made through the API, and a match's board results."""

from __future__ import annotations

from rest_framework.test import APIClient

from tournaments.models import Player


def team_event(
    client: APIClient, *, teams: int, boards: int = 4, format: str = "rr", rounds: int = 3,
    policy: str = "rvc-one-roll", scoring: str = "classical", name: str = "Club League",
) -> tuple[str, list[dict]]:  # fmt: skip
    """A team event with ``teams`` teams of ``boards`` players (rated so that team 1 is the strongest)."""
    body = {"name": name, "format": format, "rounds": rounds, "variant_policy": policy, "scoring": scoring,
            "competitor": "team", "boards": boards}  # fmt: skip
    response = client.post("/api/events/", body, format="json")
    assert response.status_code == 201, response.content
    slug = response.json()["slug"]
    made = []
    for t in range(teams):
        roster = [Player.objects.create(name=f"T{t + 1} board {b + 1}", rating=2400 - 10 * t - b).pk for b in range(boards)]
        answer = client.post(f"/api/events/{slug}/teams/", {"name": f"Team {t + 1}", "roster": roster, "captain": roster[0]},
                             format="json")  # fmt: skip
        assert answer.status_code == 201, answer.content
        made.append(answer.json())
    return slug, made


def board_rows(first_scores: list[float], first_board: int) -> list[dict]:
    """Result rows for a match's boards from the first-named team's score on each (it has White on odd boards)."""
    rows = []
    for i, score in enumerate(first_scores):
        white_score = score if i % 2 == 0 else 1 - score
        result = {1: "1-0", 0: "0-1", 0.5: "1/2-1/2"}[white_score]
        termination = "agreement" if white_score == 0.5 else "resignation"
        rows.append({"board": first_board + i, "result": result, "termination": termination})
    return rows
