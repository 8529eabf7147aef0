"""Pair, edit, publish and complete rounds; every write in one transaction, every refusal a ValidationError."""

from __future__ import annotations

from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

import tournaments.services.audit as log
from pairing.roundrobin import ScheduledRound
from pairing.swiss import PairingError, SwissPlayer, pair_swiss
from scoring import get_profile
from tournaments.models import Bye, ByeRequest, Event, ForbiddenPairing, Game, Registration, Round
from tournaments.services.bye_points import bye_value
from tournaments.services.check_in import not_checked_in
from tournaments.services.colour_draw import first_white
from tournaments.services.dice import roll_for_round
from tournaments.services.errors import Conflict
from tournaments.services.history import event_history, last_round, plays, rounds_total
from tournaments.services.locking import lock_round
from tournaments.services.pairing_system import DUTCH, dutch_pairings, pairing_system_for
from tournaments.services.seeding import rank_unseeded
from tournaments.services.team_rounds import team_pairings, write_matches
from tournaments.services.teams import TEAM
from tournaments.signals import ROUND_PUBLISHED, send_change

__all__ = [
    "PairedRound",
    "pair_round",
    "pair_round_outcome",
    "publish_round",
    "refresh_round_status",
    "refresh_round_status_locked",
    "rounds_total",
    "unpair_round",
    "delete_round",
]


def lineup(event: Event) -> list[Registration]:
    """Registrations in pairing-number order (the positions of a round-robin schedule)."""
    return list(Registration.objects.filter(event=event).select_related("player").order_by("seed", "id"))


def schedule(event: Event) -> list[ScheduledRound] | None:
    """The whole schedule of a match or round-robin (positions = :func:`lineup` order); None for a Swiss."""
    build = event.system.schedule
    if build is None:
        return None
    return build(Registration.objects.filter(event=event).count(), event.rounds_planned, first_white(event))


def unfinished_boards(rnd: Round) -> list[int]:
    return list(rnd.games.exclude(result_status=Game.ResultStatus.FINAL).values_list("board", flat=True))


def refresh_round_status(rnd: Round) -> Round:
    """A published round whose every game has a final result becomes complete."""
    if rnd.status == Round.Status.PUBLISHED and not unfinished_boards(rnd):
        rnd.status = Round.Status.COMPLETE
        rnd.save(update_fields=["status"])
    return rnd


def refresh_round_status_locked(round_id: int) -> Round:
    """:func:`refresh_round_status` on the round's row locked (inside the caller's transaction, which holds the
    row lock of a game it just made final). Two results of one round made final at once would otherwise each see
    the other's game unfinished (neither commit visible to the other) and neither complete the round: locked, the
    second waits for the first's commit and then reads its result."""
    return refresh_round_status(Round.objects.select_for_update(of=("self",)).select_related("event").get(pk=round_id))


def _check_previous_complete(previous: Round | None) -> None:
    if previous is None:
        return
    if previous.status == Round.Status.PAIRED:
        raise Conflict({"round": f"round {previous.number} is paired but not published yet"})
    refresh_round_status(previous)
    missing = unfinished_boards(previous)
    if missing:
        boards = ", ".join(str(b) for b in missing)
        raise Conflict({"round": f"round {previous.number} is not complete: board(s) {boards} have no final result"})


@dataclass(frozen=True)
class PairedRound:
    """What pairing a round did: the round, and whether its variant block nobody had rolled was rolled first (the
    audit trail has the roll; the director's pages and the organizer API say so)."""

    round: Round
    rolled_now: bool


def pair_round(event: Event, number: int | None = None, *, by=None) -> Round:
    """Pair round ``number`` (default: the next one); the round of :func:`pair_round_outcome`."""
    return pair_round_outcome(event, number, by=by).round


