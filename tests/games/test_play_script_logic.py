"""static/js/board.js, the play page's logic, run under Node: reading positions, the orientation, what a click does.

The same file runs in the browser (the Chromium tests play through it); here each function is called with the
server's own data (a real position, the real board data of games.move_squares) and its answer checked.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from games.move_squares import moves_of
from variants.pieces import PIECES
from variants.registry import get_engine

SCRIPT = Path(__file__).resolve().parents[2] / "static" / "js" / "board.js"
NODE = shutil.which("node") or shutil.which("nodejs")
SYMBOLS = {piece.symbol: name for name, piece in PIECES.items()}

pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed")


def call(function: str, *args):
    """``RVBoard.function(*args)`` evaluated by Node, its answer as JSON."""
    program = (
        f"const B = require({json.dumps(str(SCRIPT))});"
        f"process.stdout.write(JSON.stringify(B[{json.dumps(function)}](...{json.dumps(list(args))})));"
    )
    done = subprocess.run([NODE, "-e", program], capture_output=True, text=True, timeout=20, check=False)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout) if done.stdout else None


def test_a_12x8_position_is_read_square_by_square_with_the_catalogue_names():
    position = "o+chbqmmkbh+co/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/O+CHBQMMKBH+CO w KQkq - 0 1 3"
    board = call("parsePosition", position, SYMBOLS)
    assert (board["files"], board["ranks"]) == (12, 8)
    pieces = board["pieces"]
    assert len(pieces) == 48 and "a3" not in pieces
    assert pieces["b1"] == [{"name": "Horse-Camel", "color": "white", "symbol": "+C"}]
    assert pieces["k8"] == [{"name": "Horse-Camel", "color": "black", "symbol": "+c"}]
    assert pieces["l1"][0]["name"] == "Cannon" and pieces["h8"][0] == {"name": "King", "color": "black", "symbol": "k"}


def test_a_parity_shared_square_holds_both_pieces_and_twilights_reserve_is_read():
    board = call("parsePosition", "rnbqkbnr/pppp1ppp/8/4(Pp)3/8/8/PPPP1PPP/RNBQKBNR KQkq - -/- 0 1", SYMBOLS)
    assert [p["color"] for p in board["pieces"]["e5"]] == ["white", "black"] and board["files"] == 8
    assert call("parseReserve", "rnbqkbnr/pppp1ppp/8/8/8/8/PPPP~1PPP/RNBQKBNR[NPq] b KQkq - 0 1", SYMBOLS) == {
        "white": {"Knight": 1, "Pawn": 1},
        "black": {"Queen": 1},
    }
    assert call("parseReserve", "8/8/8/8/8/8/8/K6k w - - 0 1", SYMBOLS) is None
    twilight = call("parsePosition", "8/8/8/8/8/8/P~7/K6k[] w - - 0 1", SYMBOLS)
    assert twilight["pieces"]["a2"][0]["name"] == "Pawn" and twilight["pieces"]["a1"][0]["name"] == "King"


def test_the_board_is_drawn_from_the_side_of_the_army_the_viewer_controls():
    white_first = call("displayRows", 12, 8, "white")
    assert white_first[0][0] == "a8" and white_first[-1][-1] == "l1"
    black_first = call("displayRows", 12, 8, "black")
    assert black_first[0][0] == "l1" and black_first[-1][-1] == "a8"
    # Switch-Side: the seat "white" now controls the black army, so its board turns round.
    assert call("orientationFor", {"white": "black", "black": "white"}, ["white"], []) == "black"
    assert call("orientationFor", {"white": "white", "black": "black"}, ["black"], []) == "black"
    assert call("movableArmies", [{"army": "black", "seat": "white"}], ["white"]) == ["black"]


def _context(entries, selected=None, blocked=""):
    position = "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
    return {
        "selected": selected,
        "pieces": call("parsePosition", position, SYMBOLS)["pieces"],
        "mine": ["black"],
        "entries": [{**e, "army": "black"} for e in entries],
        "blocked": blocked,
    }


@pytest.fixture(scope="module")
def black_moves():
    engine = get_engine("chess").new()
    for move in ("e4", "e5", "Nf3"):
        engine.play(move)
    return moves_of(engine, "black")


def test_a_click_selects_a_piece_with_moves_and_a_second_click_plays_or_explains(black_moves):
    assert call("decideClick", _context(black_moves), "b8") == {"type": "select", "square": "b8"}
    played = call("decideClick", _context(black_moves, {"square": "b8"}), "c6")
    assert played["type"] == "play" and played["entry"]["san"] == "Nc6"
    no = call("decideClick", _context(black_moves, {"square": "b8"}), "b6")
    assert no == {"type": "explain", "text": "The black Knight on b8 cannot go to b6."}
    capture = call("decideClick", _context(black_moves, {"square": "d8"}), "f3")
    assert capture["type"] == "explain" and "cannot capture on f3" in capture["text"]
    assert call("decideClick", _context(black_moves, {"square": "b8"}), "b8") == {"type": "deselect"}


def test_a_click_that_is_no_move_only_says_why(black_moves):
    stuck = call("decideClick", _context(black_moves), "a8")
    assert stuck == {"type": "explain", "text": "The black Rook on a8 has no legal move now."}
    theirs = call("decideClick", _context(black_moves), "f3")
    assert theirs["type"] == "explain" and "white Knight" in theirs["text"] and "you play black" in theirs["text"]
    empty = call("decideClick", _context(black_moves), "d4")
    assert empty["type"] == "explain" and "Choose one of your pieces" in empty["text"]
    waiting = call("decideClick", _context(black_moves, blocked="It is the white army's move."), "b8")
    assert waiting == {"type": "explain", "text": "It is the white army's move."}


def test_moves_between_the_same_squares_are_offered_as_a_choice():
    promotions = [
        {"san": f"a1={p[0]}", "from": "a2", "to": "a1", "kind": "move", "promotion": p, "switch": False, "capture": False}
        for p in ("Queen", "Knight")
    ]
    ctx = _context(promotions, {"square": "a2"})
    ctx["pieces"]["a2"] = [{"name": "Pawn", "color": "black", "symbol": "p"}]
    choice = call("decideClick", ctx, "a1")
    assert choice["type"] == "choose" and [e["promotion"] for e in choice["entries"]] == ["Queen", "Knight"]
    assert call("choiceLabel", promotions[1], promotions) == "Knight"
    switch = [
        {"san": "f3", "from": "f2", "to": "f3", "switch": False},
        {"san": "f3/S", "from": "f2", "to": "f3", "switch": True, "chain": ["f3", "g2"]},
    ]
    assert call("choiceLabel", switch[1], switch) == "play f3 and switch sides"
    assert call("choiceLabel", switch[0], switch) == "play f3, keep your army"


def test_a_reserve_piece_is_dropped_only_where_the_server_allows():
    drops = [{"san": "N@e4", "from": None, "to": "e4", "kind": "drop", "piece": "Knight"}]
    ctx = _context(drops, {"drop": "Knight", "army": "black"})
    assert call("decideClick", ctx, "e4")["entry"]["san"] == "N@e4"
    assert call("decideClick", ctx, "d4") == {"type": "explain", "text": "The Knight cannot be dropped on d4."}


def test_clocks_tick_from_the_servers_state_and_are_written_as_a_player_reads_them():
    running = {"remaining_ms": 65_000, "running": True, "delay_ms": 0}
    assert call("shownMs", running, 5_500) == 59_500
    assert call("shownMs", {**running, "delay_ms": 3_000}, 2_000) == 65_000  # still inside the delay
    assert call("shownMs", {**running, "running": False}, 5_500) == 65_000
    assert call("shownMs", {"remaining_ms": None}, 10) is None
    assert [call("formatClock", ms) for ms in (3_725_000, 65_000, 9_400, None)] == ["1:02:05", "1:05", "0:09.4", "–"]


def test_the_move_list_is_numbered_by_move_or_by_turn():
    assert call("numberedMoves", ["e4", "e5", "Nf3"], False) == [
        {"number": 1, "plies": [{"ply": 1, "text": "e4"}, {"ply": 2, "text": "e5"}]},
        {"number": 2, "plies": [{"ply": 3, "text": "Nf3"}]},
    ]
    assert call("numberedMoves", ["e4 d5", "Nf3 Nc6"], True)[1] == {"number": 2, "plies": [{"ply": 2, "text": "Nf3 Nc6"}]}
