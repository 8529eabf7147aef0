"""Corrections after publication, before play: a board replaced by a forfeit or a bye, and a round unpublished.

Swapping colours, setting a board and exchanging players are the pairing edits of
:mod:`tournaments.services.pairing_edits`, which take a published round too, board by board. Everything here
refuses a board whose game has a move or a result (a Conflict naming ``board``; for unpublishing, ``round``),
is audited, and is sent on the hook (``round-corrected``) so that the sockets announce it and the players
concerned are told.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction

import tournaments.services.audit as log
from tournaments.models import Game, Round
from tournaments.services.errors import Conflict
from tournaments.services.events import enter_result
from tournaments.services.pairing_edits import board_numbers, check_untouched, set_round_pairings, untouched
from tournaments.signals import ROUND_CORRECTED, send_change
from variants.terminations import FORFEIT

SIDES = ("white", "black")
#: Who forfeits -> the result of record (the present player wins; both absent: nobody scores).
FORFEIT_RESULTS = {"white": "0-1", "black": "1-0", "both": "0-0"}


def _locked_game(game: Game) -> Game:
    return Game.objects.select_for_update().select_related("round__event", "white", "black").get(pk=game.pk)


@transaction.atomic
def forfeit_board(game: Game, absent: str, *, by=None) -> Game:
    """The player(s) ``absent`` (white, black or both) forfeit a board of a published round before play: the
    result of record is a forfeit, written by record_result (its audit entry and result hook) and announced as a
    correction of the round."""
    if absent not in FORFEIT_RESULTS:
        raise ValidationError({"forfeit": f"name who forfeits: {', '.join(FORFEIT_RESULTS)}"})
    game = _locked_game(game)
    rnd = game.round
    if rnd.status != Round.Status.PUBLISHED:
        raise Conflict({"round": f"round {rnd.number} is {rnd.get_status_display().lower()}: a forfeit is entered once "
                                 "it is published and before its game is played"})  # fmt: skip
    check_untouched(rnd, [game.board])
    saved = enter_result(game, result=FORFEIT_RESULTS[absent], termination=FORFEIT, by=by)
    who = {"white": game.white.name, "black": game.black.name, "both": f"{game.white.name} and {game.black.name}"}[absent]
    text = f"Round {rnd.number} board {game.board}: {who} forfeit{'s' if absent != 'both' else ''} before play"
    send_change(ROUND_CORRECTED, event=rnd.event, round=rnd, by=by,
                detail={"what": "forfeit", "text": text, "players": [game.white_id, game.black_id]})  # fmt: skip
    return saved


@transaction.atomic
def bye_board(game: Game, present: str, *, by=None, override: str = "") -> Round:
    """Replace a board by a bye: the ``present`` player (white or black) gets the pairing bye, the other a
    zero-point bye (absent); the board is removed (its number stays free in a published round). A player who has
    had a pairing bye already needs ``override`` (a reason, audited)."""
    if present not in SIDES:
        raise ValidationError({"bye": "name who gets the bye: white or black"})
    game = _locked_game(game)
    rnd = game.round
    numbers = board_numbers(rnd)
    boards = [(g.white_id, g.black_id) for g in rnd.games.order_by("board")]
    del boards[numbers.index(game.board)]
    keeps, absent = (game.white, game.black) if present == "white" else (game.black, game.white)
    note = f"Board {game.board} replaced by a bye: {keeps.name} gets the bye, {absent.name} is absent"
    return set_round_pairings(rnd, boards, by=by, override=override, note=note, at_board=game.board, absent={absent.pk})


@transaction.atomic
def unpublish_round(rnd: Round, *, by=None) -> Round:
    """Take a published round back to paired (hidden from the public and the players) while none of its games has
    a move or a result; Conflict naming ``round`` otherwise. Idempotent for a round that is not published."""
    rnd = Round.objects.select_for_update(of=("self",)).select_related("event").get(pk=rnd.pk)
    if rnd.status == Round.Status.PAIRED:
        return rnd
    if rnd.status != Round.Status.PUBLISHED:
        status = rnd.get_status_display().lower()
        raise Conflict({"round": f"round {rnd.number} is {status}: only a published round without moves or results "
                                 "can be unpublished"})  # fmt: skip
    played = [g.board for g in rnd.games.select_for_update().order_by("board") if not untouched(g)]
    if played:
        boards = ", ".join(map(str, played))
        raise Conflict({"round": f"round {rnd.number} has a move or a result on board(s) {boards}: it stays published"})
    players = sorted({pid for g in rnd.games.all() for pid in (g.white_id, g.black_id)}
                     | set(rnd.byes.values_list("player_id", flat=True)))  # fmt: skip
    rnd.status, rnd.published_at = Round.Status.PAIRED, None
    rnd.save(update_fields=["status", "published_at"])
    text = f"Round {rnd.number} unpublished: its pairing is being corrected"
    log.audit(rnd.event, log.ROUND_UNPUBLISHED, text, by=by, round=rnd, before={"status": "published"},
              after={"status": "paired", **log.round_pairing(rnd)})  # fmt: skip
    send_change(
        ROUND_CORRECTED, event=rnd.event, round=rnd, by=by, detail={"what": "unpublished", "text": text, "players": players}
    )
    return rnd
