"""The exports of a team event (issue 27): the TRF-16 team records (``013``), the PGN team tags, the team
standings and each board's scorers as CSV. Only published rounds and final results count, as in every export."""

from __future__ import annotations

import csv
import io
from decimal import Decimal

from scoring import get_profile
from tournaments.exports.standings_csv import csv_cell, points_text
from tournaments.models import Event, Game, Player, Team, TeamMatch, TeamMember
from tournaments.public.queries import published_rounds
from tournaments.public.rating import performance
from tournaments.team_results import standings_rows
from variants.terminations import FORFEIT

TEAM_NAME_WIDTH = 32  # TRF-16 013: columns 5-36 the team's name, then the start ranks of its players, 4 wide each


def teams_by_player(event: Event) -> dict[int, str]:
    """Each roster player's team name (empty for an event of players); kept on the event object for a whole export."""
    cached = getattr(event, "_teams_by_player", None)
    if cached is None:
        cached = {}
        if event.competitor == "team":
            cached = dict(TeamMember.objects.filter(team__event=event).values_list("player_id", "team__name"))
        event._teams_by_player = cached
    return cached


def team_records(event: Event, start_rank: dict[int, int]) -> list[str]:
    """The ``013`` lines: each team's name and its players' start ranks (roster order)."""
    lines = []
    for team in Team.objects.filter(event=event).order_by("seed", "id"):
        numbers = [start_rank[m.player_id] for m in team.members.order_by("board") if m.player_id in start_rank]
        name = team.name.replace("\r", " ").replace("\n", " ")[:TEAM_NAME_WIDTH].ljust(TEAM_NAME_WIDTH)
        lines.append("013 " + name + "".join(f"{n:>4}" if i == 0 else f" {n:>4}" for i, n in enumerate(numbers)))
    return lines


def team_standings_csv(event: Event) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(["Rank", "Team ID", "Team", "Match points", "Board points", "Matches", "OSB", "BH-MP", "DE"])
    for row in standings_rows(event):
        breaks = row["tiebreaks"]
        writer.writerow([row["rank"], row["team"]["id"], csv_cell(row["team"]["name"]), points_text(row["match_points"]),
                         points_text(row["board_points"]), row["matches"],
                         *(points_text(breaks.get(code)) for code in ("OSB", "BH-MP", "DE"))])  # fmt: skip
    return out.getvalue()


def board_scores(event: Event) -> list[dict]:
    """Per team and match board: who played it, their points, games and performance rating (the TPR the standings
    give, tournaments.public.rating: games over the board only, each as the share of the game's points won,
    against the opponent's rating), from the final results of published rounds."""
    rounds = list(published_rounds(event))
    games = {(g.round_id, g.board): g for g in Game.objects.filter(round__in=rounds, result_status=Game.ResultStatus.FINAL)}
    names = dict(TeamMember.objects.filter(team__event=event).values_list("player_id", "player__name"))
    seated = {g.white_id for g in games.values()} | {g.black_id for g in games.values()}
    ratings = dict(Player.objects.filter(pk__in=seated).values_list("pk", "rating"))
    game_total = get_profile(event.scoring).game_total
    table: dict[tuple[int, int, int], dict] = {}
    for match in TeamMatch.objects.filter(round__in=rounds).exclude(second=None).select_related("first", "second"):
        for i in range(event.boards):
            game = games.get((match.round_id, match.first_board + i))
            if game is None:
                continue
            on_white, on_black = (match.first, match.second) if i % 2 == 0 else (match.second, match.first)  # C.04
            white = (on_white, game.white_id, game.white_points, game.black_id)
            black = (on_black, game.black_id, game.black_points, game.white_id)
            for team, player, points, opponent in (white, black):
                row = table.setdefault((team.pk, i + 1, player), {
                    "team": team.name, "board": i + 1, "player_id": player, "name": names.get(player, ""),
                    "points": Decimal(0), "games": 0, "rated": []})  # fmt: skip
                row["points"] += points or 0
                row["games"] += 1
                if game.termination != FORFEIT:
                    row["rated"].append((ratings.get(opponent, 0), float(points or 0) / game_total))
    for row in table.values():
        row["performance"] = performance(row.pop("rated"))
    return sorted(table.values(), key=lambda r: (r["board"], -r["points"], r["games"], r["name"]))


def board_scorers_csv(event: Event) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(["Board", "Team", "Player ID", "Name", "Points", "Games", "Performance"])
    for row in board_scores(event):
        writer.writerow([row["board"], csv_cell(row["team"]), row["player_id"], csv_cell(row["name"]),
                         points_text(row["points"]), row["games"], csv_cell(row["performance"])])  # fmt: skip
    return out.getvalue()
