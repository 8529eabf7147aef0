"""Points and every tie-break on a hand-checked four-player round robin (classical, then dynamic points)."""

from __future__ import annotations

import pytest

from scoring.records import GameRecord, PlayerInfo
from scoring.standings import compute_standings

A, B, C, D = 1, 2, 3, 4
PLAYERS = [PlayerInfo(pid, name, seed=pid) for pid, name in [(A, "Anna"), (B, "Bert"), (C, "Cleo"), (D, "Dan")]]
ALL = "BH-C1,BH,SB,DE,WIN,BPG"


def g(rnd, white, black, wp, bp, result=""):
    return GameRecord(rnd, white, black, wp, bp, result or ("1-0" if wp > bp else "0-1" if bp > wp else "1/2-1/2"))


CLASSICAL = [
    g(1, A, D, 1, 0),
    g(1, B, C, 0.5, 0.5),
    g(2, D, C, 0, 1),
    g(2, A, B, 0.5, 0.5),
    g(3, B, D, 1, 0),
    g(3, C, A, 0, 1),
]


def by_id(standings):
    return {s.info.player_id: s for s in standings}


def test_points_and_each_tiebreak_match_the_hand_computation():
    standings, _ = compute_standings(PLAYERS, CLASSICAL, [], rounds=3, tiebreaks=ALL, game_total=1)
    rows = by_id(standings)
    assert [s.info.name for s in standings] == ["Anna", "Bert", "Cleo", "Dan"]
    assert [rows[p].points for p in (A, B, C, D)] == [2.5, 2, 1.5, 0]
    assert [rows[p].tiebreaks["BH"] for p in (A, B, C, D)] == [3.5, 4, 4.5, 6]
    assert [rows[p].tiebreaks["BH-C1"] for p in (A, B, C, D)] == [3.5, 4, 4.5, 4.5]
    assert [rows[p].tiebreaks["SB"] for p in (A, B, C, D)] == [2.5, 2, 1, 0]
    assert [rows[p].tiebreaks["WIN"] for p in (A, B, C, D)] == [2, 1, 1, 0]
    assert [rows[p].tiebreaks["BPG"] for p in (A, B, C, D)] == [1, 1, 2, 2]
    assert [rows[p].colours for p in (A, B, C, D)] == ["WWB", "WBW", "BBW", "BWB"]
    assert [rows[p].games for p in (A, B, C, D)] == [3, 3, 3, 3]


def test_dynamic_game_points_use_the_share_of_the_game_for_sonneborn_berger():
    games = [
        g(1, A, D, 51, 49),
        g(1, B, C, 50, 50),
        g(2, D, C, 40, 60),
        g(2, A, B, 52, 48),
        g(3, B, D, 100, 0),
        g(3, C, A, 45, 55),
    ]
    rows = by_id(compute_standings(PLAYERS, games, [], rounds=3, tiebreaks="SB,WIN", game_total=100)[0])
    points = {A: 158, B: 198, C: 155, D: 89}
    assert {p: rows[p].points for p in points} == points
    # Anna: 0.51 x Dan 89 + 0.52 x Bert 198 + 0.55 x Cleo 155.
    assert rows[A].tiebreaks["SB"] == pytest.approx(0.51 * 89 + 0.52 * 198 + 0.55 * 155)
    # A win is more than half the game's points: 51-49 counts, 50-50 does not.
    assert rows[A].tiebreaks["WIN"] == 3 and rows[B].tiebreaks["WIN"] == 1


def test_the_event_order_of_tiebreaks_decides_ties():
    # Bert and Cleo drew each other and both beat Dan... give them equal points.
    games = [g(1, B, C, 0.5, 0.5), g(2, B, D, 1, 0), g(2, A, C, 0, 1), g(1, A, D, 1, 0)]
    by_bh = compute_standings(PLAYERS, games, [], rounds=2, tiebreaks="BH", game_total=1)[0]
    by_bpg = compute_standings(PLAYERS, games, [], rounds=2, tiebreaks="BPG", game_total=1)[0]
    # Cleo's opponents (Bert 1.5, Anna 1) outscore Bert's (Cleo 1.5, Dan 0); Bert played no game with Black.
    assert [s.info.name for s in by_bh[:2]] == ["Cleo", "Bert"]
    assert [s.info.name for s in by_bpg[:2]] == ["Cleo", "Bert"]
    by_nothing = compute_standings(PLAYERS, games, [], rounds=2, tiebreaks="", game_total=1)[0]
    assert by_nothing[0].rank == by_nothing[1].rank == 1  # still tied: equal rank, then seed order
    assert [s.info.name for s in by_nothing[:2]] == ["Bert", "Cleo"]


def test_direct_encounter_separates_players_who_met():
    # Anna beat Bert; both beat Cleo and Dan... equal points (2 each of 3) only if Anna also lost elsewhere.
    games = [g(1, A, B, 1, 0), g(2, C, A, 1, 0), g(2, B, D, 1, 0), g(3, A, D, 1, 0), g(3, B, C, 1, 0), g(1, C, D, 0, 1)]
    standings, _ = compute_standings(PLAYERS, games, [], rounds=3, tiebreaks="DE", game_total=1)
    rows = by_id(standings)
    assert rows[A].points == rows[B].points == 2
    # DE is the place within the tie group (C.07 §6, as FIDE's reference prints it): Anna 1st, Bert 2nd.
    assert rows[A].tiebreaks["DE"] == 1 and rows[B].tiebreaks["DE"] == 2
    assert rows[A].rank < rows[B].rank


def test_direct_encounter_among_players_who_did_not_all_meet_only_separates_a_clear_leader():
    from scoring.records import ByeRecord

    def de(games, byes, rounds, players=PLAYERS[:3]):
        standings, _ = compute_standings(players, games, byes, rounds=rounds, tiebreaks="DE", game_total=1)
        return {s.info.player_id: s.tiebreaks["DE"] for s in standings}

    # Three players tied on 1: A beat B, nobody else met. A's 1 is not more than C could reach (1): no separation.
    assert de([g(1, A, B, 1, 0), g(2, B, C, 1, 0)], [ByeRecord(1, C, "pairing", 1), ByeRecord(2, A, "absent", 0)], 2) == {
        A: 0, B: 0, C: 0}  # fmt: skip
    # Tied on 2: A beat both: nobody else can reach 2 (B and C could only win their missing game): A goes first,
    # and B and C, who never met, stay tied below.
    games = [g(1, A, B, 1, 0), g(2, C, A, 0, 1), g(2, B, D, 1, 0), g(3, C, D, 1, 0)]
    byes = [ByeRecord(1, C, "pairing", 1), ByeRecord(3, B, "pairing", 1)]  # Dan absent in round 1, Anna in round 3
    values = de(games, byes, 3, PLAYERS)
    assert values[A] == 1 and values[B] == values[C] == 2


def test_unknown_tiebreak_codes_are_refused():
    with pytest.raises(ValueError, match="XYZ"):
        compute_standings(PLAYERS, CLASSICAL, [], rounds=3, tiebreaks="BH,XYZ", game_total=1)
    with pytest.raises(ValueError, match="WIN"):  # C.07 §14 modifies BH, FB, SB, ARO and PS only
        compute_standings(PLAYERS, CLASSICAL, [], rounds=3, tiebreaks="WIN-C1", game_total=1)
