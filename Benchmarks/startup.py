#!/usr/bin/env python3
"""Compares shop binaries by size, start-up time and peak memory.

    Benchmarks/startup.py RUNS FILE LABEL=BINARY...

Each round runs `BINARY --version` and `BINARY check FILE` once for every binary, in turn, so that
all of them see the same machine load; after RUNS rounds it prints, for each binary, its size on
disk (and stripped of symbols, when `strip` is there), the Swift and Foundation libraries it loads
with their total size, and for each command the median and mean wall-clock time and the median peak
resident set size over 21 runs under GNU time (`/usr/bin/time -f %M`, the "Maximum resident set
size" of `time -v`). Peak memory is not taken from the timed runs: they start with posix_spawn,
whose child shares this script's memory until it executes shop, and the kernel counts that in.
"""
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

runs, file = int(sys.argv[1]), sys.argv[2]
binaries = [argument.split("=", 1) for argument in sys.argv[3:]]
commands = [("--version", ["--version"]), ("check FILE", ["check", file])]


def run(argv):
    """Runs argv with its output discarded; returns the seconds it took."""
    devnull = os.open(os.devnull, os.O_RDWR)
    start = time.perf_counter()
    pid = os.posix_spawn(argv[0], argv, os.environ,
                         file_actions=[(os.POSIX_SPAWN_DUP2, devnull, 0), (os.POSIX_SPAWN_DUP2, devnull, 1),
                                       (os.POSIX_SPAWN_DUP2, devnull, 2)])
    _, status = os.waitpid(pid, 0)
    seconds = time.perf_counter() - start
    os.close(devnull)
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit("%s failed with %d" % (" ".join(argv), os.waitstatus_to_exitcode(status)))
    return seconds


def peak_rss(argv, count=21):
    """The median peak RSS in KiB of `count` runs under GNU time, or None without it."""
    if not os.path.exists("/usr/bin/time"):
        return None
    sizes = []
    for _ in range(count):
        result = subprocess.run(["/usr/bin/time", "-f", "%M"] + argv, stdout=subprocess.DEVNULL,
                                stderr=subprocess.PIPE, text=True, check=True)
        sizes.append(int(result.stderr.strip().splitlines()[-1]))
    return statistics.median(sizes)


def stripped_size(path):
    if shutil.which("strip") is None:
        return None
    with tempfile.TemporaryDirectory() as folder:
        copy = os.path.join(folder, "shop")
        subprocess.run(["strip", "-o", copy, path], check=True)
        return os.path.getsize(copy)


def libraries(path):
    listing = subprocess.run(["ldd", path], capture_output=True, text=True).stdout
    names = [line.split()[0] for line in listing.splitlines() if line.strip()]
    loaded = {}
    for line in listing.splitlines():
        parts = line.split()
        if len(parts) >= 3 and parts[1] == "=>" and ("swift" in parts[0] or "Foundation" in parts[0]
                                                     or "dispatch" in parts[0] or "Blocks" in parts[0]):
            loaded[parts[0]] = os.path.getsize(parts[2])
    return loaded


times = {(label, name): [] for label, _ in binaries for name, _ in commands}
for _ in range(runs):
    for label, path in binaries:
        for name, arguments in commands:
            times[(label, name)].append(run([path] + arguments))

for label, path in binaries:
    stripped = stripped_size(path)
    print("%s: %s" % (label, path))
    print("  size %.2f MB%s" % (os.path.getsize(path) / 1e6,
                               "" if stripped is None else ", stripped %.2f MB" % (stripped / 1e6)))
    loaded = libraries(path)
    print("  loads %d Swift runtime libraries%s" % (len(loaded), (" (%.2f MB): %s" % (
        sum(loaded.values()) / 1e6, " ".join(sorted(loaded)))) if loaded else ""))
    for name, arguments in commands:
        seconds = times[(label, name)]
        rss = peak_rss([path] + arguments)
        print("  %-11s median %.2f ms, mean %.2f ms over %d runs; peak RSS %s"
              % (name, statistics.median(seconds) * 1e3, statistics.mean(seconds) * 1e3, runs,
                 "unknown (no /usr/bin/time)" if rss is None else "%.1f MiB" % (rss / 1024)))
