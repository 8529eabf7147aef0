"""Throwaway extensions, registered for the whole test run (issue 35), so that every other test meets them.

Each is one module in this package plus its one registry line in :func:`install`, the same call a real
extension's line makes in its registry; no migration and no other edit. ``tests/conftest.py`` calls
:func:`install` once, before any test is collected. A test that enumerates engines, endings, scoring profiles,
tie-breaks, pairing systems or exports reads the registry, so it meets these too.
"""

from __future__ import annotations


def install() -> None:
    """Register every throwaway extension (one line each)."""
    import variants.registry
    from scoring import register_profile
    from scoring.tiebreak_registry import register_tiebreak
    from tests.architecture.extensions import monrad
    from tests.architecture.extensions.draws import DRAWS
    from tests.architecture.extensions.king_of_the_hill import KEY, HillEngine
    from tests.architecture.extensions.standings_xml import STANDINGS_XML
    from tests.architecture.extensions.three_one_zero import THREE_ONE_ZERO
    from tournaments.exports.registry import register_export

    monrad.register()
    register_export(STANDINGS_XML)
    register_tiebreak(DRAWS)
    variants.registry.register(KEY, HillEngine)
    register_profile(THREE_ONE_ZERO)
