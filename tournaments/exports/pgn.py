"""The games of an event as PGN (docs/rules/exports.md).

Every game carries the Seven Tag Roster, the standard ``Termination`` (``normal``, ``time forfeit``,
``abandoned``, ``adjudication``, ``unterminated``) with our precise ending in ``TerminationDetail``, ratings,
``Variant``, and ``SetUp``/``FEN`` when the game did not start from the standard 8x8 position.

* 8x8 games played one move at a time are written by python-chess (:mod:`chess.pgn`) on the variant's own
  python-chess board, so any PGN reader that knows the variant's board replays them; a switch of sides
  (Switch-Side Chain-Chess) is a ``{switch}`` comment after the move.
* 12x8 games (Random Variant Chess) and simultaneous turns (Parity Chess) are beyond python-chess: their
  movetext is written in the engine's notation. The 12x8 ``FEN`` has the six standard fields (files a..l), and
  the king's castling step count, the seventh field of our position strings, is the tag ``CastlingSteps``.

Tag values are strings of the PGN standard (section 7): a quote is written as a backslash and the quote, a backslash
as two backslashes; a newline, a tab or any other non-printing character is not allowed in a string, so each run of
them becomes one space (:func:`tag_value`); a string holds at most 255 characters. ``Site`` is where the event is
held (section 8.1.1.2: ``Graz AUT``, the city and the country code), else the event's public page
(:func:`pgn_site`).
"""

from __future__ import annotations

import re
import textwrap
import unicodedata
from decimal import Decimal

import chess
import chess.pgn

from clocks.control import FISCHER, NONE, TimeControlError, parse_time_control
from tournaments.exports.pgn_board import python_chess_game
from tournaments.exports.teams import teams_by_player
from tournaments.models import Event, Game
from tournaments.public.queries import published_games, result_is_public
from variants import pgn_text
from variants.base import Engine
from variants.registry import ending_of, get_engine
from variants.standard_start import STANDARD_START

PGN_RESULTS = {"1-0", "0-1", "1/2-1/2"}
STANDARD_FEN_FIELDS = 6
UNTERMINATED = "unterminated"
MAX_STRING = 255  # PGN standard, section 7: "a string is limited to a maximum of 255 characters of data"
# Non-printing characters (C0 and C1 controls, DEL, the Unicode line and paragraph separators) and the spaces
# around them: PGN strings may not hold them (section 7), so each run becomes one space.
NON_PRINTING = re.compile(r"\s*[\x00-\x1f\x7f-\x9f\u2028\u2029]+\s*")
MOVETEXT_COLUMNS = 79
UNKNOWN_SITE = "?"  # the Seven Tag Roster's value for what is unknown (section 8.1.1)


def tag_value(value: object) -> str:
    """``value`` as a PGN tag may hold it, before escaping: composed Unicode (``é`` one character, as in the TRF),
    no non-printing character, at most :data:`MAX_STRING` characters once escaped (a quote or a backslash counts
    twice)."""
    text = NON_PRINTING.sub(" ", unicodedata.normalize("NFC", str(value))).strip()
    length = 0
    for index, char in enumerate(text):
        length += 2 if char in '"\\' else 1
        if length > MAX_STRING:
            return text[:index].rstrip()
    return text


def escape_tag_value(text: str) -> str:
    """A string's content as the standard writes it: a backslash before each backslash and each quote."""
    return text.replace("\\", "\\\\").replace('"', '\\"')


def pgn_site(event: Event, url: str | None = None) -> str:
    """Where the event is held (``Graz AUT``: its city and federation, the format of section 8.1.1.2), else its public
    address ``url`` (the page of the event), else ``?``."""
    place = " ".join(part for part in (event.city.strip(), event.federation.strip().upper()) if part)
    return place or url or UNKNOWN_SITE


def _points(value: object) -> str:
    return format(Decimal(str(value)).normalize(), "f")


def _engine(key: str) -> type[Engine] | None:
    try:
        return get_engine(key)
    except KeyError:
        return None


