#!/usr/bin/env python3
"""Times shop against libyaml's bare event loop on the same file, in the same run.

Each command runs several times, interleaved with the C loop so that both see the same machine
load. Each round runs the C loop, then every command; a command's ratio in a round is its time over
the C loop's in that round, and the figure judged is the median of those ratios, which follows the
machine's speed as it drifts from round to round. The report also gives the medians of the times,
their ratio, and the peak resident memory of each command (from wait4's rusage) against the file
size.
"""
import os
import statistics
import subprocess
import sys
import time

shop, c_loop, catalog, runs = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
size = os.path.getsize(catalog)


def run(command, stdin_path=None):
    """Runs a command with its output discarded; returns (seconds, peak RSS in bytes)."""
    stdin = open(stdin_path, "rb") if stdin_path else subprocess.DEVNULL
    start = time.perf_counter()
    process = subprocess.Popen(command, stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    error = process.stderr.read()
    if stdin_path:
        stdin.close()
    if process.returncode not in (0,):
        sys.exit(f"{' '.join(command)} failed with {process.returncode}: {error.decode(errors='replace')[:500]}")
    return elapsed, usage.ru_maxrss * 1024


cases = [
    ("parse, then print (shop fmt -)", [shop, "fmt", "-"], catalog, 2.0),
    ("shop check", [shop, "check", catalog], None, 1.5),
    ("shop export --format csv --all", [shop, "export", "--format", "csv", "--all", catalog], None, 1.5),
]
available = []
for name, command, stdin_path, target in cases:
    probe = subprocess.run(command, stdin=open(stdin_path, "rb") if stdin_path else subprocess.DEVNULL,
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    if probe.returncode == 2 and b"unknown command" in probe.stderr:
        print(f"(skipping {name}: this build has no such command)")
        continue
    available.append((name, command, stdin_path, target))

baseline = []
results = {name: ([], [], []) for name, _, _, _ in available}
for _ in range(runs):
    c_seconds = run([c_loop, catalog])[0]
    baseline.append(c_seconds)
    for name, command, stdin_path, _ in available:
        seconds, rss = run(command, stdin_path)
        results[name][0].append(seconds)
        results[name][1].append(rss)
        results[name][2].append(seconds / c_seconds)

c_median = statistics.median(baseline)
print(f"file: {catalog}, {size / 1e6:.1f} MB; {runs} runs each, interleaved")
print(f"{'libyaml event loop (C)':40} median {c_median:6.3f} s  (fastest {min(baseline):6.3f} s)")
failed = False
for name, _, _, target in available:
    times, memory, ratios = results[name]
    median = statistics.median(times)
    ratio = statistics.median(ratios)
    peak = max(memory)
    within = ratio <= target and peak <= 4 * size
    failed = failed or not within
    print(f"{name:40} median {median:6.3f} s  ratio {ratio:4.2f} (target {target:.1f}; of medians "
          f"{median / c_median:4.2f}, of fastest runs {min(times) / min(baseline):4.2f})  "
          f"peak RSS {peak / 1e6:5.1f} MB = {peak / size:3.1f}x file (target 4.0)  {'ok' if within else 'OVER'}")
sys.exit(1 if failed else 0)
