"""The director's edits of a round's pairing: swap colours, change a board, exchange two players, move the bye.

Every edit goes through :func:`set_round_pairings`, which checks all boards at once (every problem is reported,
naming its board and field), waives a forbidden pairing, a rematch or a second bye only with an explicit override
reason, and writes one audit entry with the pairing before and after. An unpublished round changes freely; a
published one only on boards whose game has no move and no result yet (a correction after publication: the board
that has one is a Conflict naming ``board``), and the change is announced on the hook (``round-corrected``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from django.db import transaction

import tournaments.services.audit as log
from scoring import bye_points
from tournaments.models import Bye, ForbiddenPairing, Game, Player, Round
from tournaments.services.errors import Conflict, RowErrors
from tournaments.services.history import PlayerHistory, event_history
from tournaments.services.locking import lock_round
from tournaments.services.rounds import lineup, new_board, plays
from tournaments.signals import ROUND_CORRECTED, send_change

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
    numbers: list[int] = field(default_factory=list)  # the round's board numbers in order (a removed board leaves a gap)

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
            board_numbers(rnd),
        )

    def number(self, index: int) -> int:
        """The board number of the ``index``-th board (0-based) of a list of boards: the round's numbers in order,
        then new numbers after the last."""
        if index < len(self.numbers):
            return self.numbers[index]
        return max(self.numbers, default=0) + 1 + index - len(self.numbers)

    def name(self, player_id: int) -> str:
        if player_id in self.names:
            return self.names[player_id]
        return Player.objects.filter(pk=player_id).values_list("name", flat=True).first() or f"player #{player_id}"

    @property
    def swiss(self) -> bool:
        return self.rnd.event.system.schedule is None  # paired from the standings: a Swiss's rules


def board_numbers(rnd: Round) -> list[int]:
    return list(rnd.games.order_by("board").values_list("board", flat=True))


def untouched(game: Game) -> bool:
    """Whether a game is still only a pairing: no move, no result, nothing reported, not started."""
    return not game.moves and not game.result and not game.result_status and game.status == Game.Status.SCHEDULED


def editable_round(rnd: Round) -> Round:
    """The round locked for an edit; Conflict once it is complete (a published round is checked board by board:
    :func:`check_untouched`)."""
    rnd = lock_round(rnd, "event", "variant_block")
    if rnd.status not in (Round.Status.PAIRED, Round.Status.PUBLISHED):
        status = rnd.get_status_display().lower()
        raise Conflict({"round": f"round {rnd.number} is {status}: pairings can change only before its games are played"})
    return rnd


def check_untouched(rnd: Round, numbers: list[int]) -> None:
    """In a published round, the games on ``numbers`` (locked, so no move slips in) must have no move and no result."""
    if rnd.status != Round.Status.PUBLISHED or not numbers:
        return
    for game in rnd.games.select_for_update().filter(board__in=numbers).order_by("board"):
        if not untouched(game):
            raise Conflict({"board": f"board {game.board} of round {rnd.number} has a move or a result: its pairing can "
                                     "no longer change (enter a result or correct it on the result grid)"})  # fmt: skip


@transaction.atomic
def set_round_pairings(
    rnd: Round, boards: Boards, *, by=None, override: str = "", note: str = "", at_board: int = 0, absent: set[int] | None = None
) -> Round:
    """Replace a round's boards with ``boards`` = [(white id, black id)] in board order.

    Players left out who were paired get a pairing bye (those in ``absent`` a zero-point bye). Refused (RowErrors
    naming each board and field, nothing written): a player twice, unregistered, withdrawn or not yet joined,
    against themselves; without ``override`` also a forbidden pairing, a Swiss rematch or a second pairing bye
    (named at ``at_board``, the board the edit was made on). In a published round a board whose game has a move or
    a result is a Conflict naming ``board``. One audit entry, with ``note`` saying what the director did and the
    override reason; a published round's change is also sent on the hook (``round-corrected``).
    """
    rnd = editable_round(rnd)
    ctx = _Context.of(rnd)
    override = (override or "").strip()
    absent = set(absent or ())
    errors, seen = _check_boards(ctx, boards, override)
    errors += _check_left_out(ctx, seen | absent, override, at_board)
    if errors:
        raise RowErrors(errors, "board")
    check_untouched(rnd, _changed_numbers(rnd, boards, ctx))
    before = log.round_pairing(rnd)
    lines = _write_boards(rnd, boards, ctx)
    lines += _give_pairing_byes(ctx, seen, absent)
    if lines:
        text = "\n".join(([note] if note else []) + lines + ([f"Override: {override}"] if override else []))
        after = log.round_pairing(rnd)
        published = rnd.status == Round.Status.PUBLISHED
        action = log.PAIRING_CORRECTED if published else log.PAIRING_CHANGED
        log.audit(rnd.event, action, text, by=by, round=rnd, before=before, after=after)
        if published:
            concerned = sorted(_concerned(before, after, ctx))
            send_change(ROUND_CORRECTED, event=rnd.event, round=rnd, by=by,
                        detail={"what": note or "pairing corrected", "text": text, "players": concerned})  # fmt: skip
    return rnd


def _changed_numbers(rnd: Round, boards: Boards, ctx: _Context) -> list[int]:
    """The board numbers whose pair the new ``boards`` change or remove."""
    old = {g.board: (g.white_id, g.black_id) for g in rnd.games.all()}
    new = {ctx.number(i): pair for i, pair in enumerate(boards)}
    return sorted(n for n, pair in old.items() if new.get(n) != pair)


def _concerned(before: dict, after: dict, ctx: _Context) -> set[int]:
    """The players whose board or bye the change touched (by name in the audit's pairing, back to their ids)."""
    ids = {name: pid for pid, name in ctx.names.items()}
    touched: set[str] = set()
    for number in set(before["boards"]) | set(after["boards"]):
        old, new = before["boards"].get(number), after["boards"].get(number)
        if old != new:
            touched.update(old or ())
            touched.update(new or ())
    for bye in set(before["byes"]) ^ set(after["byes"]):
        touched.add(bye.rsplit(" (", 1)[0])
    return {ids[name] for name in touched if name in ids}


def _error(board: int, field_name: str, reason: str) -> dict:
    return {"board": board, "field": field_name, "reason": reason}


def _check_boards(ctx: _Context, boards: Boards, override: str) -> tuple[list[dict], set[int]]:
    errors: list[dict] = []
    seen: dict[int, int] = {}
    for index, (white, black) in enumerate(boards):
        board = ctx.number(index)
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
    after = {ctx.number(index): pair for index, pair in enumerate(boards)}
    lines = []
    for board, pair in after.items():
        if before.get(board) == pair:
            continue
        game = old.get(board) or new_board(rnd, board)
        game.white_id, game.black_id = pair
        if game.pk:
            game.version += 1  # its pages and sockets see a new state (new players or colours)
        game.save()
        lines.append(f"Round {rnd.number} board {board}: {_pair_text(before.get(board), ctx)} changed to {_pair_text(pair, ctx)}")
    for board in sorted(set(before) - set(after)):
        old[board].delete()
        lines.append(f"Round {rnd.number} board {board} removed")
    return lines


def _give_pairing_byes(ctx: _Context, seen: set[int], absent: set[int] = frozenset()) -> list[str]:
    """Requested byes stay; everyone else not on a board gets a pairing bye (a player in ``absent`` a zero-point
    bye); a player back on a board loses it."""
    rnd = ctx.rnd
    lines = []
    for bye in rnd.byes.exclude(kind=Bye.Kind.REQUESTED).filter(player_id__in=seen).select_related("player"):
        lines.append(f"Round {rnd.number}: {bye.player.name} no longer has the bye")
        bye.delete()
    have = set(rnd.byes.values_list("player_id", flat=True))
    for pid in _left_out(ctx, seen):
        if pid in have:
            continue
        kind = Bye.Kind.ABSENT if pid in absent else Bye.Kind.PAIRING
        points = Decimal(str(bye_points(rnd.event.scoring, kind)))
        Bye.objects.create(round=rnd, player_id=pid, kind=kind, points=points)
        what = "a zero-point bye (absent)" if kind == Bye.Kind.ABSENT else "the bye"
        lines.append(f"Round {rnd.number}: {ctx.name(pid)} gets {what}")
    return lines


# --- the director's operations ---------------------------------------------------------------------------------


def _boards(rnd: Round) -> Boards:
    return [(g.white_id, g.black_id) for g in rnd.games.order_by("board")]


def swap_colours(game: Game, *, by=None) -> Game:
    """Swap White and Black on one board (of an unpublished round, or of a published one before play)."""
    boards = _boards(game.round)
    boards[board_numbers(game.round).index(game.board)] = (game.black_id, game.white_id)
    set_round_pairings(game.round, boards, by=by, note=f"Colours swapped on board {game.board}")
    return Game.objects.get(pk=game.pk)


@transaction.atomic
def set_board(rnd: Round, board: int, white: int, black: int, *, by=None, override: str = "") -> Round:
    """Put ``white`` and ``black`` on ``board``; the players they replace get the bye. A player who is already on
    another board is refused naming this board: exchange them instead."""
    rnd = editable_round(rnd)
    boards = _boards(rnd)
    ctx = _Context.of(rnd)
    if board not in ctx.numbers:
        if ctx.numbers == list(range(1, len(ctx.numbers) + 1)):
            reason = f"round {rnd.number} has boards 1 to {len(ctx.numbers)}"
        else:
            reason = f"round {rnd.number} has no board {board} (boards: {', '.join(map(str, ctx.numbers)) or 'none'})"
        raise RowErrors([_error(board, "board", reason)], "board")
    errors = []
    for side, pid in (("white", white), ("black", black)):
        elsewhere = next((ctx.number(i) for i, pair in enumerate(boards) if pid in pair and ctx.number(i) != board), None)
        if elsewhere:
            errors.append(_error(board, side, f"{ctx.name(pid)} already plays on board {elsewhere}: a player twice in the round"))
    if errors:
        raise RowErrors(errors, "board")
    boards[ctx.numbers.index(board)] = (white, black)
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
    board = next(ctx.number(place[0]) for place in (a, b) if place is not None)
    return set_round_pairings(rnd, boards, by=by, override=override, note=note, at_board=board)


def move_bye(rnd: Round, to_player: int, *, by=None, override: str = "") -> Round:
    """Give the round's pairing bye to ``to_player``, who hands their seat to the player who had it."""
    bye = rnd.byes.filter(kind=Bye.Kind.PAIRING).first()
    if bye is None:
        raise RowErrors([_error(0, "bye", f"round {rnd.number} has no pairing bye to move")], "board")
    return exchange_players(rnd, bye.player_id, to_player, by=by, override=override)
