"""The crosstable: opponent, colour, points and result of every round, JSON-ready."""

from __future__ import annotations

import json

from scoring.crosstable import crosstable
from scoring.records import ByeRecord, GameRecord, PlayerInfo
from scoring.tiebreaks import build_lines

PLAYERS = [PlayerInfo(1, "Anna"), PlayerInfo(2, "Bert"), PlayerInfo(3, "Cleo")]


def test_games_byes_forfeits_and_pending_rounds_each_have_a_cell():
    games = [
        GameRecord(1, 1, 2, 51, 49, "1-0"),
        GameRecord(2, 3, 1, 100, 0, "1-0", forfeit=True),
        GameRecord(3, 2, 3, final=False),
    ]
    byes = [ByeRecord(1, 3, "pairing", 100), ByeRecord(2, 2, "requested", 50), ByeRecord(3, 1, "absent", 0)]
    table = crosstable(build_lines(PLAYERS, games, byes, 3))
    assert table["1"]["1"] == {"opponent_id": 2, "colour": "w", "points": 51, "result": "1-0"}
    assert table["2"]["1"] == {"opponent_id": 1, "colour": "b", "points": 49, "result": "1-0"}
    assert table["3"]["1"] == {"opponent_id": None, "colour": "-", "points": 100, "result": "bye"}
    assert table["3"]["2"]["result"] == "+" and table["1"]["2"]["result"] == "-"
    assert table["2"]["2"]["result"] == "requested-bye" and table["1"]["3"]["result"] == "absent"
    assert table["2"]["3"] == {"opponent_id": 3, "colour": "w", "points": None, "result": "pending"}
    json.dumps(table)  # serialisable as is
