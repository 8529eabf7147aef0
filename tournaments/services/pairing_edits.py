"""The director's edits of an unpublished round: swap colours, change a board, exchange two players, move the bye.

Every edit goes through :func:`set_round_pairings`, which checks all boards at once (every problem is reported,
naming its board and field), waives a forbidden pairing, a rematch or a second bye only with an explicit override
reason, and writes one audit entry with the pairing before and after.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from django.db import transaction

import tournaments.services.audit as log
from scoring import bye_points
from tournaments.models import Bye, Event, ForbiddenPairing, Game, Player, Round
from tournaments.services.errors import Conflict, RowErrors
from tournaments.services.history import PlayerHistory, event_history
from tournaments.services.locking import lock_round
from tournaments.services.rounds import lineup, new_board, plays

Boards = list[tuple[int, int]]


@dataclass
class _Context:
    """What checking a round's boards needs, read once."""

    rnd: Round
    regs: dict = field(default_factory=dict)
    names: dict[int, str] = field(default_factory=dict)
    history: dict[int, PlayerHistory] = field(default_factory=dict)
    forbidden: set[frozenset] = field(default_factory=set)
    requested: set[int] = field(default_factory=set)  # players with a requested bye in this round

    @classmethod
    def of(cls, rnd: Round) -> _Context:
        regs = {r.player_id: r for r in lineup(rnd.event)}
        pairs = ForbiddenPairing.objects.filter(event=rnd.event).values_list("player_a_id", "player_b_id")
        return cls(
            rnd,
            regs,
            {pid: r.player.name for pid, r in regs.items()},
            event_history(rnd.event, before_round=rnd.number),
            {frozenset(p) for p in pairs},
            set(rnd.byes.filter(kind=Bye.Kind.REQUESTED).values_list("player_id", flat=True)),
        )

    def name(self, player_id: int) -> str:
        if player_id in self.names:
            return self.names[player_id]
        return Player.objects.filter(pk=player_id).values_list("name", flat=True).first() or f"player #{player_id}"

    @property
    def swiss(self) -> bool:
        return self.rnd.event.format == Event.Format.SWISS


def editable_round(rnd: Round) -> Round:
    """The round locked for an edit; Conflict once it is published."""
    rnd = lock_round(rnd, "event", "variant_block")
    if rnd.status != Round.Status.PAIRED:
        status = rnd.get_status_display().lower()
        raise Conflict({"round": f"round {rnd.number} is {status}: pairings can change only before publication"})
    return rnd


@transaction.atomic
def set_round_pairings(rnd: Round, boards: Boards, *, by=None, override: str = "", note: str = "", at_board: int = 0) -> Round:
    """Replace an unpublished round's boards with ``boards`` = [(white id, black id)] in board order.

    Players left out who were paired get a pairing bye. Refused (RowErrors naming each board and field, nothing
    written): a player twice, unregistered, withdrawn or not yet joined, against themselves; without ``override``
    also a forbidden pairing, a Swiss rematch or a second pairing bye (named at ``at_board``, the board the edit
    was made on). One audit entry, with ``note`` saying what the director did and the override reason.
    """
    rnd = editable_round(rnd)
    ctx = _Context.of(rnd)
    override = (override or "").strip()
    errors, seen = _check_boards(ctx, boards, override)
    errors += _check_left_out(ctx, seen, override, at_board)
    if errors:
        raise RowErrors(errors, "board")
    before = log.round_pairing(rnd)
    lines = _write_boards(rnd, boards, ctx)
    lines += _give_pairing_byes(ctx, seen)
    if lines:
        text = "\n".join(([note] if note else []) + lines + ([f"Override: {override}"] if override else []))
        log.audit(rnd.event, log.PAIRING_CHANGED, text, by=by, round=rnd, before=before, after=log.round_pairing(rnd))
    return rnd


def _error(board: int, field_name: str, reason: str) -> dict:
    return {"board": board, "field": field_name, "reason": reason}


