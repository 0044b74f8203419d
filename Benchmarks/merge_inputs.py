#!/usr/bin/env python3
"""Writes three versions of a long list for the line merge benchmark into a folder: base.yaml (LINES
lines, default 100,000, about 11 MB), ours.yaml and theirs.yaml (each with EDITS scattered edits,
default 300: prices changed, items added and removed, notes rewritten; a few at the same places on
both sides, so that the merge has some conflicts).

    Benchmarks/merge_inputs.py FOLDER [LINES] [EDITS]

The output is deterministic, so that runs compare.
"""
import os
import random
import sys

folder = sys.argv[1]
line_count = int(sys.argv[2]) if len(sys.argv) > 2 else 100_000
edit_count = int(sys.argv[3]) if len(sys.argv) > 3 else 300
rng = random.Random(2026)

words = ["apples", "bread", "oat milk", "yogurt", "thighs", "salmon", "peas", "rice", "olive oil", "water",
         "soap", "toothpaste", "crackers", "crème fraîche", "jalapeños", "müsli", "brioche", "gruyère", "tofu"]


def sentence(length):
    text = ""
    while len(text) < length:
        text += rng.choice(words) + " "
    return text.strip()


def item(number):
    return [
        f"  - name: Item {number} {sentence(60)}\n",
        f"    price: {rng.randint(1, 9999) / 100:.2f}\n",
        f"    category: {sentence(20)}\n",
        f"    notes: {sentence(150)}\n",
        f"    x-note: {sentence(200)}\n",
    ]


base = ["title: A long list\n", "currency: EUR\n", "items:\n"]
number = 0
while len(base) < line_count:
    base += item(number)
    number += 1
base = base[:line_count]


def edited(lines, positions):
    lines = list(lines)
    # From the end, so that earlier positions stay valid.
    for position in sorted(positions, reverse=True):
        kind = rng.randrange(4)
        if kind == 0 and lines[position].startswith("    price:"):
            lines[position] = f"    price: {rng.randint(1, 9999) / 100:.2f}\n"
        elif kind == 1:
            lines[position:position] = item(rng.randrange(10**6))
        elif kind == 2:
            del lines[position:position + 2]
        else:
            lines[position] = f"    notes: {sentence(150)}\n"
    return lines


shared = rng.sample(range(3, line_count - 10), 10)
sides = []
for _ in range(2):
    positions = set(rng.sample(range(3, line_count - 10), edit_count - len(shared))) | set(shared)
    sides.append(edited(base, positions))

for name, lines in [("base", base), ("ours", sides[0]), ("theirs", sides[1])]:
    with open(os.path.join(folder, name + ".yaml"), "w", encoding="utf-8") as out:
        out.writelines(lines)
