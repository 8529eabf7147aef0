"""Commit-reveal server rolls: commitment, deterministic derivation, verification and the standalone command."""

from __future__ import annotations

import hashlib
import hmac
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from variants.dice import parse_roll
from variants.fairroll import block_id, commitment, derive_rolls, main, new_seed, verify

ROOT = Path(__file__).resolve().parents[2]
SEED = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff"
BLOCK = "demo-rvc-swiss/block-2"


def _dice_by_hand(seed: str, block: str, count: int) -> list[int]:
    """The documented derivation, written out again: HMAC-SHA256 blocks, bytes below 252, byte % 6 + 1."""
    dice, counter = [], 0
    while len(dice) < count:
        digest = hmac.new(bytes.fromhex(seed), f"rvc-dice/v1/{counter}/{block}".encode(), hashlib.sha256).digest()
        dice += [byte % 6 + 1 for byte in digest if byte < 252]
        counter += 1
    return dice[:count]


def _roll(dice: list[int]) -> str:
    return "-".join(map(str, sorted(dice)))


def test_a_new_seed_is_32_random_bytes_in_hex():
    seeds = {new_seed() for _ in range(20)}
    assert len(seeds) == 20
    assert all(len(seed) == 64 and bytes.fromhex(seed) for seed in seeds)


def test_the_commitment_is_sha256_of_the_seed_text():
    assert commitment(SEED) == hashlib.sha256(SEED.encode("ascii")).hexdigest()
    assert commitment(SEED.upper()) == commitment(SEED)


def test_block_identity_names_event_and_block():
    assert block_id("demo-rvc-swiss", 2) == BLOCK


def test_the_dice_follow_the_documented_derivation():
    dice = _dice_by_hand(SEED, BLOCK, 6)
    first, second = derive_rolls(SEED, BLOCK, two_rolls=True)
    assert first == _roll(dice[:3])
    if len(set(dice[:3])) > 1:
        assert second == _roll(dice[3:])
    assert derive_rolls(SEED, BLOCK, two_rolls=False) == (first, None)


def test_the_dice_depend_on_the_block():
    rolls = {derive_rolls(SEED, block_id("demo-rvc-swiss", k), two_rolls=True) for k in range(1, 30)}
    assert len(rolls) > 20


def test_no_second_roll_after_three_alike():
    blocks = [f"e/block-{k}" for k in range(400)]
    triples = [b for b in blocks if len(set(parse_roll(derive_rolls(SEED, b, True)[0]))) == 1]
    assert triples  # about 1 in 36
    assert all(derive_rolls(SEED, b, True)[1] is None for b in triples)
    others = [b for b in blocks if b not in triples]
    assert all(derive_rolls(SEED, b, True)[1] is not None for b in others)


def test_every_face_turns_up_about_a_sixth_of_the_time():
    faces = Counter(_dice_by_hand(SEED, "fairness", 6000))
    assert set(faces) == set(range(1, 7))
    chi_square = sum((count - 1000) ** 2 / 1000 for count in faces.values())
    assert chi_square < 20.5  # p ~ 0.001 with 5 degrees of freedom; the seed is fixed, so this is not flaky


def test_a_revealed_roll_is_re_derived_from_its_seed_and_commitment():
    seed = new_seed()
    published = commitment(seed)  # shown before the block starts
    first, second = derive_rolls(seed, BLOCK, two_rolls=True)  # the roll
    assert verify(seed, published, BLOCK, first, second)  # anyone, after the reveal
    reordered = "-".join(reversed(first.split("-")))
    assert verify(seed, published, BLOCK, reordered, second)


def test_a_tampered_seed_fails_verification():
    published = commitment(SEED)
    first, second = derive_rolls(SEED, BLOCK, two_rolls=True)
    tampered = ("1" if SEED[0] != "1" else "2") + SEED[1:]
    assert not verify(tampered, published, BLOCK, first, second)
    # nor does the tampered seed with its own commitment: a different commitment than the one published
    assert commitment(tampered) != published


def test_wrong_dice_or_a_suppressed_second_roll_fail_verification():
    published = commitment(SEED)
    first, second = derive_rolls(SEED, BLOCK, two_rolls=True)
    wrong = "6-6-6" if first != "6-6-6" else "1-1-1"
    assert not verify(SEED, published, BLOCK, wrong, second)
    if second is not None:
        assert not verify(SEED, published, BLOCK, first, None, two_rolls=True)
        assert verify(SEED, published, BLOCK, first, second, two_rolls=True)


@pytest.mark.parametrize(
    ("seed", "commit", "first"),
    [("not-hex", commitment(SEED), "1-2-3"), (SEED, "zz", "1-2-3"), (SEED, commitment(SEED), "9-9-9")],
)
def test_malformed_input_never_verifies(seed, commit, first):
    assert verify(seed, commit, BLOCK, first, None) is False


def test_bad_seeds_and_blocks_are_value_errors():
    with pytest.raises(ValueError, match="64 hex"):
        derive_rolls("abc", BLOCK, two_rolls=False)
    with pytest.raises(ValueError, match="block"):
        derive_rolls(SEED, "", two_rolls=False)


def test_the_command_prints_the_dice_and_ok(capsys):
    first, second = derive_rolls(SEED, BLOCK, two_rolls=True)
    code = main(["--seed", SEED, "--commitment", commitment(SEED), "--block", BLOCK, "--two-rolls"])
    out = capsys.readouterr().out
    assert code == 0
    assert f"first roll  {first}" in out
    assert out.rstrip().endswith("OK")


def test_the_command_reports_mismatch_with_a_non_zero_exit(capsys):
    tampered = "f" + SEED[1:]
    assert main(["--seed", tampered, "--commitment", commitment(SEED), "--block", BLOCK]) == 1
    assert capsys.readouterr().out.rstrip().endswith("MISMATCH")
    first, _ = derive_rolls(SEED, BLOCK, two_rolls=False)
    wrong = "6-6-6" if first != "6-6-6" else "1-1-1"
    args = ["--seed", SEED, "--commitment", commitment(SEED), "--block", BLOCK, "--first", wrong]
    assert main(args) == 1


def test_the_command_runs_as_a_module_without_django():
    first, second = derive_rolls(SEED, BLOCK, two_rolls=True)
    command = [sys.executable, "-m", "variants.fairroll", "--seed", SEED, "--commitment", commitment(SEED)]
    command += ["--block", BLOCK, "--two-rolls", "--first", first] + (["--second", second] if second else [])
    code = "import sys, runpy; sys.argv = ['x'] + sys.argv[1:]; runpy.run_module('variants.fairroll', run_name='__main__')"
    done = subprocess.run([sys.executable, "-c", f"import sys; sys.modules['django'] = None; {code}", *command[3:]],
                          cwd=ROOT, capture_output=True, text=True, check=False)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.rstrip().endswith("OK")
    plain = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    assert plain.returncode == 0 and "array" in plain.stdout


def test_the_command_rejects_bad_input_with_one_line_and_exit_two():
    done = subprocess.run(
        [sys.executable, "-m", "variants.fairroll", "--seed", "xyz", "--commitment", "00", "--block", BLOCK],
        cwd=ROOT, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == ["python -m variants.fairroll: error: a seed is 64 hex characters (32 bytes)"]


def test_every_derived_roll_is_a_layout_the_dice_rules_accept():
    from variants.dice import layout

    for k in range(200):
        first, second = derive_rolls(SEED, block_id("any-event", k), two_rolls=True)
        assert len(layout(first, second).names) == 12
