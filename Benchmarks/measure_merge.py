#!/usr/bin/env python3
"""Times `shop merge` on three large versions against libyaml's bare event loop over the same three
files, in the same run.

    measure_merge.py SHOP C_LOOP FOLDER RUNS

FOLDER holds base.yaml, ours.yaml and theirs.yaml. Each round runs the C loop over the three files,
then the merge (its result written to a file of its own, not timed apart); the figure judged is the
median of the rounds' ratios, as in measure.py. Peak resident memory (from wait4's rusage) is set
against the three files' total size. Exit status 1 when a figure misses its target: 1.5 times the C
loop, 4 times the size (the merge holds the three lists while it makes its plan, then lets go of
the base before it makes and prints the result).
"""
import os
import statistics
import subprocess
import sys
import time

shop, c_loop, folder, runs = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
files = [os.path.join(folder, name) for name in ("base.yaml", "ours.yaml", "theirs.yaml")]
size = sum(os.path.getsize(path) for path in files)
output = os.path.join(folder, "merged.yaml")
time_target, memory_target = 1.5, 4.0


def run(command):
    """Runs a command with its output discarded; returns (seconds, CPU seconds, peak RSS in bytes, status)."""
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - start
    process.stderr.read()
    return elapsed, usage.ru_utime + usage.ru_stime, usage.ru_maxrss * 1024, os.waitstatus_to_exitcode(status)


c_times, c_cpu, merge_times, merge_cpu, merge_rss, ratios = [], [], [], [], [], []
status = None
for _ in range(runs):
    elapsed = cpu = 0.0
    for path in files:
        seconds, used, _, code = run([c_loop, path])
        if code != 0:
            sys.exit(f"{c_loop} {path} failed")
        elapsed += seconds
        cpu += used
    c_times.append(elapsed)
    c_cpu.append(cpu)
    seconds, used, rss, status = run([shop, "merge", *files, "-o", output])
    if status not in (0, 1):
        sys.exit(f"shop merge failed with {status}")
    merge_times.append(seconds)
    merge_cpu.append(used)
    merge_rss.append(rss)
    ratios.append(seconds / elapsed)

ratio = statistics.median(ratios)
memory = max(merge_rss) / size
print(f"three versions of {sum(1 for line in open(files[0], encoding='utf-8') if line.startswith('  - name: '))} items, "
      f"{size / 1e6:.1f} MB together; {runs} runs, interleaved; {shop}")
print(f"libyaml event loop over the three files (C): median {statistics.median(c_times):.3f} s "
      f"(CPU {statistics.median(c_cpu):.3f} s)")
print(f"shop merge: median {statistics.median(merge_times):.3f} s (CPU {statistics.median(merge_cpu):.3f} s), "
      f"{'clean' if status == 0 else 'with conflicts'}")
print(f"  time: {ratio:.2f}x the C loop (median of the rounds' ratios; target at most {time_target}x) "
      f"{'ok' if ratio <= time_target else 'MISSED'}")
print(f"  peak memory: {max(merge_rss) / 1e6:.0f} MB, {memory:.2f}x the files' size (target at most {memory_target}x) "
      f"{'ok' if memory <= memory_target else 'MISSED'}")
sys.exit(0 if ratio <= time_target and memory <= memory_target else 1)
