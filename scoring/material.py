"""Material superiority (seed 002): Black's compensation, the winning threshold, and who is ahead."""

from __future__ import annotations

from variants.base import BLACK, WHITE


def material_leader(material: dict[str, float], *, black_compensation: float, threshold: float) -> str | None:
    """The army ahead by ``threshold`` or more once Black's compensation is added, or ``None`` (a draw).

    Seed 002: "After 4 1/2 material points are added to the value of the material held by Black, it is necessary
    for one player to be ahead by 6 or more material points to score a victory by Material Superiority".
    """
    missing = {WHITE, BLACK} - set(material)
    if missing:
        raise ValueError(f"material is missing {', '.join(sorted(missing))}")
    lead = float(material[WHITE]) - (float(material[BLACK]) + black_compensation)
    if lead >= threshold:
        return WHITE
    if -lead >= threshold:
        return BLACK
    return None
