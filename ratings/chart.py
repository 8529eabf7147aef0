"""A rating's history as an SVG line chart, drawn by the server (no plotting service, no script).

The line is the rating after each period, the shaded band the rating ± its RD; the y axis has round gridlines,
the x axis the first and last dates. The SVG scales to its box (viewBox, width 100%), so it fits a phone.
"""

from __future__ import annotations

from datetime import datetime
from html import escape

WIDTH, HEIGHT = 640, 240
LEFT, RIGHT, TOP, BOTTOM = 48, 12, 12, 28


def _ticks(low: float, high: float) -> list[int]:
    span = max(high - low, 1)
    step = next(s for s in (25, 50, 100, 200, 250, 500, 1000) if span / s <= 6)
    first = int(low // step + 1) * step
    return list(range(first, int(high) + 1, step))


def history_svg(points: list[tuple[datetime, float, float]], title: str) -> str:
    """``points``: (when, rating, rd) oldest first. An empty list draws nothing ("")."""
    if not points:
        return ""
    ratings = [r for _, r, _ in points]
    low = min(r - d for _, r, d in points)
    high = max(r + d for _, r, d in points)
    low, high = min(low, min(ratings) - 50), max(high, max(ratings) + 50)
    inner_w, inner_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(i: int) -> float:
        return LEFT + (inner_w * i / (len(points) - 1) if len(points) > 1 else inner_w / 2)

    def y(value: float) -> float:
        return TOP + inner_h * (high - value) / (high - low)

    line = " ".join(f"{x(i):.1f},{y(r):.1f}" for i, (_, r, _) in enumerate(points))
    upper = [f"{x(i):.1f},{y(r + d):.1f}" for i, (_, r, d) in enumerate(points)]
    lower = [f"{x(i):.1f},{y(r - d):.1f}" for i, (_, r, d) in reversed(list(enumerate(points)))]
    parts = [
        f'<svg class="rating-chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-label="{escape(title)}" '
        f'xmlns="http://www.w3.org/2000/svg" width="100%" preserveAspectRatio="xMidYMid meet">',
        f"<title>{escape(title)}</title>",
        f'<rect x="{LEFT}" y="{TOP}" width="{inner_w}" height="{inner_h}" fill="#fff" stroke="#cfd3d9"/>',
    ]
    for tick in _ticks(low, high):
        parts.append(f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(tick):.1f}" y2="{y(tick):.1f}" stroke="#e3e6ea"/>')
        parts.append(f'<text x="{LEFT - 6}" y="{y(tick) + 4:.1f}" text-anchor="end" font-size="12" fill="#555">{tick}</text>')
    parts.append(f'<polygon points="{" ".join(upper + lower)}" fill="#0645ad" fill-opacity="0.12" stroke="none"/>')
    parts.append(f'<polyline points="{line}" fill="none" stroke="#0645ad" stroke-width="2.5" stroke-linejoin="round"/>')
    for i, (_, r, _) in enumerate(points):
        parts.append(f'<circle cx="{x(i):.1f}" cy="{y(r):.1f}" r="3.5" fill="#0645ad"><title>{r:.0f}</title></circle>')
    first, last = points[0][0], points[-1][0]
    parts.append(f'<text x="{LEFT}" y="{HEIGHT - 8}" font-size="12" fill="#555">{first:%Y-%m-%d}</text>')
    if len(points) > 1:
        end = f'<text x="{WIDTH - RIGHT}" y="{HEIGHT - 8}" text-anchor="end" font-size="12" fill="#555">'
        parts.append(f"{end}{last:%Y-%m-%d}</text>")
    parts.append("</svg>")
    return "".join(parts)
