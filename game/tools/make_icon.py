"""Render assets/icon.svg into assets/icon.ico (for the Windows executable).

    python -m game.tools.make_icon

An .ico file may hold PNG images; we write 256, 64, 48, 32 and 16 px ones.
"""

import io
import os
import struct
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
import pygame  # noqa: E402

ASSETS = Path(__file__).resolve().parents[2] / "assets"
SIZES = (256, 64, 48, 32, 16)


def png_bytes(size: int) -> bytes:
    surface = pygame.image.load_sized_svg(str(ASSETS / "icon.svg"), (size, size))
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "icon.png")
    return buffer.getvalue()


def main() -> None:
    pygame.init()
    images = [png_bytes(size) for size in SIZES]
    header = struct.pack("<HHH", 0, 1, len(images))
    offset = len(header) + 16 * len(images)
    entries = b""
    for size, data in zip(SIZES, images):
        side = 0 if size >= 256 else size  # 0 means 256 in the format
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset)
        offset += len(data)
    (ASSETS / "icon.ico").write_bytes(header + entries + b"".join(images))
    print(f"wrote {ASSETS / 'icon.ico'}")


if __name__ == "__main__":
    main()
