"""The two tables of the FIDE Rating Regulations (B.02) the rating tie-breaks read (C.07 §10, §11).

Kept in the pure floor so scoring and the public pages (tournaments.public.rating) read one copy.
"""

from __future__ import annotations

from bisect import bisect_left

# B.02 §8.1.1: dp for p = 0.00, 0.01, ... 1.00 (index = p in hundredths).
DP_TABLE = (
    -800, -677, -589, -538, -501, -470, -444, -422, -401, -383, -366, -351, -336, -322, -309, -296, -284, -273,
    -262, -251, -240, -230, -220, -211, -202, -193, -184, -175, -166, -158, -149, -141, -133, -125, -117, -110,
    -102, -95, -87, -80, -72, -65, -57, -50, -43, -36, -29, -21, -14, -7, 0, 7, 14, 21, 29, 36, 43, 50, 57, 65,
    72, 80, 87, 95, 102, 110, 117, 125, 133, 141, 149, 158, 166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262,
    273, 284, 296, 309, 322, 336, 351, 366, 383, 401, 422, 444, 470, 501, 538, 589, 677, 800,
)  # fmt: skip

# B.02 §8.1.2: the upper end of each band of rating differences; the higher-rated player's expected score in the
# band at index i is 0.50 + i/100 (the lower-rated player's is 1 minus it). Differences over 735 expect 1.00.
PD_BANDS = (
    3, 10, 17, 25, 32, 39, 46, 53, 61, 68, 76, 83, 91, 98, 106, 113, 121, 129, 137, 145, 153, 162, 170, 179, 188,
    197, 206, 215, 225, 235, 245, 256, 267, 278, 290, 302, 315, 328, 344, 357, 374, 391, 411, 432, 456, 484, 517,
    559, 619, 735,
)  # fmt: skip


def expected_hundredths(own: int, opponent: int) -> int:
    """B.02 §8.1.2 without the 400-point cap: the expected score of ``own`` against ``opponent``, in hundredths."""
    band = bisect_left(PD_BANDS, abs(own - opponent))
    higher = 100 if band == len(PD_BANDS) else 50 + band
    return higher if own >= opponent else 100 - higher