@transaction.atomic
def pair_round_outcome(event: Event, number: int | None = None, *, by=None) -> PairedRound:
    """Pair round ``number`` (default: the next one) as an unpublished round only the event's staff see.

    Idempotent: an already paired round is returned unchanged. A round whose variant block nobody rolled rolls it
    first and says so: ``rolled_now`` is True and the audit trail has the roll.
    """
    event = Event.objects.select_for_update().get(pk=event.pk)
    previous = last_round(event)
    next_number = previous.number + 1 if previous else 1
    number = number or next_number
    existing = Round.objects.filter(event=event, number=number).first()
    if existing and existing.status != Round.Status.PENDING:
        return PairedRound(existing, rolled_now=False)
    if existing and previous and previous.number == number:
        previous = Round.objects.filter(event=event, number=number - 1).first()
    total = _check_can_pair(event, number, next_number, existing, previous)
    block, rolled_now = roll_for_round(event, number, total, by=by)
    rnd = existing or Round(event=event, number=number)
    rnd.variant_block = block
    rnd.status = Round.Status.PAIRED
    rnd.save()
    if event.competitor == TEAM:  # issue 27: the teams' matches, each board an ordinary game of the round
        boards, matches = team_pairings(event, number)
        _write_pairings(rnd, boards, [])
        write_matches(rnd, matches)
    else:
        _write_pairings(rnd, *_pairings(event, number))
    if event.status == Event.Status.ANNOUNCED:
        event.status = Event.Status.RUNNING
        event.save(update_fields=["status"])
    log.audit(event, log.ROUND_PAIRED, f"Round {number} paired", by=by, round=rnd, after=log.round_pairing(rnd))
    return PairedRound(rnd, rolled_now)


def _check_can_pair(event: Event, number: int, next_number: int, existing: Round | None, previous: Round | None) -> int:
    """Refuse a closed event, a round out of turn, too few players or an unfinished previous round; the total."""
    if event.status == Event.Status.CLOSED:
        raise Conflict({"event": f"{event} is closed"})
    if number != next_number:  # a round not paired yet may exist with its planned start only (issue 23)
        raise ValidationError({"round": f"round {number} cannot be paired: the next round is {next_number}"})
    if number == 1:
        rank_unseeded(event)  # the initial ranking list, with the ratings as they are now
        if Registration.objects.filter(event=event).count() < 2:
            raise Conflict({"registrations": f"{event} needs at least two players"})
        two = event.competitor == TEAM or Registration.objects.filter(event=event).count() == 2  # teams: team_pairings
        if event.system.competitors == 2 and not two:
            raise Conflict({"registrations": "a match is between exactly two players"})
    total = rounds_total(event)
    if number > total:
        raise Conflict({"round": f"{event} has {total} rounds; round {number} is beyond it"})
    _check_previous_complete(previous)
    return total


def new_board(rnd: Round, board: int, white: int | None = None, black: int | None = None) -> Game:
    """A board of ``rnd`` (not saved): its variant and start are the round's variant block's."""
    block = rnd.variant_block
    return Game(
        round=rnd,
        board=board,
        white_id=white,
        black_id=black,
        variant=block.variant_key,
        start_options=block.games_start_options(),
        start_position=block.start_position,
    )


def _write_pairings(rnd: Round, pairs: list[tuple[int, int]], byes: list[tuple[int, str]]) -> None:
    for board, (white, black) in enumerate(pairs, start=1):
        new_board(rnd, board, white, black).save()
    for player_id, kind in byes:
        points = bye_value(rnd.event, kind)  # a requested bye scores the event's requested_bye_points (issue 23)
        Bye.objects.create(round=rnd, player_id=player_id, kind=kind, points=points)


def _pairings(event: Event, number: int) -> tuple[list[tuple[int, int]], list[tuple[int, str]]]:
    """The boards and byes of round ``number`` by the event's pairing system (:func:`pairing_system_for`): the
    FIDE Dutch system for a Swiss in a fixed variant, the seed's schedule for Random Variant Chess, the
    round-robin or match schedule otherwise. Requested byes are the same in all of them."""
    regs = lineup(event)
    requested = set(
        ByeRequest.objects.filter(registration__event=event, round_number=number).values_list(
            "registration__player_id", flat=True
        )
    )
    absent = not_checked_in(event, number)  # issue 23: who has not checked in is not paired
    playing = {r.player_id for r in regs if plays(r, number) and r.player_id not in requested | absent}
    byes = [(pid, Bye.Kind.REQUESTED) for pid in sorted(requested)]
    if event.system.pair_round is not None:  # a registered system's own pairing (pairing.systems)
        pairs, bye = event.system.pair_round([p for p in swiss_players(event, number) if p.id in playing], number)
        return pairs, byes + ([(bye, Bye.Kind.PAIRING)] if bye is not None else [])
    system = pairing_system_for(event)
    if system == DUTCH:
        pairs, bye = dutch_pairings(event, number)
        return pairs, byes + ([(bye, Bye.Kind.PAIRING)] if bye is not None else [])
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
    return _seed_schedule_pairings(event, number, playing, byes)


