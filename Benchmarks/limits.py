#!/usr/bin/env python3
"""Benchmark of shop on inputs without bounds and on inputs made to cost: the figures behind the
limits of shop(1) (section Limits). For each run it prints the exit status, the wall time and the
peak memory (GNU time's maximum resident set size), and the memory as a multiple of the input.

    Benchmarks/limits.py SHOP [WORK]        (SHOP: a shop executable; WORK: a scratch folder)

Three parts:
  inputs   endless standard input, devices, a 600 MB sparse file: each refused at 256 MiB
  names    a list with an item named by 20 and 40 million letters: rm of a name not on the list,
           and list; the time and memory should grow with the name, no faster
  merge    three versions of 400,000 lines of several shapes that are not lists, merged by
           `shop merge` (which falls back on its line merge) and by `git merge-file -p`

A benchmark, not a test: it is not part of `swift test`. Needs /usr/bin/time (GNU) and git.
"""
import os
import random
import subprocess
import sys
import tempfile

shop = os.path.abspath(sys.argv[1])
work = sys.argv[2] if len(sys.argv) > 2 else tempfile.mkdtemp(prefix="shop-limits-")
os.makedirs(work, exist_ok=True)


def measure(command, stdin=None):
    """Runs a shell command; returns (status, seconds, peak KB)."""
    timing = os.path.join(work, "time")
    status = subprocess.run(
        ["/usr/bin/time", "-f", "%e %M", "-o", timing, "sh", "-c", command], cwd=work, stdin=stdin,
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode
    # time writes a line about a non-zero status first.
    seconds, kilobytes = open(timing).read().split("\n")[-2].split()
    return status, float(seconds), int(kilobytes)


def row(label, command, size=None):
    status, seconds, kilobytes = measure(command)
    ratio = f"{kilobytes * 1024 / size:6.1f}x input" if size else ""
    print(f"  {label:<46} exit {status:>3}  {seconds:7.2f} s  {kilobytes / 1024:8.1f} MB  {ratio}", flush=True)
    return status, seconds, kilobytes


def inputs():
    print("inputs without bounds (exit 2 and a refusal at 256 MiB expected)")
    with open(os.path.join(work, "list.yaml"), "w") as file:
        file.write("items:\n  - name: Milk\n")
    big = os.path.join(work, "big.yaml")
    with open(big, "w") as file:
        file.write("items: []\n")
    os.truncate(big, 600_000_000)
    for label, command in [
        ("check - < endless pipe", f"cat /dev/zero | '{shop}' check -"),
        ("fmt - < endless pipe", f"cat /dev/zero | '{shop}' fmt -"),
        ("diff - list.yaml < endless pipe", f"cat /dev/zero | '{shop}' diff - list.yaml"),
        ("export /dev/zero", f"'{shop}' export /dev/zero --format json"),
        ("list -f /dev/zero", f"'{shop}' list -f /dev/zero"),
        ("merge /dev/zero /dev/urandom /dev/zero", f"'{shop}' merge /dev/zero /dev/urandom /dev/zero -o out.yaml"),
        ("check big.yaml (600 MB, sparse)", f"'{shop}' check big.yaml"),
        ("-f big.yaml add Milk", f"'{shop}' -f big.yaml add Milk"),
    ]:
        row(label, command)
    os.remove(big)


def names():
    print("a list with a very long name")
    for millions in (20, 40):
        length = millions * 1_000_000
        path = os.path.join(work, f"name{millions}.yaml")
        with open(path, "w") as file:
            file.write("items:\n  - name: " + "x" * length + "\n    buy: true\n")
            file.write("  - name: Milk\n    buy: true\n    price: 1.20\n  - name: Bread\n")
        size = os.path.getsize(path)
        row(f"check ({millions} M letters)", f"'{shop}' check name{millions}.yaml", size)
        row(f"rm Mlk ({millions} M letters)", f"'{shop}' -f name{millions}.yaml rm Mlk", size)
        row(f"list ({millions} M letters)", f"'{shop}' list -f name{millions}.yaml", size)
        os.remove(path)


def merge_inputs(lines):
    """Writes the versions of each shape; returns the shapes' names."""
    rng = random.Random(2026)

    def write(name, text_lines):
        with open(os.path.join(work, name), "w") as file:
            file.write("".join(text_lines))

    # Text with scattered edits on both sides.
    base = [f"line {i}\n" for i in range(lines)]
    ours, theirs = list(base), list(base)
    for _ in range(lines // 200):
        ours[rng.randrange(lines)] = f"ours {rng.randrange(10**6)}\n"
        theirs[rng.randrange(lines)] = f"theirs {rng.randrange(10**6)}\n"
    write("text.base", base), write("text.ours", ours), write("text.theirs", theirs)
    # Three unrelated texts.
    for side in ("base", "ours", "theirs"):
        write(f"unrelated.{side}", [f"{rng.randrange(10**9)}\n" for _ in range(lines)])
    # Items that are single values: YAML, but not a list.
    write("values.base", ["items:\n"] + [f"  - item {i}\n" for i in range(lines)])
    write("values.ours", ["items:\n"] + [f"  - item {i}{'x' if i % 1000 == 0 else ''}\n" for i in range(lines)])
    write("values.theirs", ["items:\n"] + [f"  - item {i}{'y' if i % 1000 == 500 else ''}\n" for i in range(lines)])
    # A list of lines // 4 items whose last item is broken in theirs.
    items = ["items:\n"] + [
        f"  - name: Item {i}\n    quantity: {1 + i % 5}\n    price: {i % 100}.{i % 10}0\n    category: Cat {i % 20}\n"
        for i in range(lines // 4)]
    edited = [line.replace("quantity: ", "quantity: 1") if i % 997 == 0 else line for i, line in enumerate(items)]
    write("broken.base", items), write("broken.ours", edited), write("broken.theirs", items + ["  - name: [broken\n"])
    return ["text", "unrelated", "values", "broken"]


def merge(lines):
    print(f"merges of versions of {lines:,} lines that are not lists, against git merge-file -p")
    for shape in merge_inputs(lines):
        size = sum(os.path.getsize(os.path.join(work, f"{shape}.{side}")) for side in ("base", "ours", "theirs"))
        row(f"shop merge: {shape} ({size / 1e6:.1f} MB in all)",
            f"'{shop}' merge {shape}.base {shape}.ours {shape}.theirs -o {shape}.merged", size)
        row(f"git merge-file -p: {shape}", f"git merge-file -p {shape}.ours {shape}.base {shape}.theirs > /dev/null", size)


parts = os.environ.get("PARTS", "inputs names merge").split()
if "inputs" in parts:
    inputs()
if "names" in parts:
    names()
if "merge" in parts:
    merge(int(os.environ.get("LINES", "400000")))
