"""The mails of play (issue 23): a round published (each player's board, colour, opponent, variant and start), the
opponent reported a result (with links to confirm or dispute it), a dispute decided.

Each is recorded with the change it tells of (outbox.mail, inside its transaction) and goes to the player's login's
address, or else the address the import gave, unless the person turned that kind off (accounts.notifications).
The round and dispute mails answer the hook (tournaments.signals.record_changed), connected in GamesConfig.ready.
"""

from __future__ import annotations

from django.conf import settings
from django.urls import reverse

from accounts import notifications
from games.models import ResultReport
from outbox.mail import queue_mail
from tournaments.models import Event, Game, Player, Round
from tournaments.signals import ROUND_PUBLISHED
from variants.registry import get_engine


def address_of(player: Player) -> str:
    user = player.user
    return (user.email if user is not None and user.email else "") or player.email


def send_to(player: Player, kind: str, template: str, context: dict) -> None:
    """Queue mail ``template`` to ``player`` (their login's address, else the imported one) unless they turned
    ``kind`` off (accounts.notifications); nothing when there is no address."""
    to = address_of(player)
    if to and notifications.wants(player.user, kind):
        queue_mail(to, template, {"player": player.name, **context}, kind=kind)


def _links(game: Game) -> dict:
    rnd = game.round
    site = settings.SITE_URL
    return {
        "play_url": site + reverse("game-play", args=[game.pk]),
        "game_url": site + reverse("game-live", args=[game.pk]),
        "round_url": site + reverse("event-round", args=[rnd.event.slug, rnd.number]),
        "report_url": site + reverse("game-report", args=[game.pk]),
    }


def round_published(rnd: Round) -> None:
    """Tell each player of ``rnd`` their board, colour, opponent, variant and start time (or their bye)."""
    event = rnd.event
    for game in rnd.games.select_related("white__user", "black__user").order_by("board"):
        common = {"event": event.name, "round": rnd.number, "board": game.board, "starts_at": rnd.starts_at,
                  "variant": get_engine(game.variant).name, "time_control": event.time_control, **_links(game)}  # fmt: skip
        for me, colour, opponent in ((game.white, "White", game.black), (game.black, "Black", game.white)):
            context = {**common, "colour": colour, "opponent": opponent.name, "opponent_rating": opponent.rating}
            send_to(me, notifications.ROUND_PUBLISHED, "round_published", context)
    site = settings.SITE_URL
    for bye in rnd.byes.select_related("player__user"):
        context = {"event": event.name, "round": rnd.number, "starts_at": rnd.starts_at, "kind": bye.get_kind_display(),
                   "points": bye.points, "round_url": site + reverse("event-round", args=[event.slug, rnd.number])}  # fmt: skip
        send_to(bye.player, notifications.ROUND_PUBLISHED, "round_bye", context)


def result_reported(report: ResultReport) -> None:
    """Tell the reporter's opponent what was reported, with links to confirm or dispute it."""
    game = Game.objects.select_related("white__user", "black__user", "round__event").get(pk=report.game_id)
    opponent = game.black if game.white.user_id == report.reporter_id else game.white
    reporter = game.white if opponent == game.black else game.black
    context = {"event": game.round.event.name, "round": game.round.number, "board": game.board, "reporter": reporter.name,
               "result": report.result, "termination": report.termination.replace("-", " "), **_links(game)}  # fmt: skip
    send_to(opponent, notifications.RESULT_REPORTED, "result_reported", context)


def dispute_decided(game: Game) -> None:
    """Tell both players the result an arbiter gave a disputed game."""
    context = {"event": game.round.event.name, "round": game.round.number, "board": game.board, "result": game.result,
               "termination": game.termination.replace("-", " "), "white": game.white.name, "black": game.black.name,
               **_links(game)}  # fmt: skip
    for player in (game.white, game.black):
        send_to(player, notifications.DISPUTE_DECIDED, "dispute_decided", context)


def on_record_changed(sender: type, change: str, event: Event | None = None, game: Game | None = None,
                      round: Round | None = None, by=None, **kwargs: object) -> None:  # fmt: skip
    """The mail that answers the hook: a round published. (A disputed game's result given by an arbiter is told
    by games.receivers, which knows the dispute before it settles the reports: :func:`dispute_settled`.)"""
    if change == ROUND_PUBLISHED and round is not None:
        round_published(round)


def dispute_settled(game: Game, by) -> None:
    """An arbiter (not a player of the game) gave the result of a disputed game: tell both players."""
    if by is not None and by.pk not in (game.white.user_id, game.black.user_id):
        dispute_decided(game)
