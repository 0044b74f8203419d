#!/usr/bin/env python3
"""Time and peak memory of `shop import --dry-run` on the largest inputs it accepts, and of the
refusal of a 50 MB one.

For each format (text lines, CSV, JSON, a Markdown checklist) an input just under the 8 MiB limit
is generated: 2,000 of its lines name the items of a 2,000-item list, the others new items. Each run
reads the input, applies it to the list and prints the changes (writing nothing). The report gives
the median time and the peak resident memory (from wait4's rusage), also as a multiple of the
input's size; then the same for a 50 MB file and a 50 MB pipe, which must be refused quickly.

    Benchmarks/import.py [SHOP] [RUNS]      (default: the release build, built first; 3 runs)

Each input is also imported with one line that cannot be read added at its end: the import is then
refused once everything has been read and matched, which shows what reading costs without the
edit. Needs GNU time (/usr/bin/time, Debian's package time).
"""
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

from builds import release_shop

shop = release_shop(sys.argv[1] if len(sys.argv) > 1 else None)
runs = int(sys.argv[2]) if len(sys.argv) > 2 else 3
limit = 8 << 20
work = tempfile.mkdtemp(prefix="shop-import-bench-")
units = ["kg", "g", "l", "pcs", "pack", "bottle"]
categories = ["Produce", "Dairy", "Bakery", "Pantry", "Frozen", "Drinks"]

with open(os.path.join(work, "shopping.yaml"), "w") as out:
    out.write("currency: EUR\ncategories:\n" + "".join(f"  - {c}\n" for c in categories) + "items:\n")
    for i in range(2_000):
        out.write(f"  - name: Known item {i}\n    price: {i % 50}.{i % 100:02d}\n    category: {categories[i % 6]}\n")


def name(i):
    """Every third of the first 6,000 lines names a known item; every other line a new one."""
    return f"Known item {i // 3}" if i % 3 == 0 and i < 6_000 else f"New thing number {i}"


def fill(path, header, line, footer=""):
    """Writes header, then line(i) for i = 0, 1, ... while the file stays under the limit."""
    size = len(header.encode()) + len(footer.encode())
    with open(path, "w") as out:
        out.write(header)
        i = 0
        while True:
            text = line(i)
            if size + len(text.encode()) > limit:
                break
            out.write(text)
            size += len(text.encode())
            i += 1
        out.write(footer)
    return i


inputs = []
path = os.path.join(work, "lines.txt")
count = fill(path, "", lambda i: f"- {i % 9 + 1} {units[i % 6]} {name(i)} @ {i % 20}.99\n")
inputs.append(("text", path, count))
path = os.path.join(work, "sheet.csv")
count = fill(path, "name,quantity,unit,price,category,buy,done,notes\r\n",
             lambda i: f"{name(i)},{i % 9 + 1},{units[i % 6]},{i % 20}.99,{categories[i % 6]},true,false,\"row {i}, noted\"\r\n")
inputs.append(("csv", path, count))
path = os.path.join(work, "export.json")


def json_item(i):
    item = {"name": name(i), "id": None, "price": f"{i % 20}.99", "quantity": i % 9 + 1, "unit": units[i % 6],
            "category": categories[i % 6], "buy": True, "done": False, "notes": None, "total": "1.00"}
    return (",\n" if i else "\n") + "    " + json.dumps(item, ensure_ascii=False)


count = fill(path, '{\n  "title": "x",\n  "currency": "EUR",\n  "items": [', json_item, '\n  ],\n  "total": "0.00"\n}\n')
inputs.append(("json", path, count))
path = os.path.join(work, "checklist.md")
count = fill(path, "# Shopping\n\n## Dairy\n\n",
             lambda i: f"- [{'x' if i % 2 else ' '}] {name(i)} — {i % 9 + 1} {units[i % 6]} — {i % 20}.99\n")
inputs.append(("markdown", path, count))


def run(command, stdin=None):
    """Runs a command; returns (seconds, peak RSS in bytes, exit status, the start of its standard error).

    The peak comes from GNU time, which starts the command itself: a child forked from this
    script would count the script's own memory, held until it starts the command, as its peak."""
    with tempfile.TemporaryFile() as errors, tempfile.NamedTemporaryFile("r") as report:
        start = time.perf_counter()
        status = subprocess.run(["/usr/bin/time", "-o", report.name, "-f", "%M"] + command, cwd=work,
                                stdin=stdin or subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                stderr=errors).returncode
        elapsed = time.perf_counter() - start
        errors.seek(0)
        peak = int(report.read().strip().splitlines()[-1]) * 1024
        return elapsed, peak, status, errors.read(2_000)


print(f"{shop}; list of 2,000 items; inputs just under {limit:,} bytes; {runs} runs each")
for label, path, count in inputs:
    size = os.path.getsize(path)
    results = [run([shop, "import", "--dry-run", path]) for _ in range(runs)]
    failed = [r for r in results if r[2] != 0]
    if failed:
        sys.exit(f"{label}: exit {failed[0][2]}: {failed[0][3].decode(errors='replace')[:400]}")
    seconds = statistics.median(r[0] for r in results)
    peak = max(r[1] for r in results)
    print(f"import --dry-run {label:9} {size / 1e6:5.2f} MB, {count:7,} lines: median {seconds:6.2f} s, "
          f"peak RSS {peak / 1e6:6.1f} MB = {peak / size:5.1f}x input")
    refused = path + ".refused"
    with open(path, "rb") as source, open(refused, "wb") as out:
        text = source.read()
        if label == "json":
            # A last item without a name.
            text = text.replace(b'\n  ],\n  "total"', b',\n    {}\n  ],\n  "total"')
        else:
            text += {"text": b"2-3 apples\n", "csv": b"Pears,two,,,,,,\r\n", "markdown": b"a line of prose\n"}[label]
        out.write(text)
    results = [run([shop, "import", "--dry-run", "--format", label, refused]) for _ in range(runs)]
    if any(r[2] != 1 for r in results):
        sys.exit(f"{label}: the import with a bad line was not refused: {results[0][3].decode(errors='replace')[:400]}")
    seconds = statistics.median(r[0] for r in results)
    peak = max(r[1] for r in results)
    print(f"  read, then refused:       median {seconds:6.2f} s, peak RSS {peak / 1e6:6.1f} MB = {peak / size:5.1f}x input")

big = os.path.join(work, "big.txt")
with open(big, "w") as out:
    line = "2 kg flour from the mill down the road\n"
    out.write(line * (50_000_000 // len(line) + 1))
seconds, peak, status, error = run([shop, "import", big])
print(f"50 MB file refused:  exit {status} in {seconds:5.3f} s, peak RSS {peak / 1e6:5.1f} MB: {error.decode().strip()}")
with open(big, "rb") as stdin:
    pipe = subprocess.Popen(["cat", big], stdout=subprocess.PIPE)
    seconds, peak, status, error = run([shop, "import", "-"], stdin=pipe.stdout)
    pipe.stdout.close()
    pipe.wait()
print(f"50 MB pipe refused:  exit {status} in {seconds:5.3f} s, peak RSS {peak / 1e6:5.1f} MB: {error.decode().strip()}")
subprocess.run(["rm", "-rf", work])
