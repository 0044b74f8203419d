#!/usr/bin/env python3
"""Peak resident memory of every command that reads a list, against the list's size.

    memory.py SHOP CATALOG

Benchmarks/measure.py times four commands; this one runs each of the others once under GNU time
(/usr/bin/time) on a fresh copy of CATALOG (the edits change it) and prints its peak resident memory
as a ratio to the file's size. Every command reads the whole list once: the commands that read it
and write nothing (`list`, `export`, `check`) are held to 4 times the file, those that also print
the list they make (the edits, `check --fix`, `import`) to 5 times. `import` brings a spreadsheet of
1,050 rows into it (judged against the two files); `diff` compares CATALOG with a copy with two
edits (a price changed, an item added), and with a copy with every price changed, and holds both
lists: it is held to 4 times the two files together. `check` and `check --fix` run on the list as
it is (nothing to fix) and with every 10th item ticked off but not on the list (a warning and a fix
each), and with a decimal comma in every price (90,162 errors, each with a safe fix: what each
finding costs). Exit status 1 when a command misses its target on a file of 1 MB or more (below
that, the program's own memory is most of the peak).
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

from unbought_item import unbought_item

shop, catalog = sys.argv[1], sys.argv[2]
size = os.path.getsize(catalog)
work = tempfile.mkdtemp(prefix="shop-memory-")
copy = os.path.join(work, "list.yaml")
other = os.path.join(work, "other.yaml")
name = unbought_item(catalog)
names = subprocess.run([shop, "-f", catalog, "list", "--names"], capture_output=True, text=True, check=True).stdout.split("\n")
taken = names[len(names) // 3]

# (label, arguments after `shop -f COPY`, the target as a multiple of what it reads)
cases = [
    ("list", ["list"], 4.0),
    ("list --all", ["list", "--all"], 4.0),
    ("list --names", ["list", "--names"], 4.0),
    ("list --categories", ["list", "--categories"], 4.0),
    ("add NAME --category C", ["add", "A new item", "--category", "Dairy", "--price", "1.50"], 5.0),
    ("add TAKEN (refused)", ["add", taken], 5.0),
    ("rm NAME", ["rm", name], 5.0),
    ("clear", ["clear"], 5.0),
    ("clear --all", ["clear", "--all"], 5.0),
    ("edit NAME --name NEW", ["edit", name, "--name", "Renamed item"], 5.0),
    ("edit NAME --name TAKEN (refused)", ["edit", name, "--name", taken], 5.0),
    ("export --format markdown --all", ["export", "--format", "markdown", "--all"], 4.0),
    ("export --format html --all", ["export", "--format", "html", "--all"], 4.0),
    ("check", ["check"], 4.0),
    ("check (a warning every 10th item)", ["check"], 4.0),
    ("check --fix", ["check", "--fix"], 5.0),
    ("check --fix (a fix every 10th item)", ["check", "--fix"], 5.0),
    ("check (a decimal comma in every price)", ["check"], 4.0),
    ("check --fix (a decimal comma in every price)", ["check", "--fix"], 5.0),
    ("diff LIST EDITED", ["diff", copy, other], 4.0),
    ("diff LIST EDITED (every price changed)", ["diff", copy, other], 4.0),
    ("import ROWS.csv", ["import", os.path.join(work, "rows.csv")], 5.0),
    ("import --dry-run ROWS.csv", ["import", "--dry-run", os.path.join(work, "rows.csv")], 5.0),
]

# A spreadsheet for `import`: a new price for every 100th item, and 50 new items.
rows = os.path.join(work, "rows.csv")
with open(rows, "w", encoding="utf-8") as file:
    file.write("name,price,category\n")
    for known in [n for n in names if n][::100]:
        file.write('"' + known.replace('"', '""') + '",1.25,\n')
    for index in range(50):
        file.write(f"Imported item {index},2.50,Dairy\n")

if not os.path.exists("/usr/bin/time"):
    sys.exit("memory.py needs GNU time (/usr/bin/time)")
print(f"file: {catalog}, {size / 1e6:.2f} MB; {shop}")
failed = False
for label, arguments, target in cases:
    shutil.copyfile(catalog, copy)
    if "every 10th item" in label:
        # Every 10th item ticked off but not on the list: `check --fix` adds `buy: true` to each.
        with open(catalog, encoding="utf-8") as source:
            head, marker, body = source.read().partition("\nitems:\n")
        blocks = body.split("  - name: ")
        for index in range(1, len(blocks), 10):
            if "    done:" not in blocks[index] and "    buy:" not in blocks[index]:
                blank = blocks[index].endswith("\n\n")
                blocks[index] = blocks[index].rstrip("\n") + "\n    done: true\n" + ("\n" if blank else "")
        with open(copy, "w", encoding="utf-8") as file:
            file.write(head + marker + "  - name: ".join(blocks))
    if "decimal comma" in label:
        # Every price written "3,49": a finding (with its fix) on nine items in ten.
        with open(catalog, encoding="utf-8") as source:
            commas = re.sub(r"(\n    price: )(\d+)\.(\d+)", r'\1"\2,\3"', source.read())
        with open(copy, "w", encoding="utf-8") as file:
            file.write(commas)
    with open(catalog, encoding="utf-8") as source:
        text = source.read()
    at = text.index("    price: ")
    edited = text[:at] + "    price: 1234.50" + text[text.index("\n", at):] + "  - name: Added at the end\n"
    if "every price changed" in label:
        # Every price one cent more (within its cents): a change on nine items in ten.
        edited = re.sub(r"(\n    price: )(\d+)\.(\d+)",
                        lambda m: f"{m.group(1)}{m.group(2)}.{(int(m.group(3)) + 1) % 100:02d}", text)
    with open(other, "w", encoding="utf-8") as file:
        file.write(edited)
    # What the command reads: the list, for diff the edited copy too, for import the spreadsheet.
    read = os.path.getsize(copy) + (os.path.getsize(other) if "diff" in arguments else 0)
    read += os.path.getsize(rows) if "import" in arguments else 0
    report = os.path.join(work, "peak")
    command = [shop, "-f", copy] + arguments
    status = subprocess.run(["/usr/bin/time", "-f", "%M", "-o", report] + command,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode
    peak = int(open(report).read().split()[-1]) * 1024
    # A small file's peak is the program's own: memory is judged on a large file only.
    ok = size < 1_000_000 or peak <= target * read
    failed = failed or not ok
    what = "files" if "diff" in arguments or "import" in arguments else "file"
    print(f"shop {label:34} exit {status}  peak RSS {peak / 1e6:5.1f} MB = {peak / read:4.2f}x {what} (target {target:.0f})"
          f"{'' if ok else '  OVER'}")
shutil.rmtree(work)
sys.exit(1 if failed else 0)
