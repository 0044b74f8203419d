#!/usr/bin/env python3
"""The soak of `shop lsp` at full length, with its figures: EDITS random edits as incremental
changes (Tests/lsp/soak.py), in UTF-16 and in UTF-8, with requests of every feature between them;
prints how long each run took, how many requests were answered, and the server's resident memory
over the run. The test Tests/lsp/test_soak.py runs the same session and asserts the bounds.

    Benchmarks/lsp_soak.py SHOP [EDITS] [SEED]      (defaults: 10000 edits, seed 13)
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "lsp"))
from soak import Session, memory_bound_holds  # noqa: E402

shop = sys.argv[1]
edits = int(sys.argv[2]) if len(sys.argv) > 2 else 10_000
seed = int(sys.argv[3]) if len(sys.argv) > 3 else 13
for encoding in ("utf-16", "utf-8"):
    report = Session(shop, edits, seed if encoding == "utf-16" else seed + 1, encoding).run()
    holds, warm, peak, second, last = memory_bound_holds(report["rss_kib"])
    rss = [kib for _, kib in report["rss_kib"]]
    print(f"{encoding}: {report['edits']} edits in {report['changes']} changes, {report['seconds']:.1f} s; "
          f"{report['answered']} of {report['requests']} requests answered; "
          f"{report['publications']} diagnostics published ({report['readable']} of texts that read as lists); "
          f"resident memory {min(rss) / 1024:.1f} to {max(rss) / 1024:.1f} MiB "
          f"(first quarter {warm / 1024:.1f}, last quarter {last / 1024:.1f}): {'bounded' if holds else 'NOT BOUNDED'}")
