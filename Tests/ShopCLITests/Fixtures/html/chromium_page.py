#!/usr/bin/env python3
"""Prints an HTML file to PDF, or photographs it at a phone's width, in headless Chromium (see
browser.py).

    chromium_page.py CHROMIUM CHROMEDRIVER pdf FILE.html OUT.pdf a4|letter
    chromium_page.py CHROMIUM CHROMEDRIVER screenshot FILE.html OUT.png WIDTH
    chromium_page.py CHROMIUM CHROMEDRIVER dom FILE.html

`pdf` prints on the paper a printer would choose (the page's style sheet names none), without
the browser's headers and footers. `screenshot` lays the page out at WIDTH CSS pixels on a phone
(device scale 1), saves what the screen shows, and prints the page's widths as JSON:
{"viewportWidth", "scrollWidth", "bodyScrollWidth", "height", "ink"}; scrollWidth above
viewportWidth means sideways scrolling, and ink is the share of the screenshot's pixels that are
not white. `dom` prints what the browser read, as JSON: the title, the headings, every item's
box, quantity, name, total and notes as text, the summary, and the page's scripts and the
resources it loaded (both must be none).
"""
import base64
import json
import struct
import sys
import zlib

from browser import Browser

PAPERS = {"a4": (8.27, 11.69), "letter": (8.5, 11.0)}


def ink(png):
    """The share of the pixels of an 8-bit RGB or RGBA PNG that are not white."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    position = 8
    data = b""
    while position < len(png):
        length, kind = struct.unpack(">I4s", png[position:position + 8])
        body = png[position + 8:position + 8 + length]
        if kind == b"IHDR":
            width, height, depth, color = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and color in (2, 6), f"unexpected PNG format {depth}/{color}"
            channels = 3 if color == 2 else 4
        elif kind == b"IDAT":
            data += body
        position += 12 + length
    raw = zlib.decompress(data)
    stride = width * channels
    previous = bytearray(stride)
    marked = 0
    for row in range(height):
        start = row * (stride + 1)
        kind = raw[start]
        line = bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 0xFF
            elif kind == 4:
                guess = left + up - corner
                distances = (abs(guess - left), abs(guess - up), abs(guess - corner))
                line[i] = (line[i] + (left, up, corner)[distances.index(min(distances))]) & 0xFF
        for x in range(0, stride, channels):
            if line[x] < 240 or line[x + 1] < 240 or line[x + 2] < 240:
                marked += 1
        previous = line
    return marked / (width * height)


DOM = """JSON.stringify({
  title: document.title,
  h1: document.querySelector("h1") && document.querySelector("h1").textContent,
  headings: Array.from(document.querySelectorAll("h2"), h => h.textContent),
  items: Array.from(document.querySelectorAll("li"), li => ({
    done: li.classList.contains("done"),
    box: li.querySelector(".box").getAttribute("aria-label"),
    quantity: li.querySelector(".quantity").textContent,
    name: li.querySelector(".name").textContent,
    total: li.querySelector(".total").textContent,
    notes: li.querySelector(".notes") ? li.querySelector(".notes").textContent : null})),
  summary: document.querySelector(".summary").textContent,
  scripts: document.scripts.length,
  resources: performance.getEntriesByType("resource").map(r => r.name)})"""


def main():
    chromium, chromedriver, action, source = sys.argv[1:5]
    output = sys.argv[5] if len(sys.argv) > 5 else None
    if action not in ("pdf", "screenshot", "dom"):
        sys.exit(f"unknown action {action}")
    width = int(sys.argv[6]) if action == "screenshot" else None
    browser = Browser(chromium, chromedriver, phone=action == "screenshot", width=width)
    try:
        browser.open(source)
        if action == "pdf":
            width, height = PAPERS[sys.argv[6]]
            # Margins of 0 here: the page's own @page margins are the ones that count.
            result = browser.cdp("Page.printToPDF", {
                "paperWidth": width, "paperHeight": height, "printBackground": True,
                "displayHeaderFooter": False, "preferCSSPageSize": False,
                "marginTop": 0, "marginBottom": 0, "marginLeft": 0, "marginRight": 0})
            with open(output, "wb") as out:
                out.write(base64.b64decode(result["data"]))
        elif action == "screenshot":
            report = browser.evaluate("""{
                viewportWidth: window.innerWidth,
                scrollWidth: document.documentElement.scrollWidth,
                bodyScrollWidth: document.body.scrollWidth,
                height: document.documentElement.scrollHeight}""")
            shot = browser.driver.get_screenshot_as_png()
            with open(output, "wb") as out:
                out.write(shot)
            report["ink"] = ink(shot)
            print(json.dumps(report))
        else:
            print(browser.evaluate(DOM))
    finally:
        browser.close()


main()
