"""FIDE C.07 §16: own unplayed rounds against a dummy with one's own score, opponents' later absences as draws,
Cut-1 removing a voluntarily unplayed round first, forfeits as unplayed."""

from __future__ import annotations

from scoring.records import ByeRecord, GameRecord, PlayerInfo
from scoring.standings import compute_standings

A, B, C, D = 1, 2, 3, 4
PLAYERS = [PlayerInfo(pid, name, seed=pid) for pid, name in [(A, "Anna"), (B, "Bert"), (C, "Cleo"), (D, "Dan")]]
ALL = "BH-C1,BH,SB,WIN,BPG"


def rows(games, byes, rounds, players=PLAYERS[:3]):
    standings, _ = compute_standings(players, games, byes, rounds=rounds, tiebreaks=ALL, game_total=1, edition="2024")
    return {s.info.player_id: s for s in standings}


def test_byes_count_as_games_against_a_dummy_with_ones_own_score():
    games = [GameRecord(1, A, B, 1, 0, "1-0"), GameRecord(2, C, A, 0, 1, "0-1")]
    byes = [ByeRecord(1, C, "pairing", 1), ByeRecord(2, B, "requested", 0.5)]
    r = rows(games, byes, 2)
    assert (r[A].points, r[B].points, r[C].points) == (2, 0.5, 1)
    assert (r[A].tiebreaks["BH"], r[B].tiebreaks["BH"], r[C].tiebreaks["BH"]) == (1.5, 2.5, 3)
    # Bert's requested bye is voluntary: Cut-1 removes it rather than his lowest value.
    assert (r[A].tiebreaks["BH-C1"], r[B].tiebreaks["BH-C1"], r[C].tiebreaks["BH-C1"]) == (1, 2, 2)
    assert (r[A].tiebreaks["SB"], r[B].tiebreaks["SB"], r[C].tiebreaks["SB"]) == (1.5, 0.25, 1)
    # The pairing-allocated bye counts as a win; neither bye is a game with Black.
    assert (r[C].tiebreaks["WIN"], r[B].tiebreaks["WIN"]) == (1, 0)
    assert (r[B].colours, r[C].colours) == ("B-", "-W")


def test_an_opponents_rounds_after_withdrawing_count_as_draws():
    # Dan beats Anna in round 1 and then is absent for two rounds (no record at all).
    games = [GameRecord(1, D, A, 1, 0, "1-0"), GameRecord(2, A, B, 1, 0, "1-0"), GameRecord(3, B, A, 0, 1, "0-1")]
    r = rows(games, [], 3, players=PLAYERS)
    assert r[D].points == 1
    # Dan's two absent rounds count as draws for Anna's Buchholz: 1 + 0.5 + 0.5 = 2, plus Bert twice (0 each).
    assert r[A].tiebreaks["BH"] == 2
    # Dan's own absences are against dummies with his own score (1): 2 (Anna) + 1 + 1.
    assert r[D].tiebreaks["BH"] == 4


def test_a_forfeit_is_an_unplayed_round_on_both_sides():
    games = [GameRecord(1, A, B, 1, 0, "1-0", forfeit=True), GameRecord(2, B, C, 0.5, 0.5, "1/2-1/2")]
    byes = [ByeRecord(1, C, "pairing", 1), ByeRecord(2, A, "pairing", 1)]
    r = rows(games, byes, 2)
    # Anna's forfeit win and bye are both dummies of her own score 2: no real opponent counts.
    assert r[A].tiebreaks["BH"] == 4 and r[A].games == 0
    assert r[A].tiebreaks["WIN"] == 2
    # Bert's forfeit loss is voluntary: Cut-1 removes it first (his own 0.5), leaving Cleo's adjusted 1.5.
    assert r[B].tiebreaks["BH"] == 0.5 + 1.5
    assert r[B].tiebreaks["BH-C1"] == 1.5
    assert r[B].tiebreaks["BPG"] == 0 and r[B].colours == "BW"


def test_pending_games_count_nowhere_until_final():
    games = [GameRecord(1, A, B, 1, 0, "1-0"), GameRecord(2, A, C, final=False)]
    r = rows(games, [ByeRecord(2, B, "requested", 0.5)], 2)
    assert r[A].points == 1 and r[A].games == 1
    assert r[A].tiebreaks["BH"] == r[B].points
