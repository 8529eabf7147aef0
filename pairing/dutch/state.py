"""What the Dutch pairing knows about each player before a round (C.04.3 articles 1.2-1.4, C.04.1, C.04.2).

Built from a :class:`~pairing.trf.TrfTournament` (a TRF file, or an event's records converted to one).
Scores are in tenths of a point. The rules, with the TRF conventions bbpPairings reads them by:

* Who is paired: every player without an entry for the round already made (H, F, Z or "-": a requested bye, a
  withdrawal, a late entrant who has not arrived). A player who has never taken part in a pairing and already has
  such an entry does not count for the pairing numbers either (C.04.2 late entries get theirs on arrival).
* Order (1.2): score (with acceleration), then pairing number.
* Colour difference and preference: over played games only (forfeits give no colour); absolute when the
  difference is beyond ±1 or the last two games had one colour, strong when the difference is ±1, mild otherwise.
* Floats (1.4.2-1.4.3): a downfloat for the higher-scored player of a game between different scores and for
  anyone who scored more than a loss without playing (forfeit win, bye); an upfloat for the lower-scored player.
* Pairing-allocated bye (C.04.1): not for a player who already had one or scored a win without playing.
* Rematches are forbidden only after a game played over the board: a forfeited pairing may be repeated.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pairing.trf import NOT_PAIRED, PointSystem, RoundEntry, TrfTournament, played_rounds

WHITE, BLACK = "w", "b"


def invert(colour: str | None) -> str | None:
    return None if colour is None else BLACK if colour == WHITE else WHITE


@dataclass(eq=False)
class Player:
    number: int  # start number, as in the TRF
    rank: int  # 0-based pairing number among the players who count (bbpPairings' rankIndex)
    rating: int
    matches: list[RoundEntry]  # rounds 1..played
    score: int = 0  # without acceleration
    acc: int = 0  # with the acceleration of the round to pair: the score the pairing uses
    accelerations: list[int] = field(default_factory=list)
    imbalance: int = 0  # |whites - blacks|
    preference: str | None = None
    repeated: str | None = None  # the colour of the last two (or more) games in a row, when they agree
    strong: bool = False
    played_games: int = 0
    eligible: bool = True  # may receive the pairing-allocated bye
    floats: tuple[str | None, str | None] = (None, None)  # last round, the round before: "D", "U" or None

    @property
    def absolute(self) -> bool:
        return self.imbalance > 1 or self.repeated is not None


@dataclass
class RoundState:
    players: list[Player]  # the players to pair, sorted by (score with acceleration, pairing number)
    everyone: dict[int, Player]  # every player who counts, by start number
    played: int  # rounds already paired
    total: int  # rounds in the event (XXR)
    points: PointSystem
    initial_colour: str
    forbidden: dict[int, set[int]]  # start number -> start numbers they must not meet (rematches included)


def _colour_data(player: Player) -> None:
    whites = blacks = run = 0
    last = None
    for match in player.matches:
        if match.played:
            whites += match.colour == WHITE
            blacks += match.colour == BLACK
            run = run + 1 if match.colour == last else 1
            last = match.colour
    player.played_games = whites + blacks
    lower = BLACK if whites > blacks else WHITE
    player.imbalance = abs(whites - blacks)
    if player.imbalance > 1:
        player.preference = lower
    elif run > 1:
        player.preference = invert(last)
    elif player.imbalance:
        player.preference = lower
    else:
        player.preference = invert(last)
    player.repeated = last if run > 1 else None
    player.strong = not player.absolute and player.imbalance > 0


def _baku(tournament: TrfTournament, played: int, order: list[int]) -> dict[int, list[int]]:
    """Baku acceleration (C.04.5) as bbpPairings computes it: the first half of the pairing list gets a win's
    points in the first quarter of the rounds and a draw's in the second."""
    points = tournament.points
    if points.loss or 2 * points.draw != points.win:
        raise ValueError("Baku acceleration needs the 1 - ½ - 0 point system")
    total = tournament.total_rounds or 0
    last, last_full = (total - 1) // 2, (total - 1) // 4
    row = [points.win if r <= last_full else points.draw for r in range(min(last, played) + 1)]
    return {number: list(row) for number in order[: (len(order) - 1) // 2 + 1]} if total else {}


def round_state(tournament: TrfTournament, baku: bool = False) -> RoundState:
    """The state before the next round of ``tournament`` (see the module notes for the rules applied)."""
    played = played_rounds(tournament)
    order = [p.number for p in tournament.players] if tournament.by_rank else sorted(p.number for p in tournament.players)
    by_number = {p.number: p for p in tournament.players}
    accelerations = dict(tournament.accelerations)
    if (baku or tournament.baku) and not accelerations:
        accelerations = _baku(tournament, played, order)
    everyone: dict[int, Player] = {}
    waiting: set[int] = set()
    for number in order:
        source = by_number[number]
        matches = list(source.rounds[:played]) + [NOT_PAIRED] * (played - len(source.rounds))
        if len(source.rounds) > played:
            waiting.add(number)
            if not any(entry.paired for entry in source.rounds):
                continue  # never paired and absent again: no pairing number yet
        everyone[number] = Player(number, len(everyone), source.rating, matches,
                                  accelerations=accelerations.get(number, []))  # fmt: skip
    for player in everyone.values():
        _player_data(player, tournament.points, played)
    for player in everyone.values():
        history = [_float(player, back, tournament.points, played, everyone) for back in (1, 2) if back <= played]
        player.floats = (history + [None, None])[0], (history + [None, None])[1]
    players = sorted((p for p in everyone.values() if p.number not in waiting), key=lambda p: (-p.acc, p.rank))
    initial = tournament.initial_colour or _inferred_colour(everyone)
    total = tournament.total_rounds
    if not total or played >= total:
        raise ValueError("the number of rounds in the event (XXR) is needed, and a round must be left to pair")
    return RoundState(players, everyone, played, total, tournament.points, initial, _forbidden(tournament, everyone))


def score_before(player: Player, rounds_back: int, system: PointSystem, played: int) -> int:
    """The score with acceleration the player had ``rounds_back`` rounds before the round to pair."""
    index = played - rounds_back
    score = player.score - sum(m.points(system) for m in player.matches[index:played])
    return score + (player.accelerations[index] if index < len(player.accelerations) else 0)


def _player_data(player: Player, system: PointSystem, played: int) -> None:
    player.score = sum(m.points(system) for m in player.matches)
    player.acc = score_before(player, 0, system, played)
    _colour_data(player)
    player.eligible = not any(
        not m.played and (m.points(system) >= system.win or (m.paired and m.opponent is None)) for m in player.matches
    )


def _float(player: Player, back: int, system: PointSystem, played: int, everyone: dict[int, Player]) -> str | None:
    match = player.matches[played - back]
    if not match.played:
        return "D" if match.points(system) > system.loss else None
    mine = score_before(player, back, system, played)
    theirs = score_before(everyone[match.opponent], back, system, played)
    return "D" if mine > theirs else "U" if mine < theirs else None


def _forbidden(tournament: TrfTournament, everyone: dict[int, Player]) -> dict[int, set[int]]:
    forbidden: dict[int, set[int]] = {number: set() for number in everyone}
    for group in tournament.forbidden:
        for a in group:
            for b in group:
                if a != b and a in forbidden:
                    forbidden[a].add(b)
    for player in everyone.values():
        for match in player.matches:
            if match.played:
                forbidden[player.number].add(match.opponent)
    return forbidden


def _inferred_colour(everyone: dict[int, Player]) -> str:
    """Without XXC white1/black1: the colour of the top player in the first round with colours (bbpPairings'
    rule); refused when no round has been played (the first round needs it)."""
    rounds = [i for p in everyone.values() for i, m in enumerate(p.matches) if m.colour in (WHITE, BLACK)]
    if not rounds:
        raise ValueError("the initial colour is unknown: give XXC white1 or XXC black1")
    first = min(rounds)
    present = [p for p in everyone.values() if any(m.paired for m in p.matches[: first + 1])]
    for index, player in enumerate(sorted(present, key=lambda p: p.rank)):
        colour = player.matches[first].colour
        if colour in (WHITE, BLACK):
            return colour if index % 2 == 0 else invert(colour)  # type: ignore[return-value]
    raise ValueError("the initial colour is unknown: give XXC white1 or XXC black1")