def pgn_time_control(text: str) -> str | None:
    """The event's time control as the PGN ``TimeControl`` tag (section 9.6.1: ``40/5400+30:1800+30``, ``-`` for
    none); None when PGN cannot say it (a delay, a fraction of a second, or an unreadable text)."""
    try:
        control = parse_time_control(text)
    except TimeControlError:
        return None
    if not control.timed:
        return "-"
    parts = []
    for period in control.periods:
        if period.bonus not in (NONE, FISCHER) or period.base_ms % 1000 or period.bonus_ms % 1000:
            return None
        part = f"{period.moves}/{period.base_ms // 1000}" if period.moves else str(period.base_ms // 1000)
        parts.append(part + (f"+{period.bonus_ms // 1000}" if period.bonus == FISCHER else ""))
    return ":".join(parts)


def pgn_result(game: Game) -> str:
    """The Result tag: the final result when it is a PGN result, ``*`` otherwise (unfinished, or a double
    forfeit "0-0", which PGN cannot express: it goes to ``EventResult``)."""
    return game.result if result_is_public(game) and game.result in PGN_RESULTS else "*"


def pgn_termination(game: Game) -> str:
    """The PGN standard's Termination tag (section 9.8.1) of a finished game: what its ending says (e.g. ``time
    forfeit``, ``abandoned``, ``adjudication``); ``normal`` for an ending no registered engine declares."""
    try:
        return ending_of(game.termination, game.variant).pgn_termination
    except KeyError:
        return "normal"


def split_fen(position: str) -> tuple[str, str | None]:
    """A position string -> (the standard six FEN fields, the seventh field or None): ``"... w KQkq - 0 1 3"``
    -> ``("... w KQkq - 0 1", "3")``."""
    fields = position.split()
    if len(fields) > STANDARD_FEN_FIELDS:
        return " ".join(fields[:STANDARD_FEN_FIELDS]), " ".join(fields[STANDARD_FEN_FIELDS:])
    return position, None


def game_tags(event: Event, game: Game, site_url: str | None = None) -> dict[str, str]:
    """The tags of one game, in the order they are written (the Seven Tag Roster first), each value as a PGN string
    holds it (:func:`tag_value`, not yet escaped)."""
    return {name: tag_value(value) for name, value in _tags(event, game, site_url).items()}


def _tags(event: Event, game: Game, site_url: str | None) -> dict[str, str]:
    final = result_is_public(game)
    when = game.started_at or game.round.starts_at or game.round.published_at
    tags = {
        "Event": event.name,
        "Site": pgn_site(event, site_url),
        "Date": when.strftime("%Y.%m.%d") if when else "????.??.??",
        "Round": str(game.round.number),
        "White": game.white.name,
        "Black": game.black.name,
        "Result": pgn_result(game),
        "Board": str(game.board),
    }
    teams = teams_by_player(event)  # a team event: each side's team (issue 27)
    if game.white_id in teams:
        tags["WhiteTeam"] = teams[game.white_id]
    if game.black_id in teams:
        tags["BlackTeam"] = teams[game.black_id]
    if event.starts_on:
        tags["EventDate"] = event.starts_on.strftime("%Y.%m.%d")
    time_control = pgn_time_control(event.time_control)
    if time_control:
        tags["TimeControl"] = time_control
    for side, player in (("White", game.white), ("Black", game.black)):
        if player.rating:
            tags[f"{side}Elo"] = str(player.rating)
        if player.fide_id:
            tags[f"{side}FideId"] = player.fide_id
    engine = _engine(game.variant)
    variant = engine.pgn_variant if engine else game.variant
    if variant:
        tags["Variant"] = variant
    tags.update(_start_tags(game))
    first, second = game.start_rolls()
    if first:
        tags["FirstRoll"] = first
    if second:
        tags["SecondRoll"] = second
    tags["Termination"] = pgn_termination(game) if final else UNTERMINATED
    if final:
        if game.termination:
            tags["TerminationDetail"] = game.termination
        if game.result not in PGN_RESULTS:  # e.g. a double forfeit "0-0"
            tags["EventResult"] = game.result
        if game.white_points is not None and game.black_points is not None:
            tags["WhitePoints"] = _points(game.white_points)
            tags["BlackPoints"] = _points(game.black_points)
    return tags


def _start_tags(game: Game) -> dict[str, str]:
    """SetUp, FEN (six fields) and CastlingSteps (the seventh field, when there is one) of a game not starting
    from the standard 8x8 position."""
    if not game.start_position or game.start_position == STANDARD_START:
        return {}
    fen, steps = split_fen(game.start_position)
    tags = {"SetUp": "1", "FEN": fen}
    if steps is not None:
        tags["CastlingSteps"] = steps
    return tags


def _text_pgn(tags: dict[str, str], game: Game, engine: type[Engine] | None) -> str:
    """The movetext in the engine's notation: a move a ply, or (simultaneous variants) one number a turn with
    both armies' moves after it."""
    moves = [str(move) for move in game.moves or []]
    if not (engine and engine.simultaneous):
        return pgn_text.write(tags, moves, tags["Result"])
    head = pgn_text.write(tags, [], tags["Result"]).split("\n\n", 1)[0]
    words = [word for number, turn in enumerate(moves, start=1) for word in (f"{number}.", turn)] + [tags["Result"]]
    body = textwrap.fill(" ".join(words), width=79, break_long_words=False, break_on_hyphens=False)
    return f"{head}\n\n{body}\n"


def game_pgn(event: Event, game: Game, site_url: str | None = None) -> str:
    """One game as PGN text (python-chess writes the 8x8 games it can replay; see the module docstring)."""
    tags = game_tags(event, game, site_url)
    engine = _engine(game.variant)
    if engine is not None and engine.files == engine.ranks == 8 and not engine.simultaneous:
        written = python_chess_game(engine, game)
        if written is not None:
            for name, value in tags.items():  # python-chess writes a header as it is given: escape it here
                written.headers[name] = escape_tag_value(value)
            # Export format (section 8.2.1): movetext lines of "less than 80 printing characters".
            exporter = chess.pgn.StringExporter(columns=MOVETEXT_COLUMNS, headers=True, variations=False, comments=True)
            return written.accept(exporter) + "\n"
    return _text_pgn(tags, game, engine)


def games_pgn(event: Event, site_url: str | None = None) -> str:
    """Every game of the event's published rounds, in round and board order, separated by blank lines; ``site_url``
    (the event's public page) is the ``Site`` of an event whose city and federation are not known."""
    return "\n".join(game_pgn(event, game, site_url) for game in published_games(event))
