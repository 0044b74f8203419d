#!/usr/bin/env python3
"""What the `unmerged` check costs `shop check` on a list outside an unfinished merge.

    Benchmarks/unmerged_cost.py SHOP [RUNS] [FILES,...]

Makes one list of 100 items (Benchmarks/generate.py) in a folder outside any git work tree, and
the same list committed in git repositories whose index holds it and FILES other files each
(default 2000 and 20000: a household's repository, and a large one), plus one where a merge whose
driver could not run left the list unmerged (which hashes the file). Then, in RUNS rounds (default
400), runs `SHOP check shopping.yaml` once in each folder, in turn, so that all see the same
machine load, and prints each one's median and mean wall-clock time and, for each repository, the
median of its round-by-round difference from the run outside git: the cost of finding the work
tree, reading the index and the configuration, and looking the list up; the same for processor
time (user and system, from wait4), which other work on the machine disturbs less. Outside git the
check still walks up the folders looking for `.git`: a few stat calls, which this does not count.

With strace installed it also counts the programs each run starts (execve): shop itself only.
Exit status 1 when a run outside a merge costs 1 ms or more than outside git (in both measures), or
a run starts a program.
A benchmark, not a test: it is not part of `swift test`.
"""
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

shop = os.path.abspath(sys.argv[1])
runs = int(sys.argv[2]) if len(sys.argv) > 2 else 400
sizes = [int(n) for n in sys.argv[3].split(",")] if len(sys.argv) > 3 else [2000, 20000]
here = os.path.dirname(os.path.abspath(__file__))
environment = dict(os.environ, GIT_CONFIG_NOSYSTEM="1", GIT_CONFIG_GLOBAL="/dev/null", HOME="/nonexistent",
                   GIT_AUTHOR_NAME="Sam", GIT_AUTHOR_EMAIL="sam@example.org", GIT_COMMITTER_NAME="Sam",
                   GIT_COMMITTER_EMAIL="sam@example.org", NO_COLOR="1")


def git(folder, *arguments, check=True):
    return subprocess.run(["git", "-C", folder, *arguments], env=environment, capture_output=True, check=check)


def repository(folder, files, text):
    os.makedirs(folder)
    git(folder, "init", "-q", "-b", "main")
    for number in range(files):
        sub = os.path.join(folder, "notes", "%03d" % (number // 100))
        os.makedirs(sub, exist_ok=True)
        with open(os.path.join(sub, "note-%05d.txt" % number), "w") as out:
            out.write("note %d\n" % number)
    with open(os.path.join(folder, "shopping.yaml"), "w") as out:
        out.write(text)
    git(folder, "add", "-A")
    git(folder, "commit", "-q", "-m", "base")


def unmerged(folder, text):
    """A repository where a merge whose driver could not run left shopping.yaml unmerged."""
    repository(folder, 0, text)
    git(folder, "config", "merge.shop.driver", "/nonexistent/bin/shop merge %O %A %B")
    with open(os.path.join(folder, ".gitattributes"), "w") as out:
        out.write("shopping.yaml merge=shop\n")
    git(folder, "add", "-A")
    git(folder, "commit", "-q", "-m", "attributes")
    git(folder, "checkout", "-q", "-b", "other")
    with open(os.path.join(folder, "shopping.yaml"), "w") as out:
        out.write(text.replace("title:", "# theirs\ntitle:", 1))
    git(folder, "commit", "-q", "-am", "theirs")
    git(folder, "checkout", "-q", "main")
    with open(os.path.join(folder, "shopping.yaml"), "w") as out:
        out.write(text.replace("title:", "# ours\ntitle:", 1))
    git(folder, "commit", "-q", "-am", "ours")
    git(folder, "merge", "other", check=False)
    assert git(folder, "ls-files", "-u").stdout, "the list is unmerged"


def run(folder):
    """Runs shop check in `folder` with its output discarded; the seconds it took, and the
    processor time it used (user and system), which a machine busy with other work disturbs less."""
    devnull = os.open(os.devnull, os.O_RDWR)
    os.chdir(folder)
    start = time.perf_counter()
    pid = os.posix_spawn(shop, [shop, "check", "shopping.yaml"], environment,
                         file_actions=[(os.POSIX_SPAWN_DUP2, devnull, 0), (os.POSIX_SPAWN_DUP2, devnull, 1),
                                       (os.POSIX_SPAWN_DUP2, devnull, 2)])
    _, _, usage = os.wait4(pid, 0)
    seconds = time.perf_counter() - start
    os.close(devnull)
    return seconds, usage.ru_utime + usage.ru_stime


def programs_started(folder):
    """How many programs a run starts (execve calls, shop's own included), by strace; None without it."""
    if shutil.which("strace") is None:
        return None
    with tempfile.NamedTemporaryFile() as trace:
        subprocess.run(["strace", "-f", "-qq", "-o", trace.name, "-e", "trace=execve", shop, "check", "shopping.yaml"],
                       cwd=folder, env=environment, capture_output=True)
        return sum(1 for line in open(trace.name) if "execve(" in line)


with tempfile.TemporaryDirectory() as work:
    text = subprocess.run([sys.executable, os.path.join(here, "generate.py"), "100"], capture_output=True, text=True,
                          check=True).stdout
    outside = os.path.join(work, "outside")
    os.makedirs(outside)
    with open(os.path.join(outside, "shopping.yaml"), "w") as out:
        out.write(text)
    assert git(outside, "rev-parse", check=False).returncode != 0, "the work folder is outside every git work tree"
    cases = [("outside git", outside)]
    for files in sizes:
        folder = os.path.join(work, "repository-%d" % files)
        repository(folder, files, text)
        index = os.path.getsize(os.path.join(folder, ".git", "index"))
        cases.append(("in git, %d files (index %d KiB)" % (files + 1, index // 1024), folder))
    folder = os.path.join(work, "unmerged")
    unmerged(folder, text)
    cases.append(("in an unfinished merge, unmerged", folder))

    times = {label: [] for label, _ in cases}
    for _ in range(runs):
        for label, folder in cases:
            times[label].append(run(folder))

    status = 0
    base = times["outside git"]
    print("shop check on a list of 100 items, %d runs each, interleaved; wall-clock time and processor time" % runs)
    for label, folder in cases:
        values = times[label]
        wall = [w for w, _ in values]
        cpu = [c for _, c in values]
        line = "%-38s wall %.3f ms, cpu %.3f ms" % (label, statistics.median(wall) * 1000, statistics.median(cpu) * 1000)
        if label != "outside git":
            added_wall = statistics.median([a[0] - b[0] for a, b in zip(values, base)]) * 1000
            added_cpu = statistics.median([a[1] - b[1] for a, b in zip(values, base)]) * 1000
            line += "; added: wall %+.3f ms, cpu %+.3f ms" % (added_wall, added_cpu)
            if label.startswith("in git") and min(added_wall, added_cpu) >= 1:
                status = 1
        started = programs_started(folder)
        if started is not None:
            line += "; programs %d" % started
            if started != 1:
                status = 1
        print(line)
    os.chdir(here)
    sys.exit(status)
