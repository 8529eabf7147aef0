"""Standings as if every game in play ended now: each live board's verdict as it stands, pure.

The verdict of a board is what its game would score if it ended on the move:

* the game is over on the board (checkmate, stalemate, or whatever ending the variant's engine finds there): that
  ending, scored as the event's profile scores it;
* otherwise the game is "as it stands": an undecided ending that favours the material balance. Dynamic scoring
  (seed 002) grades it as it grades a game where nothing remains to be gained, the material verdict (51-49 to
  the army ahead by its threshold after Black's compensation, else 50-50); a profile that does not grade endings
  (classical) scores it a draw.

Nothing here reads a database or a clock: the apps build the engine of the position and pass it in, then replace
the unfinished game records by :func:`provisional_games`, and the standings are computed as usual.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace

from scoring.material import material_leader
from scoring.points import result_from_points
from scoring.profiles import Profile
from scoring.records import GameRecord
from variants.base import BLACK, WHITE, Engine
from variants.terminations import Favours, undecided

#: The ending of a game counted "as it stands": nobody won on the board, the material balance is weighed.
AS_IT_STANDS = undecided("as-it-stands", "as it stands", Favours.MATERIAL)

COLOUR = {WHITE: "White", BLACK: "Black"}


@dataclass(frozen=True)
class Verdict:
    """What a live game would score if it ended now: seat points, the people's result, the ending's name and a
    sentence saying why (``"checkmate on the board: White wins"``)."""

    white_points: float
    black_points: float
    result: str
    ending: str
    reason: str

    def as_dict(self) -> dict[str, object]:
        return {
            "result": self.result,
            "white_points": self.white_points,
            "black_points": self.black_points,
            "ending": self.ending,
            "reason": self.reason,
        }


def replay(engine_class: type[Engine], start_position: str, options: Mapping[str, object], moves: Iterable[str]) -> Engine:
    """The engine of a game at its current position: its start (or the variant's) and every move played (a
    simultaneous variant's entry holds both armies' moves). Raises ValueError for a start or a move that does
    not read."""
    engine = engine_class.from_position(start_position, **options) if start_position else engine_class.new(**options)
    for entry in moves:
        if engine.simultaneous:
            white_move, black_move = entry.split()
            engine.play_turn(white_move, black_move)
        else:
            engine.play(entry)
    return engine


def _seats(engine: Engine) -> dict[str, str]:
    """army -> the seat controlling it now (only Switch-Side Chain-Chess ever differs)."""
    return {army: engine.controller(army) for army in (WHITE, BLACK)}


def verdict(profile: Profile, engine: Engine) -> Verdict:
    """The verdict of the game ``engine`` holds under ``profile`` (see the module's docstring)."""
    seats = _seats(engine)
    outcome = engine.outcome()
    if outcome is not None:
        ending = type(engine).ending(outcome.termination)
        winner = seats[outcome.winner] if outcome.winner else None
        material = engine.material() if profile.needs_material(ending) else None
        white, black = profile.score(
            ending, winner, material=material, checking_side=outcome.checking_side,
            forcing_side=outcome.forcing_side, controllers=seats,
        )  # fmt: skip
        who = f": {COLOUR[winner]} wins" if winner else ""
        if not winner and outcome.forcing_side:
            who = f" (forced by {COLOUR[seats[outcome.forcing_side]]})"
        return Verdict(white, black, result_from_points(white, black), ending.name, f"{ending.label} on the board{who}")
    material = engine.material()
    white, black = profile.score(AS_IT_STANDS, None, material=material, checking_side=None, forcing_side=None, controllers=seats)
    return Verdict(white, black, result_from_points(white, black), AS_IT_STANDS.name, _standing_reason(profile, material, seats))


def _standing_reason(profile: Profile, material: dict[str, float], seats: dict[str, str]) -> str:
    """Why a game still in play is counted as it is: the material verdict, or a draw."""
    counted = f"material {material[WHITE]:g} to {material[BLACK]:g}"
    if not profile.needs_material(AS_IT_STANDS):
        return f"in play, counted as a draw ({profile.name.split(' (')[0].lower()} scoring grades no material)"
    # A profile that weighs material says how (seed 002's: Black's compensation and the winning lead).
    compensation = float(getattr(profile, "black_compensation", 0.0))
    threshold = float(getattr(profile, "material_threshold", 0.0))
    leader = material_leader(material, black_compensation=compensation, threshold=threshold)
    if leader is None:
        return f"in play, {counted} (Black +{compensation:g}): no lead of {threshold:g}, a draw on material"
    return f"in play, {counted} (Black +{compensation:g}): {COLOUR[seats[leader]]} ahead by {threshold:g} or more"


def provisional_games(games: Iterable[GameRecord], verdicts: Mapping[int, Verdict]) -> list[GameRecord]:
    """The records with each unfinished game (by its index in ``games``) counted as its verdict says: final, with
    the verdict's points and result. An unfinished game without a verdict stays unfinished (counted nowhere)."""
    found = []
    for index, game in enumerate(games):
        judged = verdicts.get(index)
        if game.final or judged is None:
            found.append(game)
            continue
        found.append(
            replace(game, white_points=judged.white_points, black_points=judged.black_points, result=judged.result, final=True)
        )
    return found
