"""The score progression as a picture: a pure function from a scored sheet to an SVG string.

One line per player through the totals after each entry (the engine's own rows: an engine-made
penalty or 555 reset counts with the deal that caused it), a dashed line at the barrel when the
table plays one, a line at the target when the ruleset has one.  Mariáš has no target: its lines
are money, labelled in crowns.  No JavaScript: the SVG is written inline into the sheet page and
the PDF.  Every text that comes from a player (the names) is escaped.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

import rules
from scoresheet.sheets.paper import Paper, barrel_of, format_amount, paper_of, target_of

WIDTH = 520  # viewBox units; the page scales the picture to its column (360 px phones too)
HEIGHT = 300
LEFT = 80  # room for the y labels ("-100.00 Kč")
RIGHT = 14
TOP = 36  # room for the legend
BOTTOM = 36  # room for the x labels and the axis title
Y_TICKS = 5  # about this many horizontal grid lines
X_TICKS = 6  # about this many deal numbers under the axis
DOTS_UP_TO = 40  # deals: beyond this the dots of each total would blur into the line
FONT_SIZE = 13  # viewBox units: about 8.5 px on a 360 px phone, 10 pt on A4
LEGEND_CHAR = 0.6 * FONT_SIZE  # width of one character of the legend, roughly
LEGEND_SWATCH = 22  # length of the legend's sample line plus its gap
FONT = "DejaVu Sans, Verdana, sans-serif"
# One colour and one dash pattern per seat, so the lines stay apart in black-and-white print too.
COLOURS = ("#1f5fbf", "#c0392b", "#2e7d32", "#7b3fa0")
DASHES = ("", "7 4", "2 3", "9 3 2 3")
NICE_STEPS = (1, 2, 2.5, 5, 10)
HEADROOM = 0.3  # of a grid step, kept free above the highest value


@dataclass(frozen=True, kw_only=True)
class Series:
    name: str
    points: tuple[int, ...]  # the total before the first entry (0) and after each entry


def progression(scored: rules.Scored, players: Sequence[str], entries: int) -> list[Series]:
    """Per player, 0 and then the total after the last row of each entry."""
    n = len(players)
    after: list[tuple[int, ...]] = [tuple([0] * n)]
    last: dict[int, tuple[int, ...]] = {}
    for row in scored.rows:
        last[row.entry] = row.totals
    current = after[0]
    for index in range(entries):
        current = last.get(index, current)
        after.append(current)
    return [
        Series(name=players[seat], points=tuple(t[seat] for t in after)) for seat in range(n)
    ]


def nice_step(span: float, count: int) -> int:
    """A round step (1, 2, 2.5, 5 x a power of ten, at least 1) giving about ``count`` steps."""
    raw = max(span / max(count, 1), 1.0)
    magnitude = 10 ** math.floor(math.log10(raw))
    for factor in NICE_STEPS:
        step = factor * magnitude
        if step >= raw and float(step).is_integer():
            return int(step)
    return int(10 * magnitude)


def _f(value: float) -> str:
    """A coordinate with one decimal, without a trailing ".0"."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def _shorten(name: str, room: float) -> str:
    chars = max(int(room / LEGEND_CHAR), 3)
    return name if len(name) <= chars else name[: chars - 1] + "…"


def progression_svg(document: rules.Sheet, scored: rules.Scored) -> str:
    """The chart of ``scored`` (the replay of ``document``) as an SVG element; "" without rows."""
    if not scored.rows:
        return ""
    paper = paper_of(document.game)
    series = progression(scored, document.players, len(document.entries))
    barrel = barrel_of(document.rules)
    target = target_of(document.rules)
    return _draw(series, paper=paper, barrel=barrel, target=target)


