"""A long session of random incremental edits against `shop lsp`, for the soak test and the soak
benchmark.

The client keeps its own copy of the text and sends each random edit as an incremental change
(UTF-16 or UTF-8 positions, characters outside the BMP and CR, LF and CRLF line ends included), in bursts
that the server may coalesce, with requests of every feature in between. It checks that every
request is answered (a result, or an error the request may have: never an internal error), that
the server stays alive, that at each checkpoint the diagnostics of the newest version equal what
`shop check` reports on the client's copy of the text, and it samples the server's resident memory.
"""
import bisect
import json
import queue
import random
import re
import subprocess
import threading
import time

# Pieces of text the edits insert: list syntax, broken syntax, umlauts, emoji, line ends.
PIECES = [
    "a", "Käse", "Grüße", "😀", "👩‍👩‍👧", "𝄞", " ", "  ", "\n", "\r\n", "\r", ": ", "- ", "#", "\"", "'", "{", "}",
    "[", "]", ",", "name: Tea\n", "  - name: Milk\n    price: 1.19\n", "price: 3,49", "prize: 2", "buy: true",
    "done: true", "category: Dairy", "unit: kg", "quantity: 0", "<<<<<<< ours\n", "\t", "x-note: 1\n",
]

# Error codes a request may be answered with: formatting a document that does not read.
ALLOWED_ERRORS = {-32803}


def generated_list(items: int, rng: random.Random) -> str:
    """A list of `items` items with categories, prices, umlauts and emoji."""
    categories = ["Produce", "Dairy", "Bakery", "Frozen 🧊"]
    lines = ["title: Soak 😀", "currency: EUR", "categories:"] + [f"  - {c}" for c in categories] + ["items:"]
    for n in range(items):
        lines.append(f"  - name: Item {n} {rng.choice(['Käse', 'Brötchen', '🍎', 'tea'])}")
        lines.append(f"    price: {rng.randint(0, 20)}.{rng.randint(0, 99):02d}")
        if n % 3 == 0:
            lines.append(f"    category: {rng.choice(categories)}")
        if n % 4 == 0:
            lines.append("    buy: true")
    return "\n".join(lines) + "\n"


LINE_END = re.compile(r"\r\n|\r|\n")


