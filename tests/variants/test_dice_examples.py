"""The seed's 14-row example table, verbatim (seed 002, "Examples:"), with its typos read as documented.

docs/rules/random-variant-chess.md: 'hCi' on file k of row 8 is a Horse-Giraffe (the array is symmetric and
file b holds 'hGi'); 'hCa' in row 11 is a Horse-Camel (spelled 'hCm' in row 8); 'Pr' is the Princess.
"""

from __future__ import annotations

import pytest

from variants.dice import layout
from variants.pieces import BY_ABBREV

SEED_EXAMPLES = """\
2-2-2          Pr  Gi  Cam N   B   Em  K   B   N   Cam Gi  Pr
2-4-4  2-2-2   Pr  Ze  Wa  N   B   Em  K   B   N   Wa  Ze  Pr
2-4-4  2-3-3   R   Wa  Cam N   B   Q   K   B   N   Cam Wa  R
2-4-4  3-4-4   R   Ze  Cam N   B   Q   K   B   N   Cam Ze  R
2-4-4  5-2-2   R   Ze  El  N   B   Q   K   B   N   El  Ze  R
5-2-2  2-4-4   R   Ctp Wa  N   B   Q   K   B   N   Wa  Ctp R
5-2-2  1-3-5   Can Ctp El  Hr  B   Q   K   B   Hr  El  Ctp Can
1-3-5  2-4-5   R   hGi hCm Hr  B   Q   K   B   Hr  hCm hCi R
1-3-5  2-4-6   R   Gi  Cam N   B   Q   K   B   N   Cam Gi  R
1-4-5  1-4-6   R   Cam N   Ti  Q   Man Man K   Ti  N   Cam R
1-4-5  3-3-3   R   hCa Hr  Ti  Am  Man Man K   Ti  Hr  hCa R
1-4-5  2-4-4   R   Wa  Hr  Ti  Q   Man Man K   Ti  Hr  Wa  R
1-4-5  4-6-6   R   hZe Hr  Ti  Q   Man Man K   Ti  Hr  hZe R
1-4-5  5-6-6   R   Ti  Hr  Ti  Q   Man Man K   Ti  Hr  Ti  R
"""

# The table's typos and their readings (docs/rules/random-variant-chess.md, "Typos in the example table").
TYPO_READINGS = {"hCi": "Horse-Giraffe", "hCa": "Horse-Camel"}


def _name(abbrev: str) -> str:
    return TYPO_READINGS.get(abbrev) or BY_ABBREV[abbrev].name


def _rows() -> list[tuple[str, str | None, tuple[str, ...]]]:
    rows = []
    for line in SEED_EXAMPLES.splitlines():
        tokens = line.split()
        if len(tokens) == 13:
            first, second, pieces = tokens[0], None, tokens[1:]
        else:
            first, second, pieces = tokens[0], tokens[1], tokens[2:]
        rows.append((first, second, tuple(_name(abbrev) for abbrev in pieces)))
    return rows


ROWS = _rows()


def test_the_table_has_fourteen_rows_of_twelve_pieces():
    assert len(ROWS) == 14
    assert all(len(names) == 12 for _, _, names in ROWS)


@pytest.mark.parametrize(("first", "second", "names"), ROWS, ids=[f"{f} {s or '-'}" for f, s, _ in ROWS])
def test_each_example_of_the_seed_gives_its_array(first, second, names):
    assert layout(first, second).names == names


def test_the_typo_hci_stands_on_the_file_that_mirrors_a_horse_giraffe():
    row = SEED_EXAMPLES.splitlines()[7].split()[2:]
    assert row[10] == "hCi"
    assert row[1] == "hGi"
    assert layout("1-3-5", "2-4-5").names[10] == "Horse-Giraffe"


def test_the_typo_hca_is_the_horse_camel_the_camels_become_with_a_five():
    assert layout("1-4-5", "3-3-3").names[1] == layout("1-4-5").names[1] == "Horse-Camel"
