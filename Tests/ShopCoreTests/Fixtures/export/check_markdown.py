"""Renders Markdown exports with two real renderers and checks them against the lists they came from.

    python3 check_markdown.py EXPECTED.json EXPORT.md [EXPECTED.json EXPORT.md ...]

Each EXPECTED.json is a list of {"name", "done", "notes"} objects, one per exported item (any
order). Each export must render, in markdown-it-py (CommonMark with the task-list plugin of
mdit-py-plugins) and in cmark-gfm (GitHub's renderer, with its task-list, autolink, strikethrough
and table extensions), as exactly one task item per exported item, checked when the item is done,
whose text is the name (alone, or followed by " \u2014 " and the quantity and total), with the notes
as a block quote inside the item whose text is the notes. Prints every difference and exits 1 when
there is one; a missing renderer or module is an error too.
"""
import json
import subprocess
import sys
import xml.etree.ElementTree as ElementTree

from markdown_it import MarkdownIt
from mdit_py_plugins.tasklists import tasklists_plugin

SEPARATOR = " \u2014 "
NAMESPACE = "{http://commonmark.org/xml/1.0}"
# XML 1.0 cannot hold most control characters, which cmark-gfm copies through as they are, and XML
# readers turn carriage returns into line feeds: such characters are moved to private-use
# characters for parsing and moved back in the text read.
PRIVATE = 0xF0000
problems = []


def expected_notes(notes):
    """Notes as a renderer shows them: blank lines at the ends dropped, runs of blank lines one break."""
    if notes is None:
        return None
    lines = notes.split("\n")
    blank = [line.strip(" \t") == "" for line in lines]
    if all(blank):
        return None
    first = blank.index(False)
    last = len(lines) - 1 - blank[::-1].index(False)
    paragraphs, current = [], []
    for line, is_blank in zip(lines[first:last + 1], blank[first:last + 1]):
        if is_blank:
            if current:
                paragraphs.append("\n".join(current))
                current = []
        else:
            current.append(line)
    paragraphs.append("\n".join(current))
    return "\n\n".join(paragraphs)


def compare(expected, found, where):
    """found: (text, done, notes) of each task item a renderer saw."""
    remaining = list(expected)
    for text, done, notes in found:
        match = None
        # The longest matching name wins, so that "Tea" does not claim "Tea — 2 kg".
        for index, item in enumerate(remaining):
            name = item["name"]
            if text == name or text.startswith(name + SEPARATOR):
                if match is None or len(name) > len(remaining[match]["name"]):
                    match = index
        if match is None:
            problems.append(f"{where}: the task item {text!r} matches no exported name")
            continue
        item = remaining.pop(match)
        if done != item["done"]:
            problems.append(f"{where}: {item['name']!r} is {'checked' if done else 'unchecked'}")
        if notes != expected_notes(item.get("notes")):
            problems.append(f"{where}: the notes of {item['name']!r} render as {notes!r}")
    for item in remaining:
        problems.append(f"{where}: no task item for {item['name']!r}")


def inline_tokens_text(children, where):
    text = ""
    for child in children:
        if child.type == "text":
            text += child.content
        elif child.type in ("softbreak", "hardbreak"):
            text += "\n"
        else:
            problems.append(f"{where}: {child.type} in {text!r}")
    return text


def markdown_it_items(source, where):
    """The task items markdown-it-py renders, from its token stream."""
    tokens = MarkdownIt("commonmark").use(tasklists_plugin).enable(["table", "strikethrough"]).parse(source)
    found = []
    for index, token in enumerate(tokens):
        if token.type != "list_item_open":
            continue
        line = token.map[0] + 1
        if index + 2 >= len(tokens) or tokens[index + 1].type != "paragraph_open":
            problems.append(f"{where}: the list item at line {line} has no paragraph")
            continue
        children = tokens[index + 2].children or []
        if not children or children[0].type != "html_inline" or "task-list-item-checkbox" not in children[0].content:
            problems.append(f"{where}: the list item at line {line} is not a task item")
            continue
        done = 'checked="checked"' in children[0].content
        text = inline_tokens_text(children[1:], f"{where}: the item at line {line}")
        # The plugin leaves the space after the checkbox.
        text = text[1:] if text.startswith(" ") else text
        paragraphs = []
        depth = 0
        position = index + 4
        while position < len(tokens) and tokens[position].type != "list_item_close":
            child = tokens[position]
            if child.type == "blockquote_open":
                depth += 1
            elif child.type == "blockquote_close":
                depth -= 1
            elif child.type == "inline" and depth == 1:
                paragraphs.append(inline_tokens_text(child.children, f"{where}: the notes of {text!r}"))
            elif child.type not in ("paragraph_open", "paragraph_close") or depth != 1:
                problems.append(f"{where}: {child.type} inside the item {text!r}")
            position += 1
        found.append((text, done, "\n\n".join(paragraphs) if paragraphs else None))
    return found


