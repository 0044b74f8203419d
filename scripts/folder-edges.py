#!/usr/bin/env python3
"""The edges between the folders of a Swift module, and whether they make a cycle.

    scripts/folder-edges.py [--quiet] MODULE_FOLDER...

For each module folder given (Sources/ShopCore, ...), every file belongs to the folder right below
the module (the files directly in the module belong to "."). A folder A uses a folder B when a
file in A names a type, protocol, type alias, function, constant or variable declared at the top
level of a file in B (not private to it): that is the edge A -> B, printed with the names that make
it. Folders must not use each other in a circle, however long; the script prints each such cycle
and exits with 1 when there is one, 0 when there is none, 2 on a usage error.

What it cannot see: a member that an extension in one folder adds to a type of another, used by
name in a third (only the type's own folder is seen), and names declared twice in one module.
Comments and string literals are left out before names are looked for.
"""

import os
import re
import sys

DECLARATION = re.compile(
    r"^(?:@\w+(?:\([^)]*\))?\s+)*"
    r"((?:public|internal|package|private|fileprivate|open|final|indirect|nonisolated|static|mutating)\s+)*"
    r"(struct|class|enum|protocol|actor|typealias|func|let|var)\s+`?([A-Za-z_]\w*)"
)
EXTENSION = re.compile(r"^(?:public\s+|internal\s+|package\s+)?extension\s+([A-Za-z_][\w.]*)")
IDENTIFIER = re.compile(r"[A-Za-z_]\w*")


def strip(text):
    """The text without comments and the contents of string literals (interpolations included),
    line breaks kept, so that only code is searched for names."""
    out = []
    i = 0
    n = len(text)
    block = 0
    while i < n:
        if block:
            if text.startswith("*/", i):
                block -= 1
                i += 2
            elif text.startswith("/*", i):
                block += 1
                i += 2
            else:
                out.append("\n" if text[i] == "\n" else " ")
                i += 1
            continue
        if text.startswith("//", i):
            end = text.find("\n", i)
            i = n if end < 0 else end
            continue
        if text.startswith("/*", i):
            block = 1
            i += 2
            continue
        match = re.compile(r'(#*)("""|")').match(text, i)
        if match and (match.group(1) or text[i] == '"'):
            hashes, quote = match.group(1), match.group(2)
            closing = quote + hashes
            end = text.find(closing, match.end())
            # A backslash before a single-line quote escapes it (with no hashes).
            while end >= 0 and quote == '"' and not hashes and _escaped(text, end):
                end = text.find(closing, end + 1)
            end = n if end < 0 else end + len(closing)
            out.append('""' + "\n" * text.count("\n", i, end))
            i = end
            continue
        out.append(text[i])
        i += 1
    return "".join(out)


def _escaped(text, index):
    backslashes = 0
    while index - 1 - backslashes >= 0 and text[index - 1 - backslashes] == "\\":
        backslashes += 1
    return backslashes % 2 == 1


def module_files(module):
    """(folder, path) for every Swift file of the module, sorted."""
    found = []
    for root, _, names in os.walk(module):
        for name in names:
            if name.endswith(".swift"):
                path = os.path.join(root, name)
                relative = os.path.relpath(path, module)
                parts = relative.split(os.sep)
                found.append((parts[0] if len(parts) > 1 else ".", path))
    return sorted(found)


def edges_of(module):
    """{(user, used): set of names} for the folders of the module."""
    files = [(folder, path, strip(open(path, encoding="utf-8").read())) for folder, path in module_files(module)]
    declared = {}  # name -> set of folders
    for folder, _, code in files:
        for line in code.split("\n"):
            if line[:1].isspace():
                continue  # only top-level declarations
            match = DECLARATION.match(line)
            if match and not re.search(r"\b(private|fileprivate)\b", match.group(1) or ""):
                declared.setdefault(match.group(3), set()).add(folder)
    edges = {}
    for folder, _, code in files:
        names = set(IDENTIFIER.findall(code))
        for line in code.split("\n"):
            extension = EXTENSION.match(line)
            if extension:
                names.add(extension.group(1).split(".")[0])
        for name in names:
            owners = declared.get(name, set())
            if len(owners) != 1:
                continue  # not the module's, or declared twice: no single folder to point at
            (owner,) = owners
            if owner != folder:
                edges.setdefault((folder, owner), set()).add(name)
    return edges


def cycles(edges):
    """The strongly connected groups of more than one folder (Tarjan), each sorted."""
    graph = {}
    for user, used in edges:
        graph.setdefault(user, set()).add(used)
        graph.setdefault(used, set())
    index = {}
    low = {}
    stack = []
    on_stack = set()
    groups = []
    counter = [0]

    def visit(node):
        index[node] = low[node] = counter[0]
        counter[0] += 1
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph[node]):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(groups)


def main(arguments):
    quiet = "--quiet" in arguments
    modules = [argument for argument in arguments if argument != "--quiet"]
    if not modules or any(argument.startswith("-") for argument in modules):
        print(__doc__.strip().split("\n\n")[1], file=sys.stderr)
        return 2
    status = 0
    for module in modules:
        if not os.path.isdir(module):
            print(f"folder-edges: {module} is not a folder", file=sys.stderr)
            return 2
        name = os.path.basename(os.path.normpath(module))
        edges = edges_of(module)
        if not quiet:
            for (user, used), names in sorted(edges.items()):
                shown = ", ".join(sorted(names)[:6]) + (", ..." if len(names) > 6 else "")
                print(f"{name}: {user} -> {used} ({shown})")
        for group in cycles(edges):
            status = 1
            inside = sorted((user, used) for (user, used) in edges if user in group and used in group)
            print(f"{name}: cycle between {', '.join(group)}:", file=sys.stderr)
            for user, used in inside:
                print(f"  {user} -> {used} ({', '.join(sorted(edges[(user, used)]))})", file=sys.stderr)
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
