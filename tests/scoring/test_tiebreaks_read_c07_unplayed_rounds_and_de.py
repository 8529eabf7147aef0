"""The cases of issue 31, each as FIDE C.07 reads it (the article is named; the words of C.07 are quoted where the
reference's own comments or the issue carry them, otherwise said in substance). FIDE's TieBreakServer agrees with
each (tests/scoring/test_tiebreaks_trf_agree_with_fides_reference.py runs it on 100+ events)."""

from __future__ import annotations

from datetime import date

from scoring.records import ByeRecord, GameRecord, PlayerInfo
from scoring.standings import compute_standings
from scoring.tiebreak_buchholz import adjusted_scores
from scoring.tiebreak_codes import edition_for
from scoring.tiebreaks import Field, build_lines

A, B, C, D, E, F = 1, 2, 3, 4, 5, 6
NAMES = {A: "Anna", B: "Bert", C: "Cleo", D: "Dan", E: "Eva", F: "Finn"}
PLAYERS = [PlayerInfo(pid, name, rating=2000 - 10 * pid, seed=pid) for pid, name in NAMES.items()]


def g(rnd, white, black, wp, bp, forfeit=False):
    return GameRecord(rnd, white, black, wp, bp, "0-0" if wp == bp == 0 else "", forfeit=forfeit)


def standings(games, byes, rounds, codes, players=PLAYERS, **options):
    rows, _ = compute_standings(players, games, byes, rounds=rounds, tiebreaks=codes, game_total=1, **options)
    return {s.info.player_id: s for s in rows}


def adjusted(games, byes, rounds, players=PLAYERS[:4], **options):
    lines = build_lines(players, games, byes, rounds)
    return adjusted_scores(Field(lines, rounds, 1.0, **options))[0]


def test_a_swiss_forfeit_loss_after_the_last_game_counts_at_the_points_scored():
    """C.07 16.2.4 (a forfeit lost) is not 16.2.5; 16.3.1: such a round counts at the points actually scored, and
    16.3.2: "Unplayed rounds of category 16.2.5 are evaluated as draws" (16.2.5: the rounds without an opponent
    after the player's last round present). Dan draws round 1, then loses two forfeits or is simply absent."""
    first = [g(1, A, B, 1, 0), g(1, C, D, 0.5, 0.5)]
    forfeited = first + [g(2, D, A, 0, 1, True), g(2, B, C, 1, 0), g(3, B, D, 1, 0, True), g(3, A, C, 1, 0)]
    assert adjusted(forfeited, [], 3)[D] == 0.5  # 0.5 + 0 + 0: the forfeits at what Dan scored
    absent = first + [g(2, B, C, 1, 0), g(3, A, C, 1, 0)]
    byes = [ByeRecord(2, A, "pairing", 1), ByeRecord(3, B, "pairing", 1)]
    assert adjusted(absent, byes, 3)[D] == 1.5  # 0.5 + two absences after his last game, as draws


def test_both_sides_of_a_double_forfeit_count_at_the_points_scored():
    """C.07 16.2.4: a round lost by forfeit is one, for either player of a double forfeit (each was paired and
    did not play); 16.3.1: it counts at the points scored, 0, even after the player's last game."""
    games = [g(1, A, B, 1, 0), g(1, C, D, 0, 1), g(2, A, D, 1, 0), g(2, B, C, 0, 0, True)]
    scores = adjusted(games, [], 2)
    assert (scores[B], scores[C]) == (0, 0)


def test_round_robin_forfeits_are_games_and_free_rounds_bring_nothing():
    """C.07 15.2: in a round-robin a forfeited game counts as a regular game for the tie-breaks (and for DE,
    6.1.1); 15.3: Article 16 (dummy opponents, adjusted scores) applies to Swiss only. So Anna's forfeit win over
    Bert brings Bert's score into her Buchholz, and the free round of the odd field brings nothing."""
    players = PLAYERS[:3]
    games = [g(1, B, C, 0.5, 0.5), g(2, A, B, 1, 0, True), g(3, C, A, 0, 1)]
    byes = [ByeRecord(1, A, "pairing", 1), ByeRecord(2, C, "pairing", 1), ByeRecord(3, B, "pairing", 1)]
    rr = standings(games, byes, 3, "BH,SB,DE", players, round_robin=True)
    assert rr[A].tiebreaks["BH"] == rr[B].points + rr[C].points == 1.5 + 1.5
    assert rr[B].tiebreaks["BH"] == rr[A].points + rr[C].points  # the forfeit lost is a game too
    # Read as a Swiss (Article 16, 2026 text), both unplayed rounds are dummies: the pairing bye capped at three
    # draws (1.5, 16.4.2), the forfeit at Bert's adjusted 1.5 (16.4.1), plus Cleo's 1.5.
    swiss = standings(games, byes, 3, "BH", players, edition="2026")
    assert swiss[A].tiebreaks["BH"] == 1.5 + 1.5 + 1.5


def test_direct_encounter_is_applied_again_to_those_still_tied():
    """C.07 6.2: when DE leaves some of the tied players still tied among themselves, it is applied again to
    them alone. Anna, Bert, Cleo and Dan end on 2 points (Eva 3, Finn 4); among them Anna scored 2, Bert and Cleo 1.5, Dan 1;
    Bert beat Cleo, so among those two Bert goes first."""
    games = [
        g(1, A, B, 1, 0), g(1, C, D, 0.5, 0.5), g(1, E, F, 1, 0),
        g(2, C, A, 1, 0), g(2, B, E, 0.5, 0.5), g(2, D, F, 0, 1),
        g(3, A, D, 1, 0), g(3, B, F, 0, 1), g(3, C, E, 0.5, 0.5),
        g(4, E, A, 1, 0), g(4, B, D, 0.5, 0.5), g(4, C, F, 0, 1),
        g(5, F, A, 1, 0), g(5, B, C, 1, 0), g(5, D, E, 1, 0),
    ]  # fmt: skip
    rows = standings(games, [], 5, "DE", round_robin=True)
    assert {rows[p].points for p in (A, B, C, D)} == {2}
    assert [rows[p].tiebreaks["DE"] for p in (A, B, C, D)] == [1, 2, 3, 4]
    assert [rows[p].rank for p in (A, B, C, D)] == [3, 4, 5, 6]  # Finn (4) and Eva (3) above


def test_the_2026_text_caps_the_dummy_opponent():
    """C.07 (2026) 16.4.1: the dummy of a round with an opponent who did not play (a forfeit) is worth at most
    that opponent's adjusted score; 16.4.2: without an opponent (a bye), at most the score of a player who drew
    every round. The 2024 text has no cap: the dummy is the player's own final score."""
    players = PLAYERS[:3]
    games = [g(1, A, B, 1, 0, True), g(2, B, C, 0.5, 0.5)]
    byes = [ByeRecord(1, C, "pairing", 1), ByeRecord(2, A, "pairing", 1)]
    old = standings(games, byes, 2, "BH", players, edition="2024")
    new = standings(games, byes, 2, "BH", players, edition="2026")
    assert old[A].tiebreaks["BH"] == 2 + 2  # two dummies of Anna's own 2 points
    assert new[A].tiebreaks["BH"] == 0.5 + 1  # Bert's adjusted 0.5 (16.4.1) + two draws, 1 (16.4.2)


def test_the_edition_in_force_is_chosen_by_the_start_date():
    """The 2026 text is in force from 1 March 2026 (as FIDE's reference and the TRF export's 042 date select it)."""
    assert edition_for(date(2026, 2, 28)) == "2024"
    assert edition_for(date(2026, 3, 1)) == "2026"
