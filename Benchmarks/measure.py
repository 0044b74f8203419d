#!/usr/bin/env python3
"""Times shop against libyaml's bare event loop on the same file, in the same run.

    measure.py SHOP C_LOOP CATALOG RUNS

Each command runs several times, interleaved with the C loop so that both see the same machine
load. Each round runs the C loop, then every command; a command's ratio in a round is its time over
the C loop's in that round, and the figure judged is the median of those ratios, which follows the
machine's speed as it drifts from round to round. The report also gives the medians of the times,
their ratio, and the peak resident memory of each command against the file size. `shop buy`
changes its file, so each of its runs gets a fresh copy (the copy is not timed).

Memory is measured in one more run of each command under GNU time (/usr/bin/time), not from the
timed runs: a process started from Python keeps Python's own peak (about 15 MB) across execve in
its rusage, which would hide a small file's figures. Without GNU time the timed runs' rusage is
reported, marked "(rusage)". Peak memory is judged on a file of 1 MB or more, against 4 times the
file for `check` and `export`, 5 times for `fmt` and `buy` (which print the list they make).
Exit status 1 when a figure misses its target.
"""
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

from unbought_item import unbought_item

shop, c_loop, catalog, runs = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
size = os.path.getsize(catalog)
work = tempfile.mkdtemp(prefix="shop-bench-")
copy = os.path.join(work, "list.yaml")


def run(command, stdin_path=None, fresh=False):
    """Runs a command with its output discarded; returns (seconds, peak RSS in bytes)."""
    if fresh:
        shutil.copyfile(catalog, copy)
    stdin = open(stdin_path, "rb") if stdin_path else subprocess.DEVNULL
    start = time.perf_counter()
    process = subprocess.Popen(command, stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    error = process.stderr.read()
    if stdin_path:
        stdin.close()
    if process.returncode != 0:
        sys.exit(f"{' '.join(command)} failed with {process.returncode}: {error.decode(errors='replace')[:500]}")
    return elapsed, usage.ru_maxrss * 1024


# (label, command, standard input, whether it changes its file, time target, memory target)
cases = [
    ("shop fmt -", [shop, "fmt", "-"], catalog, False, 1.5, 5.0),
    ("shop check", [shop, "check", catalog], None, False, 1.3, 4.0),
    ("shop export --format csv --all", [shop, "export", "--format", "csv", "--all", catalog], None, False, 1.3, 4.0),
    ("shop buy NAME", [shop, "-f", copy, "buy", unbought_item(catalog)], None, True, 2.0, 5.0),
]
if size < 1_000_000:
    # On a small file start-up dominates: every command is held to one target.
    cases = [(name, command, stdin, fresh, 2.0, memory) for name, command, stdin, fresh, _, memory in cases]

baseline = []
results = {case[0]: ([], [], []) for case in cases}
for _ in range(runs):
    c_seconds = run([c_loop, catalog])[0]
    baseline.append(c_seconds)
    for name, command, stdin_path, fresh, _, _ in cases:
        seconds, rss = run(command, stdin_path, fresh)
        results[name][0].append(seconds)
        results[name][1].append(rss)
        results[name][2].append(seconds / c_seconds)

gnu_time = os.path.exists("/usr/bin/time")


def peak_memory(command, stdin_path, fresh, timed_peaks):
    """The command's peak resident memory in bytes, from a run under GNU time when there is one."""
    if not gnu_time:
        return max(timed_peaks)
    if fresh:
        shutil.copyfile(catalog, copy)
    report = os.path.join(work, "peak")
    stdin = open(stdin_path, "rb") if stdin_path else subprocess.DEVNULL
    subprocess.run(["/usr/bin/time", "-f", "%M", "-o", report] + command, stdin=stdin,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    if stdin_path:
        stdin.close()
    return int(open(report).read().split()[-1]) * 1024


c_median = statistics.median(baseline)
print(f"file: {catalog}, {size / 1e6:.2f} MB; {runs} runs each, interleaved; {shop}")
print(f"{'libyaml event loop (C)':32} median {c_median:6.3f} s  (fastest {min(baseline):6.3f} s)")
failed = False
for name, command, stdin_path, fresh, target, memory_target in cases:
    times, memory, ratios = results[name]
    median = statistics.median(times)
    ratio = statistics.median(ratios)
    peak = peak_memory(command, stdin_path, fresh, memory)
    # Memory is judged on the large file only: a small file's peak is the program's own.
    memory_ok = size < 1_000_000 or peak <= memory_target * size
    within = ratio <= target and memory_ok
    failed = failed or not within
    print(f"{name:32} median {median:6.3f} s  ratio {ratio:4.2f} (target {target:.1f}; of medians "
          f"{median / c_median:4.2f}, of fastest runs {min(times) / min(baseline):4.2f})  "
          f"peak RSS {peak / 1e6:5.1f} MB = {peak / size:4.2f}x file (target {memory_target:.0f}){'' if gnu_time else ' (rusage)'}  "
          f"{'ok' if within else 'OVER'}")
shutil.rmtree(work)
sys.exit(1 if failed else 0)
