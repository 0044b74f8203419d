#!/usr/bin/env python3
"""The name of an item from the middle of a generated catalog that is not on the list yet, so that
`shop buy NAME` has something to change (an item already on the list would make it a no-op).

    unbought_item.py CATALOG
"""
import sys


def unbought_item(catalog):
    """The first item from the middle of the catalog on whose lines no `buy: true` is written."""
    items = []
    for line in open(catalog, encoding="utf-8"):
        if line.startswith("  - name: "):
            items.append([line.split("name: ", 1)[1].strip(), False])
        elif items and line.strip() == "buy: true":
            items[-1][1] = True
    for name, bought in items[len(items) // 2:]:
        if not bought:
            return name
    sys.exit(f"{catalog}: no item from the middle on is off the list")


if __name__ == "__main__":
    print(unbought_item(sys.argv[1]))