def swiss_players(event: Event, number: int) -> list[SwissPlayer]:
    """Every player of ``event`` as the seed schedule's pairing reads them before round ``number``."""
    return [
        SwissPlayer(
            id=h.player_id,
            score=h.score,
            rating=h.rating,
            seed=h.seed,
            colours=h.colour_string(number - 1),
            opponents=frozenset(h.opponents),
            had_bye=h.had_pairing_bye,
        )
        for h in event_history(event, before_round=number).values()
    ]


def _seed_schedule_pairings(
    event: Event, number: int, playing: set[int], byes: list[tuple[int, str]]
) -> tuple[list[tuple[int, int]], list[tuple[int, str]]]:
    """A Random Variant Chess Swiss round: the seed's colour schedule (:mod:`pairing.swiss`)."""
    players = [p for p in swiss_players(event, number) if p.id in playing]
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
    """Publish a paired round (idempotent). A draft event is announced with it: a public round needs a public event."""
    rnd = lock_round(rnd, "event")
    if rnd.status == Round.Status.PENDING:
        raise ValidationError({"round": f"round {rnd.number} is not paired yet"})
    if rnd.status == Round.Status.PAIRED:
        event = rnd.event
        if event.status == Event.Status.DRAFT:
            event.status = Event.Status.RUNNING
            event.save(update_fields=["status"])
            log.audit(event, log.EVENT_ANNOUNCED, f"Event announced with the publication of round {rnd.number}", by=by)
        rnd.status = Round.Status.PUBLISHED
        rnd.published_at = timezone.now()
        rnd.save(update_fields=["status", "published_at"])
        log.audit(event, log.ROUND_PUBLISHED, f"Round {rnd.number} published", by=by, round=rnd, after=log.round_pairing(rnd))
        send_change(ROUND_PUBLISHED, event=event, round=rnd, by=by)
    return refresh_round_status(rnd)


def _unpublished(rnd: Round, doing: str) -> Round:
    rnd = lock_round(rnd, "event")
    if rnd.status != Round.Status.PAIRED:
        status = rnd.get_status_display().lower()
        raise Conflict({"round": f"round {rnd.number} is {status}: only an unpublished pairing {doing}"})
    return rnd


def _clear_pairing(rnd: Round) -> None:
    """Remove a round's boards and byes; the round waits to be paired again."""
    rnd.games.all().delete()
    rnd.byes.all().delete()
    rnd.status = Round.Status.PENDING
    rnd.save(update_fields=["status"])


@transaction.atomic
def unpair_round(rnd: Round, *, by=None) -> Round:
    """Throw away the pairing of a round that is not published yet, so it can be paired again."""
    rnd = _unpublished(rnd, "can be undone")
    before = log.round_pairing(rnd)
    _clear_pairing(rnd)
    log.audit(rnd.event, log.ROUND_DELETED, f"Round {rnd.number} pairing undone", by=by, round=rnd, before=before)
    return rnd


@transaction.atomic
def delete_round(rnd: Round, *, by=None) -> None:
    """Delete an unpublished round whole (its audit entries stay); the event's next round is then this one again."""
    rnd = _unpublished(rnd, "can be deleted")
    last = last_round(rnd.event)
    if last is not None and last.number != rnd.number:
        raise Conflict({"round": f"round {rnd.number} is not the last round: delete round {last.number} first"})
    before = log.round_pairing(rnd)
    event, number = rnd.event, rnd.number
    rnd.delete()
    log.audit(event, log.ROUND_DELETED, f"Round {number} deleted before publication", by=by, before=before)


@transaction.atomic
def repair_round(rnd: Round, *, by=None) -> Round:
    """Pair an unpublished round again from scratch (after a withdrawal, a forbidden pair added, ...)."""
    rnd = _unpublished(rnd, "can be paired again")
    before = log.round_pairing(rnd)
    _clear_pairing(rnd)
    _write_pairings(rnd, *_pairings(rnd.event, rnd.number))
    rnd.status = Round.Status.PAIRED
    rnd.save(update_fields=["status"])
    after = log.round_pairing(rnd)
    log.audit(rnd.event, log.ROUND_REPAIRED, f"Round {rnd.number} paired again", by=by, round=rnd, before=before, after=after)
    return rnd
