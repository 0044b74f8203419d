"""Reads CSV and JSON exports with Python's own csv and json modules and prints what they read.

    python3 read_exports.py FILE...

Prints one JSON object mapping each FILE to its content: for a .csv file, the list of records,
each a list of cells, as csv.reader reads the file (UTF-8, newline=""); for a .json file, the
document as json.load reads it, with every object written as a list of [key, value] pairs (so
that the key order is visible) and every number as ["number", "its text"] (so that no binary
float hides a digit).
"""
import csv
import json
import sys


def number(text):
    return ["number", text]


contents = {}
for path in sys.argv[1:]:
    if path.endswith(".csv"):
        with open(path, encoding="utf-8", newline="") as file:
            contents[path] = [row for row in csv.reader(file, strict=True)]
    elif path.endswith(".json"):
        with open(path, encoding="utf-8") as file:
            contents[path] = json.load(
                file, object_pairs_hook=lambda pairs: [[key, value] for key, value in pairs],
                parse_float=number, parse_int=number,
                parse_constant=lambda name: sys.exit(f"{path}: {name} is not JSON"))
    else:
        sys.exit(f"{path}: neither .csv nor .json")
json.dump(contents, sys.stdout, ensure_ascii=True)
