#!/usr/bin/env python3
"""Writes three versions of a large list for the merge benchmark into a folder: base.yaml (a catalog
of ITEMS items from generate.py, default 100,000), and ours.yaml and theirs.yaml, each with EDITS
household edits (default 500) of their own: prices changed, items put on the list and ticked,
items added after others, removed and renamed. The two sides edit different items, so the merge
is clean; the output is deterministic, so that runs compare.

    Benchmarks/merge_versions.py FOLDER [ITEMS] [EDITS]
"""
import os
import random
import subprocess
import sys

folder = sys.argv[1]
count = int(sys.argv[2]) if len(sys.argv) > 2 else 100_000
edit_count = int(sys.argv[3]) if len(sys.argv) > 3 else 500
here = os.path.dirname(os.path.abspath(__file__))
base = subprocess.run([sys.executable, os.path.join(here, "generate.py"), str(count)], check=True,
                      capture_output=True, text=True).stdout

# The text up to the first item, then one block of lines per item (the comments above it included).
lines = base.splitlines(keepends=True)
start = next(i for i, line in enumerate(lines) if line.startswith("  - name: "))
while start > 0 and lines[start - 1].startswith("  #"):
    start -= 1
head = lines[:start]
blocks = []
for line in lines[start:]:
    if line.startswith("  - name: ") and blocks and not blocks[-1][-1].startswith("  #"):
        blocks.append([line])
    elif not blocks:
        blocks.append([line])
    elif line.startswith("  #") or line == "\n":
        if blocks[-1][-1].startswith("  #") or blocks[-1][-1] == "\n" or not any(l.startswith("  - name: ") for l in blocks[-1]):
            blocks[-1].append(line)
        else:
            blocks.append([line])
    else:
        blocks[-1].append(line)


def edited(seed, chosen):
    rng = random.Random(seed)
    result = [list(block) for block in blocks]
    removed = set()
    added = {}
    for index in chosen:
        block = result[index]
        kind = rng.randrange(6)
        if kind == 0:
            price = f"    price: {rng.randint(10, 4999) / 100:.2f}\n"
            at = next((i for i, l in enumerate(block) if l.startswith("    price: ")), None)
            if at is None:
                at = next(i for i, l in enumerate(block) if l.startswith("  - name: ")) + 1
                while at < len(block) and block[at].startswith("    id: "):
                    at += 1
                block.insert(at, price)
            else:
                block[at] = price
        elif kind in (1, 2):
            block[:] = [l for l in block if not l.startswith(("    buy: ", "    done: "))]
            at = len(block)
            while at > 0 and block[at - 1].startswith(("    notes: ", "      ", "    x-")):
                at -= 1
            block[at:at] = ["    buy: true\n"] + (["    done: true\n"] if kind == 2 else [])
        elif kind == 3:
            removed.add(index)
        elif kind == 4:
            added[index] = [f"  - name: Added {seed} {index}\n", f"    price: {rng.randint(10, 999) / 100:.2f}\n"]
        else:
            at = next(i for i, l in enumerate(block) if l.startswith("  - name: "))
            block[at] = block[at].rstrip("\n") + " (renamed)\n"
    text = head[:]
    for index, block in enumerate(result):
        if index not in removed:
            text += block
        text += added.get(index, [])
    return "".join(text)


rng = random.Random(2026)
chosen = rng.sample(range(len(blocks)), 2 * edit_count)
os.makedirs(folder, exist_ok=True)
with open(os.path.join(folder, "base.yaml"), "w") as file:
    file.write(base)
with open(os.path.join(folder, "ours.yaml"), "w") as file:
    file.write(edited(1, sorted(chosen[:edit_count])))
with open(os.path.join(folder, "theirs.yaml"), "w") as file:
    file.write(edited(2, sorted(chosen[edit_count:])))