class Text:
    """The client's copy of the document, with LSP's lines (ended by CR, LF or CRLF) and positions
    in UTF-16 or UTF-8."""

    def __init__(self, text: str, encoding: str = "utf-16"):
        self.text = text
        self.codec, self.unit = ("utf-16-le", 2) if encoding == "utf-16" else ("utf-8", 1)
        self._index()

    def _index(self):
        self.starts = [0] + [match.end() for match in LINE_END.finditer(self.text)]

    def line_end(self, line: int) -> int:
        """The index where the content of `line` ends, before its line end."""
        if line + 1 < len(self.starts):
            end = self.starts[line + 1]
            return end - 2 if self.text[end - 2:end] == "\r\n" else end - 1
        return len(self.text)

    def position(self, index: int) -> dict:
        """The LSP position of a character index."""
        line = bisect.bisect_right(self.starts, index) - 1
        prefix = self.text[self.starts[line]:index]
        return {"line": line, "character": len(prefix.encode(self.codec)) // self.unit}

    def replace(self, start: int, end: int, new: str):
        self.text = self.text[:start] + new + self.text[end:]
        self._index()


class Server:
    """`shop lsp` in a process, its messages read on a thread of their own."""

    def __init__(self, shop: str, stderr=None):
        self.process = subprocess.Popen([shop, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=stderr)
        self.messages = queue.Queue()
        self.next_id = 0
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self):
        stream = self.process.stdout
        while True:
            length = None
            while True:
                line = stream.readline()
                if line == b"":
                    self.messages.put(None)
                    return
                if line == b"\r\n":
                    break
                name, _, value = line.decode().partition(":")
                if name.lower() == "content-length":
                    length = int(value)
            self.messages.put(json.loads(stream.read(length)))

    def send(self, message: dict):
        body = json.dumps(message).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def notify(self, method: str, params: dict):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def request(self, method: str, params: dict) -> int:
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        return self.next_id

    def rss_kib(self) -> int:
        """The server's resident memory, from /proc."""
        with open(f"/proc/{self.process.pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
        raise RuntimeError("no VmRSS")


class Session:
    """The soak: `edits` random edits on one document."""

    def __init__(self, shop: str, edits: int, seed: int, encoding: str = "utf-16", items: int = 300, checkpoint: int = 500):
        self.shop = shop
        self.edits = edits
        self.rng = random.Random(seed)
        self.checkpoint = checkpoint
        self.server = Server(shop)
        self.encoding = encoding
        self.text = Text(generated_list(items, self.rng), encoding)
        self.target = len(self.text.text)
        self.version = 1
        self.pending = {}  # request id -> method
        self.answered = 0
        self.published = {}  # version -> diagnostics
        self.rss = []  # (edits done, KiB)
        self.requests_sent = 0
        self.publications = 0
        self.undo = None
        self.added = 0
        self.readable = 0
        self.uri = "file:///soak/shopping.yaml"

    def drain(self, block_until=None, timeout=10):
        """Takes the messages written so far; with `block_until`, waits until it returns true."""
        deadline = time.monotonic() + timeout
        while True:
            if block_until is not None and block_until():
                return
            try:
                message = self.server.messages.get(timeout=0.0 if block_until is None else max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                if block_until is None:
                    return
                raise AssertionError(
                    f"the server did not answer in {timeout} s: requests {sorted(self.pending.items())[:5]}, "
                    f"version {self.version}, versions published {sorted(v for v in self.published if v is not None)[-3:]}")
            if message is None:
                raise AssertionError(f"the server's output ended (exit status {self.server.process.wait()})")
            if "id" in message and message.get("method") is None:
                method = self.pending.pop(message["id"], None)
                assert method is not None, f"an answer to no request: {message}"
                error = message.get("error")
                assert error is None or error["code"] in ALLOWED_ERRORS, f"{method} answered with {error}"
                self.answered += 1
            elif message.get("method") == "textDocument/publishDiagnostics":
                params = message["params"]
                self.published[params.get("version")] = params["diagnostics"]
                self.publications += 1
                if not any(d["code"] in ("syntax", "merge-conflict") for d in params["diagnostics"]):
                    self.readable += 1

    def random_index(self) -> int:
        """A character index at a random place, never inside a line end's CR LF pair."""
        line = self.rng.randrange(len(self.text.starts))
        start = self.text.starts[line]
        return start + self.rng.randint(0, self.text.line_end(line) - start)

    def random_change(self) -> dict:
        """Makes one random edit of the client's copy and returns it as a content change: mostly
        edits that keep the text a list (a digit, a letter in a name, an item added, a key or a line
        end changed), else anything at all, which the next edit usually takes back, as a person
        typing goes through texts that do not read."""
        if self.undo is not None and self.rng.random() < 0.97:
            start, end, old = self.undo
            self.undo = None
            return self.edit(start, end, old)[0]
        self.undo = None
        gentle = self.gentle_edit() if self.rng.random() < 0.6 else None
        if gentle is not None:
            return self.edit(*gentle)[0]
        change, (start, end, old) = self.edit(*self.wild_edit())
        self.undo = (start, end, old)
        return change

    def edit(self, start: int, end: int, new: str):
        """Replaces `start..<end` with `new`; returns the change and the edit that takes it back."""
        text = self.text.text
        # A CR LF pair is never split, so that both sides count lines alike.
        if 0 < end < len(text) and text[end - 1] == "\r" and text[end] == "\n":
            end += 1
        if 0 < start < len(text) and text[start - 1] == "\r" and text[start] == "\n":
            start -= 1
        change = {"range": {"start": self.text.position(start), "end": self.text.position(end)}, "text": new}
        old = text[start:end]
        self.text.replace(start, end, new)
        return change, (start, start + len(new), old)

    def random_line(self, pattern: str):
        """The start and end (before its line end) of a line matching `pattern`, searched from a
        random line on; None when none is near."""
        first = self.rng.randrange(len(self.text.starts))
        for line in range(first, min(first + 60, len(self.text.starts))):
            start, end = self.text.starts[line], self.text.line_end(line)
            if re.fullmatch(pattern, self.text.text[start:end]):
                return line, start, end
        return None

    def gentle_edit(self):
        choice = self.rng.randrange(5)
        if choice == 0:
            found = self.random_line(r".*[0-9].*")
            if found:
                _, start, end = found
                digits = [m.start() for m in re.finditer(r"[0-9]", self.text.text[start:end])]
                at = start + self.rng.choice(digits)
                return at, at + 1, str(self.rng.randint(0, 9))
        elif choice == 1:
            found = self.random_line(r"  - name: .*")
            if found:
                return found[2], found[2], self.rng.choice(["a", "ä", "ß", "😀", " x"])
        elif choice == 2:
            found = self.random_line(r"  - .*")
            if found:
                self.added += 1
                return found[1], found[1], f"  - name: Added {self.added} 🧀\n    price: 1.{self.added % 100:02d}\n"
        elif choice == 3:
            found = self.random_line(r"    (price|category|buy|quantity): .*")
            if found:
                line = found[0]
                end = self.text.starts[line + 1] if line + 1 < len(self.text.starts) else found[2]
                return found[1], end, ""
        else:
            found = self.random_line(r".*")
            if found and found[0] + 1 < len(self.text.starts):
                start, end = found[2], self.text.starts[found[0] + 1]
                return start, end, "\n" if self.text.text[start:end] != "\n" else self.rng.choice(["\r\n", "\r"])
        return None

    def wild_edit(self):
        start = self.random_index()
        kind = self.rng.random()
        # The text stays around its first size: mostly deletions when it has grown by half, mostly
        # insertions when it has shrunk by half.
        size = len(self.text.text)
        if size > self.target * 3 // 2:
            kind *= 0.5
        elif size < self.target // 2:
            kind = 0.35 + kind * 0.65
        if kind < 0.35:
            return start, min(size, start + self.rng.randint(1, 20)), ""
        if kind < 0.8:
            return start, start, "".join(self.rng.choice(PIECES) for _ in range(self.rng.randint(1, 4)))
        return start, min(size, start + self.rng.randint(1, 10)), self.rng.choice(PIECES)

    def random_request(self):
        index = self.random_index()
        where = self.text.position(index)
        document = {"uri": self.uri}
        method, params = self.rng.choice([
            ("textDocument/completion", {"textDocument": document, "position": where}),
            ("textDocument/hover", {"textDocument": document, "position": where}),
            ("textDocument/documentSymbol", {"textDocument": document}),
            ("textDocument/codeAction", {"textDocument": document, "range": {"start": where, "end": where},
                                         "context": {"diagnostics": []}}),
            ("textDocument/formatting", {"textDocument": document, "options": {"tabSize": 2, "insertSpaces": True}}),
        ])
        self.pending[self.server.request(method, params)] = method
        self.requests_sent += 1

    def check_against_shop_check(self):
        """The newest diagnostics equal what `shop check` finds in the client's copy."""
        self.drain(block_until=lambda: self.version in self.published and not self.pending)
        run = subprocess.run([self.shop, "check", "--format", "json", "-"], input=self.text.text.encode(),
                             capture_output=True)
        expected = []
        lines = self.text
        for finding in json.loads(run.stdout):
            def place(line, column):
                start = lines.starts[line - 1] if line - 1 < len(lines.starts) else len(lines.text)
                return lines.position(start + column - 1)
            expected.append((finding["rule"], finding["message"], place(finding["line"], finding["column"]),
                             place(finding["endLine"], finding["endColumn"])))
        published = [(d["code"], d["message"], d["range"]["start"], d["range"]["end"]) for d in self.published[self.version]]
        assert published == expected, f"version {self.version}: published {published[:3]}, shop check {expected[:3]}"
        for version in [v for v in self.published if v != self.version]:
            del self.published[version]

    def run(self) -> dict:
        began = time.monotonic()
        self.server.request("initialize", {"processId": None, "capabilities": {"general": {"positionEncodings": [self.encoding]}}})
        self.pending[1] = "initialize"
        self.server.notify("initialized", {})
        self.server.notify("textDocument/didOpen", {"textDocument": {
            "uri": self.uri, "languageId": "yaml", "version": 1, "text": self.text.text}})
        self.check_against_shop_check()
        done = 0
        while done < self.edits:
            # A burst: changes sent one after another, some with several edits each.
            for _ in range(self.rng.randint(1, 4)):
                count = min(self.rng.choice([1, 1, 1, 2, 3]), self.edits - done)
                if count == 0:
                    break
                if done and done % 250 < count:
                    # Now and then the whole text anew, as a client that sends full texts does.
                    self.text = Text(generated_list(self.rng.randint(50, 400), self.rng), self.encoding)
                    self.undo = None
                    changes = [{"text": self.text.text}] + [self.random_change() for _ in range(count - 1)]
                else:
                    changes = [self.random_change() for _ in range(count)]
                done += count
                self.version += 1
                self.server.notify("textDocument/didChange", {
                    "textDocument": {"uri": self.uri, "version": self.version}, "contentChanges": changes})
                if self.rng.random() < 0.3:
                    self.random_request()
                if done % 250 < count:
                    self.rss.append((done, self.server.rss_kib()))
                if done % self.checkpoint < count:
                    self.check_against_shop_check()
            self.drain()
            assert self.server.process.poll() is None, "the server stopped"
        self.check_against_shop_check()
        shutdown = self.server.request("shutdown", None)
        self.pending[shutdown] = "shutdown"
        self.drain(block_until=lambda: not self.pending)
        self.server.notify("exit", None)
        status = self.server.process.wait(timeout=30)
        assert status == 0, f"exit status {status}"
        return {
            "edits": done, "changes": self.version - 1, "publications": self.publications, "readable": self.readable, "requests": self.requests_sent + 2, "answered": self.answered,
            "seconds": time.monotonic() - began, "rss_kib": self.rss, "first_characters": self.target,
            "final_characters": len(self.text.text),
        }


def memory_bound_holds(rss) -> tuple:
    """Whether memory stayed bounded: after the first quarter of the run (warm caches), resident
    memory never grew by more than 16 MiB over what it was then, and the last quarter's peak is
    no higher than the second quarter's plus 8 MiB (no growth with the number of edits)."""
    quarter = max(1, len(rss) // 4)
    warm = max(kib for _, kib in rss[:quarter])
    peak = max(kib for _, kib in rss)
    second = max(kib for _, kib in rss[quarter:2 * quarter] or rss[:quarter])
    last = max(kib for _, kib in rss[-quarter:])
    return peak <= warm + 16 * 1024 and last <= second + 8 * 1024, warm, peak, second, last
