#!/usr/bin/env python3
"""Checking hostile input takes time in proportion to its size.

Files shaped to hit a quadratic path (very many keys in one item, very many categories, thousands of
findings on one line, thousands of duplicates, very long unknown words) are checked at a size and at
four times it; the time may grow about four times, within a generous factor, but not sixteen times.
A list with a safe fix on every item is also fixed: the fixes are applied in one pass over the text.
A list with very many categories before its items is also formatted and edited: its top level must
not be gone through again for every item.
Prints each shape's times and ratio; exits 1 when a ratio is above 9.

    Benchmarks/scaling.py [SHOP]      (default: the release build, built first)
"""
import os
import subprocess
import sys
import tempfile
import time

from builds import release_shop


def shapes():
    yield "an item with thousands of unknown keys", 2_000, lambda n: "items:\n  - name: a\n" + "".join(
        f"    key{i}: 1\n" for i in range(n))
    yield "thousands of categories and items in them", 2_000, lambda n: (
        "categories:\n" + "".join(f"  - c{i}\n" for i in range(n)) + "items:\n"
        + "".join(f"  - name: n{i}\n    category: c{i}\n" for i in range(n)))
    yield "thousands of categories with comments, and items in them", 2_000, lambda n: (
        "categories:\n" + "".join(f"  - c{i} # aisle {i}\n" for i in range(n)) + "items:\n"
        + "".join(f"  - name: n{i}\n    category: c{i}\n" for i in range(n)))
    yield "thousands of categories and items in other ones", 1_000, lambda n: (
        "categories:\n" + "".join(f"  - c{i}\n" for i in range(n)) + "items:\n"
        + "".join(f"  - name: n{i}\n    category: d{i}\n" for i in range(n)))
    yield "thousands of findings on one long line", 1_000, lambda n: (
        "{items: [" + ", ".join(f"{{price: x{i}}}" for i in range(n)) + "]}\n")
    yield "thousands of items with the same name, id and category", 2_000, lambda n: (
        "categories: [A]\nitems:\n" + "  - name: Same\n    id: x\n    category: B\n" * n)
    yield "very long unknown keys", 500, lambda n: "items:\n  - name: a\n" + "".join(
        f"    k{i}" + "q" * 1_000 + ": 1\n" for i in range(n))
    yield "a very long unknown currency", 50_000, lambda n: "currency: " + "E" * n + "\nitems: []\n"
    yield "a safe fix on every item", 20_000, lambda n: "items:\n" + "".join(
        f'  - name: n{i}\n    price: "1,{i % 100:02d}"\n' for i in range(n))


def seconds(shop, path, command):
    """The fastest of three runs of `shop COMMAND` on a fresh copy of the file at `path`."""
    best = float("inf")
    copy = path + ".copy.yaml"
    for _ in range(3):
        with open(path, "rb") as source, open(copy, "wb") as target:
            target.write(source.read())
        start = time.perf_counter()
        subprocess.run([shop, "-f", copy, *command(copy)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        best = min(best, time.perf_counter() - start)
    return best


# The commands run on every shape, and on the shapes named here too.
COMMANDS = [("check", lambda path: ["check", path])]
TOP_LEVEL_COMMANDS = [("fmt", lambda path: ["fmt", path]), ("buy", lambda path: ["buy", "n1"])]
FIX_SHAPES = {"a safe fix on every item"}
TOP_LEVEL_SHAPES = {
    "thousands of categories and items in them", "thousands of categories with comments, and items in them",
    "thousands of categories and items in other ones",
}


def main():
    shop = release_shop(sys.argv[1] if len(sys.argv) > 1 else None)
    failed = False
    with tempfile.TemporaryDirectory() as folder:
        for name, small, make in shapes():
            commands = COMMANDS + (TOP_LEVEL_COMMANDS if name in TOP_LEVEL_SHAPES else [])
            commands += [("check --fix", lambda path: ["check", "--fix", path])] if name in FIX_SHAPES else []
            for label, command in commands:
                times = []
                for size in (small, small * 4):
                    path = os.path.join(folder, "list.yaml")
                    with open(path, "w") as file:
                        file.write(make(size))
                    times.append(seconds(shop, path, command))
                # Start-up dominates small inputs: below 50 ms the ratio says nothing.
                ratio = times[1] / max(times[0], 0.05 / 9)
                verdict = "ok" if times[1] < max(times[0] * 9, 0.05) else "SUPERLINEAR"
                failed |= verdict != "ok"
                print(f"{name}, {label}: {times[0] * 1000:.1f} ms, 4x the size {times[1] * 1000:.1f} ms, "
                      f"ratio {ratio:.1f}  {verdict}")
    sys.exit(1 if failed else 0)


main()
