"""``/games/{id}/report/``: a player answers the result the opponent reported (the page the mail links to).

Opening the page changes nothing (a mail client or a link preview may open it); the answer is a form posted by the
player, through the same service as the API (games.reports.answer_report)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404
from django.shortcuts import render
from django.views.decorators.http import require_http_methods

from config.api_errors import kind_of, status_of
from games.models import ResultReport
from games.play.reads import visible_game
from games.play.seats import seats_of
from games.reports import answer_report
from tournaments import game_states
from tournaments.refusals import Refusal

ANSWERS = {"confirm": game_states.CONFIRM, "dispute": game_states.DISPUTE}
MAX_ID = 2**63 - 1


@login_required
@require_http_methods(["GET", "POST"])
def report_page(request, game_id: int):
    game = visible_game(game_id, request.user) if game_id <= MAX_ID else None
    if game is None:
        raise Http404("no such game")
    if not seats_of(game, request.user):
        return render(request, "games/report.html", {"game": game, "not_yours": True}, status=403)
    context = {"game": game, "answer": request.GET.get("answer", ""), "comment": ""}
    status = 200
    if request.method == "POST":
        answer, comment = request.POST.get("answer", ""), request.POST.get("comment", "")[:500]
        context.update(answer=answer, comment=comment)
        try:
            if answer not in ANSWERS:
                raise ValidationError("choose confirm or dispute")
            answer_report(game, request.user, ANSWERS[answer], comment)
            context["done"] = answer
        except (ValidationError, Refusal) as exc:  # game_states.Refused is a Refusal
            context["error"] = "; ".join(exc.messages) if isinstance(exc, ValidationError) else exc.reason
            status = status_of(kind_of(exc))  # the page answers with the API's status (config.api_errors)
    game.refresh_from_db()
    context["pending"] = game.reports.filter(status=ResultReport.Status.PENDING).exclude(reporter=request.user).first()
    return render(request, "games/report.html", context, status=status)
