"""Scoring profiles: how many points each seat gets for a game's ending.

``game_points`` is the one entry point. Points are returned per *seat* (the person who started with White,
then the one who started with Black); material, ``checking_side`` and ``forcing_side`` are *armies*. The two only
differ in Switch-Side Chain-Chess, where ``controllers`` (army -> seat) says who held which army at the end.
docs/rules/scoring.md explains every reading.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

import scoring.terminations as t
from scoring.material import material_leader
from variants.base import BLACK, WHITE

Points = tuple[float, float]


def _other(side: str) -> str:
    return BLACK if side == WHITE else WHITE


def _to_seat(points_by_seat: dict[str, float]) -> Points:
    return (float(points_by_seat[WHITE]), float(points_by_seat[BLACK]))


@dataclass(frozen=True)
class Profile:
    """A scoring profile. ``game_total`` is what one game hands out (byes and tie-breaks scale by it)."""

    key: ClassVar[str]
    win: float
    draw: float
    loss: float
    pab: float  # pairing-allocated bye
    requested_bye: float  # a half-point bye asked for in advance
    absent_bye: float = 0.0  # zero-point bye (absent, withdrawn)

    @property
    def game_total(self) -> float:
        return self.win + self.loss

    def score(
        self,
        termination: str,
        winner: str | None,
        *,
        material: dict[str, float] | None,
        checking_side: str | None,
        forcing_side: str | None,
        controllers: dict[str, str],
        stalemate_wins: bool,
    ) -> Points:
        raise NotImplementedError

    def _decisive(self, winner: str | None, termination: str) -> Points:
        if winner is None:
            if termination == t.FORFEIT:  # both absent: nobody scores
                return (0.0, 0.0)
            raise ValueError(f"{termination} needs a winner")
        return _to_seat({winner: self.win, _other(winner): self.loss})


@dataclass(frozen=True)
class DynamicProfile(Profile):
    """Seed 002's dynamic scoring in game points."""

    key: ClassVar[str] = "dynamic"
    win: float = 100.0  # checkmate
    draw: float = 50.0
    loss: float = 0.0
    pab: float = 100.0
    requested_bye: float = 50.0
    absent_bye: float = 0.0
    stalemate: tuple[float, float] = (60.0, 40.0)  # (forcing player, other)
    perpetual_white: tuple[float, float] = (52.0, 48.0)  # White checks: (White's controller, Black's)
    perpetual_black: tuple[float, float] = (55.0, 45.0)  # Black checks: (Black's controller, White's)
    material_win: tuple[float, float] = (51.0, 49.0)
    black_compensation: float = 4.5
    material_threshold: float = 6.0

    def score(self, termination, winner, *, material, checking_side, forcing_side, controllers, stalemate_wins):
        if termination in t.DECISIVE or (termination == t.STALEMATE and stalemate_wins):
            return self._decisive(winner or _seat_of(forcing_side, controllers), termination)
        if termination in t.PLAIN_DRAW:
            return (self.draw, self.draw)
        if termination == t.STALEMATE:
            army = _army_of(forcing_side, winner, controllers, "forcing_side", termination)
            more, less = self.stalemate
            return _to_seat({controllers[army]: more, controllers[_other(army)]: less})
        if termination == t.PERPETUAL_CHECK:
            army = _army_of(checking_side, winner, controllers, "checking_side", termination)
            more, less = self.perpetual_white if army == WHITE else self.perpetual_black
            return _to_seat({controllers[army]: more, controllers[_other(army)]: less})
        if termination in t.MATERIAL:
            if material is None:
                raise ValueError(f"{termination} under dynamic scoring needs the final material")
            leader = material_leader(material, black_compensation=self.black_compensation, threshold=self.material_threshold)
            if leader is None:
                return (self.draw, self.draw)
            more, less = self.material_win
            return _to_seat({controllers[leader]: more, controllers[_other(leader)]: less})
        raise ValueError(f"unknown termination {termination!r}")


