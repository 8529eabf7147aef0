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


def test_names_with_a_quote_a_backslash_or_a_newline_keep_one_game_per_board(client, club_championship):
    """PGN standard, section 7: a quote in a string is \\", a backslash \\\\, and a string holds no newline. Before
    this, a newline in a name split a tag and python-chess read more games than the export held."""
    players = club_championship.players
    players["Greta"].name, players["Hiro"].name = 'Greta "the Rook" Hansen', "Hiro\nIto\r\n"
    players["Ines"].name = "Inés \\ Jiménez\t"
    for player in (players["Greta"], players["Hiro"], players["Ines"]):
        player.save(update_fields=["name"])
    text = client.get("/events/club-championship/export/games.pgn").content.decode()
    games = _games(text)
    assert len(games) == text.count('[Event "') == 4
    assert '[White "Greta \\"the Rook\\" Hansen"]' in text and '[Black "Hiro Ito"]' in text
    assert '"Inés \\\\ Jiménez"' in text
    assert all(line.startswith("[") == line.endswith("]") for line in text.splitlines())


def test_site_is_where_the_event_is_held_else_its_public_page(client, club_championship):
    event = club_championship.event
    text = client.get("/events/club-championship/export/games.pgn").content.decode()
    assert _games(text)[0].headers["Site"] == "http://testserver/events/club-championship/"
    event.city, event.federation = "Graz", "aut"
    event.save(update_fields=["city", "federation"])
    text = client.get("/events/club-championship/export/games.pgn").content.decode()
    assert {g.headers["Site"] for g in _games(text)} == {"Graz AUT"}  # city and country code, section 8.1.1.2


def test_a_tag_value_holds_at_most_255_characters_once_escaped():
    from tournaments.exports.pgn import escape_tag_value, tag_value

    value = tag_value('"' * 300)
    assert len(escape_tag_value(value)) <= 255 and value == '"' * 127
    assert tag_value("a\n\n  b\x00c\u2028") == "a b c"
