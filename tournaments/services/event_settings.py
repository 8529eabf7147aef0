"""An event's settings: the one check of their values and of what may still change, and the audited change.

The admin's event form and the organizer API (``POST /api/events/`` and ``PATCH /api/events/{slug}/``) both call
:func:`problems`, so they refuse alike: a variant no engine plays, a time control the clocks cannot read
(``clocks.control``), a tie-break list scoring does not know (``scoring.tiebreaks``). Once round 1 is paired the
record depends on the format, the scoring and the variant (the pairings made, the points given, the starts
rolled): those are refused as a conflict naming the field, as are fewer planned rounds than are paired; everything
else (tie-breaks and planned rounds included) may change, and :func:`update_event` writes each change to the audit
trail with before and after.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.core.exceptions import ValidationError
from django.db import transaction

import tournaments.services.audit as log
from clocks import TimeControlError, parse_time_control
from scoring.registry import get_profile
from scoring.tiebreak_codes import EDITIONS, parse_tiebreaks, read_typed_list
from tournaments.fide import no_control_characters
from tournaments.models import Event, Round
from tournaments.services.errors import Conflict
from tournaments.services.seeding import rank_unseeded
from tournaments.signals import RATED_CHANGED, TIEBREAKS_CHANGED, send_change
from variants import policies

#: The columns the record depends on once round 1 is paired (the variant is three columns: policy, key, options).
LOCKED = ("format", "scoring", "variant_policy", "variant_key", "variant_options")
#: How a locked column is named to a person (the variant's options are part of its policy: two rolls or one).
SPOKEN = {"variant_key": "variant", "variant_options": "variant policy"}
#: What may change at any time (each change audited).
OPEN = ("name", "slug", "organizer", "rounds_planned", "time_control", "tiebreaks", "tiebreak_edition", "baku_acceleration",
        "is_public", "starts_on", "city", "federation", "chief_arbiter", "rated", "seed_by")  # fmt: skip
CHIEF_ARBITER_MAX = 100  # one TRF line (record 102) holds it
#: Changing one of these recomputes the standings (the hook's tiebreaks-changed).
RANKING = ("tiebreaks", "tiebreak_edition")
EVENT_CHANGED = log.EVENT_CHANGED


def started(event: Event) -> bool:
    """Whether round 1 is paired (a round exists that is not waiting to be paired)."""
    return event.pk is not None and event.rounds.exclude(status=Round.Status.PENDING).exists()


def value_problems(values: dict) -> dict[str, str]:
    """What is wrong with the values given (any subset of an event's columns), by column."""
    found: dict[str, str] = {}
    if "time_control" in values:
        try:
            parse_time_control(str(values["time_control"] or ""))
        except TimeControlError as exc:
            found["time_control"] = str(exc)
    if "tiebreaks" in values:
        try:
            _codes(values["tiebreaks"])
        except ValueError as exc:
            found["tiebreaks"] = str(exc)
    if "seed_by" in values and values["seed_by"] not in Event.SeedBy.values:
        found["seed_by"] = f"seed by one of {', '.join(Event.SeedBy.values)}, not {values['seed_by']!r}"
    if "tiebreak_edition" in values and values["tiebreak_edition"] not in ("", *EDITIONS):
        found["tiebreak_edition"] = f"unknown C.07 edition {values['tiebreak_edition']!r}; choose from {', '.join(EDITIONS)}"
    if "chief_arbiter" in values:
        name = str(values["chief_arbiter"] or "").strip()
        try:
            no_control_characters(name)
        except ValidationError as exc:
            found["chief_arbiter"] = " ".join(exc.messages)
        if len(name) > CHIEF_ARBITER_MAX:
            found["chief_arbiter"] = f"at most {CHIEF_ARBITER_MAX} characters"
    if "scoring" in values:
        try:
            get_profile(str(values["scoring"]))
        except (KeyError, ValueError) as exc:
            found["scoring"] = str(exc).strip("'\"")
    variant = {key: values[key] for key in ("variant_policy", "variant_key", "variant_options") if key in values}
    if variant:
        found.update(policies.problems(variant.get("variant_policy", policies.FIXED), variant.get("variant_key", ""),
                                       variant.get("variant_options")))  # fmt: skip
    return found


def _same(name: str, before: object, after: object) -> bool:
    if name == "variant_options":  # one roll is the default: {} and {"rolls": 1} are the same draw
        return policies.rolls_of(before) == policies.rolls_of(after) and {**(before or {}), "rolls": 0} == {
            **(after or {}),
            "rolls": 0,
        }
    return before == after


def changed_fields(event: Event, values: dict) -> dict[str, tuple[object, object]]:
    """``{column: (before, after)}`` of the columns ``values`` would change on ``event``."""
    return {name: (getattr(event, name), value) for name, value in values.items() if getattr(event, name) != value}


def locked_problems(event: Event, values: dict) -> dict[str, str]:
    """The locked columns ``values`` would change once round 1 is paired, each with why it cannot change."""
    if not started(event):
        return {}
    return {
        name: f"round 1 is paired: the event's {SPOKEN.get(name, name.replace('_', ' '))} can no longer change"
        for name, (before, after) in changed_fields(event, values).items()
        if name in LOCKED and not _same(name, before, after)
    }


def round_problems(event: Event, values: dict) -> dict[str, str]:
    """Planned rounds may grow or shrink, never below the rounds already paired."""
    if "rounds_planned" not in values or event.pk is None:
        return {}
    paired = event.rounds.exclude(status=Round.Status.PENDING).order_by("-number").values_list("number", flat=True).first()
    if paired and int(values["rounds_planned"]) < paired and event.system.rounds_fixed:
        return {"rounds_planned": f"round {paired} is paired already: plan at least {paired} rounds"}
    return {}


def problems(event: Event, values: dict) -> tuple[dict[str, str], dict[str, str]]:
    """(conflicts, invalid): what the event's state forbids now (a locked column changed, fewer planned rounds than
    are paired: a 409), and the bad values whatever the event (a 400), by column."""
    return {**locked_problems(event, values), **round_problems(event, values)}, value_problems(values)


def check(event: Event, values: dict) -> None:
    """Raise Conflict for a locked column once round 1 is paired, else ValidationError for a bad value."""
    conflicts, invalid = problems(event, values)
    if conflicts:
        raise Conflict(conflicts)
    if invalid:
        raise ValidationError(invalid)


def _codes(value: object) -> list[str]:
    """A list of codes as stored; a text (a form's, a script's) is read as a director types it."""
    if isinstance(value, str):
        return read_typed_list(value)
    return parse_tiebreaks(value or [])


def normalized(values: dict) -> dict:
    """The values as stored: the tie-break codes in their canonical writing (``"bh, sb"`` -> ``"BH,SB"``)."""
    out = dict(values)
    if "tiebreaks" in out:
        out["tiebreaks"] = _codes(out["tiebreaks"])
    if "chief_arbiter" in out:
        out["chief_arbiter"] = str(out["chief_arbiter"] or "").strip()
    if "federation" in out:
        out["federation"] = str(out["federation"] or "").upper()
    return out


def _shown(value: object) -> object:
    return value if isinstance(value, (str, int, float, bool, dict, list, type(None))) else str(value)


@transaction.atomic
def update_event(event: Event, values: dict, *, by=None, also: Iterable[str] = ()) -> Event:
    """Change ``values`` (columns of :data:`LOCKED` and :data:`OPEN`) on ``event``: checked by :func:`check`,
    saved, and audited with the columns before and after (nothing is written when nothing changes). ``also``:
    columns already changed elsewhere in the same save (the admin's many-to-many arbiters), audited by name."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    unknown = sorted(set(values) - set(LOCKED) - set(OPEN))
    if unknown:
        raise ValidationError({unknown[0]: "this field cannot be changed here"})
    check(event, values)
    values = normalized(values)
    changes = changed_fields(event, values)
    if not changes and not also:
        return event
    for name, (_, after) in changes.items():
        setattr(event, name, after)
    if changes:
        event.full_clean()
        event.save(update_fields=list(changes))
    before = {name: _shown(old) for name, (old, _) in changes.items()}
    after = {name: _shown(new) for name, (_, new) in changes.items()}
    names = [*changes, *also]
    log.audit(event, EVENT_CHANGED, f"Event settings changed: {', '.join(n.replace('_', ' ') for n in names)}", by=by,
              before=before, after=after)  # fmt: skip
    if any(name in changes for name in RANKING):
        send_change(TIEBREAKS_CHANGED, event=event, by=by)  # the standings follow (tournaments.receivers)
    if "seed_by" in changes:
        rank_unseeded(event)  # the starting ranks follow the ratings seeded by (nothing once round 1 is paired)
    if "rated" in changes:
        send_change(RATED_CHANGED, event=event, by=by)  # the rating lists follow (the ratings app's receiver)
    return event
