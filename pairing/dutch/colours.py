"""Colour allocation (C.04.3) and the order of the boards (by the higher score in each pair).

In order, for two players paired together:
1. grant both preferences when they are compatible;
2. grant the stronger preference (absolute over strong over mild; between two absolute ones the larger colour
   difference wins);
3. alternate from the most recent round in which one had White and the other Black;
4. grant the higher-ranked player's preference;
5. with no preference at all, the higher-ranked player gets the initial colour when their pairing number is odd
   (1-based), the other colour when it is even.
"""

from __future__ import annotations

from pairing.dutch.state import WHITE, Player, invert


def _last_difference(player: Player, opponent: Player) -> str | None:
    """The opponent's colour in the latest round (counting back over played games) where the two differed."""
    mine = [m.colour for m in reversed(player.matches) if m.played]
    theirs = [m.colour for m in reversed(opponent.matches) if m.played]
    for a, b in zip(mine, theirs):
        if a != b:
            return b
    return None


def _neutral(player: Player, opponent: Player) -> str | None:
    mine, theirs = player.preference, opponent.preference
    if mine != theirs or mine is None or theirs is None:
        return mine if mine is not None else invert(theirs)
    if player.absolute and (player.imbalance > opponent.imbalance or not opponent.absolute):
        return mine
    if opponent.absolute and (opponent.imbalance > player.imbalance or not player.absolute):
        return invert(theirs)
    if player.strong != opponent.strong:
        return mine if player.strong else invert(theirs)
    return _last_difference(player, opponent)


def ranks_below(a: Player, b: Player) -> bool:
    """a comes after b in the pairing order (score with acceleration, then pairing number)."""
    return (a.acc, b.rank) < (b.acc, a.rank)


def colour_of(player: Player, opponent: Player, initial: str) -> str:
    """The colour ``player`` gets against ``opponent``."""
    chosen = _neutral(player, opponent)
    if chosen is not None:
        return chosen
    if player.preference is None:
        if ranks_below(player, opponent):
            return initial if opponent.rank % 2 else invert(initial)  # type: ignore[return-value]
        return invert(initial) if player.rank % 2 else initial  # type: ignore[return-value]
    return invert(opponent.preference) if ranks_below(player, opponent) else player.preference  # type: ignore[return-value]


def boards(pairs: list[tuple[Player, Player]], bye: Player | None, initial: str) -> list[tuple[Player, Player | None]]:
    """(White, Black) per board in the published order; the bye last, as (player, None)."""
    games = []
    for a, b in pairs:
        first, second = (a, b) if a.number < b.number else (b, a)
        white = colour_of(first, second, initial) == WHITE
        games.append((first, second) if white else (second, first))

    def order(game: tuple[Player, Player]) -> tuple[int, int, int]:
        white, black = game
        higher, lower = (black, white) if (white.score, black.rank) < (black.score, white.rank) else (white, black)
        return -higher.score, -lower.score, higher.rank

    ordered: list[tuple[Player, Player | None]] = sorted(games, key=order)
    if bye is not None:
        ordered.append((bye, None))
    return ordered
