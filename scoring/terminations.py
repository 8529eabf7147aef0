"""Which endings a game of a variant can have, and what each is: read from the variant's engine, never kept here.

Every ending (:class:`variants.terminations.Ending`) says whether it decides the game and whom it favours; the
profiles (:mod:`scoring.profiles`) grade it from that. Which endings a variant has is a fact of its engine
(:attr:`variants.base.Engine.endings`), read through the registry.
"""

from __future__ import annotations

from variants.registry import ending_of, get_engine
from variants.terminations import Ending


def terminations_for_variant(variant: str) -> frozenset[str]:
    """The names of the endings a game of ``variant`` can have; raises KeyError for an unknown variant."""
    return get_engine(variant).terminations


def ending_for(termination: str, variant: str | None) -> Ending:
    """The ending ``termination`` of a ``variant`` game (no or an unknown variant: the laws of chess); ValueError
    when there is no such ending, or the variant cannot end so."""
    try:
        return ending_of(termination, variant)
    except KeyError as exc:
        raise ValueError(str(exc.args[0])) from None
