"""Pair, edit, publish and complete rounds; every write in one transaction, every refusal a ValidationError."""

from __future__ import annotations

from decimal import Decimal

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from scoring import bye_points, get_profile
from tournaments.models import Bye, ByeRequest, Event, ForbiddenPairing, Game, PairingChange, Player, Registration, Round
from tournaments.pairing.roundrobin import ScheduledRound, match_schedule, mini_match_schedule, single_schedule
from tournaments.pairing.swiss import PairingError, SwissPlayer, pair_swiss
from tournaments.services.colour_draw import first_white
from tournaments.services.dice import block_for_round
from tournaments.services.history import event_history, last_round
from tournaments.signals import ROUND_PUBLISHED, send_change


def lineup(event: Event) -> list[Registration]:
    """Registrations in pairing-number order (the positions of a round-robin schedule)."""
    return list(Registration.objects.filter(event=event).select_related("player").order_by("seed", "id"))


def schedule(event: Event) -> list[ScheduledRound] | None:
    """The whole schedule of a match or round-robin (positions = :func:`lineup` order); None for a Swiss."""
    n = Registration.objects.filter(event=event).count()
    if event.format == Event.Format.SWISS:
        return None
    if event.format == Event.Format.MATCH:
        return match_schedule(event.rounds_planned, first_white(event))
    if event.format == Event.Format.ROUND_ROBIN:
        return single_schedule(n, flip=not first_white(event))
    return mini_match_schedule(n, flip=not first_white(event))


def rounds_total(event: Event) -> int:
    """How many rounds the event has: planned for a Swiss or match, the schedule's length for a round-robin."""
    if event.format in (Event.Format.SWISS, Event.Format.MATCH):
        return event.rounds_planned
    n = Registration.objects.filter(event=event).count()
    size = n + n % 2
    return (size - 1) * (2 if event.format == Event.Format.DOUBLE_ROUND_ROBIN else 1)


def unfinished_boards(rnd: Round) -> list[int]:
    return list(rnd.games.exclude(result_status=Game.ResultStatus.FINAL).values_list("board", flat=True))


def refresh_round_status(rnd: Round) -> Round:
    """A published round whose every game has a final result becomes complete."""
    if rnd.status == Round.Status.PUBLISHED and not unfinished_boards(rnd):
        rnd.status = Round.Status.COMPLETE
        rnd.save(update_fields=["status"])
    return rnd


def _check_previous_complete(previous: Round | None) -> None:
    if previous is None:
        return
    if previous.status == Round.Status.PAIRED:
        raise ValidationError({"round": f"round {previous.number} is paired but not published yet"})
    refresh_round_status(previous)
    missing = unfinished_boards(previous)
    if missing:
        boards = ", ".join(str(b) for b in missing)
        raise ValidationError({"round": f"round {previous.number} is not complete: board(s) {boards} have no final result"})


def _seed_if_unseeded(event: Event) -> None:
    """Give pairing numbers by rating (then name) when they are missing or repeated."""
    regs = lineup(event)
    seeds = [r.seed for r in regs]
    if 0 not in seeds and len(set(seeds)) == len(seeds):
        return
    for number, reg in enumerate(sorted(regs, key=lambda r: (-r.player.rating, r.player.name, r.id)), start=1):
        reg.seed = number
        reg.save(update_fields=["seed"])


def _plays(reg: Registration, number: int) -> bool:
    if reg.joined_round > number:
        return False
    if reg.status == Registration.Status.WITHDRAWN:
        return reg.withdrawn_after_round is not None and reg.withdrawn_after_round >= number
    return True