def _check_boards(ctx: _Context, boards: Boards, override: str) -> tuple[list[dict], set[int]]:
    errors: list[dict] = []
    seen: dict[int, int] = {}
    for board, (white, black) in enumerate(boards, start=1):
        for side, pid in (("white", white), ("black", black)):
            reason = _player_problem(ctx, pid)
            if reason is None and pid in seen and not (side == "black" and pid == white):
                reason = f"{ctx.name(pid)} already plays on board {seen[pid]}"
            if reason:
                errors.append(_error(board, side, reason))
            seen.setdefault(pid, board)
        if white == black:
            errors.append(_error(board, "black", f"{ctx.name(white)} cannot play themselves"))
            continue
        if not override:
            errors += _needs_override(ctx, board, white, black)
    return errors, set(seen)


def _player_problem(ctx: _Context, pid: int) -> str | None:
    if pid not in ctx.regs:
        return f"{ctx.name(pid)} is not registered in {ctx.rnd.event}"
    if not plays(ctx.regs[pid], ctx.rnd.number):
        return f"{ctx.name(pid)} has withdrawn or not joined yet"
    if pid in ctx.requested:
        return f"{ctx.name(pid)} asked for a bye in round {ctx.rnd.number}"
    return None


def _needs_override(ctx: _Context, board: int, white: int, black: int) -> list[dict]:
    pair = f"{ctx.name(white)} - {ctx.name(black)}"
    if frozenset((white, black)) in ctx.forbidden:
        return [_error(board, "override", f"{pair} is a forbidden pairing: give an override reason to pair them anyway")]
    history = ctx.history.get(white)
    if ctx.swiss and history is not None and black in history.opponents:
        reason = f"{ctx.name(white)} and {ctx.name(black)} have already met: give an override reason for a rematch"
        return [_error(board, "override", reason)]
    return []


def _check_left_out(ctx: _Context, seen: set[int], override: str, at_board: int) -> list[dict]:
    """A Swiss player left without a game who already had a pairing bye needs an override (FIDE: one bye each)."""
    if override or not ctx.swiss:
        return []
    errors = []
    for pid in _left_out(ctx, seen):
        if ctx.history[pid].had_pairing_bye:
            reason = f"{ctx.name(pid)} would be left without a game but has already had a bye: give an override reason"
            errors.append(_error(at_board, "override", reason))
    return errors


def _left_out(ctx: _Context, seen: set[int]) -> list[int]:
    number = ctx.rnd.number
    return [pid for pid, reg in ctx.regs.items() if pid not in seen and pid not in ctx.requested and plays(reg, number)]


def _pair_text(pair: tuple[int, int] | None, ctx: _Context) -> str:
    return f"{ctx.name(pair[0])} - {ctx.name(pair[1])}" if pair else "no game"


def _write_boards(rnd: Round, boards: Boards, ctx: _Context) -> list[str]:
    """Save the boards that changed and delete the ones no longer there; one line per change."""
    old = {g.board: g for g in rnd.games.all()}
    before = {b: (g.white_id, g.black_id) for b, g in old.items()}
    after = dict(enumerate(boards, start=1))
    lines = []
    for board, pair in after.items():
        if before.get(board) == pair:
            continue
        game = old.get(board) or new_board(rnd, board)
        game.white_id, game.black_id = pair
        game.save()
        lines.append(f"Round {rnd.number} board {board}: {_pair_text(before.get(board), ctx)} changed to {_pair_text(pair, ctx)}")
    for board in sorted(set(before) - set(after)):
        old[board].delete()
        lines.append(f"Round {rnd.number} board {board} removed")
    return lines


