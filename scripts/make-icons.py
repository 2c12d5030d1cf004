#!/usr/bin/env python3
"""Draws the app icons (icon-192.png, icon-512.png) into the folder given as argument.

The picture: four edge-matching tiles on the app's dark background, each split into four
coloured wedges, with the wedges facing each other across the inner edges in the same
colour. Pure standard library (zlib + struct): run at build time by src/app/CMakeLists.txt.
"""
import struct
import sys
import zlib
from pathlib import Path

BACKGROUND = (33, 35, 40)
LINE = (20, 21, 25)
COLOURS = {
    "b": (70, 130, 220),
    "g": (80, 190, 110),
    "r": (225, 85, 80),
    "y": (240, 190, 70),
    "p": (160, 100, 210),
}
# Tiles in reading order, sides top, right, bottom, left; inner edges match.
TILES = [
    ("y", "b", "g", "p"),
    ("r", "y", "b", "b"),
    ("g", "r", "p", "y"),
    ("b", "p", "r", "r"),
]


def pixel(x, y, size):
    margin, gap = size * 0.10, size * 0.035
    tile = (size - 2 * margin - gap) / 2
    for index, sides in enumerate(TILES):
        left = margin + (index % 2) * (tile + gap)
        top = margin + (index // 2) * (tile + gap)
        if not (left <= x < left + tile and top <= y < top + tile):
            continue
        dx, dy = x - (left + tile / 2), y - (top + tile / 2)
        if abs(abs(dx) - abs(dy)) < size * 0.008:
            return LINE  # the wedges' borders
        if abs(dy) >= abs(dx):
            side = 0 if dy < 0 else 2
        else:
            side = 1 if dx > 0 else 3
        return COLOURS[sides[side]]
    return BACKGROUND


def png(size):
    rows = bytearray()
    for y in range(size):
        rows.append(0)  # filter: none
        for x in range(size):
            rows.extend(pixel(x + 0.5, y + 0.5, size))

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)  # 8-bit RGB
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(bytes(rows), 9)) + chunk(b"IEND", b""))


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: make-icons.py OUTPUT_DIR")
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    for size in (192, 512):
        (out / f"icon-{size}.png").write_bytes(png(size))


if __name__ == "__main__":
    main()
