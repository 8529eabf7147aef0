"""Pure-Python rules of the seed variants: the piece catalogue, the dice and one engine per variant.

Nothing in this package imports Django; the apps call it. Look engines up with
:func:`variants.registry.get_engine`.
"""
