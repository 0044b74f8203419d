#!/usr/bin/env python3
"""A household sharing a catalog and two lists that name it through git, simulated: five clones of
one bare repository, each set up with `shop git setup` for the three files, and a seeded schedule
of steps. Each step picks a clone and edits a list with shop's commands, a list or the catalog by
hand (the catalog: a price, a new item, a new category an item moves to), commits, pulls (merging
through shop's driver, a true conflict resolved by a random choice of side for each of its hunks),
pushes, or goes offline for a while (it neither pulls nor pushes until it comes back).

Checked at every step:
- the clone's files pass `shop check` (the lists resolved against the catalog);
- every merge of each file keeps each side's committed edits: an item or key changed on one side
  only has that side's value, one changed alike on both has it, and one changed differently on
  the two (a true conflict) has one of the two values;
after a final round of pulls and pushes with every clone online, all clones hold the same bytes
in every file.

For every merge in which both sides changed a file, `git merge-file` is run on the same three
versions too: the figures say how many of its conflicts shop's merge avoided.

    scripts/household.py --shop PATH [--steps 2000] [--seed 1] [--clones 5] [--keep] [--progress]

Exit status 0 when every check held, 1 with the first failure on standard error.
"""

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import unicodedata

CATALOG = "catalog.yaml"
LISTS = ["weekly.yaml", "party.yaml"]
FILES = [CATALOG, *LISTS]

# The files the household starts from.
START = {
    CATALOG: """title: Household catalog
currency: EUR
categories:
  - Produce
  - Bakery
  - Dairy
  - Pantry
items:
  - name: Apples
    price: 2.49
    unit: kg
    category: Produce
  - name: Sourdough bread
    id: bread-sourdough
    price: 4.20
    category: Bakery
  - name: Milk
    id: milk-whole
    price: 1.15
    size: 1 l
    category: Dairy
  - name: Butter
    price: 2.89
    category: Dairy
  - name: Spaghetti
    price: 1.29
    category: Pantry
""",
    "weekly.yaml": """title: Weekly shopping
catalog: catalog.yaml
items:
  - name: Apples
    quantity: 2
    buy: true
  - name: Milk
    buy: true
""",
    "party.yaml": """title: Saturday party
catalog: catalog.yaml
items:
  - name: Sourdough bread
    quantity: 2
    buy: true
""",
}


def NAME_KEY(name):
    """A name as shop compares names: compatibility forms, case and white space aside."""
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())


class Failure(Exception):
    """A check that did not hold."""


