#!/usr/bin/env python3
"""Writes a realistic shop file with N items (default 100,000) to stdout.

Names, prices, quantities, units, categories, notes, comments and blank lines vary the way hand-kept
lists do; the output is deterministic for a given N so that runs compare.
"""
import random
import sys

count = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
rng = random.Random(4217)

categories = ["Produce", "Bakery", "Dairy", "Meat & Fish", "Frozen", "Pantry", "Drinks", "Household",
              "Personal care", "Snacks", "Baby", "Pets"]
words = ["Apples", "Bananas", "Sourdough bread", "Oat milk", "Greek yogurt", "Chicken thighs", "Salmon fillet",
         "Frozen peas", "Basmati rice", "Olive oil", "Sparkling water", "Dish soap", "Toothpaste", "Crackers",
         "Crème fraîche", "Jalapeños", "Müsli", "Brioche", "Gruyère", "Café au lait", "Tofu", "Kimchi",
         "Paper towels", "Laundry pods", "Cat food", "Diapers", "Tomatoes", "Cucumbers", "Butter", "Eggs"]
units = ["pcs", "kg", "g", "l", "ml", "pack", "bottle", "can", "jar", "box"]
notes = ["Barista edition.", "Not the sweetened one.", "Ask at the counter.", "Only if on sale.",
         "The brand with the blue label.", "Check the date."]

out = sys.stdout
out.write("# Shopping catalog for a large household, generated for benchmarks.\n")
out.write("title: Everything we ever buy\ncurrency: EUR\ncategories:\n")
for category in categories:
    out.write(f"  - {category}\n")
out.write("\nitems:\n")
for index in range(count):
    if index % 50 == 0:
        out.write("\n  # " + rng.choice(categories) + " section\n")
    name = f"{rng.choice(words)} {index}"
    out.write(f"  - name: {name}\n")
    if rng.random() < 0.1:
        out.write("    id: %08x-%04x-4%03x-8%03x-%012x\n" % (rng.getrandbits(32), rng.getrandbits(16),
                  rng.getrandbits(12), rng.getrandbits(12), rng.getrandbits(48)))
    if rng.random() < 0.9:
        out.write(f"    price: {rng.randint(10, 4999) / 100:.2f}\n")
    if rng.random() < 0.6:
        out.write(f"    quantity: {rng.choice(['1', '2', '3', '6', '0.5', '1.25', '12'])}\n")
    if rng.random() < 0.6:
        out.write(f"    unit: {rng.choice(units)}\n")
    out.write(f"    category: {rng.choice(categories)}\n")
    roll = rng.random()
    if roll < 0.3:
        out.write("    buy: true\n")
        if rng.random() < 0.3:
            out.write("    done: true # in the basket\n")
    if rng.random() < 0.15:
        out.write("    notes: |\n")
        for line in rng.sample(notes, rng.randint(2, 3)):
            out.write(f"      {line}\n")
    if rng.random() < 0.03:
        out.write(f"    x-barcode: \"{rng.randint(10**12, 10**13 - 1)}\"\n")
