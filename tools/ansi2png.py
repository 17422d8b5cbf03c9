#!/usr/bin/env python3
"""Draws a terminal capture with colours (`tmux capture-pane -p -e`) as a PNG.

The README's screenshot of sightlines-demo is made with it:

    cargo test -p sightlines-demo --test tmux -- --ignored screenshot
    python3 tools/ansi2png.py docs/demo-screenshot.ansi docs/demo-screenshot.png

Needs Pillow (`pip install pillow`) and a monospace TrueType font (DejaVu Sans
Mono by default, `fonts-dejavu-core` on Debian; another with --font). Only
the SGR codes tmux emits are read: reset, bold, reverse, the 16 colours,
256-colour indices and default colours. The terminal's state carries over
from line to line, as tmux writes it.
"""

import argparse
import re

from PIL import Image, ImageDraw, ImageFont

# A dark terminal theme for the 16 standard colours.
PALETTE = [
    (0, 0, 0), (205, 49, 49), (13, 188, 121), (229, 229, 16),
    (36, 114, 200), (188, 63, 188), (17, 168, 205), (229, 229, 229),
    (102, 102, 102), (241, 76, 76), (35, 209, 139), (245, 245, 67),
    (59, 142, 234), (214, 112, 214), (41, 184, 219), (255, 255, 255),
]
FOREGROUND = (204, 204, 204)
BACKGROUND = (24, 24, 24)
SGR = re.compile(r"\x1b\[([0-9;:]*)m")
OTHER_ESCAPE = re.compile(r"\x1b[^a-zA-Z]*[a-zA-Z]")


def colour_256(n):
    if n < 16:
        return PALETTE[n]
    if n < 232:
        n -= 16
        level = lambda v: 0 if v == 0 else 55 + 40 * v
        return (level(n // 36), level(n // 6 % 6), level(n % 6))
    grey = 8 + 10 * (n - 232)
    return (grey, grey, grey)


class Pen:
    def __init__(self):
        self.reset()

    def reset(self):
        self.fg, self.bg, self.bold, self.reverse = None, None, False, False

    def apply(self, params):
        codes = [int(c) if c else 0 for c in re.split("[;:]", params)]
        i = 0
        while i < len(codes):
            c = codes[i]
            if c == 0:
                self.reset()
            elif c == 1:
                self.bold = True
            elif c == 22:
                self.bold = False
            elif c == 7:
                self.reverse = True
            elif c == 27:
                self.reverse = False
            elif 30 <= c <= 37:
                self.fg = PALETTE[c - 30]
            elif 90 <= c <= 97:
                self.fg = PALETTE[c - 90 + 8]
            elif 40 <= c <= 47:
                self.bg = PALETTE[c - 40]
            elif 100 <= c <= 107:
                self.bg = PALETTE[c - 100 + 8]
            elif c == 39:
                self.fg = None
            elif c == 49:
                self.bg = None
            elif c in (38, 48) and i + 2 < len(codes) and codes[i + 1] == 5:
                if c == 38:
                    self.fg = colour_256(codes[i + 2])
                else:
                    self.bg = colour_256(codes[i + 2])
                i += 2
            elif c in (38, 48) and i + 4 < len(codes) and codes[i + 1] == 2:
                rgb = tuple(codes[i + 2:i + 5])
                if c == 38:
                    self.fg = rgb
                else:
                    self.bg = rgb
                i += 4
            i += 1

    def colours(self):
        fg, bg = self.fg or FOREGROUND, self.bg or BACKGROUND
        return (bg, fg) if self.reverse else (fg, bg)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("capture")
    parser.add_argument("png")
    parser.add_argument("--font", default="/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf")
    parser.add_argument("--bold-font", default="/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf")
    parser.add_argument("--size", type=int, default=14, help="font size in pixels")
    args = parser.parse_args()

    regular = ImageFont.truetype(args.font, args.size)
    bold = ImageFont.truetype(args.bold_font, args.size)
    cell_w = round(regular.getlength("M"))
    cell_h = round(args.size * 1.25)
    with open(args.capture, encoding="utf-8", errors="replace") as f:
        lines = f.read().rstrip("\n").split("\n")

    # Lay the cells out first, to size the picture.
    pen, rows = Pen(), []
    for line in lines:
        cells, i = [], 0
        while i < len(line):
            m = SGR.match(line, i)
            if m:
                pen.apply(m.group(1))
                i = m.end()
                continue
            m = OTHER_ESCAPE.match(line, i)
            if m:
                i = m.end()
                continue
            cells.append((line[i], *pen.colours(), pen.bold))
            i += 1
        rows.append(cells)
    width = max((len(r) for r in rows), default=1)

    image = Image.new("RGB", (cell_w * width, cell_h * len(rows)), BACKGROUND)
    draw = ImageDraw.Draw(image)
    for y, cells in enumerate(rows):
        for x, (ch, fg, bg, is_bold) in enumerate(cells):
            box = (x * cell_w, y * cell_h, (x + 1) * cell_w - 1, (y + 1) * cell_h - 1)
            draw.rectangle(box, fill=bg)
            if ch != " ":
                draw.text((x * cell_w, y * cell_h), ch, font=bold if is_bold else regular, fill=fg)
    image.save(args.png, optimize=True)


if __name__ == "__main__":
    main()
