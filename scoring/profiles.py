"""Scoring profiles: how many points each seat gets for a game's ending, and what the pages say about them.

A profile grades an :class:`~variants.terminations.Ending` by what the ending says of itself (decisive or not,
whom it favours), never by its name, so a variant's new way to win is scored with no edit here. Points are per
*seat* (the person who started with White, then the one who started with Black); material, ``checking_side`` and
``forcing_side`` are *armies*. The two only differ in Switch-Side Chain-Chess, where ``controllers`` (army ->
seat) says who held which army at the end. Profiles are registered in :mod:`scoring.registry`;
docs/rules/scoring.md explains every reading.
"""

from __future__ import annotations

from dataclasses import dataclass

from scoring.material import material_leader
from variants.base import BLACK, WHITE
from variants.terminations import Ending, Favours

Points = tuple[float, float]


def _other(side: str) -> str:
    return BLACK if side == WHITE else WHITE


def _to_seat(points_by_seat: dict[str, float]) -> Points:
    return (float(points_by_seat[WHITE]), float(points_by_seat[BLACK]))


@dataclass(frozen=True)
class Profile:
    """A scoring profile: a win's, a draw's and a loss's points, the byes, and what the apps show of it.

    The base class scores as chess does: a decisive ending is a win, an arbiter's decision is the result as given,
    every other ending a draw. ``game_total`` is what one game hands out (byes and tie-breaks scale by it).
    """

    key: str  # what Event.scoring stores
    name: str  # what forms and pages call it
    win: float
    draw: float
    loss: float
    pab: float  # pairing-allocated bye
    requested_bye: float  # a half-point bye asked for in advance
    absent_bye: float = 0.0  # zero-point bye (absent, withdrawn)
    #: The pages show each game's points beside its result (and performance counts each game's share of them):
    #: the points tell more than the result.
    shows_game_points: bool = False
    #: What the round page says of those points, under its table.
    game_points_note: str = ""
    #: The results are FIDE's 1, ½ and 0: a rated player's page shows the FIDE rating change of each game.
    fide_rated: bool = False
    #: FIDE TRF-16, which records 1, ½ or 0 a game, writes these points exactly: the event has a TRF export.
    trf_exact: bool = False
    #: How the TRF refusal names the points of an event scored so ("dynamic game points (seed 002)").
    points_name: str = ""

    @property
    def game_total(self) -> float:
        return self.win + self.loss

    def needs_material(self, ending: Ending) -> bool:
        """Whether scoring ``ending`` needs the final material."""
        return False

    def side_needed(self, ending: Ending) -> str | None:
        """The ``game_points`` argument naming the army an ending's points depend on (``forcing_side`` for a
        stalemate, ``checking_side`` for a perpetual check) when the result does not say it; None if none does."""
        return None

    def score(
        self,
        ending: Ending,
        winner: str | None,
        *,
        material: dict[str, float] | None,
        checking_side: str | None,
        forcing_side: str | None,
        controllers: dict[str, str],
    ) -> Points:
        """(White seat, Black seat) points of ``ending``; ValueError naming what is missing or inconsistent."""
        if ending.decisive:
            return self._decisive(winner or _seat_of(forcing_side, controllers), ending)
        if ending.arbiter and winner:  # the arbiter's decision is the result
            return self._decisive(winner, ending)
        return (self.draw, self.draw)

    def _decisive(self, winner: str | None, ending: Ending) -> Points:
        if winner is None:
            if ending.unplayed:  # both absent: nobody scores
                return (0.0, 0.0)
            raise ValueError(f"{ending.name} needs a winner")
        return _to_seat({winner: self.win, _other(winner): self.loss})


@dataclass(frozen=True)
class DynamicProfile(Profile):
    """Seed 002's dynamic scoring in game points: the endings without a winner are graded by whom they favour."""

    key: str = "dynamic"
    name: str = "Dynamic (game points, seed 002)"
    win: float = 100.0  # checkmate
    draw: float = 50.0
    loss: float = 0.0
    pab: float = 100.0
    requested_bye: float = 50.0
    absent_bye: float = 0.0
    shows_game_points: bool = True
    game_points_note: str = "Game points: what each player scored in the game (seed 002)."
    points_name: str = "dynamic game points (seed 002)"
    stalemate: tuple[float, float] = (60.0, 40.0)  # (forcing player, other)
    perpetual_white: tuple[float, float] = (52.0, 48.0)  # White checks: (White's controller, Black's)
    perpetual_black: tuple[float, float] = (55.0, 45.0)  # Black checks: (Black's controller, White's)
    material_win: tuple[float, float] = (51.0, 49.0)
    black_compensation: float = 4.5
    material_threshold: float = 6.0

    def needs_material(self, ending: Ending) -> bool:
        return not ending.decisive and ending.favours == Favours.MATERIAL

    def side_needed(self, ending: Ending) -> str | None:
        if ending.decisive:
            return None
        return {Favours.FORCING: "forcing_side", Favours.CHECKING: "checking_side"}.get(ending.favours)

    def score(self, ending, winner, *, material, checking_side, forcing_side, controllers):
        if ending.decisive:
            return self._decisive(winner or _seat_of(forcing_side, controllers), ending)
        if ending.favours == Favours.FORCING:
            army = _army_of(forcing_side, winner, controllers, "forcing_side", ending.name)
            more, less = self.stalemate
            return _to_seat({controllers[army]: more, controllers[_other(army)]: less})
        if ending.favours == Favours.CHECKING:
            army = _army_of(checking_side, winner, controllers, "checking_side", ending.name)
            more, less = self.perpetual_white if army == WHITE else self.perpetual_black
            return _to_seat({controllers[army]: more, controllers[_other(army)]: less})
        if ending.favours == Favours.MATERIAL:
            if material is None:
                raise ValueError(f"{ending.name} under dynamic scoring needs the final material")
            leader = material_leader(material, black_compensation=self.black_compensation, threshold=self.material_threshold)
            if leader is None:
                return (self.draw, self.draw)
            more, less = self.material_win
            return _to_seat({controllers[leader]: more, controllers[_other(leader)]: less})
        return (self.draw, self.draw)  # favours nobody: a plain draw


@dataclass(frozen=True)
class ClassicalProfile(Profile):
    """1 for a win, ½ for a draw, 0 for a loss: the laws of chess, what FIDE rates and TRF-16 records."""

    key: str = "classical"
    name: str = "Classical (1, ½, 0)"
    win: float = 1.0
    draw: float = 0.5
    loss: float = 0.0
    pab: float = 1.0
    requested_bye: float = 0.5
    absent_bye: float = 0.0
    fide_rated: bool = True
    trf_exact: bool = True
    points_name: str = "classical points (1, ½, 0)"


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