def restore(text):
    return "".join(chr(ord(c) - PRIVATE) if PRIVATE <= ord(c) < PRIVATE + 0x10000 else c for c in text)


def xml_inline_text(element, where):
    text = ""
    for child in element:
        tag = child.tag[len(NAMESPACE):]
        if tag == "text":
            text += restore(child.text or "")
        elif tag in ("softbreak", "linebreak"):
            text += "\n"
        elif tag == "link":
            # GFM's autolink extension links bare e-mail addresses; their text is kept.
            text += xml_inline_text(child, where)
        else:
            problems.append(f"{where}: {tag} in {text!r}")
    return text


def cmark_gfm_items(source, where):
    """The task items cmark-gfm renders, from its XML tree."""
    run = subprocess.run(
        ["cmark-gfm", "-e", "tasklist", "-e", "autolink", "-e", "strikethrough", "-e", "table", "--to", "xml"],
        input=source.encode("utf-8"), capture_output=True, check=True)
    xml_text = "".join(
        chr(PRIVATE + ord(c)) if (ord(c) < 0x20 and c not in "\t\n") or c in "\ufffe\uffff" else c
        for c in run.stdout.decode("utf-8"))
    tree = ElementTree.fromstring(xml_text)
    found = []
    for item in tree.iter(NAMESPACE + "item"):
        problems.append(f"{where}: a list item that is not a task item: "
                        + ElementTree.tostring(item, encoding="unicode")[:200])
    for task in tree.iter(NAMESPACE + "tasklist"):
        blocks = list(task)
        if not blocks or blocks[0].tag != NAMESPACE + "paragraph":
            problems.append(f"{where}: a task item without a paragraph")
            continue
        text = xml_inline_text(blocks[0], f"{where}: an item")
        notes = None
        for block in blocks[1:]:
            if block.tag != NAMESPACE + "block_quote":
                problems.append(f"{where}: {block.tag[len(NAMESPACE):]} inside the item {text!r}")
                continue
            paragraphs = []
            for paragraph in block:
                if paragraph.tag != NAMESPACE + "paragraph":
                    problems.append(f"{where}: {paragraph.tag[len(NAMESPACE):]} inside the notes of {text!r}")
                    continue
                paragraphs.append(xml_inline_text(paragraph, f"{where}: the notes of {text!r}"))
            notes = "\n\n".join(paragraphs)
        found.append((text, task.get("completed") == "true", notes))
    return found


arguments = sys.argv[1:]
if not arguments or len(arguments) % 2:
    sys.exit("usage: check_markdown.py EXPECTED.json EXPORT.md [EXPECTED.json EXPORT.md ...]")
checked = 0
for expected_path, markdown_path in zip(arguments[0::2], arguments[1::2]):
    with open(expected_path, encoding="utf-8") as file:
        expected = json.load(file)
    with open(markdown_path, encoding="utf-8", newline="") as file:
        source = file.read()
    compare(expected, markdown_it_items(source, f"{markdown_path} (markdown-it)"), f"{markdown_path} (markdown-it)")
    compare(expected, cmark_gfm_items(source, f"{markdown_path} (cmark-gfm)"), f"{markdown_path} (cmark-gfm)")
    checked += len(expected)

if problems:
    print("\n".join(problems))
    sys.exit(1)
print(f"ok: {checked} items in {len(arguments) // 2} files")
