"""The PGN export holds every game of the published rounds, with variant, rolls, start position and game points."""

from __future__ import annotations

import io

import chess.pgn


def _games(text: str) -> list[chess.pgn.Game]:
    stream, games = io.StringIO(text), []
    while (game := chess.pgn.read_game(stream)) is not None:
        games.append(game)
    return games


def test_the_pgn_has_one_game_per_board_of_the_published_rounds_in_round_and_board_order(client, spring_open):
    response = client.get("/events/spring-open/export/games.pgn")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/x-chess-pgn")
    assert 'filename="spring-open.pgn"' in response["Content-Disposition"]
    games = _games(response.content.decode())
    assert [(g.headers["Round"], g.headers["Board"]) for g in games] == [("1", "1"), ("1", "2"), ("2", "1"), ("2", "2")]
    first = games[0].headers
    assert (first["White"], first["Black"], first["Result"]) == ("Anna Berger", "Ben Carter", "1-0")
    assert first["FirstRoll"] == "1-3-5" and first["SetUp"] == "1" and first["FEN"].startswith("o+chbqmmkbh+co/")
    assert (first["WhitePoints"], first["BlackPoints"]) == ("100", "0")
    assert (first["Termination"], first["TerminationDetail"]) == ("normal", "checkmate")  # PGN standard, then ours
    assert first["Event"] == "Spring Open" and first["WhiteElo"] == "2150"


def test_moves_are_numbered_and_a_result_not_yet_final_is_an_asterisk(client, spring_open):
    text = client.get("/events/spring-open/export/games.pgn").content.decode()
    assert "1. f4 f5 2. Oxa7 1-0" in text
    reported = _games(text)[3].headers
    assert (reported["White"], reported["Result"]) == ("Elif Fidan", "*")
    assert "WhitePoints" not in reported


def test_a_chess_game_in_the_export_replays_in_python_chess(client, club_championship):
    games = _games(client.get("/events/club-championship/export/games.pgn").content.decode())
    first = games[0]
    assert "FEN" not in first.headers  # the standard start needs no FEN tag
    assert first.end().board().is_checkmate()
    assert (first.headers["TimeControl"], first.headers["EventDate"]) == ("5400+30", "2026.05.01")  # 90 min + 30 s
    assert (first.headers["Termination"], first.headers["TerminationDetail"]) == ("normal", "checkmate")
    assert (games[2].headers["Termination"], games[2].headers["TerminationDetail"]) == ("abandoned", "forfeit")
    assert [g.headers["Result"] for g in games] == ["1-0", "1/2-1/2", "0-1", "0-1"]
