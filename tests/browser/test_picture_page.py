"""For players: the picture puzzle. A picture chosen through the Picture file input (a PNG made here) is
cropped to the board's aspect and cut into the tiles: each tile's pixels on screen are those of its goal place's
block of the picture; no request carries it anywhere; a reload keeps it; Numbers hides the corner labels; Remove
picture forgets it. Built-in pictures on a 10×10 and the limit above it; broken, too big and too large files each get
a message naming the file."""

from __future__ import annotations

import struct
import zlib
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Request

from .conftest import BOOT_TIMEOUT_MS, App, Server, new_app
from .steps import shuffle, wait_grid

Pixel = tuple[int, int, int]

BLOCKS: list[list[Pixel]] = [
    [(230, 40, 40), (40, 170, 60), (40, 80, 220)],
    [(240, 200, 40), (150, 50, 200), (40, 200, 200)],
    [(250, 130, 30), (120, 120, 120), (250, 250, 250)],
]
"""The picture's 3×3 blocks of colour, one per goal place of a 3×3 board."""

MARGIN = 75
"""Black bands left and right of the blocks: the picture is 450×300, the board square, so the crop drops them."""


def png(width: int, height: int, pixel: Callable[[int, int], Pixel]) -> bytes:
    """An RGB PNG (8 bits a channel, no filter) of ``pixel(x, y)``."""
    return png_rows(width, height, lambda y: bytes(v for x in range(width) for v in pixel(x, y)))


def png_rows(width: int, height: int, row: Callable[[int], bytes]) -> bytes:
    """An RGB PNG (8 bits a channel, no filter) whose row ``y`` is ``row(y)`` (``width`` pixels, 3 bytes each)."""
    raw = b"".join(b"\x00" + row(y) for y in range(height))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")


