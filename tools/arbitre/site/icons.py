"""The site's icon, drawn from one description: the PNG icons of the web app manifest (192 and
512 px, and a maskable 512 px) and the SVG favicon.

The description (`SHAPES`) is a few shapes on a 100 × 100 square: a rules card in front of
another, three lines of text, and a seal with a check mark, in the site's colours (mkdocs-
material's indigo header and deep-orange accent).  A maskable icon is cropped by the phone to
any shape that holds the centred circle of 80 % of its width, so it is drawn full-bleed with
the shapes scaled inside that circle; the others sit on a rounded square.  PNGs are drawn four
times larger, then reduced (Pillow has no anti-aliasing of its own).
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass

INDIGO = "#4051b5"  # --md-primary-fg-color of [data-md-color-primary=indigo]
INDIGO_LIGHT = "#c5cae9"
ORANGE = "#ff6e42"  # --md-accent-fg-color of [data-md-color-accent=deep-orange]
WHITE = "#ffffff"
OVERSAMPLE = 4
CORNER = 22  # the rounded square of the non-maskable icons (of 100)
SCALE = {False: 1.12, True: 0.92}  # maskable: every shape within 40 of the centre


@dataclass(frozen=True)
class Card:
    """A rounded rectangle turned `angle` degrees about its centre (cx, cy)."""

    cx: float
    cy: float
    width: float
    height: float
    radius: float
    angle: float
    fill: str

    def outline(self, steps: int = 8) -> list[tuple[float, float]]:
        w, h, r = self.width / 2, self.height / 2, self.radius
        corners = [
            (w - r, h - r, 0),
            (-w + r, h - r, 90),
            (-w + r, -h + r, 180),
            (w - r, -h + r, 270),
        ]
        points = [
            (x + r * math.cos(math.radians(start + 90 * i / steps)),
             y + r * math.sin(math.radians(start + 90 * i / steps)))
            for x, y, start in corners
            for i in range(steps + 1)
        ]  # fmt: skip
        turn = math.radians(self.angle)
        cos, sin = math.cos(turn), math.sin(turn)
        return [(self.cx + x * cos - y * sin, self.cy + x * sin + y * cos) for x, y in points]

    def svg(self) -> str:
        x, y = self.cx - self.width / 2, self.cy - self.height / 2
        turn = f' transform="rotate({self.angle:g} {self.cx:g} {self.cy:g})"' if self.angle else ""
        return (
            f'<rect x="{x:g}" y="{y:g}" width="{self.width:g}" height="{self.height:g}" '
            f'rx="{self.radius:g}" fill="{self.fill}"{turn}/>'
        )


@dataclass(frozen=True)
class Stroke:
    """A line through `points`, `width` wide, with round ends and joins."""

    points: tuple[tuple[float, float], ...]
    width: float
    colour: str

    def svg(self) -> str:
        points = " ".join(f"{x:g},{y:g}" for x, y in self.points)
        return (
            f'<polyline points="{points}" fill="none" stroke="{self.colour}" '
            f'stroke-width="{self.width:g}" stroke-linecap="round" stroke-linejoin="round"/>'
        )


@dataclass(frozen=True)
class Disc:
    cx: float
    cy: float
    radius: float
    fill: str

    def svg(self) -> str:
        return f'<circle cx="{self.cx:g}" cy="{self.cy:g}" r="{self.radius:g}" fill="{self.fill}"/>'


SHAPES: tuple[Card | Stroke | Disc, ...] = (
    Card(45, 53, 38, 54, 5, -12, INDIGO_LIGHT),  # the card behind
    Card(53, 49, 38, 54, 5, 0, WHITE),  # the rules card
    Stroke(((41, 34), (65, 34)), 4.5, INDIGO),
    Stroke(((41, 43), (65, 43)), 4.5, INDIGO),
    Stroke(((41, 52), (56, 52)), 4.5, INDIGO),
    Disc(64, 66, 11.5, ORANGE),  # the seal
    Stroke(((58.5, 66.5), (62.5, 70.5), (69.5, 62)), 3.6, WHITE),
)


def svg_icon() -> str:
    """The favicon: the icon on its rounded square, as SVG."""
    scale = SCALE[False]
    shift = 50 * (1 - scale)
    shapes = "".join(shape.svg() for shape in SHAPES)
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
        f'<rect width="100" height="100" rx="{CORNER}" fill="{INDIGO}"/>'
        f'<g transform="translate({shift:g} {shift:g}) scale({scale:g})">{shapes}</g></svg>\n'
    )


def png_icon(size: int, maskable: bool = False) -> bytes:
    """The icon as a `size`-pixel square PNG; `maskable`: full-bleed, shapes in the safe circle."""
    from PIL import Image, ImageDraw

    big = size * OVERSAMPLE
    unit = big / 100
    scale = SCALE[maskable]

    def at(x: float, y: float) -> tuple[float, float]:
        return ((50 + (x - 50) * scale) * unit, (50 + (y - 50) * scale) * unit)

    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    if maskable:
        draw.rectangle((0, 0, big, big), fill=INDIGO)
    else:
        draw.rounded_rectangle((0, 0, big - 1, big - 1), radius=CORNER * unit, fill=INDIGO)
    for shape in SHAPES:
        if isinstance(shape, Card):
            draw.polygon([at(x, y) for x, y in shape.outline()], fill=shape.fill)
        elif isinstance(shape, Disc):
            (x, y), r = at(shape.cx, shape.cy), shape.radius * scale * unit
            draw.ellipse((x - r, y - r, x + r, y + r), fill=shape.fill)
        else:
            width = shape.width * scale * unit
            points = [at(x, y) for x, y in shape.points]
            draw.line(points, fill=shape.colour, width=round(width), joint="curve")
            for x, y in (points[0], points[-1]):  # round ends
                draw.ellipse(
                    (x - width / 2, y - width / 2, x + width / 2, y + width / 2), fill=shape.colour
                )
    out = io.BytesIO()
    image.resize((size, size), Image.Resampling.LANCZOS).save(out, format="PNG", optimize=True)
    return out.getvalue()
