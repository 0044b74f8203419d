#!/usr/bin/env python3
"""How long `shop lsp` takes from a didChange to its publishDiagnostics on a generated list.

Opens a list of ITEMS items (Benchmarks/generate.py), then sends CHANGES incremental changes one
at a time, each typing or deleting one character in a price near the end of the document, and times
each from the moment the change is written to the moment the diagnostics for its version are read.
Prints the median, the 90th percentile and the slowest. A benchmark, not a test.

    Benchmarks/lsp_latency.py SHOP [ITEMS] [CHANGES] [PATH]   (defaults: 2000 items, 200 changes)

PATH names the document (default /benchmark/shopping.yaml, in no git work tree): a list's path in a
repository where git holds it as unmerged times the `unmerged` finding too, whose text is hashed
at every change.
"""
import json
import os
import statistics
import subprocess
import sys
import time
import urllib.parse

shop = sys.argv[1]
items = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
changes = int(sys.argv[3]) if len(sys.argv) > 3 else 200
here = os.path.dirname(os.path.abspath(__file__))
text = subprocess.run([sys.executable, os.path.join(here, "generate.py"), str(items)], check=True,
                      capture_output=True, text=True).stdout

server = subprocess.Popen([shop, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)


def send(message):
    body = json.dumps(message).encode()
    server.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    server.stdin.flush()


def receive():
    length = None
    while True:
        line = server.stdout.readline()
        if line in (b"\r\n", b""):
            break
        name, _, value = line.decode().partition(":")
        if name.lower() == "content-length":
            length = int(value)
    return json.loads(server.stdout.read(length))


def diagnostics_of(version):
    while True:
        message = receive()
        if message.get("method") == "textDocument/publishDiagnostics" and message["params"].get("version") == version:
            return message["params"]["diagnostics"]


uri = "file://" + urllib.parse.quote(os.path.abspath(sys.argv[4]) if len(sys.argv) > 4 else "/benchmark/shopping.yaml")
send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}})
receive()
send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
      "params": {"textDocument": {"uri": uri, "languageId": "yaml", "version": 1, "text": text}}})
diagnostics_of(1)

lines = text.split("\n")
line = max(index for index, content in enumerate(lines) if content.strip().startswith("price:"))
column = len(lines[line])
timings = []
for version in range(2, changes + 2):
    typing = version % 2 == 0
    start = {"line": line, "character": column if typing else column}
    end = {"line": line, "character": column if typing else column + 1}
    change = {"range": {"start": start, "end": end}, "text": "9" if typing else ""}
    began = time.perf_counter()
    send({"jsonrpc": "2.0", "method": "textDocument/didChange",
          "params": {"textDocument": {"uri": uri, "version": version}, "contentChanges": [change]}})
    diagnostics_of(version)
    timings.append((time.perf_counter() - began) * 1000)

send({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
receive()
send({"jsonrpc": "2.0", "method": "exit"})
server.wait()
timings.sort()
print(f"{items} items ({len(text.encode())} bytes), {changes} changes: didChange to publishDiagnostics "
      f"median {statistics.median(timings):.2f} ms, 90th percentile {timings[int(len(timings) * 0.9)]:.2f} ms, "
      f"slowest {timings[-1]:.2f} ms")
