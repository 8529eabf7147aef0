"""The army-owned clock of Switch-Side Chain-Chess (seed 004).

"Clocks (e.g. in tournament games) should be unaffected by the switching rule to prevent either player from
waiting until the last second on his clock to switch. So in switching sides, you also inherit your opponent's
time left." The clock is therefore keyed by army, exactly like a chess server's clock is keyed by colour; a
switch only changes which seat (person) controls which army and never touches the time.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from clocks.clock import BLACK, WHITE, Clock


@dataclass(frozen=True)
class ArmyClock:
    """A :class:`Clock` keyed by army plus who (which seat) controls each army now."""

    clock: Clock
    white_army_seat: str = WHITE
    black_army_seat: str = BLACK

    def controller(self, army: str) -> str:
        """The seat now controlling ``army``."""
        return self.white_army_seat if army == WHITE else self.black_army_seat

    def army_of(self, seat: str) -> str:
        """The army ``seat`` controls now."""
        return WHITE if self.white_army_seat == seat else BLACK

    def seat_remaining(self, seat: str, now: int) -> int:
        """A person's time is the time of the army they control."""
        return self.clock.remaining(self.army_of(seat), now)

    def move(self, army: str, now: int, *, switch: bool = False) -> ArmyClock:
        """``army`` completes a move (the army clocks alternate as ever); a switch claim swaps the seats."""
        stepped = replace(self, clock=self.clock.switch(army, now))
        if switch and not stepped.clock.flagged:
            return replace(stepped, white_army_seat=self.black_army_seat, black_army_seat=self.white_army_seat)
        return stepped

    def to_dict(self) -> dict:
        return {**self.clock.to_dict(), "controllers": {WHITE: self.white_army_seat, BLACK: self.black_army_seat}}

    @classmethod
    def from_dict(cls, data: dict) -> ArmyClock:
        controllers = data.get("controllers") or {WHITE: WHITE, BLACK: BLACK}
        return cls(Clock.from_dict(data), controllers[WHITE], controllers[BLACK])
