#!/usr/bin/env python3
"""A merge costs in proportion to the lists and to what either side changed.

Three versions of a list of N items: ours changes one item; theirs changes nothing (the floor),
reverses every item, or adds N new ones. Each is merged with theirs as theirs and with the sides
swapped, at N and at 4N items, and once at 100,000 items against the floor and against a bare C
loop over libyaml's events of the three files. The time may grow about four times from N to 4N,
within a generous factor, but not sixteen times; at 100,000 items reversing or adding every item
must stay within three times the floor.
Prints each case's times and ratios; exits 1 when a ratio misses.

    Benchmarks/merge_scaling.py [SHOP [LIBYAML_LOOP]]   (default: the release build and
                                                         Benchmarks/work/libyaml_loop, built when missing)
"""
import os
import subprocess
import sys
import tempfile
import time

from builds import libyaml_loop, release_shop

HEAD = "currency: EUR\nitems:\n"


def item(index, prefix="Item"):
    return f"  - name: {prefix} {index}\n    price: {index % 900 / 100 + 1:.2f}\n    quantity: 1\n"


def versions(count, shape):
    """The base, ours and theirs texts of a list of `count` items, theirs made by `shape`."""
    items = [item(index) for index in range(count)]
    ours = list(items)
    ours[5] = ours[5].replace("quantity: 1", "quantity: 2")
    if shape == "the floor":
        theirs = items
    elif shape == "reversing every item":
        theirs = list(reversed(items))
    else:
        theirs = items + [item(index, "New") for index in range(count)]
    return HEAD + "".join(items), HEAD + "".join(ours), HEAD + "".join(theirs)


def seconds(command):
    """The fastest of three runs of `command`."""
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        best = min(best, time.perf_counter() - start)
    return best


def merge_seconds(shop, folder, count, shape, swapped):
    paths = [os.path.join(folder, name) for name in ("base.yaml", "ours.yaml", "theirs.yaml")]
    for path, text in zip(paths, versions(count, shape)):
        with open(path, "w") as file:
            file.write(text)
    base, ours, theirs = paths
    if swapped:
        ours, theirs = theirs, ours
    return seconds([shop, "merge", base, ours, theirs, "-o", os.path.join(folder, "merged.yaml")]), paths


def main():
    shop = release_shop(sys.argv[1] if len(sys.argv) > 1 else None)
    loop = libyaml_loop(sys.argv[2] if len(sys.argv) > 2 else None)
    failed = False
    shapes = ("the floor", "reversing every item", "adding as many items")
    with tempfile.TemporaryDirectory() as folder:
        for shape in shapes:
            for swapped in (False, True):
                side = "ours" if swapped else "theirs"
                small, _ = merge_seconds(shop, folder, 5_000, shape, swapped)
                large, _ = merge_seconds(shop, folder, 20_000, shape, swapped)
                ratio = large / max(small, 0.05 / 9)
                verdict = "ok" if large < max(small * 9, 0.05) else "SUPERLINEAR"
                failed |= verdict != "ok"
                print(f"{side} {shape}: 5,000 items {small * 1000:.0f} ms, 20,000 {large * 1000:.0f} ms, "
                      f"ratio {ratio:.1f}  {verdict}")
        print()
        floor = None
        for shape in shapes:
            taken, paths = merge_seconds(shop, folder, 100_000, shape, False)
            loop_seconds = seconds(["sh", "-c", " ".join(f"'{loop}' '{path}' >/dev/null;" for path in paths)])
            floor = floor or taken
            verdict = "ok" if shape == "the floor" or taken <= 3 * floor else "OVER"
            failed |= verdict != "ok"
            print(f"100,000 items, theirs {shape}: {taken:.2f} s, {taken / loop_seconds:.2f}x the C loop over the "
                  f"three files, {taken / floor:.2f}x the floor (target 3)  {verdict}")
    sys.exit(1 if failed else 0)


main()