class Household:
    def __init__(self, shop, root, clones, rng, verbose):
        self.shop = shop
        self.root = root
        self.rng = rng
        self.verbose = verbose
        self.env = dict(
            os.environ,
            HOME=root,
            GIT_CONFIG_NOSYSTEM="1",
            GIT_AUTHOR_NAME="Household",
            GIT_AUTHOR_EMAIL="household@example.org",
            GIT_COMMITTER_NAME="Household",
            GIT_COMMITTER_EMAIL="household@example.org",
            NO_COLOR="1",
        )
        self.env.pop("SHOP_FILE", None)
        self.origin = os.path.join(root, "origin.git")
        self.clones = [os.path.join(root, f"clone{index}") for index in range(clones)]
        self.offline_until = [0] * clones
        self.counter = 0
        # The items inside the hunks of the last resolution: a side taken whole may undo the other
        # side's edits of them, which the user chose.
        self.resolved_items = {name: set() for name in FILES}
        self.figures = dict(
            steps=0, shop_edits=0, hand_edits=0, catalog_edits=0, refused_edits=0, commits=0, pulls=0, fast_forwards=0,
            merges=0, list_merges=0, catalog_merges=0, renames_followed=0, true_conflicts=0, conflict_hunks=0, merge_file_conflicts=0,
            merge_file_conflicts_avoided=0, edits_undone_by_resolutions=0, pushes=0, pushes_refused=0, offline_spells=0,
        )

    # Processes.

    def run(self, args, cwd, check=True, stdin=None):
        result = subprocess.run(
            args, cwd=cwd, env=self.env, input=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        if check and result.returncode != 0:
            raise Failure(f"{' '.join(args)} in {cwd} exited {result.returncode}:\n"
                          f"{result.stdout.decode(errors='replace')}{result.stderr.decode(errors='replace')}")
        return result

    def git(self, clone, *args, check=True, stdin=None):
        return self.run(["git", *args], clone, check=check, stdin=stdin)

    def shop_cmd(self, clone, *args, check=True, stdin=None):
        return self.run([self.shop, *args], clone, check=check, stdin=stdin)

    # Set-up.

    def set_up(self):
        self.run(["git", "init", "-q", "--bare", "-b", "main", self.origin], self.root)
        first = self.clones[0]
        os.makedirs(first)
        self.git(first, "init", "-q", "-b", "main")
        for name, text in START.items():
            with open(os.path.join(first, name), "w", encoding="utf-8") as file:
                file.write(text)
        self.git_setup(first)
        self.git(first, "add", "-A")
        self.git(first, "commit", "-q", "-m", "A list for the household")
        self.git(first, "remote", "add", "origin", self.origin)
        self.git(first, "push", "-q", "-u", "origin", "main")
        for clone in self.clones[1:]:
            self.run(["git", "clone", "-q", self.origin, clone], self.root)
            self.git_setup(clone)
            if self.git(clone, "status", "--porcelain").stdout.strip():
                raise Failure(f"git setup changed the committed files of {clone}")
        for clone in self.clones:
            for name in FILES:
                attribute = self.git(clone, "check-attr", "merge", name).stdout.decode()
                if not attribute.strip().endswith("merge: shop"):
                    raise Failure(f"{clone}: git does not send {name} to shop's driver: {attribute}")

    def git_setup(self, clone):
        for name in FILES:
            self.shop_cmd(clone, "-f", name, "git", "setup")

    # The steps.

    def names(self, clone, name):
        """The names of a file's own items, as written (`shop list --names` adds a list's catalog's
        names, for completion)."""
        with open(os.path.join(clone, name), encoding="utf-8") as file:
            return [line[len("  - name: "):] for line in file.read().split("\n") if line.startswith("  - name: ")]

    def new_name(self, index):
        self.counter += 1
        return f"Item {index}-{self.counter}"

    def price(self):
        return f"{self.rng.randint(0, 19)}.{self.rng.randint(0, 99):02d}"

    def shop_edit(self, index):
        clone = self.clones[index]
        target = self.rng.choice(LISTS)
        names = self.names(clone, target)
        kind = self.rng.choice(
            ["add", "from-catalog", "from-catalog", "price", "quantity", "rm", "buy", "buy", "unbuy", "done", "undone", "clear"])
        keys = {NAME_KEY(name) for name in names}
        missing = [name for name in self.names(clone, CATALOG) if NAME_KEY(name) not in keys]
        if kind == "from-catalog" and missing:
            # A catalog item put on the list: its price, unit and category come from the catalog.
            args = ["add", self.rng.choice(missing), "--quantity", str(self.rng.randint(1, 4))]
        elif kind in ("add", "from-catalog") or not names:
            args = ["add", self.new_name(index), "--price", self.price()]
        elif kind == "price":
            args = ["edit", self.rng.choice(names), "--price", self.price()]
        elif kind == "quantity":
            args = ["edit", self.rng.choice(names), "--quantity", str(self.rng.randint(2, 9))]
        elif kind == "clear":
            args = ["clear"]
        else:
            args = [kind, self.rng.choice(names)]
        result = self.shop_cmd(clone, "-f", target, *args, check=False)
        if result.returncode == 1:
            if self.verbose:
                print(f"refused: {' '.join(args)}: {result.stderr.decode().strip()}", file=sys.stderr)
            # Refused, with a reason (an item already on the list, say): nothing written.
            self.figures["refused_edits"] += 1
        elif result.returncode != 0:
            raise Failure(f"shop {' '.join(args)} in {clone} exited {result.returncode}: {result.stderr.decode()}")
        else:
            self.figures["shop_edits"] += 1
        return f"shop -f {target} {' '.join(args)}"

    def hand_edit(self, index):
        clone = self.clones[index]
        target = self.rng.choice(LISTS)
        path = os.path.join(clone, target)
        with open(path, encoding="utf-8") as file:
            lines = file.read().split("\n")
        kind = self.rng.choice(["price", "comment", "append"])
        prices = [number for number, line in enumerate(lines) if line.startswith("    price: ")]
        items = [number for number, line in enumerate(lines) if line.startswith("  - name: ")]
        if kind == "price" and prices:
            number = self.rng.choice(prices)
            lines[number] = "    price: " + self.price()
        elif kind == "comment" and items:
            number = self.rng.choice(items)
            lines.insert(number, f"  # note {self.counter} from clone {index}")
            self.counter += 1
        else:
            kind = "append"
            while lines and lines[-1] == "":
                lines.pop()
            lines += [f"  - name: {self.new_name(index)}", f"    quantity: {self.rng.randint(2, 9)}", ""]
        with open(path, "w", encoding="utf-8") as file:
            file.write("\n".join(lines))
        self.figures["hand_edits"] += 1
        return f"by hand: {kind} in {target}"

    def catalog_edit(self, index):
        """The catalog edited by hand: a price, a new item, or a new category an item moves to."""
        path = os.path.join(self.clones[index], CATALOG)
        with open(path, encoding="utf-8") as file:
            lines = file.read().split("\n")
        kind = self.rng.choice(["price", "price", "item", "category"])
        prices = [number for number, line in enumerate(lines) if line.startswith("    price: ")]
        categories = [number for number, line in enumerate(lines) if line.startswith("  - ") and not line.startswith("  - name: ")
                      and number < lines.index("items:")]
        if kind == "price" and prices:
            lines[self.rng.choice(prices)] = "    price: " + self.price()
        elif kind == "category" and categories:
            # A new category, and an item of the catalog moved to it.
            self.counter += 1
            category = f"Aisle {index}-{self.counter}"
            lines.insert(categories[-1] + 1, f"  - {category}")
            moved = [number for number, line in enumerate(lines) if line.startswith("    category: ")]
            if moved:
                lines[self.rng.choice(moved)] = f"    category: {category}"
        else:
            kind = "item"
            names = [line[len("  - "):] for line in (lines[number] for number in categories)]
            while lines and lines[-1] == "":
                lines.pop()
            lines += [f"  - name: Product {index}-{self.counter + 1}", f"    price: {self.price()}"]
            self.counter += 1
            if names:
                lines.append(f"    category: {self.rng.choice(names)}")
            lines.append("")
        with open(path, "w", encoding="utf-8") as file:
            file.write("\n".join(lines))
        self.figures["catalog_edits"] += 1
        return f"by hand: {kind} in the catalog"

    def commit(self, index):
        clone = self.clones[index]
        if not self.git(clone, "status", "--porcelain").stdout.strip():
            return False
        self.git(clone, "commit", "-q", "-a", "-m", f"step {self.figures['steps']}")
        self.figures["commits"] += 1
        return True

    def version(self, clone, revision, name):
        result = self.git(clone, "show", f"{revision}:{name}", check=False)
        return result.stdout if result.returncode == 0 else None

    def items(self, clone, text):
        """The items of a version, by name: each a dictionary of its values as exported (a list's
        resolved against the clone's catalog, the same for every version compared)."""
        if text is None:
            return {}
        out = self.shop_cmd(clone, "export", "--format", "json", "--all", "-", stdin=text).stdout
        items = {}
        for item in json.loads(out)["items"]:
            item.pop("total", None)
            items[item["name"]] = item
        return items

    def pull(self, index):
        clone = self.clones[index]
        self.commit(index)
        self.git(clone, "fetch", "-q", "origin")
        self.figures["pulls"] += 1
        if self.git(clone, "merge-base", "--is-ancestor", "origin/main", "HEAD", check=False).returncode == 0:
            return "pull: up to date"
        if self.git(clone, "merge-base", "--is-ancestor", "HEAD", "origin/main", check=False).returncode == 0:
            self.git(clone, "merge", "-q", "--ff-only", "origin/main")
            self.figures["fast_forwards"] += 1
            return "pull: fast-forward"
        self.figures["merges"] += 1
        base_commit = self.git(clone, "merge-base", "HEAD", "origin/main").stdout.decode().strip()
        versions, both_changed, merge_file_conflicts = {}, [], set()
        for name in FILES:
            base, ours, theirs = (self.version(clone, revision, name) for revision in (base_commit, "HEAD", "origin/main"))
            versions[name] = (base, ours, theirs)
            if ours != base and theirs != base and ours != theirs:
                both_changed.append(name)
                self.figures["list_merges" if name != CATALOG else "catalog_merges"] += 1
                if self.merge_file_conflicts(base, ours, theirs):
                    merge_file_conflicts.add(name)
        self.resolved_items = {name: set() for name in FILES}
        merged = self.git(clone, "merge", "-q", "--no-edit", "origin/main", check=False)
        conflicted = self.git(clone, "diff", "--name-only", "--diff-filter=U").stdout.decode().split()
        note = "pull: merged"
        if merged.returncode != 0:
            if not conflicted or not set(conflicted) <= set(FILES):
                raise Failure(f"git merge in {clone} failed without a conflict in the files:\n{merged.stderr.decode()}")
            for name in conflicted:
                self.figures["true_conflicts"] += 1
                self.resolve(clone, name)
            self.check(clone)
            self.git(clone, "commit", "-q", "--no-edit")
            note = f"pull: true conflict in {', '.join(conflicted)}, resolved"
        for name in merge_file_conflicts:
            self.figures["merge_file_conflicts"] += 1
            if name not in conflicted:
                self.figures["merge_file_conflicts_avoided"] += 1
        for name in both_changed:
            self.check_merge(clone, name, *versions[name])
        return note

    def merge_file_conflicts(self, base, ours, theirs):
        """Whether git merge-file conflicts on the three versions."""
        folder = tempfile.mkdtemp(dir=self.root)
        try:
            paths = []
            for name, text in (("ours", ours), ("base", base), ("theirs", theirs)):
                path = os.path.join(folder, name)
                with open(path, "wb") as file:
                    file.write(text or b"")
                paths.append(path)
            result = self.run(["git", "merge-file", "-p", *paths], folder, check=False)
            if result.returncode < 0 or result.returncode > 127:
                raise Failure(f"git merge-file failed: {result.stderr.decode()}")
            return result.returncode > 0
        finally:
            shutil.rmtree(folder)

    def resolve(self, clone, file_name):
        """Resolves every conflict of a file by taking one side of each hunk, at random."""
        resolved_items = self.resolved_items[file_name]
        path = os.path.join(clone, file_name)
        with open(path, encoding="utf-8") as file:
            lines = file.read().split("\n")
        out, side, hunk = [], None, None
        # The item the text has reached: a hunk that starts inside it holds some of its keys.
        current = None
        for line in lines:
            name = line[len("  - name: "):] if line.startswith("  - name: ") else None
            if line.startswith("<<<<<<<") and side is None:
                side, hunk = "ours", {"ours": [], "theirs": []}
                if current is not None:
                    resolved_items.add(current)
            elif line.startswith("=======") and side == "ours":
                side = "theirs"
            elif line.startswith(">>>>>>>") and side == "theirs":
                taken = hunk[self.rng.choice(["ours", "theirs"])]
                out += taken
                current = next((line[len("  - name: "):] for line in reversed(taken) if line.startswith("  - name: ")), current)
                self.figures["conflict_hunks"] += 1
                side = None
            elif side is None:
                out.append(line)
                current = name if name is not None else current
            else:
                hunk[side].append(line)
                if name is not None:
                    resolved_items.add(name)
        if side is not None:
            raise Failure(f"unclosed conflict markers in {path}")
        with open(path, "w", encoding="utf-8") as file:
            file.write("\n".join(out))
        self.git(clone, "add", file_name)

    def renames(self, clone, old, new):
        """The items `new` renamed from `old`, by new name, as `shop diff` tells them."""
        folder = tempfile.mkdtemp(dir=self.root)
        try:
            paths = []
            for name, text in (("old.yaml", old), ("new.yaml", new)):
                paths.append(os.path.join(folder, name))
                with open(paths[-1], "wb") as file:
                    file.write(text or b"")
            # Run in the clone, where a list's catalog is.
            out = self.shop_cmd(clone, "diff", "--format", "json", *paths, check=False).stdout
        finally:
            shutil.rmtree(folder)
        try:
            changes = json.loads(out)["items"]
        except (ValueError, KeyError):
            return {}
        return {change["item"]: change["renamedFrom"] for change in changes if change.get("renamedFrom")}

    def check_merge(self, clone, file_name, base, ours, theirs):
        """Every edit of either side that the other side did not also change is in the merge; a
        value both changed differently is one of the two."""
        merged = self.version(clone, "HEAD", file_name)
        b, o, t, m = (self.items(clone, text) for text in (base, ours, theirs, merged))
        # An item one side renamed (as shop's diff and merge match renames: an item removed and one
        # added with the same values) is compared under its name in the base.
        renames = {**self.renames(clone, base, ours), **self.renames(clone, base, theirs)}
        for items in (o, t, m):
            for new, old in renames.items():
                if new in items and old not in items:
                    items[old] = dict(items.pop(new), name=old)
                    self.figures["renames_followed"] += 1
        for name in set(b) | set(o) | set(t) | set(m):
            bi, oi, ti, mi = b.get(name), o.get(name), t.get(name), m.get(name)
            if name in self.resolved_items[file_name]:
                # In a hunk resolved by taking one side whole: each of the item's keys is one
                # side's, which may undo the other side's edit of it, as the user chose.
                sides = [item for item in (oi, ti) if item is not None]
                if mi is None:
                    holds = len(sides) < 2
                else:
                    keys = set(mi).union(*sides)
                    holds = bool(sides) and all(mi.get(key) in [side.get(key) for side in sides] for key in keys)
                if not holds:
                    raise Failure(f"merge of {file_name} in {clone}: {name!r} is neither side's after the resolution: {mi}")
                if None not in (bi, oi, ti, mi):
                    for key in set(bi) | set(oi) | set(ti):
                        bv, ov, tv = bi.get(key), oi.get(key), ti.get(key)
                        if ov != tv and (ov == bv or tv == bv) and mi.get(key) == bv:
                            self.figures["edits_undone_by_resolutions"] += 1
                continue
            if oi == bi:
                wanted = [ti]
            elif ti == bi:
                wanted = [oi]
            elif oi == ti:
                wanted = [oi]
            elif None in (bi, oi, ti):
                # Removed on one side and changed on the other: a conflict, either side may win.
                wanted = [oi, ti]
            else:
                for key in set(bi) | set(oi) | set(ti):
                    bv, ov, tv, mv = bi.get(key), oi.get(key), ti.get(key), (mi or {}).get(key)
                    allowed = [tv] if ov == bv else [ov] if tv == bv or ov == tv else [ov, tv]
                    if mi is None or mv not in allowed:
                        raise Failure(
                            f"merge of {file_name} in {clone} lost an edit of {name!r}'s {key}: base {bv!r}, ours {ov!r}, "
                            f"theirs {tv!r}, merged {None if mi is None else mv!r}")
                continue
            if mi not in wanted:
                raise Failure(
                    f"merge of {file_name} in {clone} lost an edit of {name!r}: base {bi}, ours {oi}, theirs {ti}, merged {mi}")

    def push(self, index):
        clone = self.clones[index]
        self.commit(index)
        result = self.git(clone, "push", "-q", "origin", "main", check=False)
        if result.returncode != 0:
            self.figures["pushes_refused"] += 1
            return "push: refused (behind)"
        self.figures["pushes"] += 1
        return "push"

    def check(self, clone):
        # Each list is checked resolved against the catalog, and the catalog once.
        result = self.shop_cmd(clone, "check", *FILES, check=False)
        if result.returncode != 0:
            raise Failure(f"shop check fails in {clone}:\n{result.stdout.decode()}{result.stderr.decode()}")

    # The schedule.

    def step(self, number, long_absences):
        self.figures["steps"] += 1
        index = self.rng.randrange(len(self.clones))
        online = self.offline_until[index] <= number
        action = self.rng.choices(
            ["shop", "hand", "catalog", "commit", "pull", "push", "offline"], weights=[30, 10, 8, 15, 20, 20, 2])[0]
        if action in ("pull", "push") and not online:
            action = "commit"
        if action == "shop":
            note = self.shop_edit(index)
        elif action == "hand":
            note = self.hand_edit(index)
        elif action == "catalog":
            note = self.catalog_edit(index)
        elif action == "commit":
            note = "commit" if self.commit(index) else "commit: nothing to commit"
        elif action == "pull":
            note = self.pull(index)
        elif action == "push":
            note = self.push(index)
        else:
            length = self.rng.randint(100, 400) if long_absences else self.rng.randint(5, 30)
            self.offline_until[index] = number + length
            self.figures["offline_spells"] += 1
            note = f"offline for {length} steps"
        self.check(self.clones[index])
        if self.verbose:
            print(f"{number:5} clone{index}: {note}", file=sys.stderr)

    def final_round(self):
        """Every clone online: pulls and pushes until a round changes nothing, then one more pull
        each; every clone then holds the same commit and the same bytes."""
        for _ in range(len(self.clones) + 2):
            changed = False
            for index, clone in enumerate(self.clones):
                before = self.git(clone, "rev-parse", "HEAD").stdout
                self.pull(index)
                self.check(clone)
                self.push(index)
                changed |= self.git(clone, "rev-parse", "HEAD").stdout != before
            if not changed:
                break
        heads = {self.git(clone, "rev-parse", "HEAD").stdout.decode().strip() for clone in self.clones}
        if len(heads) != 1:
            raise Failure(f"after the final round the clones are at different commits: {sorted(heads)}")
        texts = set()
        for clone in self.clones:
            if self.git(clone, "status", "--porcelain").stdout.strip():
                raise Failure(f"{clone} has uncommitted changes after the final round")
            contents = []
            for name in FILES:
                with open(os.path.join(clone, name), "rb") as file:
                    contents.append(file.read())
            texts.add(tuple(contents))
        if len(texts) != 1:
            raise Failure("after the final round the clones' files differ")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shop", required=True, help="the shop program to run")
    parser.add_argument("--steps", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--clones", type=int, default=5)
    parser.add_argument("--keep", action="store_true", help="keep the clones' folder and print its path")
    parser.add_argument("--verbose", action="store_true", help="print each step on standard error")
    parser.add_argument("--progress", action="store_true", help="print the figures every 100 steps on standard error")
    options = parser.parse_args()
    shop = os.path.abspath(options.shop)
    root = tempfile.mkdtemp(prefix="shop-household-")
    household = Household(shop, root, options.clones, random.Random(options.seed), options.verbose)
    number = 0
    try:
        household.set_up()
        # Long absences (clones offline for hundreds of steps) once the schedule is long enough.
        long_absences = options.steps >= 1000
        for number in range(options.steps):
            household.step(number, long_absences)
            if options.progress and number % 100 == 99:
                print(json.dumps(household.figures), file=sys.stderr, flush=True)
        household.final_round()
    except Failure as failure:
        print(f"household: step {number} (seed {options.seed}): {failure}", file=sys.stderr)
        print(f"household: the clones are kept in {root}", file=sys.stderr)
        return 1
    finally:
        print(json.dumps(household.figures), flush=True)
    if options.keep:
        print(f"household: the clones are in {root}", file=sys.stderr)
    else:
        shutil.rmtree(root)
    return 0


if __name__ == "__main__":
    sys.exit(main())
