"""The app's icons, drawn from one description (site/icons.py): the sizes the manifest names, a
maskable icon whose drawing keeps to the circle every phone's mask leaves, and the favicon."""

from __future__ import annotations

import io
import math
import xml.etree.ElementTree as ET

import pytest
from PIL import Image

from arbitre.site.icons import INDIGO, SHAPES, png_icon, svg_icon


def rgba(colour: str) -> tuple[int, int, int, int]:
    return (int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16), 255)


@pytest.mark.parametrize(("size", "maskable"), [(192, False), (512, False), (512, True)])
def test_png_icons_have_their_size(size, maskable):
    image = Image.open(io.BytesIO(png_icon(size, maskable)))
    assert image.format == "PNG" and image.size == (size, size)


def test_a_maskable_icon_is_full_bleed_and_draws_only_inside_the_safe_circle():
    image = Image.open(io.BytesIO(png_icon(512, maskable=True))).convert("RGBA")
    background = rgba(INDIGO)
    outside = [
        (x, y)
        for x in range(0, 512, 4)
        for y in range(0, 512, 4)
        if math.hypot(x - 255.5, y - 255.5) > 0.4 * 512 and image.getpixel((x, y)) != background
    ]
    assert outside == []
    # ...and something is drawn inside it
    assert image.getpixel((256, 200)) != background


def test_the_other_icons_are_a_rounded_square():
    image = Image.open(io.BytesIO(png_icon(192))).convert("RGBA")
    assert image.getpixel((0, 0))[3] == 0  # a transparent corner
    assert image.getpixel((96, 4)) == rgba(INDIGO)  # the square's edge, mid-side


def test_the_favicon_draws_the_same_shapes():
    svg = ET.fromstring(svg_icon())
    assert svg.get("viewBox") == "0 0 100 100"
    drawn = [el for el in svg.iter() if el.tag.split("}")[1] in ("rect", "polyline", "circle")]
    assert len(drawn) == 1 + len(SHAPES)  # the rounded square, then each shape
