"""Which pairing system an event uses, and the FIDE Dutch system fed from the event's records.

A Swiss event in Random Variant Chess (its variant rolled by dice) keeps the seed's colour schedule
(:mod:`pairing.swiss`); a Swiss event in one fixed variant (plain chess or any other variant of the
registry that is not rolled) is paired by the FIDE Dutch system (:mod:`pairing.dutch`), as an organizer
of such an event expects. Round-robins and matches follow their own schedules. docs/pairing.md says why.

For a Dutch event the database history becomes the :class:`~pairing.trf.TrfTournament` an arbiter's
TRF file would hold before the round: pairing numbers, game results and byes as the event's TRF export writes
them (:mod:`tournaments.exports.trf`), so ``pair_trf`` on the exported file pairs exactly as the event does.
Brackets use each game's classical result (1, ½, 0) whatever the event's scoring: C.04.3 ranks by score in
those units, and dynamic game points (seed 002) only decide the standings (docs/pairing.md, "Dynamic scoring").
"""

from __future__ import annotations

from decimal import Decimal

from pairing.dutch import DUTCH, SEED_SCHEDULE, NoValidPairing, pair_dutch
from pairing.dutch import pairing_system_for as system_for_swiss
from pairing.explain import MATCH, ROUND_ROBIN
from pairing.trf import RoundEntry, TrfPlayer, TrfTournament
from scoring import get_profile
from tournaments.exports.trf import game_code, start_ranks
from tournaments.models import Bye, ByeRequest, Event, ForbiddenPairing, Game, Registration
from tournaments.services.bye_points import requested_bye_value
from tournaments.services.check_in import not_checked_in
from tournaments.services.colour_draw import first_white
from tournaments.services.errors import Conflict
from tournaments.services.history import plays
from variants.base import BLACK, WHITE
from variants.registry import get_engine

LABELS = {
    DUTCH: "FIDE Dutch system (C.04.3)",
    SEED_SCHEDULE: "Swiss with the seed's colour schedule (Random Variant Chess)",
    ROUND_ROBIN: "Round-robin schedule (Berger tables)",
    MATCH: "Match schedule (colours alternate)",
}
ABSENT = RoundEntry(None, "-", "Z")  # a round without a game or bye: a zero-point bye, as the TRF export writes it

__all__ = [
    "DUTCH",
    "SEED_SCHEDULE",
    "dutch_pairings",
    "event_tournament",
    "pairing_system_for",
    "pairing_system_label",
    "plays_one_variant",
]


def pairing_system_for(event: Event) -> str:
    """``"dutch"`` or ``"seed-schedule"`` for a Swiss event (:func:`plays_one_variant` decides, from the variant
    policy and the registry's ``Engine.rolled``); ``"round-robin"`` or ``"match"`` for the other formats."""
    if event.system.pair_round is not None:  # a registered system's own pairing (pairing.systems)
        return event.system.key
    if event.system.schedule is not None:  # a whole-event schedule: a match's or a round-robin's
        return MATCH if event.system.competitors == 2 else ROUND_ROBIN
    return system_for_swiss(plays_one_variant(event))


def plays_one_variant(event: Event) -> bool:
    """The whole event plays one variant that no dice choose: a fixed variant whose engine is not rolled (Random
    Variant Chess played with one fixed array is still the seed's game)."""
    return event.variant_policy == Event.VariantPolicy.FIXED and not get_engine(event.variant_key).rolled


def pairing_system_label(event: Event) -> str:
    """The pairing system in words, for the event page and the admin."""
    system = pairing_system_for(event)
    baku = system == DUTCH and event.baku_acceleration
    return LABELS.get(system, event.system.label) + (", Baku acceleration (C.04.5)" if baku else "")


def _bye_code(kind: str, points: Decimal, game_total: float) -> str:
    """U the pairing-allocated bye; a requested bye by its share of a game: F all, H half, Z none (any scoring)."""
    if kind == Bye.Kind.PAIRING:
        return "U"
    if kind != Bye.Kind.REQUESTED:
        return "Z"
    share = Decimal(points) / Decimal(str(game_total))
    return {Decimal(1): "F", Decimal("0.5"): "H"}.get(share.normalize(), "Z")


