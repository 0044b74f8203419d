"""The soak: random edits sent as incremental changes, with requests of every feature between
them. Every request is answered, the server never stops, its diagnostics always match `shop check`
on the client's copy of the text, and its resident memory stays bounded.

The test runs 3,000 edits in UTF-16 and 1,500 in UTF-8 so that `make test` stays quick;
SHOP_SOAK_EDITS sets the UTF-16 run's length (10000 for the full soak, which
Benchmarks/lsp_soak.py runs with its figures).

Under AddressSanitizer (SHOP_TEST_SANITIZER=address, which `make asan` sets) the memory bound is
left out with a warning that says so: the sanitizer holds freed memory back in its quarantine,
so resident memory grows with the work done whatever shop keeps. The rest of the soak runs."""
import os
import warnings

import pytest

from conftest import SHOP
from soak import Session, memory_bound_holds

EDITS = int(os.environ.get("SHOP_SOAK_EDITS", "3000"))
SANITIZER = os.environ.get("SHOP_TEST_SANITIZER", "")


@pytest.mark.parametrize("encoding, edits, seed", [("utf-16", EDITS, 13), ("utf-8", 1_500, 14)])
def test_random_edits(encoding, edits, seed):
    report = Session(SHOP, edits, seed, encoding).run()
    assert report["edits"] == edits
    assert report["answered"] == report["requests"]
    # Texts that read as lists and texts that do not were both worked on.
    assert 0.1 < report["readable"] / report["publications"] < 0.9
    holds, warm, peak, second, last = memory_bound_holds(report["rss_kib"])
    memory = f"resident memory: {warm} KiB warm, {peak} KiB at most, {second} KiB then {last} KiB at the end"
    if SANITIZER == "address":
        warnings.warn(f"memory bound left out under AddressSanitizer ({encoding}): {memory}")
        return
    assert holds, memory
