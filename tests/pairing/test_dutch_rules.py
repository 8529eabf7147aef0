"""Small hand-made rounds whose Dutch pairings can be checked by eye (each expected output was also produced by
bbpPairings on the same file), and the choice of pairing system per event."""

from __future__ import annotations

import pytest

from pairing.dutch import DUTCH, SEED_SCHEDULE, NoValidPairing, pair_dutch, pairing_system_for
from pairing.trf import PointSystem, RoundEntry, TrfPlayer, TrfTournament, parse_trf, write_trf

NAMES = ["Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot", "Golf", "Hotel"]


def _trf(rows: list[str], *extra: str) -> str:
    """One player per row (start numbers 1..n, ratings falling), rounds as TRF blocks: ``"2 w 1, 0 - U"``."""
    players = []
    for number, row in enumerate(rows, start=1):
        rounds = []
        for block in filter(None, (part.strip() for part in row.split(","))):
            opponent, colour, result = block.split()
            rounds.append(RoundEntry(int(opponent) or None, colour, result))
        player = TrfPlayer(number=number, name=NAMES[number - 1], rating=2500 - 100 * number, rounds=rounds)
        player.points = sum(entry.points(PointSystem()) for entry in rounds)  # a bye asked for may be counted
        players.append(player)
    return write_trf(TrfTournament(players=players)) + "".join(f"{line}\r\n" for line in extra)


def _pair(text: str, **options) -> list[str]:
    return pair_dutch(parse_trf(text), **options).lines()


def test_round_one_pairs_the_top_half_against_the_bottom_half_and_the_last_player_gets_the_bye():
    seven = _trf([""] * 7, "XXR 5", "XXC white1")
    assert _pair(seven) == ["4", "1 4", "5 2", "3 6", "7 0"]
    assert _pair(seven.replace("XXC white1", "XXC black1")) == ["4", "4 1", "2 5", "6 3", "7 0"]


def test_round_one_needs_the_initial_colour():
    with pytest.raises(ValueError, match="XXC white1"):
        _pair(_trf([""] * 4, "XXR 5"))


def test_the_number_of_rounds_is_required_because_the_last_round_has_its_own_colour_rule():
    tournament = parse_trf(_trf([""] * 4, "XXR 5", "XXC white1"))
    tournament.total_rounds = None
    with pytest.raises(ValueError, match="number of rounds"):
        pair_dutch(tournament)


def test_baku_acceleration_pairs_the_accelerated_top_half_among_itself_first():
    eight = _trf([""] * 8, "XXR 9", "XXC white1")
    assert _pair(eight) == ["4", "1 5", "6 2", "3 7", "8 4"]
    assert _pair(eight, baku=True) == ["4", "1 3", "4 2", "5 7", "8 6"]
    assert _pair(eight.replace("XXR 9", "192 FIDE_DUTCH_BAKU\r\nXXR 9")) == ["4", "1 3", "4 2", "5 7", "8 6"]


def test_the_pairing_allocated_bye_never_goes_twice_to_the_same_player():
    rounds = [
        "2 w 1, 3 b 1",
        "1 b 0, 4 w 1",
        "0 - U, 1 w 0",  # had the bye in round 1
        "5 w 1, 2 b 0",
        "4 b 0, 0 - U",  # had it in round 2
    ]
    assert _pair(_trf(rounds, "XXR 5", "XXC white1")) == ["3", "1 4", "5 3", "2 0"]


def test_requested_byes_are_not_paired_and_forbidden_pairs_never_meet():
    rounds = [
        "4 w 1",
        "5 b 1",
        "6 w =, 0 - H",  # half-point bye asked for round 2
        "1 b 0",
        "2 w 0, 0 - Z",  # zero-point bye (absent) in round 2
        "3 b =",
    ]
    text = _trf(rounds, "XXR 5", "XXC white1")
    assert _pair(text) == ["2", "2 1", "6 4"]  # 3 and 5 are not paired; the leaders meet
    assert _pair(text + "XXP 1 2\r\n") == ["2", "6 1", "2 4"]  # unless they may not


def test_a_rematch_is_impossible_so_a_round_that_needs_one_is_refused():
    rounds = ["2 w 1", "1 b 0"]
    with pytest.raises(NoValidPairing):
        pair_dutch(parse_trf(_trf(rounds, "XXR 3", "XXC white1")))


def test_the_pairing_system_is_dutch_when_the_event_plays_one_variant():
    assert pairing_system_for(one_variant=True) == DUTCH  # plain chess or one fixed seed variant
    assert pairing_system_for(one_variant=False) == SEED_SCHEDULE  # the variant rolled by dice (the seed's game)


def test_an_event_can_pass_its_records_directly_without_a_file():
    """As docs/pairing.md describes for an event's pairing service: records in code, no points column."""
    players = [TrfPlayer(number=n, name=NAMES[n - 1], rating=2500 - 100 * n) for n in range(1, 7)]
    results = {1: (4, "w", "1"), 4: (1, "b", "0"), 2: (5, "b", "1"), 5: (2, "w", "0"), 3: (6, "w", "="), 6: (3, "b", "=")}
    for player in players:
        opponent, colour, result = results[player.number]
        player.rounds = [RoundEntry(opponent, colour, result)]
    players[2].rounds.append(RoundEntry(None, "-", "H"))  # Charlie asked for a half-point bye in round 2
    tournament = TrfTournament(players=players, total_rounds=5, initial_colour="w", forbidden=[(1, 2)])
    pairing = pair_dutch(tournament)
    assert pairing.boards == [(6, 1), (2, 4)] and pairing.bye == 5
    assert pairing.lines() == ["3", "6 1", "2 4", "5 0"]