def blocks_pixel(x: int, y: int) -> Pixel:
    if x < MARGIN or x >= MARGIN + 300:
        return (0, 0, 0)
    return BLOCKS[y // 100][(x - MARGIN) // 100]


def decode_png(data: bytes) -> tuple[int, int, list[bytes], int]:
    """Width, height, unfiltered rows and bytes per pixel of an 8-bit RGB or RGBA PNG (a screenshot)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, width, height, channels = 8, b"", 0, 0, 0
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        kind, body = data[pos + 4 : pos + 8], data[pos + 8 : pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and colour in (2, 6) and body[12] == 0, "only 8-bit RGB(A), not interlaced"
            channels = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * channels
    rows: list[bytes] = []
    prior = bytearray(stride)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b = prior[i]
            c = prior[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        prior = line
    return width, height, rows, channels


BOXES_JS = """() => Object.fromEntries([...document.querySelectorAll('[role=gridcell]')].map((cell) => {
  const box = cell.getBoundingClientRect();
  return [cell.textContent.trim() || '0', [box.left, box.top, box.width, box.height]];
}))"""
"""The grid's cells' boxes in the viewport, by the tile they show."""


def colour_at(app: App, tile: int, fx: float = 0.65, fy: float = 0.7) -> Pixel:
    """The colour on screen inside ``tile``'s cell, at fractions ``fx``, ``fy`` of its box (clear of the label): the
    viewport as drawn, read where the cell's box is, the boxes the same before and after the screenshot (the page
    may still be laying out around the board)."""
    page = app.page
    page.get_by_role("gridcell", name=str(tile), exact=True).scroll_into_view_if_needed()
    for _ in range(20):
        before = page.evaluate(BOXES_JS)
        shot = page.screenshot(animations="disabled")
        if page.evaluate(BOXES_JS) == before:
            break
    left, top, width, height = before[str(tile)]
    scale = page.evaluate("window.devicePixelRatio")
    _, _, rows, channels = decode_png(shot)
    x, y = int((left + width * fx) * scale), int((top + height * fy) * scale)
    r, g, b = rows[y][x * channels : x * channels + 3]
    return (r, g, b)


def close(a: Pixel, b: Pixel, tolerance: int = 36) -> bool:
    return all(abs(p - q) <= tolerance for p, q in zip(a, b, strict=True))


def assert_pieces_on_tiles(app: App) -> None:
    """Each tile of the 3×3 on screen shows the block of its goal place (tile t belongs at index t - 1)."""
    for tile in range(1, 9):
        want = BLOCKS[(tile - 1) // 3][(tile - 1) % 3]
        got = colour_at(app, tile)
        assert close(got, want), f"tile {tile} shows {got}, its piece is {want}"


def test_a_picture_chosen_is_cut_into_the_tiles_sent_nowhere_and_kept(browser: Browser, server: Server) -> None:
    with new_app(browser, server) as app:
        page = app.page
        page.goto(server.url + "#board=1,2,3/4,5,6/7,0,8")  # a shuffled-looking 3×3 with every tile but 7 and 8 home
        page.wait_for_function("() => document.body.dataset.python === 'ready'", timeout=BOOT_TIMEOUT_MS)
        app.wait_answer(0)
        wait_grid(app, [1, 2, 3, 4, 5, 6, 7, 0, 8])
        requests: list[Request] = []
        page.on("request", lambda request: requests.append(request))
        picture = png(2 * MARGIN + 300, 300, blocks_pixel)
        page.get_by_label("Picture", exact=True).set_input_files(
            files=[{"name": "blocks.png", "mimeType": "image/png", "buffer": picture}]
        )
        page.wait_for_function("() => document.body.dataset.picture === 'shown'")
        assert_pieces_on_tiles(app)
        assert page.get_by_role("gridcell", name="8", exact=True).is_visible()  # the numbers stay the cells' names
        carried = [f"{r.method} {r.url}" for r in requests if r.method != "GET" or r.post_data_buffer]
        assert carried == [], f"requests that could carry the picture: {carried}"
        assert [r.url for r in requests if not r.url.startswith(server.origin)] == []

        page.get_by_label("Numbers").uncheck()  # the corner labels go (in the next render), the cells keep their names
        page.wait_for_function("() => document.getElementById('board-view').dataset.numbers === 'false'")
        colour = page.get_by_role("gridcell", name="5", exact=True).evaluate("c => getComputedStyle(c).color")
        assert colour == "rgba(0, 0, 0, 0)"

        page.reload()  # kept in IndexedDB: the picture and the Numbers choice come back
        page.wait_for_function("() => document.body.dataset.python === 'ready'", timeout=BOOT_TIMEOUT_MS)
        wait_grid(app, [1, 2, 3, 4, 5, 6, 7, 0, 8])
        page.wait_for_function("() => document.body.dataset.picture === 'shown'")
        assert_pieces_on_tiles(app)
        assert not page.get_by_label("Numbers").is_checked()
        page.get_by_label("Numbers").check()

        page.get_by_role("button", name="Remove picture").click()
        page.wait_for_function("() => document.body.dataset.picture === 'none'")
        assert page.locator("#board-view").get_attribute("data-picture") is None
        page.reload()
        page.wait_for_function("() => document.body.dataset.python === 'ready'", timeout=BOOT_TIMEOUT_MS)
        app.wait_answer(0)
        wait_grid(app, [1, 2, 3, 4, 5, 6, 7, 0, 8])
        assert page.locator("#board-view").get_attribute("data-picture") is None
        assert page.get_by_role("button", name="Remove picture").is_hidden()
        app.assert_offline()


def test_a_big_photo_is_cut_right_too(fresh: App) -> None:
    page = fresh.page
    scale = 10  # 4500×3000 pixels: over the 2048 kept, under the 8000 allowed

    def row(y: int) -> bytes:
        black = bytes(3) * (MARGIN * scale)
        return black + b"".join(bytes(c) * (100 * scale) for c in BLOCKS[y // (100 * scale)]) + black

    before = fresh.answers()
    page.evaluate("() => { location.hash = '#board=1,2,3/4,5,6/7,0,8'; }")
    fresh.wait_answer(before)
    wait_grid(fresh, [1, 2, 3, 4, 5, 6, 7, 0, 8])
    picture = png_rows((2 * MARGIN + 300) * scale, 300 * scale, row)
    page.get_by_label("Picture", exact=True).set_input_files(
        files=[{"name": "big.png", "mimeType": "image/png", "buffer": picture}]
    )
    page.wait_for_function("() => document.body.dataset.picture === 'shown'")
    assert_pieces_on_tiles(fresh)
    fresh.assert_offline()


def test_your_own_picture_is_chosen_through_a_button_the_keyboard_reaches_and_opens(fresh: App) -> None:
    """The file input's face is a button-like label that says what it does (the native "No file chosen" named no
    picture in use, even when one was); Tab from Theme reaches it, its focus is drawn on the face, Space opens the
    chooser and the picture chosen there is used, "Your picture" in the choice saying so."""
    page = fresh.page
    page.on("filechooser", lambda chooser: None)  # interception on before the key (expect_file_chooser's own can lag)
    face = page.locator("label.file-button[for=picture-file]")
    assert face.inner_text() == "Choose your own picture…" and face.is_visible()
    native = page.locator("#picture-file").bounding_box()
    assert native is not None and native["width"] <= 1 and native["height"] <= 1  # its own words are not shown
    page.focus("#theme")
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.id") == "picture-file"
    ring = face.evaluate("f => [getComputedStyle(f).outlineStyle, getComputedStyle(f).outlineWidth]")
    assert ring == ["solid", "3px"], ring
    page.locator("body").evaluate("b => delete b.dataset.picture")
    with page.expect_file_chooser() as chosen:
        page.keyboard.press("Space")
    chosen.value.set_files(files=[{"name": "blocks.png", "mimeType": "image/png", "buffer": png(30, 30, blocks_pixel)}])
    page.wait_for_function("() => document.body.dataset.picture === 'shown'")
    assert page.get_by_label("Built-in picture").input_value() == "file"  # "Your picture"
    fresh.assert_offline()


PIECES_JS = """() => [...document.querySelectorAll('.cell.tile')].map((c) => {
  const s = getComputedStyle(c);
  return [Number(c.textContent), Number(s.getPropertyValue('--pr')), Number(s.getPropertyValue('--pc')),
          s.backgroundImage.startsWith('url("data:image/jpeg')];
})"""


def test_built_in_pictures_on_every_shape_up_to_10x10(fresh: App) -> None:
    page = fresh.page
    choice = page.get_by_label("Built-in picture")
    assert [o for o in choice.locator("option").all_inner_texts() if o != "Your picture"] == [
        "None: numbers",
        "Sunset",
        "Mosaic",
        "Night sky",
    ]
    for shape, name in (("10×10", "mosaic"), ("2×5", "sunset"), ("5×3", "night")):
        shuffle(fresh, shape)
        page.locator("body").evaluate("b => delete b.dataset.picture")
        choice.select_option(name)
        page.wait_for_function("() => document.body.dataset.picture === 'shown'")
        rows, cols = (int(n) for n in shape.split("×"))
        pieces = page.evaluate(PIECES_JS)
        assert len(pieces) == rows * cols - 1
        for tile, r, c, drawn in pieces:  # each tile shows the piece of its goal place (the default goal)
            assert (r, c) == divmod(tile - 1, cols) and drawn, (shape, tile, r, c, drawn)
    shuffle(fresh, "11×11")  # beyond 10×10: numbers only, and the page says why
    page.wait_for_function("() => document.body.dataset.picture === 'none'")
    assert page.locator("#board-view").get_attribute("data-picture") is None
    assert page.locator("#picture-note").inner_text() == (
        "Pictures show on boards of up to 10×10: this one has numbers only."
    )
    fresh.assert_offline()


SIDE_LIMIT = "pictures of up to 8000 pixels a side are taken"
CLAIMED = [
    (
        "png",
        b"\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR"
        + (30000).to_bytes(4, "big")
        + (20000).to_bytes(4, "big")
        + b"\x08\x02",
        "30000×20000 pixels",
    ),
    ("gif", b"GIF89a" + (9000).to_bytes(2, "little") + (10).to_bytes(2, "little") + b"\x00\x00\x00", "9000×10 pixels"),
    (
        "jpeg",
        b"\xff\xd8\xff\xe0\x00\x10JFIF\x00"
        + bytes(9)  # APP0, then the frame header: height, width
        + b"\xff\xc0\x00\x11\x08"
        + (9000).to_bytes(2, "big")
        + (12000).to_bytes(2, "big")
        + b"\x03"
        + bytes(9),
        "12000×9000 pixels",
    ),
    (
        "webp",
        b"RIFF\x20\x00\x00\x00WEBPVP8X\x0a\x00\x00\x00"
        + bytes(4)  # canvas width − 1, height − 1
        + (16382).to_bytes(3, "little")
        + (99).to_bytes(3, "little"),
        "16383×100 pixels",
    ),
]
"""Headers of PNG, GIF, JPEG and WebP files that state a size over the limit, with no picture after them."""


@pytest.mark.parametrize(
    ("name", "mime", "content", "message"),
    [
        (
            "broken.png",
            "image/png",
            b"\x89PNG\r\n\x1a\n not really a picture",
            (
                '"broken.png" could not be read as a picture: the file is damaged or in a format this browser does '
                "not read (PNG, JPEG, WebP and GIF work)."
            ),
        ),
        (
            "notes.txt",
            "text/plain",
            b"1 2 3",
            '"notes.txt" is not a picture (its type is text/plain): choose a PNG, JPEG, WebP or GIF.',
        ),
        (
            "wide.png",
            "image/png",
            png(8001, 2, lambda x, y: (x % 256, 0, 0)),
            '"wide.png" is 8001×2 pixels: pictures of up to 8000 pixels a side are taken.',
        ),
        (
            "huge.jpg",
            "image/jpeg",
            b"\xff" * (21 * 1024 * 1024),
            '"huge.jpg" is 21.0 MB: pictures of up to 20.0 MB are taken.',
        ),
        *[  # small files whose headers claim a huge picture: refused before decoding (whole, they would not decode)
            (f"claims.{kind}", f"image/{kind}", header, f'"claims.{kind}" is {size}: {SIDE_LIMIT}.')
            for kind, header, size in CLAIMED
        ],
    ],
)
def test_a_picture_that_cannot_be_used_gets_a_message(
    fresh: App, name: str, mime: str, content: bytes, message: str, tmp_path: Path
) -> None:
    page = fresh.page
    page.locator("body").evaluate("b => delete b.dataset.picture")
    picture = page.get_by_label("Picture", exact=True)
    if len(content) > 1024 * 1024:  # a big file chosen from the disk: the browser reads it there, nothing is sent
        (tmp_path / name).write_bytes(content)
        picture.set_input_files(tmp_path / name)
    else:
        picture.set_input_files(files=[{"name": name, "mimeType": mime, "buffer": content}])
    page.wait_for_function("() => document.body.dataset.picture === 'failed'")
    assert page.get_by_role("alert").filter(has_text=name).inner_text() == message
    assert page.locator("#board-view").get_attribute("data-picture") is None
    fresh.assert_offline()


DROP_JS = """([bytes, how]) => {
  const file = new File([new Uint8Array(bytes)], 'dropped.png', { type: 'image/png' });
  const data = new DataTransfer();
  data.items.add(file);
  if (how === 'drop') {
    const board = document.getElementById('board-view');
    board.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true }));
    board.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
  } else {
    document.body.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }
}"""
"""Drops a PNG on the board, or pastes it, as the browser hands a user's file to the page (a DataTransfer)."""


@pytest.mark.parametrize("how", ["drop", "paste"])
def test_a_picture_dropped_on_the_board_or_pasted_is_used(browser: Browser, server: Server, how: str) -> None:
    with new_app(browser, server) as app:
        page = app.page
        page.goto(server.url + "#board=1,2,3/4,5,6/7,0,8")
        page.wait_for_function("() => document.body.dataset.python === 'ready'", timeout=BOOT_TIMEOUT_MS)
        app.wait_answer(0)
        wait_grid(app, [1, 2, 3, 4, 5, 6, 7, 0, 8])
        page.evaluate(DROP_JS, [list(png(2 * MARGIN + 300, 300, blocks_pixel)), how])
        page.wait_for_function("() => document.body.dataset.picture === 'shown'")
        assert_pieces_on_tiles(app)
        assert page.get_by_label("Built-in picture").input_value() == "file"  # "Your picture"
        app.assert_offline()
