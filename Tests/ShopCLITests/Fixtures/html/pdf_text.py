#!/usr/bin/env python3
"""The text of a PDF with where it is and how large, as poppler reads it, for tests of printed pages.

    pdf_text.py FILE.pdf

Runs `pdftohtml -xml` at its largest zoom (3) and prints JSON: a list of pages, each
{"width", "height", "texts": [{"top", "left", "width", "height", "size", "bold", "text"}]}, with every
length in points (poppler's pixels at that zoom, divided by it). `size` is the font size, which
poppler rounds to whole pixels: within 1/6 pt. Texts are in Unicode's NFKC form, so that a ligature
the font drew (`ﬁ`) reads as its letters.
"""
import json
import subprocess
import sys
import unicodedata
import xml.etree.ElementTree as ElementTree

ZOOM = 3
output = subprocess.run(["pdftohtml", "-xml", "-i", "-q", "-stdout", "-zoom", str(ZOOM), sys.argv[1]],
                        check=True, capture_output=True).stdout
root = ElementTree.fromstring(output)
fonts = {}
pages = []
for page in root.iter("page"):
    for spec in page.iter("fontspec"):
        fonts[spec.get("id")] = int(spec.get("size"))
    texts = []
    for text in page.iter("text"):
        content = unicodedata.normalize("NFKC", "".join(text.itertext()))
        texts.append({
            "top": int(text.get("top")) / ZOOM, "left": int(text.get("left")) / ZOOM,
            "width": int(text.get("width")) / ZOOM, "height": int(text.get("height")) / ZOOM,
            "size": fonts[text.get("font")] / ZOOM, "bold": text.find("b") is not None, "text": content})
    pages.append({"width": int(page.get("width")) / ZOOM, "height": int(page.get("height")) / ZOOM, "texts": texts})
print(json.dumps(pages))