@transaction.atomic
def pair_round(event: Event, number: int | None = None, *, by=None) -> Round:
    """Pair round ``number`` (default: the next one). Idempotent: an already paired round is returned unchanged."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    previous = last_round(event)
    next_number = previous.number + 1 if previous else 1
    number = number or next_number
    existing = Round.objects.filter(event=event, number=number).first()
    if existing and existing.status != Round.Status.PENDING:
        return existing
    if event.status == Event.Status.CLOSED:
        raise ValidationError({"event": f"{event} is closed"})
    if number != next_number and not existing:
        raise ValidationError({"round": f"round {number} cannot be paired: the next round is {next_number}"})
    if existing and previous and previous.number == number:
        previous = Round.objects.filter(event=event, number=number - 1).first()
    if number == 1:
        _seed_if_unseeded(event)
        if Registration.objects.filter(event=event).count() < 2:
            raise ValidationError({"registrations": f"{event} needs at least two players"})
        if event.format == Event.Format.MATCH and Registration.objects.filter(event=event).count() != 2:
            raise ValidationError({"registrations": "a match is between exactly two players"})
    total = rounds_total(event)
    if number > total:
        raise ValidationError({"round": f"{event} has {total} rounds; round {number} is beyond it"})
    _check_previous_complete(previous)

    block = block_for_round(event, number, total)
    rnd = existing or Round(event=event, number=number)
    rnd.variant_block = block
    rnd.status = Round.Status.PAIRED
    rnd.save()
    pairs, byes = _pairings(event, number)
    profile = event.scoring
    for board, (white, black) in enumerate(pairs, start=1):
        Game.objects.create(
            round=rnd,
            board=board,
            white_id=white,
            black_id=black,
            variant=block.variant_key,
            first_roll=block.first_roll,
            second_roll=block.second_roll,
            start_position=block.start_position,
        )
    for player_id, kind in byes:
        Bye.objects.create(round=rnd, player_id=player_id, kind=kind, points=Decimal(str(bye_points(profile, kind))))
    if event.status == Event.Status.DRAFT:
        event.status = Event.Status.RUNNING
        event.save(update_fields=["status"])
    PairingChange.objects.create(event=event, round=rnd, user=by, description=f"Round {number} paired")
    return rnd


def _pairings(event: Event, number: int) -> tuple[list[tuple[int, int]], list[tuple[int, str]]]:
    regs = lineup(event)
    requested = set(
        ByeRequest.objects.filter(registration__event=event, round_number=number).values_list(
            "registration__player_id", flat=True
        )
    )
    playing = {r.player_id for r in regs if _plays(r, number) and r.player_id not in requested}
    byes = [(pid, Bye.Kind.REQUESTED) for pid in sorted(requested)]
    plan = schedule(event)
    if plan is not None:
        scheduled = plan[number - 1]
        pairs = []
        ids = [r.player_id for r in regs]
        for w, b in scheduled.pairs:
            white, black = ids[w], ids[b]
            if white in playing and black in playing:
                pairs.append((white, black))
            else:  # the opponent of a withdrawn (or bye-requesting) player is not paired: a pairing bye
                byes += [(pid, Bye.Kind.PAIRING) for pid in (white, black) if pid in playing]
        if scheduled.bye is not None and ids[scheduled.bye] in playing:
            byes.append((ids[scheduled.bye], Bye.Kind.PAIRING))
        return pairs, byes

    history = event_history(event, before_round=number)
    players = [
        SwissPlayer(
            id=h.player_id,
            score=h.score,
            rating=h.rating,
            seed=h.seed,
            colours=h.colour_string(number - 1),
            opponents=frozenset(h.opponents),
            had_bye=h.had_pairing_bye,
        )
        for h in history.values()
        if h.player_id in playing
    ]
    forbidden = ForbiddenPairing.objects.filter(event=event).values_list("player_a_id", "player_b_id")
    try:
        result = pair_swiss(
            players,
            number,
            forbidden=list(forbidden),
            points_per_game=get_profile(event.scoring).game_total,
            first_colour_white=first_white(event),
        )
    except PairingError as exc:
        raise ValidationError({"round": f"round {number}: {exc}"}) from None
    if result.bye is not None:
        byes.append((result.bye, Bye.Kind.PAIRING))
    return result.pairs, byes


@transaction.atomic
def publish_round(rnd: Round, *, by=None) -> Round:
    """Publish a paired round with its variant block (idempotent)."""
    rnd = Round.objects.select_for_update().get(pk=rnd.pk)
    if rnd.status == Round.Status.PENDING:
        raise ValidationError({"round": f"round {rnd.number} is not paired yet"})
    if rnd.status == Round.Status.PAIRED:
        rnd.status = Round.Status.PUBLISHED
        rnd.published_at = timezone.now()
        rnd.save(update_fields=["status", "published_at"])
        PairingChange.objects.create(event=rnd.event, round=rnd, user=by, description=f"Round {rnd.number} published")
        send_change(ROUND_PUBLISHED, event=rnd.event, round=rnd, by=by)
    return refresh_round_status(rnd)


@transaction.atomic
def unpair_round(rnd: Round, *, by=None) -> Round:
    """Throw away the pairing of a round that is not published yet, so it can be paired again."""
    rnd = Round.objects.select_for_update().get(pk=rnd.pk)
    if rnd.status != Round.Status.PAIRED:
        raise ValidationError(
            {"round": f"round {rnd.number} is {rnd.get_status_display().lower()}: only an unpublished pairing can be undone"}
        )
    rnd.games.all().delete()
    rnd.byes.all().delete()
    rnd.status = Round.Status.PENDING
    rnd.save(update_fields=["status"])
    PairingChange.objects.create(event=rnd.event, round=rnd, user=by, description=f"Round {rnd.number} pairing undone")
    return rnd


def _label(player_id: int, names: dict[int, str]) -> str:
    return names.get(player_id) or f"player #{player_id}"


@transaction.atomic
def set_round_pairings(rnd: Round, boards: list[tuple[int, int]], *, by=None) -> Round:
    """An arbiter's edit of an unpublished round: ``boards`` = [(white id, black id)] in board order.

    Players left out of ``boards`` who were paired get a pairing bye. Each changed board is logged.
    """
    rnd = Round.objects.select_for_update(of=("self",)).select_related("event", "variant_block").get(pk=rnd.pk)
    if rnd.status != Round.Status.PAIRED:
        raise ValidationError(
            {"round": f"round {rnd.number} is {rnd.get_status_display().lower()}: pairings can change only before publication"}
        )
    regs = {r.player_id: r for r in lineup(rnd.event)}
    names = {pid: r.player.name for pid, r in regs.items()}
    history = event_history(rnd.event, before_round=rnd.number)
    seen = _check_boards(rnd, boards, regs, names, history)
    _write_boards(rnd, boards, names, by)
    _give_pairing_byes(rnd, regs, seen, names, history, by)
    return rnd


def _check_boards(rnd: Round, boards: list[tuple[int, int]], regs: dict, names: dict, history: dict) -> set[int]:
    """Refuse a player twice, unregistered, not playing this round, against themselves, a forbidden pairing or
    (Swiss) a rematch; returns the players on the boards."""
    event = rnd.event
    seen: set[int] = set()
    forbidden = {frozenset(p) for p in ForbiddenPairing.objects.filter(event=event).values_list("player_a_id", "player_b_id")}
    for board, (white, black) in enumerate(boards, start=1):
        for pid in (white, black):
            if pid not in regs:
                name = Player.objects.filter(pk=pid).values_list("name", flat=True).first() or f"player #{pid}"
                raise ValidationError({"pairings": f"board {board}: {name} is not registered in {event}"})
            if not _plays(regs[pid], rnd.number):
                raise ValidationError({"pairings": f"board {board}: {_label(pid, names)} has withdrawn or not joined yet"})
            if pid in seen:
                raise ValidationError({"pairings": f"board {board}: {_label(pid, names)} is paired twice"})
            seen.add(pid)
        pair = f"{_label(white, names)} - {_label(black, names)}"
        if white == black:
            raise ValidationError({"pairings": f"board {board}: a player cannot play themselves"})
        if frozenset((white, black)) in forbidden:
            raise ValidationError({"pairings": f"board {board}: {pair} is a forbidden pairing"})
        if event.format == Event.Format.SWISS and black in history.get(white, _NO_HISTORY).opponents:
            raise ValidationError(
                {"pairings": f"board {board}: {_label(white, names)} and {_label(black, names)} have already met"}
            )
    return seen


def _write_boards(rnd: Round, boards: list[tuple[int, int]], names: dict, by) -> None:
    """Save the boards that changed and delete the ones no longer there, logging each change."""
    old = {g.board: g for g in rnd.games.all()}
    before = {b: (g.white_id, g.black_id) for b, g in old.items()}
    after = dict(enumerate(boards, start=1))
    for board, pair in after.items():
        if before.get(board) == pair:
            continue
        game = old.get(board) or _new_board(rnd, board)
        game.white_id, game.black_id = pair
        game.save()
        was = before.get(board)
        was_text = f"{_label(was[0], names)} - {_label(was[1], names)}" if was else "no game"
        now_text = f"{_label(pair[0], names)} - {_label(pair[1], names)}"
        _log(rnd, by, f"Round {rnd.number} board {board}: {was_text} changed to {now_text}")
    for board in sorted(set(before) - set(after)):
        old[board].delete()
        _log(rnd, by, f"Round {rnd.number} board {board} removed")


def _new_board(rnd: Round, board: int) -> Game:
    """A board added by an arbiter: the variant and start of the round's block."""
    block = rnd.variant_block
    return Game(
        round=rnd,
        board=board,
        variant=block.variant_key,
        first_roll=block.first_roll,
        second_roll=block.second_roll,
        start_position=block.start_position,
    )