def _give_pairing_byes(ctx: _Context, seen: set[int]) -> list[str]:
    """Requested byes stay; everyone else not on a board gets a pairing bye; a player back on a board loses it."""
    rnd = ctx.rnd
    lines = []
    for bye in rnd.byes.exclude(kind=Bye.Kind.REQUESTED).filter(player_id__in=seen).select_related("player"):
        lines.append(f"Round {rnd.number}: {bye.player.name} no longer has the bye")
        bye.delete()
    have = set(rnd.byes.values_list("player_id", flat=True))
    for pid in _left_out(ctx, seen):
        if pid in have:
            continue
        points = Decimal(str(bye_points(rnd.event.scoring, Bye.Kind.PAIRING)))
        Bye.objects.create(round=rnd, player_id=pid, kind=Bye.Kind.PAIRING, points=points)
        lines.append(f"Round {rnd.number}: {ctx.name(pid)} gets the bye")
    return lines


# --- the director's operations ---------------------------------------------------------------------------------


def _boards(rnd: Round) -> Boards:
    return [(g.white_id, g.black_id) for g in rnd.games.order_by("board")]


def swap_colours(game: Game, *, by=None) -> Game:
    """Swap White and Black on one board of an unpublished round."""
    boards = _boards(game.round)
    boards[game.board - 1] = (game.black_id, game.white_id)
    set_round_pairings(game.round, boards, by=by, note=f"Colours swapped on board {game.board}")
    return Game.objects.get(pk=game.pk)


@transaction.atomic
def set_board(rnd: Round, board: int, white: int, black: int, *, by=None, override: str = "") -> Round:
    """Put ``white`` and ``black`` on ``board``; the players they replace get the bye. A player who is already on
    another board is refused naming this board: exchange them instead."""
    rnd = editable_round(rnd)
    boards = _boards(rnd)
    if not 1 <= board <= len(boards):
        raise RowErrors([_error(board, "board", f"round {rnd.number} has boards 1 to {len(boards)}")], "board")
    ctx = _Context.of(rnd)
    errors = []
    for side, pid in (("white", white), ("black", black)):
        elsewhere = next((n for n, pair in enumerate(boards, start=1) if pid in pair and n != board), None)
        if elsewhere:
            errors.append(_error(board, side, f"{ctx.name(pid)} already plays on board {elsewhere}: a player twice in the round"))
    if errors:
        raise RowErrors(errors, "board")
    boards[board - 1] = (white, black)
    return set_round_pairings(rnd, boards, by=by, override=override, note=f"Board {board} set by hand", at_board=board)


def _place(boards: Boards, pid: int) -> tuple[int, int] | None:
    """(board index, 0 for White or 1 for Black) of a player, or None (a bye)."""
    for index, pair in enumerate(boards):
        if pid in pair:
            return index, pair.index(pid)
    return None


@transaction.atomic
def exchange_players(rnd: Round, first: int, second: int, *, by=None, override: str = "") -> Round:
    """Two players trade places: between boards (each keeps the other's colour), or one takes the other's bye."""
    rnd = editable_round(rnd)
    boards = _boards(rnd)
    a, b = _place(boards, first), _place(boards, second)
    if first == second or (a is None and b is None):
        reason = "choose two different players" if first == second else "neither player is on a board"
        raise RowErrors([_error(0, "players", reason)], "board")
    for place, newcomer in ((a, second), (b, first)):
        if place is not None:
            pair = list(boards[place[0]])
            pair[place[1]] = newcomer
            boards[place[0]] = (pair[0], pair[1])
    ctx = _Context.of(rnd)
    note = f"{ctx.name(first)} and {ctx.name(second)} exchanged"
    board = next(place[0] + 1 for place in (a, b) if place is not None)
    return set_round_pairings(rnd, boards, by=by, override=override, note=note, at_board=board)


def move_bye(rnd: Round, to_player: int, *, by=None, override: str = "") -> Round:
    """Give the round's pairing bye to ``to_player``, who hands their seat to the player who had it."""
    bye = rnd.byes.filter(kind=Bye.Kind.PAIRING).first()
    if bye is None:
        raise RowErrors([_error(0, "bye", f"round {rnd.number} has no pairing bye to move")], "board")
    return exchange_players(rnd, bye.player_id, to_player, by=by, override=override)
