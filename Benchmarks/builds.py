"""What the Python benchmarks share: the release build of shop and the C loop over libyaml's
events they compare it with, each built when missing."""
import os
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def release_shop(given=None):
    """The shop to measure: `given` when a path was passed, else the release build (built first, so
    that it is the build of the sources beside this file)."""
    if given:
        return given
    subprocess.run(["swift", "build", "-c", "release", "--product", "shop"], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)
    return os.path.join(ROOT, ".build", "release", "shop")


def libyaml_loop(given=None):
    """The bare C loop over libyaml's events: `given`, else Benchmarks/work/libyaml_loop, compiled
    when missing."""
    loop = given or os.path.join(ROOT, "Benchmarks", "work", "libyaml_loop")
    if not os.path.exists(loop):
        os.makedirs(os.path.dirname(loop), exist_ok=True)
        flags = subprocess.run(["pkg-config", "--cflags", "--libs", "yaml-0.1"], capture_output=True, text=True,
                               check=True).stdout.split()
        subprocess.run(["cc", "-O2", "-o", loop, os.path.join(ROOT, "Benchmarks", "libyaml_loop.c"), *flags],
                       check=True)
    return loop
