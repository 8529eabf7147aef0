"""Switch-Side Chain-Chess perft counts board positions: a move and its /S switch claim are one child
(docs/rules/switch-side-chain-chess.md, "Perft counts board positions, not switch claims")."""

from variants.sscc import SwitchSideEngine

FOUR_MOVES = "1. b3 d5 2. g3 e5 3. Bg2 e4 4. f3 Nf6 *"  # the seed's sample game before 5.c3/S


def test_from_the_start_sscc_perft_is_chess_perft():
    engine = SwitchSideEngine.new()
    assert [engine.perft(depth) for depth in (1, 2, 3)] == [20, 400, 8902]


def test_a_chain_forming_move_and_its_switch_claim_count_once():
    engine = SwitchSideEngine.from_pgn(FOUR_MOVES)
    listed = engine.legal_moves()
    claims = [move for move in listed if move.endswith("/S")]
    assert "c3/S" in claims  # the seed's 5.c3!! forms a chain
    assert engine.perft(1) == len(listed) - len(claims)


def test_perft_two_adds_each_board_move_once_below_a_chain():
    engine = SwitchSideEngine.from_pgn(FOUR_MOVES)
    total = 0
    for move in [m for m in engine.legal_moves() if not m.endswith("/S")]:
        engine.play(move)
        total += len([m for m in engine.legal_moves() if not m.endswith("/S")])
        engine.board.pop()
        engine.switches.pop()
    assert engine.perft(2) == total
