#!/usr/bin/env python3
"""Peak resident memory and time of `shop history` on a long list with a few commits.

    history.py SHOP CATALOG [VERSIONS]

Makes a git repository in a temporary folder whose list file is CATALOG, then VERSIONS - 1 more
commits (default 5 versions in all): each changes the price of every 50th item, the third one also
renames one item and adds 100 items at the end. Runs `shop history --format csv` once under GNU
time and prints its time, its peak resident memory as a ratio to one version's size (the target is
5 times: history reads one version whole at a time, as check reads the list, and holds what it
follows besides), and the number of price rows it printed. Exit status 1 when the
history fails or misses the target on a version of 1 MB or more.
"""
import os
import re
import subprocess
import sys
import tempfile
import time

shop, catalog = sys.argv[1], sys.argv[2]
versions = int(sys.argv[3]) if len(sys.argv) > 3 else 5
target = 5.0
work = os.environ.get("SHOP_HISTORY_FOLDER") or tempfile.mkdtemp(prefix="shop-history-")
path = os.path.join(work, "shopping.yaml")


def git(*arguments):
    subprocess.run(["git", "-C", work] + list(arguments), check=True, capture_output=True)


with open(catalog, encoding="utf-8") as source:
    text = source.read()
git("init", "-q")
git("config", "user.email", "bench@example.com")
git("config", "user.name", "Bench")
for version in range(versions):
    if version > 0:
        count = 0

        def bump(match):
            global count
            count += 1
            if count % 50 != version % 50:
                return match.group(0)
            cents = int(match.group(1).replace(".", "")) + version
            return f"    price: {cents // 100}.{cents % 100:02d}"

        text = re.sub(r"    price: (\d+\.\d\d)", bump, text)
        if version == 2:
            at = text.index("  - name: ") + len("  - name: ")
            text = text[:at] + "Renamed " + text[at:]
            text += "".join(f"  - name: Added in version two {i}\n    price: 1.00\n" for i in range(100))
    with open(path, "w", encoding="utf-8") as file:
        file.write(text)
    git("add", "shopping.yaml")
    git("commit", "-q", "-m", f"version {version}", "--date", f"2026-01-{version + 1:02d}T12:00:00")

size = os.path.getsize(path)
report = os.path.join(work, "peak")
start = time.perf_counter()
result = subprocess.run(["/usr/bin/time", "-f", "%M", "-o", report, shop, "-f", path, "history", "--format", "csv"],
                        capture_output=True, text=True)
elapsed = time.perf_counter() - start
with open(report) as file:
    peak = int(file.read().split()[-1]) * 1024
rows = result.stdout.count("\n") - 1
ratio = peak / size
print(f"history of {versions} versions of {size / 1e6:.2f} MB: {elapsed:.2f} s, peak RSS {peak / 1e6:.1f} MB "
      f"= {ratio:.2f}x one version (target {target}), {rows} price rows, exit {result.returncode}")
if result.returncode != 0:
    print(result.stderr)
    sys.exit(1)
sys.exit(1 if ratio > target and size >= 1_000_000 else 0)