@dataclass(frozen=True)
class ClassicalProfile(Profile):
    """1 for a win, ½ for a draw, 0 for a loss."""

    key: ClassVar[str] = "classical"
    win: float = 1.0
    draw: float = 0.5
    loss: float = 0.0
    pab: float = 1.0
    requested_bye: float = 0.5
    absent_bye: float = 0.0

    def score(self, termination, winner, *, material, checking_side, forcing_side, controllers, stalemate_wins):
        if termination in t.DECISIVE or (termination == t.STALEMATE and stalemate_wins):
            return self._decisive(winner or _seat_of(forcing_side, controllers), termination)
        if termination == t.ADJUDICATION:  # the arbiter's decision is the result
            return self._decisive(winner, termination) if winner else (self.draw, self.draw)
        if termination in t.ALL_TERMINATIONS:
            # Stalemate, perpetual check, repetition, agreement ...: a draw in chess.
            return (self.draw, self.draw)
        raise ValueError(f"unknown termination {termination!r}")


def _seat_of(army: str | None, controllers: dict[str, str]) -> str | None:
    return controllers[army] if army else None


def _army_of(army: str | None, winner: str | None, controllers: dict[str, str], name: str, termination: str) -> str:
    """The army named by ``army``, or else the army the winning seat controlled; they must agree."""
    if army is not None:
        if winner is not None and controllers[army] != winner:
            raise ValueError(f"{name} {army} does not match the winner {winner}")
        return army
    if winner is None:
        raise ValueError(f"{termination} needs {name} (or a winner)")
    return next(a for a, seat in controllers.items() if seat == winner)


DYNAMIC = DynamicProfile()
CLASSICAL = ClassicalProfile()
PROFILES: dict[str, Profile] = {DYNAMIC.key: DYNAMIC, CLASSICAL.key: CLASSICAL}


def get_profile(profile: str | Profile, **settings: float) -> Profile:
    """The profile by key, with ``settings`` (e.g. ``black_compensation=3.5``) replacing its defaults."""
    base = profile if isinstance(profile, Profile) else PROFILES.get(profile)
    if base is None:
        raise ValueError(f"unknown scoring profile {profile!r}; choose one of {', '.join(PROFILES)}")
    if not settings:
        return base
    known = set(base.__dataclass_fields__)
    unknown = set(settings) - known
    if unknown:
        raise ValueError(f"unknown setting(s) for {base.key}: {', '.join(sorted(unknown))}")
    return replace(base, **settings)


def game_points(
    profile: str | Profile,
    *,
    termination: str,
    winner: str | None,
    material: dict[str, float] | None = None,
    checking_side: str | None = None,
    forcing_side: str | None = None,
    variant: str | None = None,
    controllers: dict[str, str] | None = None,
    **settings: float,
) -> tuple[float, float]:
    """(White seat points, Black seat points) for a game that ended with ``termination``.

    ``winner`` is the winning seat (``"white"``/``"black"``) or ``None``; for material endings of the dynamic
    profile it is ignored (the material decides). ``variant`` matters only for Parity Chess, where stalemate is
    a win like checkmate. Raises ValueError naming what is missing or inconsistent.
    """
    for name, value in (("winner", winner), ("checking_side", checking_side), ("forcing_side", forcing_side)):
        if value not in (None, WHITE, BLACK):
            raise ValueError(f"{name} must be 'white', 'black' or None, not {value!r}")
    if termination not in t.ALL_TERMINATIONS:
        raise ValueError(f"unknown termination {termination!r}")
    chosen = get_profile(profile, **settings)
    return chosen.score(
        termination,
        winner,
        material=material,
        checking_side=checking_side,
        forcing_side=forcing_side,
        controllers=dict(controllers) if controllers else {WHITE: WHITE, BLACK: BLACK},
        stalemate_wins=t.stalemate_wins(variant),
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
