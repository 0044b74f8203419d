#!/usr/bin/env python3
"""Prints an HTML file to PDF, or photographs it at a phone's width, in headless Chromium driven
through the DevTools protocol on a pipe (no network port, nothing fetched but the file).

    chromium_page.py CHROMIUM pdf FILE.html OUT.pdf a4|letter
    chromium_page.py CHROMIUM screenshot FILE.html OUT.png WIDTH
    chromium_page.py CHROMIUM dom FILE.html

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
import zlib
import os
import subprocess
import sys
import tempfile

PAPERS = {"a4": (8.27, 11.69), "letter": (8.5, 11.0)}


class Browser:
    def __init__(self, chromium):
        self.profile = tempfile.TemporaryDirectory(prefix="shop-chromium-")
        to_browser_read, self.to_browser = os.pipe()
        self.from_browser, from_browser_write = os.pipe()

        def descriptors():
            os.dup2(to_browser_read, 3)
            os.dup2(from_browser_write, 4)

        self.process = subprocess.Popen(
            [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
             "--no-first-run", "--no-default-browser-check", "--disable-extensions", "--mute-audio",
             "--hide-scrollbars", f"--user-data-dir={self.profile.name}", "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            # The pipe's ends are moved to 3 and 4 before the descriptors not passed are closed.
            preexec_fn=descriptors, pass_fds=(3, 4, to_browser_read, from_browser_write))
        os.close(to_browser_read)
        os.close(from_browser_write)
        self.buffer = b""
        self.next_id = 0
        self.events = []
        self.session = None

    def send(self, method, params=None, session=True):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session and self.session:
            message["sessionId"] = self.session
        os.write(self.to_browser, json.dumps(message).encode() + b"\0")
        while True:
            reply = self.read()
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self.events.append(reply)

    def read(self):
        while b"\0" not in self.buffer:
            chunk = os.read(self.from_browser, 1 << 16)
            if not chunk:
                raise RuntimeError("Chromium closed the pipe")
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def wait_for(self, method):
        for index, event in enumerate(self.events):
            if event.get("method") == method:
                del self.events[index]
                return event
        while True:
            event = self.read()
            if event.get("method") == method:
                return event
            self.events.append(event)

    def open(self, path):
        targets = self.send("Target.getTargets", session=False)["targetInfos"]
        page = next(t for t in targets if t["type"] == "page")
        self.session = self.send("Target.attachToTarget", {"targetId": page["targetId"], "flatten": True},
                                 session=False)["sessionId"]
        self.send("Page.enable")
        self.send("Page.navigate", {"url": "file://" + os.path.abspath(path)})
        self.wait_for("Page.loadEventFired")

    def close(self):
        try:
            self.send("Browser.close", session=False)
        except RuntimeError:
            pass
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.profile.cleanup()


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
    chromium, action, source = sys.argv[1:4]
    output = sys.argv[4] if len(sys.argv) > 4 else None
    browser = Browser(chromium)
    try:
        if action == "pdf":
            width, height = PAPERS[sys.argv[5]]
            browser.open(source)
            # Margins of 0 here: the page's own @page margins are the ones that count.
            result = browser.send("Page.printToPDF", {
                "paperWidth": width, "paperHeight": height, "printBackground": True,
                "displayHeaderFooter": False, "preferCSSPageSize": False,
                "marginTop": 0, "marginBottom": 0, "marginLeft": 0, "marginRight": 0})
            with open(output, "wb") as out:
                out.write(base64.b64decode(result["data"]))
        elif action == "screenshot":
            width = int(sys.argv[5])
            targets = browser.send("Target.getTargets", session=False)["targetInfos"]
            page = next(t for t in targets if t["type"] == "page")
            browser.session = browser.send("Target.attachToTarget", {"targetId": page["targetId"], "flatten": True},
                                           session=False)["sessionId"]
            browser.send("Emulation.setDeviceMetricsOverride",
                         {"width": width, "height": 844, "deviceScaleFactor": 1, "mobile": True})
            browser.send("Page.enable")
            browser.send("Page.navigate", {"url": "file://" + os.path.abspath(source)})
            browser.wait_for("Page.loadEventFired")
            metrics = browser.send("Runtime.evaluate", {"returnByValue": True, "expression": """JSON.stringify({
                viewportWidth: window.innerWidth,
                scrollWidth: document.documentElement.scrollWidth,
                bodyScrollWidth: document.body.scrollWidth,
                height: document.documentElement.scrollHeight})"""})["result"]["value"]
            shot = base64.b64decode(browser.send("Page.captureScreenshot", {"format": "png"})["data"])
            with open(output, "wb") as out:
                out.write(shot)
            report = json.loads(metrics)
            report["ink"] = ink(shot)
            print(json.dumps(report))
        elif action == "dom":
            browser.open(source)
            print(browser.send("Runtime.evaluate", {"returnByValue": True, "expression": DOM})["result"]["value"])
        else:
            sys.exit(f"unknown action {action}")
    finally:
        browser.close()


main()
