"""Event lifecycle: create, register (late entry), request byes, withdraw, enter results, close."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction

import tournaments.services.audit as log
import tournaments.services.waiting_list as waiting_list
from tournaments.models import ByeRequest, Event, Game, Player, Registration, Round, sees_every_event
from tournaments.services.colour_draw import commit_colour_draw
from tournaments.services.dice import block_index, commit_block, draws_blocks
from tournaments.services.errors import Conflict
from tournaments.services.event_settings import normalized, value_problems
from tournaments.services.history import last_round, rounds_total
from tournaments.services.results import record_result
from tournaments.services.rounds import refresh_round_status, unfinished_boards
from tournaments.services.sections import add_section, name_first_section
from tournaments.services.seeding import next_seed, rank_unseeded

MAX_REQUESTED_BYES = 1  # requested byes per player and event by default (docs/pairing.md; Event.max_requested_byes)


def is_event_staff(user) -> bool:
    """Staff in the contract's sense: may act as arbiter of every event (:func:`tournaments.models.sees_every_event`)."""
    return sees_every_event(user)


def is_arbiter(user, event: Event) -> bool:
    """Staff (:func:`is_event_staff`), the organizer and the event's arbiters may run rounds and enter results."""
    if user is None or not user.is_authenticated:
        return False
    return is_event_staff(user) or is_organizer(user, event) or event.arbiters.filter(pk=user.pk).exists()


def is_organizer(user, event: Event) -> bool:
    """The organizer (or a superuser) may also change the event, import players and close it."""
    if user is None or not user.is_authenticated:
        return False
    return bool(user.is_superuser) or event.organizer_id == user.pk


@transaction.atomic
def create_event(*, seed_for=None, by=None, **fields) -> Event:
    """Create an event (fields of :class:`Event`; a draft unless told otherwise) and commit its colour draw and the
    seeds of its variant blocks.

    ``seed_for(label) -> (seed, identity)`` supplies reproducible secrets (simulations); default: fresh ones.
    """
    sections = fields.pop("sections", None) or []
    if sections:  # the first section is the event's own row: its format and rounds are the event's
        fields["format"] = sections[0].get("format") or fields.get("format")
        fields["rounds_planned"] = sections[0].get("rounds") or fields.get("rounds_planned")
    wrong = value_problems(fields)  # the same check as the admin's form and a change (event_settings)
    if wrong:
        raise ValidationError(wrong)
    event = Event(**normalized(fields))
    try:
        event.full_clean()
    except ValidationError as exc:
        raise ValidationError(exc.message_dict) from None
    event.save()
    prepare_event(event, seed_for=seed_for)
    log.audit(event, log.EVENT_CREATED, f"Event created ({event.get_status_display().lower()})", by=by)
    _make_sections(event, sections, by=by)
    return event


def _make_sections(event: Event, sections: list[dict], *, by=None) -> None:
    """The sections a new event was given: the first names the event's own, each other gets a row of its own."""
    if not sections:
        return
    first, *others = sections
    band = {"min_rating": first.get("min_rating"), "max_rating": first.get("max_rating")}
    name_first_section(event, name=first["name"], slug=first.get("slug"), **band)
    for section in others:
        add_section(event, name=section["name"], slug=section.get("slug"), format=section.get("format"),
                    rounds=section.get("rounds"), min_rating=section.get("min_rating"),
                    max_rating=section.get("max_rating"), by=by)  # fmt: skip


def planned_blocks(event: Event) -> int:
    """How many variant blocks the event's rounds make (at least one)."""
    return max(1, block_index(rounds_total(event)))


def prepare_event(event: Event, *, seed_for=None, blocks: int | None = None) -> None:
    """Commit the secret seeds of the colour draw and of blocks 1..``blocks`` (default: every planned block), so
    every commitment is public before anything is rolled (idempotent)."""
    seed, identity = seed_for("first-white") if seed_for else (None, "")
    commit_colour_draw(event, seed=seed, identity=identity)
    if draws_blocks(event):
        for index in range(1, (blocks or planned_blocks(event)) + 1):
            seed, identity = seed_for(f"block-{index}") if seed_for else (None, "")
            commit_block(event, index, seed=seed, identity=identity)


@transaction.atomic
def register_player(event: Event, player: Player, *, seed: int | None = None, by=None, rank_now: bool = True) -> Registration:
    """Register ``player``; after round 1 of a Swiss this is a late entry that starts with the next round.

    Without a ``seed``, before round 1 the player is ranked by rating among the others without one (FIDE C.04.2,
    :mod:`tournaments.services.seeding`); ``rank_now=False`` leaves that to the caller (an import ranks once at
    the end). A late entrant takes the next number."""
    if event.status == Event.Status.CLOSED:
        raise Conflict({"event": f"{event} is closed"})
    if Registration.objects.filter(event=event, player=player).exists():
        raise ValidationError({"player": f"{player} is already registered in {event}"})
    last = last_round(event)
    if last and not event.system.late_entry:
        raise ValidationError({"player": f"{event} has started: a {event.system.label.lower()} cannot take new players"})
    if event.system.competitors == 2 and Registration.objects.filter(event=event).count() >= 2:
        raise ValidationError({"player": f"{event} is a match and already has two players"})
    given = seed is not None
    reg = Registration.objects.create(event=event, player=player, seed=seed if given else next_seed(event),
                                      seed_given=given, joined_round=(last.number + 1) if last else 1)  # fmt: skip
    if rank_now and not given:
        rank_unseeded(event)
        reg.refresh_from_db(fields=["seed"])
    if last:
        log.audit(event, log.LATE_ENTRY, f"Late entry: {player} from round {reg.joined_round}", by=by,
                  after={"player": player.name, "joined_round": reg.joined_round})  # fmt: skip
    return reg