def _give_pairing_byes(rnd: Round, regs: dict, seen: set[int], names: dict, history: dict, by) -> None:
    """Requested byes stay; everyone else not on a board gets a pairing bye (never a second one in a Swiss)."""
    event = rnd.event
    rnd.byes.exclude(kind=Bye.Kind.REQUESTED).exclude(player_id__in=set(regs) - seen).delete()
    requested = set(rnd.byes.values_list("player_id", flat=True))
    for pid, reg in regs.items():
        if pid in seen or pid in requested or not _plays(reg, rnd.number) or rnd.byes.filter(player_id=pid).exists():
            continue
        if event.format == Event.Format.SWISS and history[pid].had_pairing_bye:
            raise ValidationError({"pairings": f"{_label(pid, names)} is left without a game but has already had a bye"})
        points = Decimal(str(bye_points(event.scoring, "pairing")))
        Bye.objects.create(round=rnd, player_id=pid, kind=Bye.Kind.PAIRING, points=points)
        _log(rnd, by, f"Round {rnd.number}: {_label(pid, names)} gets the bye")


def _log(rnd: Round, by, description: str) -> None:
    PairingChange.objects.create(event=rnd.event, round=rnd, user=by, description=description)


class _NoHistory:
    opponents: frozenset = frozenset()


_NO_HISTORY = _NoHistory()


def swap_colours(game: Game, *, by=None) -> Game:
    """Swap White and Black on one board of an unpublished round (logged)."""
    rnd = game.round
    boards = [(g.white_id, g.black_id) for g in rnd.games.order_by("board")]
    boards[game.board - 1] = (game.black_id, game.white_id)
    set_round_pairings(rnd, boards, by=by)
    return Game.objects.get(pk=game.pk)
