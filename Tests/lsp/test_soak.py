"""The soak: 10,000 random edits sent as incremental changes, with requests of every feature
between them. Every request is answered, the server never stops, its diagnostics always match
`shop check` on the client's copy of the text, and its resident memory stays bounded."""
import pytest

from conftest import SHOP
from soak import Session, memory_bound_holds


@pytest.mark.parametrize("encoding, edits, seed", [("utf-16", 10_000, 13), ("utf-8", 2_500, 14)])
def test_random_edits(encoding, edits, seed):
    report = Session(SHOP, edits, seed, encoding).run()
    assert report["edits"] == edits
    assert report["answered"] == report["requests"]
    # Texts that read as lists and texts that do not were both worked on.
    assert 0.1 < report["readable"] / report["publications"] < 0.9
    holds, warm, peak, second, last = memory_bound_holds(report["rss_kib"])
    assert holds, f"resident memory: {warm} KiB warm, {peak} KiB at most, {second} KiB then {last} KiB at the end"