def _registration(event: Event, player: Player) -> Registration:
    reg = Registration.objects.select_for_update().filter(event=event, player=player).first()
    if reg is None:
        raise ValidationError({"player": f"{player} is not registered in {event}"})
    return reg


@transaction.atomic
def request_bye(event: Event, player: Player, round_number: int, *, by=None) -> ByeRequest:
    """A player asks to sit out a future round (a requested bye)."""
    reg = _registration(event, player)
    if reg.status == Registration.Status.WITHDRAWN:
        raise ValidationError({"player": f"{player} has withdrawn from {event}"})
    last = last_round(event)
    if last and round_number <= last.number:
        raise ValidationError({"round_number": f"round {round_number} is already paired: ask for a later round"})
    if round_number < 1 or round_number > max(event.rounds_planned, 1):
        raise ValidationError({"round_number": f"{event} has no round {round_number}"})
    earlier = list(reg.bye_requests.values_list("round_number", flat=True))
    if round_number in earlier:
        raise ValidationError({"round_number": f"{player} already requested a bye for round {round_number}"})
    if len(earlier) >= event.max_requested_byes:  # the event's limit (issue 23; MAX_REQUESTED_BYES by default)
        rounds = ", ".join(str(r) for r in sorted(earlier))
        done = f"{player} already requested a bye (round {rounds}); " if earlier else ""
        raise ValidationError({"round_number": f"{done}{event} allows {event.max_requested_byes} requested bye(s) per player"})
    request = ByeRequest.objects.create(registration=reg, round_number=round_number)
    log.audit(event, log.BYE_REQUESTED, f"{player} requested a bye for round {round_number}", by=by,
              after={"player": player.name, "round": round_number})  # fmt: skip
    return request


@transaction.atomic
def withdraw_player(event: Event, player: Player, *, from_round: int | None = None, by=None) -> Registration:
    """Withdraw ``player`` from round ``from_round`` on (default: the next round to pair): they keep their games
    before it and are never paired in it or after. A round already published cannot be taken back."""
    reg = _registration(event, player)
    if reg.status == Registration.Status.WITHDRAWN:
        raise Conflict({"player": f"{player} has already withdrawn from {event}"})
    published = event.rounds.exclude(status__in=(Round.Status.PENDING, Round.Status.PAIRED)).count()
    first_open = published + 1
    from_round = first_open if from_round is None else from_round
    if from_round < first_open:
        raise ValidationError({"from_round": f"round {from_round} is already published: withdraw from round {first_open} on"})
    if from_round > max(rounds_total(event), 1):
        raise ValidationError({"from_round": f"{event} has no round {from_round}"})
    unpublished = event.rounds.filter(number__gte=from_round, status=Round.Status.PAIRED).first()
    if unpublished and _in_round(unpublished, player):
        raise Conflict(
            {"player": f"{player} is paired in round {unpublished.number}, not yet published: change that pairing first"}
        )
    reg.status = Registration.Status.WITHDRAWN
    reg.withdrawn_after_round = from_round - 1
    reg.save(update_fields=["status", "withdrawn_after_round"])
    text = f"{player} withdrew from round {from_round} on (plays rounds before it)"
    log.audit(event, log.WITHDRAWAL, text, by=by, before={"player": player.name, "status": "active"},
              after={"player": player.name, "status": "withdrawn", "from_round": from_round})  # fmt: skip
    waiting_list.move_up(event, by=by)  # a freed place goes to the first on the waiting list (issue 23)
    return reg


def _in_round(rnd: Round, player: Player) -> bool:
    games = rnd.games.filter(white=player) | rnd.games.filter(black=player)
    return games.exists() or rnd.byes.filter(player=player).exists()


def enter_result(game: Game, *, result: str, termination: str, by=None, **details) -> Game:
    """An arbiter enters or corrects a result (through record_result, the one way results are written)."""
    event = game.round.event
    if by is not None and not is_arbiter(by, event):
        raise ValidationError({"user": f"{by} is not an arbiter of {event}"})
    if game.round.status == Round.Status.PAIRED:
        raise Conflict({"round": f"round {game.round.number} is not published yet"})
    saved = record_result(game, result=result, termination=termination, by=by, **details)
    refresh_round_status(saved.round)
    return saved


@transaction.atomic
def close_event(event: Event, *, by=None) -> Event:
    """Close an event whose rounds are all complete."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    if event.status == Event.Status.CLOSED:
        return event
    for rnd in event.rounds.order_by("number"):
        refresh_round_status(rnd)
        if rnd.status == Round.Status.PAIRED:
            raise ValidationError({"event": f"round {rnd.number} is paired but not published"})
        missing = unfinished_boards(rnd)
        if missing:
            raise ValidationError({"event": f"round {rnd.number} has no final result on board(s) {', '.join(map(str, missing))}"})
    event.status = Event.Status.CLOSED
    event.save(update_fields=["status"])
    log.audit(event, log.EVENT_CLOSED, "Event closed", by=by, before={"status": "running"}, after={"status": "closed"})
    return event
