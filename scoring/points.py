"""The points of one game and of a bye under a registered profile: the entry points the apps call.

The ending of a game is read from the engine of its variant (:func:`scoring.terminations.ending_for`), so how an
ending is graded is a fact of that engine, never a list kept here.
"""

from __future__ import annotations

from scoring.profiles import Profile
from scoring.registry import get_profile
from scoring.terminations import ending_for
from variants.base import BLACK, WHITE
from variants.terminations import Ending


def game_points(
    profile: str | Profile,
    *,
    termination: str | Ending,
    winner: str | None,
    material: dict[str, float] | None = None,
    checking_side: str | None = None,
    forcing_side: str | None = None,
    variant: str | None = None,
    controllers: dict[str, str] | None = None,
    **settings: float,
) -> tuple[float, float]:
    """(White seat points, Black seat points) for a game that ended with ``termination``.

    ``termination`` is an :class:`~variants.terminations.Ending`, or the name of one of ``variant``'s endings
    (with no variant, the laws of chess: stalemate is a draw). ``winner`` is the winning seat (``"white"``/
    ``"black"``) or ``None``; for material endings of the dynamic profile it is ignored (the material decides).
    Raises ValueError naming what is missing or inconsistent.
    """
    for name, value in (("winner", winner), ("checking_side", checking_side), ("forcing_side", forcing_side)):
        if value not in (None, WHITE, BLACK):
            raise ValueError(f"{name} must be 'white', 'black' or None, not {value!r}")
    ending = termination if isinstance(termination, Ending) else ending_for(termination, variant)
    chosen = get_profile(profile, **settings)
    return chosen.score(
        ending,
        winner,
        material=material,
        checking_side=checking_side,
        forcing_side=forcing_side,
        controllers=dict(controllers) if controllers else {WHITE: WHITE, BLACK: BLACK},
    )


def bye_points(profile: str | Profile, kind: str, **settings: float) -> float:
    """Points of a bye: ``pairing`` (a win's points, FIDE), ``requested`` (a draw's), ``absent`` (zero)."""
    chosen = get_profile(profile, **settings)
    table = {"pairing": chosen.pab, "requested": chosen.requested_bye, "absent": chosen.absent_bye}
    if kind not in table:
        raise ValueError(f"unknown bye kind {kind!r}; choose one of {', '.join(table)}")
    return table[kind]


def result_from_points(white: float, black: float) -> str:
    """The people's result the points stand for: who scored more won (``0-0`` when nobody scored)."""
    if white > black:
        return "1-0"
    if black > white:
        return "0-1"
    if white == 0 and black == 0:
        return "0-0"
    return "1/2-1/2"