def _history(event: Event, number: int, numbers: dict[int, int]) -> dict[tuple[int, int], RoundEntry]:
    """(player id, round) -> TRF round entry for rounds before ``number`` (all complete: pair_round checked)."""
    cells: dict[tuple[int, int], RoundEntry] = {}
    games = Game.objects.filter(round__event=event, round__number__lt=number).select_related("round")
    for game in games:
        n = game.round.number
        cells[(game.white_id, n)] = RoundEntry(numbers[game.black_id], "w", game_code(game, WHITE))
        cells[(game.black_id, n)] = RoundEntry(numbers[game.white_id], "b", game_code(game, BLACK))
    total = get_profile(event.scoring).game_total
    for player_id, n, kind, points in Bye.objects.filter(round__event=event, round__number__lt=number).values_list(
        "player_id", "round__number", "kind", "points"
    ):
        cells[(player_id, n)] = RoundEntry(None, "-", _bye_code(kind, points, total))
    return cells


def _ahead(event: Event, number: int, registration: Registration, requested: set[int], absent: set[int]) -> list[RoundEntry]:
    """The entry already known for the round to pair: a requested bye (H, F or Z by its points), or Z for a player
    withdrawn or not arrived yet (C.04.2: not paired); nothing for a player to pair."""
    if not plays(registration, number) or registration.player_id in absent:
        return [ABSENT]
    if registration.player_id in requested:
        points = requested_bye_value(event)  # issue 23: the event's share of a game
        return [RoundEntry(None, "-", _bye_code(Bye.Kind.REQUESTED, points, get_profile(event.scoring).game_total))]
    return []


def event_tournament(event: Event, number: int) -> tuple[TrfTournament, dict[int, int]]:
    """The state before round ``number`` as a TRF tournament, and player id -> start number."""
    registrations = start_ranks(event)
    numbers = {r.player_id: index for index, r in enumerate(registrations, start=1)}
    cells = _history(event, number, numbers)
    requested = set(
        ByeRequest.objects.filter(registration__event=event, round_number=number).values_list(
            "registration__player_id", flat=True
        )
    )
    absent = not_checked_in(event, number)  # issue 23: not checked in, not paired (Z, as a withdrawal)
    players = [
        TrfPlayer(
            number=numbers[r.player_id],
            name=r.player.name,
            rating=r.player.rating,
            rounds=[cells.get((r.player_id, n), ABSENT) for n in range(1, number)] + _ahead(event, number, r, requested, absent),
        )
        for r in registrations
    ]
    forbidden = [
        (numbers[a], numbers[b])
        for a, b in ForbiddenPairing.objects.filter(event=event).values_list("player_a_id", "player_b_id")
        if a in numbers and b in numbers
    ]
    tournament = TrfTournament(
        players=players,
        total_rounds=event.rounds_planned,
        initial_colour="w" if first_white(event) else "b",
        forbidden=forbidden,
    )
    return tournament, numbers


def dutch_pairings(event: Event, number: int) -> tuple[list[tuple[int, int]], int | None]:
    """Round ``number`` of a Dutch event: (white id, black id) per board in board order, and the pairing-allocated
    bye's player id. No valid pairing (forbidden pairs, rematches, colours) is a :class:`Conflict` naming why."""
    tournament, numbers = event_tournament(event, number)
    ids = {start: player_id for player_id, start in numbers.items()}
    try:
        pairing = pair_dutch(tournament, baku=event.baku_acceleration)
    except NoValidPairing as exc:
        raise Conflict({"round": f"round {number} cannot be paired by the FIDE Dutch system: {exc}"}) from None
    except ValueError as exc:  # e.g. Baku acceleration asked with a point system it is not defined for
        raise Conflict({"round": f"round {number} cannot be paired by the FIDE Dutch system: {exc}"}) from None
    boards = [(ids[white], ids[black]) for white, black in pairing.boards]
    return boards, (ids[pairing.bye] if pairing.bye is not None else None)
