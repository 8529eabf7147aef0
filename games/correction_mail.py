"""The mail point of a correction after publication (issue 24): who is told what when a published round's pairing
is corrected before play, or the round is unpublished.

:func:`correction_notices` words one notice per player concerned (their board, colour and opponent now, or their
bye, or that the round is withdrawn for correction). :func:`mail_correction` is called by the hook's receiver
(games.receivers, on ``round-corrected``) inside the change's transaction; this branch has no mail service yet
(issue 23 builds it: ``games.mail`` with its outbox queue), so it returns the notices unsent. When mail is on,
each notice is queued there, to the player's address, in this same transaction.
"""

from __future__ import annotations

from dataclasses import dataclass

from tournaments.models import Event, Game, Player, Round


@dataclass(frozen=True)
class Notice:
    player_id: int
    subject: str
    text: str


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
        notices.append(Notice(player.pk, subject, f"{detail.get('text', '')}\n\n{now}".strip()))
    return notices


def mail_correction(event: Event, rnd: Round, detail: dict) -> list[Notice]:
    """The mail point: the notices to send (issue 23's mail queue sends them once merged; unsent here)."""
    return correction_notices(event, rnd, detail)
