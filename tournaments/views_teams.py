"""The pages of a team event (issue 27): a team (roster, board scores, each match with its boards), the captain's
line-up form, the team standings (on the standings page); the team exports are served by tournaments.views_exports."""

from __future__ import annotations

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import ValidationError
from django.db.models import Q
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from tournaments.exports.teams import board_scores
from tournaments.models import Game, Round, Team, TeamMatch
from tournaments.public import queries
from tournaments.services.errors import reasons
from tournaments.services.events import is_arbiter
from tournaments.services.teams import lineup_for, may_submit, submit_lineup
from tournaments.team_results import score_of, standings_rows
from tournaments.views_public import _base_context, public_event_or_404


def _team(event, team_id: int) -> Team:
    team = Team.objects.filter(event=event, pk=team_id).select_related("captain").first() if team_id < 2**63 else None
    if team is None:
        raise Http404(f"No team {team_id} in {event.slug!r}.")
    return team


def match_boards(match: TeamMatch, boards: int) -> list[dict]:
    """A match's boards: the board, who plays White and Black, the result (final results only)."""
    games = Game.objects.filter(round=match.round, board__gte=match.first_board, board__lt=match.first_board + boards)
    rows = []
    for i, game in enumerate(games.select_related("white", "black").order_by("board"), start=1):
        final = game.result_status == Game.ResultStatus.FINAL
        rows.append({"board": i, "game": game, "white": game.white, "black": game.black,
                     "result": game.result if final else "", "first_white": i % 2 == 1})  # fmt: skip
    return rows


def _matches(event, team: Team) -> list[dict]:
    rounds = list(queries.published_rounds(event))
    found = TeamMatch.objects.filter(Q(first=team) | Q(second=team), round__in=rounds)
    out = []
    for match in found.select_related("round", "first", "second").order_by("round__number"):
        boards = match_boards(match, event.boards) if match.second_id else []
        games = {(row["game"].round_id, row["game"].board): row["game"] for row in boards}
        score = score_of(match, games, event.boards)
        out.append({"match": match, "round": match.round.number, "boards": boards, "score": score})
    return out


def team_detail(request, slug: str, team_id: int):
    event = public_event_or_404(slug, request.user, request.GET.get("section"))
    team = _team(event, team_id)
    context = _base_context(event, "teams")
    scores = [row for row in board_scores(event) if row["team"] == team.name]
    standing = next((row for row in standings_rows(event) if row["team"]["id"] == team.pk), None)
    context.update(team=team, roster=team.members.select_related("player").order_by("board"), scores=scores,
                   matches=_matches(event, team), standing=standing,
                   may_edit=is_arbiter(request.user, event) or may_submit(request.user, team))  # fmt: skip
    return render(request, "tournaments/team_detail.html", context)


def _next_round(event) -> int:
    paired = Round.objects.filter(event=event).exclude(status=Round.Status.PENDING).order_by("-number").first()
    return (paired.number if paired else 0) + 1


@require_http_methods(["GET", "POST"])
def lineup_form(request, slug: str, team_id: int):
    """The captain's (or the director's) line-up for the next round: one choice per board, in roster order."""
    event = public_event_or_404(slug, request.user, request.GET.get("section"))
    team = _team(event, team_id)
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    if not (is_arbiter(request.user, event) or may_submit(request.user, team)):
        raise Http404("Only the team's captain and the event's staff submit its line-up.")
    number, errors, status = _next_round(event), [], 200
    roster = list(team.members.select_related("player").order_by("board"))
    current = lineup_for_or_empty(team, number)
    if request.method == "POST":
        chosen = [int(v) for v in (request.POST.get(f"board{i}", "") for i in range(1, event.boards + 1)) if v.isdigit()]
        try:
            submit_lineup(team, number, chosen, by=request.user)
            return redirect(reverse("event-team", args=[event.slug, team.pk]) + "?saved=1")
        except ValidationError as exc:
            errors, status, current = [text for _, text in reasons(exc)], 400, chosen
    context = _base_context(event, "teams")
    context.update(team=team, roster=roster, number=number, errors=errors,
                   boards=[{"board": i, "chosen": current[i - 1] if i <= len(current) else None}
                           for i in range(1, event.boards + 1)])  # fmt: skip
    return render(request, "tournaments/lineup_form.html", context, status=status)


def lineup_for_or_empty(team: Team, number: int) -> list[int]:
    try:
        return lineup_for(team, number)
    except ValidationError:
        return []