def _draw(series: Sequence[Series], *, paper: Paper, barrel: int | None,
          target: int | None) -> str:
    deals = len(series[0].points) - 1
    values = [v for s in series for v in s.points]
    values += [v for v in (barrel, target) if v is not None]
    step = nice_step(max(values) - min(values), Y_TICKS)
    lo = math.floor(min(values) / step) * step
    # room above the highest line for the label written above the target or barrel line
    hi = math.ceil((max(values) + HEADROOM * step) / step) * step
    if hi == lo:
        hi = lo + step
    plot_w = WIDTH - LEFT - RIGHT
    plot_h = HEIGHT - TOP - BOTTOM

    def x(i: int) -> float:
        return LEFT + plot_w * i / max(deals, 1)

    def y(v: float) -> float:
        return TOP + plot_h * (hi - v) / (hi - lo)

    title = _("Totals after each deal")
    desc = "; ".join(f"{s.name}: {format_amount(s.points[-1], paper)}" for s in series)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'width="{WIDTH}" height="{HEIGHT}" role="img" aria-label="{escape(title)}" '
        f'font-family="{FONT}" font-size="{FONT_SIZE}">',
        f"<title>{escape(title)}</title>",
        f"<desc>{escape(desc)}</desc>",
        f'<rect x="{LEFT}" y="{TOP}" width="{plot_w}" height="{plot_h}" fill="#fff" '
        'stroke="#999" stroke-width="1"/>',
    ]
    # horizontal grid with the amounts
    tick = lo
    while tick <= hi:
        ty = _f(y(tick))
        colour = "#666" if tick == 0 else "#ddd"
        out.append(f'<line x1="{LEFT}" x2="{LEFT + plot_w}" y1="{ty}" y2="{ty}" '
                   f'stroke="{colour}" stroke-width="1"/>')
        out.append(f'<text x="{LEFT - 5}" y="{ty}" text-anchor="end" dominant-baseline="middle" '
                   f'fill="#333">{escape(format_amount(tick, paper))}</text>')
        tick += step
    # deal numbers under the axis
    x_step = nice_step(deals, X_TICKS) if deals else 1
    for i in range(0, deals + 1, x_step):
        out.append(f'<text x="{_f(x(i))}" y="{TOP + plot_h + FONT_SIZE + 3}" text-anchor="middle" '
                   f'fill="#333">{i}</text>')
    axis = escape(_("deal"))  # outside the f-string, where makemessages finds it
    out.append(f'<text x="{LEFT + plot_w / 2}" y="{HEIGHT - 4}" text-anchor="middle" '
               f'fill="#333">{axis}</text>')
    # the barrel and the target
    for kind, value, label, colour, dash in (
        ("barrel", barrel, _("barrel %(points)s"), "#8a6d00", "5 4"),
        ("target", target, _("target %(points)s"), "#111", "10 3"),
    ):
        if value is None:
            continue
        ly = _f(y(value))
        text = label % {"points": format_amount(value, paper)}
        out.append(f'<line class="chart-{kind}" '
                   f'x1="{LEFT}" x2="{LEFT + plot_w}" y1="{ly}" y2="{ly}" stroke="{colour}" '
                   f'stroke-width="1.5" stroke-dasharray="{dash}"/>')
        out.append(f'<text x="{LEFT + 4}" y="{_f(y(value) - 4)}" fill="{colour}">'
                   f"{escape(text)}</text>")
    # one line per player
    for seat, s in enumerate(series):
        colour = COLOURS[seat % len(COLOURS)]
        dash = DASHES[seat % len(DASHES)]
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        pts = " ".join(f"{_f(x(i))},{_f(y(v))}" for i, v in enumerate(s.points))
        out.append(f'<polyline class="chart-line" fill="none" stroke="{colour}" '
                   f'stroke-width="2.2" stroke-linejoin="round"{dash_attr} points="{pts}">'
                   f"<title>{escape(s.name)}</title></polyline>")
        if deals <= DOTS_UP_TO:
            for i, v in enumerate(s.points[1:], start=1):
                out.append(f'<circle cx="{_f(x(i))}" cy="{_f(y(v))}" r="2.4" '
                           f'fill="{colour}"/>')
    # the legend above the plot
    room = plot_w / len(series)
    for seat, s in enumerate(series):
        colour = COLOURS[seat % len(COLOURS)]
        dash = DASHES[seat % len(DASHES)]
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        lx = LEFT + seat * room
        out.append(f'<line x1="{_f(lx)}" x2="{_f(lx + LEGEND_SWATCH - 4)}" y1="16" y2="16" '
                   f'stroke="{colour}" stroke-width="2.5"{dash_attr}/>')
        label = _shorten(s.name, room - LEGEND_SWATCH)
        out.append(f'<text x="{_f(lx + LEGEND_SWATCH)}" y="16" dominant-baseline="middle" '
                   f'fill="#111">{escape(label)}</text>')
    out.append("</svg>")
    return "\n".join(out)


def progression_html(document: rules.Sheet, scored: rules.Scored) -> SafeString:
    """The chart ready for a template: every text inside it has been escaped above."""
    return mark_safe(progression_svg(document, scored))  # noqa: S308
