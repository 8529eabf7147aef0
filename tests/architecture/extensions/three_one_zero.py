"""A throwaway scoring profile, three points for a win (3, 1, 0): one Profile, registered by one line in
:func:`tests.architecture.extensions.install`."""

from __future__ import annotations

from scoring import Profile

THREE_ONE_ZERO = Profile(key="3-1-0", name="Three points for a win (3, 1, 0)", win=3, draw=1, loss=0, pab=3,
                         requested_bye=1, points_name="3-1-0 points")  # fmt: skip
