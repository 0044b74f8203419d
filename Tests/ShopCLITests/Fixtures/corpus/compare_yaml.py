"""Judges what `shop fmt` did with YAML files, with YAML readers that shop does not use.

    python3 compare_yaml.py < CASES.json

CASES.json is a list of cases. {"input": PATH, "output": TEXT} is a file that fmt formatted into
TEXT: PyYAML (in Python and, where it is built with it, over libyaml) and ruamel.yaml must read
the same data from both (each reader that can read the input), and the comments (found from
PyYAML's tokens: a '#' outside every token, at the start of a line or after white space, up to
the end of its line) must be the same texts in the same order. {"input": PATH, "refused": KIND,
"line": LINE} is a file that fmt refused, for KIND (anchor, alias, tag, directive,
multipleDocuments or syntax) first found at LINE: PyYAML must find that KIND in the file, first at
LINE, or, for syntax, fail to read it.

Prints one JSON object: {"formatted": [{"input", "readers", "comments", "dataProblems",
"commentProblems"}], "refused": [{"input", "problems"}]}, where "readers" are the readers that
read the input and "comments" the comments found in it.
"""
import difflib
import json
import math
import sys

import yaml
from ruamel.yaml import YAML

ruamel = YAML(typ="safe", pure=True)
READERS = {
    "PyYAML": lambda text: yaml.load(text, Loader=yaml.SafeLoader),
    "ruamel.yaml": ruamel.load,
}
if getattr(yaml, "__with_libyaml__", False):
    READERS["PyYAML with libyaml"] = lambda text: yaml.load(text, Loader=yaml.CSafeLoader)


def normalized(value):
    """The data as a comparable value: mappings without their order, NaN equal to itself, every
    scalar with its type (a string "1" is not the integer 1)."""
    if isinstance(value, float) and math.isnan(value):
        return ("float", "nan")
    if isinstance(value, dict):
        return ("map", sorted((repr(normalized(key)), normalized(item)) for key, item in value.items()))
    if isinstance(value, list):
        return ("seq", [normalized(item) for item in value])
    return (type(value).__name__, repr(value))


def comments(text):
    inside = bytearray(len(text) + 1)
    for token in yaml.scan(text, Loader=yaml.SafeLoader):
        inside[token.start_mark.index:token.end_mark.index] = b"\x01" * (token.end_mark.index - token.start_mark.index)
    found = []
    index = 0
    while index < len(text):
        if text[index] == "#" and not inside[index] and (index == 0 or text[index - 1] in " \t\r\n\ufeff"):
            end = text.find("\n", index)
            end = len(text) if end < 0 else end
            found.append(text[index:end].rstrip(" \t\r"))
            index = end
        else:
            index += 1
    return found


def judge_formatted(case, text):
    output = case["output"]
    data_problems, comment_problems, readers = [], [], []
    for name, load in READERS.items():
        try:
            before = load(text)
        except Exception:
            continue  # a file this reader does not read (ruamel.yaml refuses duplicate keys)
        readers.append(name)
        try:
            after = load(output)
        except Exception as error:
            data_problems.append("%s cannot read the output: %s" % (name, error))
            continue
        if normalized(before) != normalized(after):
            data_problems.append("%s reads other data from the output" % name)
    found = comments(text)
    kept = comments(output)
    if found != kept:
        diff = difflib.unified_diff(found, kept, "comments of the input", "comments of the output", lineterm="")
        comment_problems.append("the comments differ:\n" + "\n".join(list(diff)[:20]))
    return {
        "input": case["input"],
        "readers": readers,
        "comments": found,
        "dataProblems": data_problems,
        "commentProblems": comment_problems,
    }


def features(text):
    """The first line (1-based) of each thing shop refuses, as PyYAML's parser reports them."""
    found = {}
    documents = 0
    try:
        for event in yaml.parse(text, Loader=yaml.SafeLoader):
            line = event.start_mark.line + 1
            if isinstance(event, yaml.DocumentStartEvent):
                documents += 1
                if documents == 2:
                    found.setdefault("multipleDocuments", line)
                if event.version or event.tags:
                    found.setdefault("directive", line)
            elif isinstance(event, yaml.AliasEvent):
                found.setdefault("alias", line)
            elif isinstance(event, yaml.NodeEvent):
                if event.anchor is not None:
                    found.setdefault("anchor", line)
                if getattr(event, "tag", None) is not None:
                    found.setdefault("tag", line)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        found["syntax"] = mark.line + 1 if mark else 0
    return found


def judge_refused(case, text):
    kind, line = case["refused"], case["line"]
    found = features(text)
    problems = []
    if kind not in found:
        problems.append("refused for %s, but PyYAML finds none (it finds %s)" % (kind, found or "nothing to refuse"))
    elif kind != "syntax" and found[kind] != line:
        problems.append("refused for %s at line %d, but PyYAML finds the first at line %d" % (kind, line, found[kind]))
    return {"input": case["input"], "problems": problems}


def main():
    report = {"formatted": [], "refused": []}
    for case in json.load(sys.stdin):
        with open(case["input"], "rb") as file:
            text = file.read().decode("utf-8")
        if "output" in case:
            report["formatted"].append(judge_formatted(case, text))
        else:
            report["refused"].append(judge_refused(case, text))
    json.dump(report, sys.stdout)


main()
