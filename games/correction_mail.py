"""The mail point of a correction after publication (issue 24): who is told what when a published round's pairing
is corrected before play, or the round is unpublished.

:func:`correction_notices` words one notice per player concerned (their board, colour and opponent now, or their
bye, or that the round is withdrawn for correction). :func:`mail_correction` is called by the hook's receiver
(games.receivers, on ``round-corrected``) inside the change's transaction and queues each notice as a mail
(``games.mail``: the outbox sends it after the commit, to the player's address, unless they turned pairing mail
off), and returns them.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings
from django.urls import reverse

from accounts import notifications
from games import mail
from tournaments.models import Event, Game, Player, Round


@dataclass(frozen=True)
class Notice:
    player_id: int
    subject: str
    text: str
    what: str = ""  # the director's words of the correction
    now: str = ""  # where the player plays now


def correction_notices(event: Event, rnd: Round, detail: dict) -> list[Notice]:
    """One notice per player the correction concerns (``detail["players"]``), saying where they play now."""
    players = Player.objects.filter(pk__in=detail.get("players") or ()).order_by("pk")
    games = {pid: game for game in Game.objects.filter(round=rnd).select_related("white", "black")
             for pid in (game.white_id, game.black_id)}  # fmt: skip
    byes = {bye.player_id: bye for bye in rnd.byes.all()}
    subject = f"{event.name}, round {rnd.number}: your pairing changed"
    notices = []
    for player in players:
        if rnd.status == Round.Status.PAIRED:
            now = f"Round {rnd.number} was withdrawn for correction; it will be published again."
        elif player.pk in games:
            game = games[player.pk]
            colour, opponent = ("White", game.black) if game.white_id == player.pk else ("Black", game.white)
            now = f"You now play board {game.board} with {colour} against {opponent.name}."
        elif player.pk in byes:
            now = f"You now have a bye ({byes[player.pk].get_kind_display().lower()}, {byes[player.pk].points} points)."
        else:
            now = "You have no game in this round."
        what = detail.get("text", "")
        notices.append(Notice(player.pk, subject, f"{what}\n\n{now}".strip(), what, now))
    return notices


def mail_correction(event: Event, rnd: Round, detail: dict) -> list[Notice]:
    """Queue a mail of each notice to its player (games.mail: their address, their choice of mails)."""
    notices = correction_notices(event, rnd, detail)
    players = Player.objects.select_related("user").in_bulk([n.player_id for n in notices])
    round_url = settings.SITE_URL + reverse("event-round", args=[event.slug, rnd.number])
    for notice in notices:
        context = {"event": event.name, "round": rnd.number, "what": notice.what, "now": notice.now, "round_url": round_url}
        mail.send_to(players[notice.player_id], notifications.ROUND_PUBLISHED, "round_corrected", context)
    return notices
