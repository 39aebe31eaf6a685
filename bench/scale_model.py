#!/usr/bin/env python3
"""Scale model for the shape-by-shape table solver: per N (7..10 by default),
blitz and standard, on 64, 256 and 1,024 ranks: wall time, memory per rank
and file-system bytes read per level.

Inputs
  * level sizes and shape counts: exact, from the solver's own indexer
    (bench/scale_model_sizes.cpp, compiled here against the core libraries
    of a build dir);
  * measured per level, from zertz-solve's `level-summary:` lines (give the
    logs of real runs with --log, or --measure to run one here): positions
    per CPU second, export seconds per position, peak memory per rank, and
    the bytes of lower-level shapes a shape reads.

Model (the assumptions are printed with the table)
  a level's shapes are independent and of equal size S(n): with K ranks,
    wall(n) = ceil(shapes(n) / K) * S(n) / rate  +  positions(n) * export / K
    (rate: positions per CPU second of the largest measured level of that
    marble set, held flat above it; export: that level's compression time,
    split over the ranks; a rank solves one shape at a time, so
    K above shapes(n) buys nothing for that level);
  memory per rank(n) = fixed + c * (S(n) + lower(n)), where lower(n) is what
    one shape reads of lower levels (its values in memory while it solves),
    extrapolated as lower(n) = lambda * S(n-1) * n / n_measured, and c
    (bytes per position held: codes, region graph, loaded lower shapes)
    fitted at the largest measured level; the LRU cache of lower shapes
    (--cache-mb) comes on top;
  file-system bytes read per level (no cache hit, an upper bound):
    shapes(n) * lower(n).
  disk: bits per position of the measured WDL + DTM files.

Usage
  bench/scale_model.py --log blitz6.log --log standard5.log [--build build/native]
  bench/scale_model.py --measure [--measure-rings 5]   (solves here first)
"""
import argparse
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.dirname(HERE)


def level_sizes(build, marbles, max_rings):
    exe = os.path.join(tempfile.gettempdir(), "zertz_scale_model_sizes")
    libs = [os.path.join(build, f"libzertz_{n}.a") for n in ("tables", "rules")]
    for lib in libs:
        if not os.path.exists(lib):
            sys.exit(f"scale_model: {lib} not found: build the zertz_tables target first")
    subprocess.run(["c++", "-O2", "-std=c++20", "-I", SRC, os.path.join(HERE, "scale_model_sizes.cpp"), *libs,
                    "-o", exe], check=True)
    out = subprocess.run([exe, marbles, str(max_rings)], check=True, capture_output=True, text=True).stdout
    sizes = {}
    for line in out.splitlines():
        m = re.match(r"level (\d+) positions (\d+) shapes (\d+)", line)
        if m:
            sizes[int(m.group(1))] = (int(m.group(2)), int(m.group(3)))
    return sizes


LEVEL = re.compile(r"level-summary: level (\d+) shapes (\d+) shape-size (\d+) positions (\d+) solved-shapes (\d+) .*?"
                   r"seconds ([\d.]+) export-seconds [\d.]+ export-cpu-seconds ([\d.]+) cpu-seconds ([\d.]+) pos/cpu-s (\d+) "
                   r"read-bytes (\d+) lower-bytes (\d+) peak-mem/rank ([\d.]+) MiB")
TABLES = re.compile(r"tables: (\d+) positions, WDL (\d+) bytes .*DTM (\d+) bytes")


def parse_log(text):
    """(marbles or None, {level: figures}, bits per position or None)"""
    levels, bits = {}, None
    marbles = "standard" if "standard" in text.split("level-summary")[0][-2000:] else None
    ranks = re.search(r"summary: ranks (\d+)", text)
    for m in LEVEL.finditer(text):
        g = [m.group(0)] + [float(x) for x in m.groups()]
        if not g[5]:
            continue  # nothing solved in this run (a resumed level)
        levels[int(g[1])] = {"shapes": int(g[5]), "level_shapes": int(g[2]), "stride": int(g[3]),
                             "positions": int(g[5] * g[3]),
                             "seconds": g[6], "export": g[7], "cpu": g[8], "rate": g[9], "read": g[10],
                             "lower": g[11], "peak": g[12] * 2**20, "ranks": int(ranks.group(1)) if ranks else 1}
    t = TABLES.search(text)
    if t:
        bits = 8.0 * (int(t.group(2)) + int(t.group(3))) / int(t.group(1))
    return marbles, levels, bits


def measure(build, marbles, rings):
    solver = os.path.join(build, "zertz-solve")
    out = tempfile.mkdtemp(prefix="zertz-scale-")
    env = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1")
    try:
        return subprocess.run(["mpirun", "--oversubscribe", "-np", "2", solver, "--marbles", marbles, "--rings",
                               str(rings), "--out", out], check=True, capture_output=True, text=True, env=env).stdout
    finally:
        shutil.rmtree(out, ignore_errors=True)


def human_time(s):
    for unit, f, lim in (("s", 1, 120), ("min", 60, 7200), ("h", 3600, 172800), ("d", 86400, 6.3e7)):
        if s < lim:
            return f"{s / f:.0f} {unit}" if unit != "h" else f"{s / f:.1f} h"
    return f"{s / 3.15e7:.0f} y"


def human_bytes(b):
    for unit, f in (("PiB", 2**50), ("TiB", 2**40), ("GiB", 2**30), ("MiB", 2**20), ("KiB", 2**10)):
        if b >= f:
            return f"{b / f:.1f} {unit}"
    return f"{b:.0f} B"


def levels_total(m):
    return m["level_shapes"]


def model(marbles, sizes, levels, bits, ranks, rings, cache_mib, rate=None, cache_full=False):
    top = max(levels)
    m = dict(levels[top])
    if rate:
        m["rate"] = rate
    if cache_full:  # the top level's peak holds a full lower-shape cache: not part of a shape's own memory
        m["peak"] -= cache_mib * 2**20
    fixed = levels[min(levels)]["peak"]
    s_prev = sizes[top - 1][0] / sizes[top - 1][1] if top > 1 else 1
    lower_per_shape = m["lower"] / m["shapes"]
    lam = lower_per_shape / s_prev if s_prev else 0
    c = max(m["peak"] - fixed, 0) / (m["stride"] + lower_per_shape)
    export = m["export"] / (m["stride"] * levels_total(m))  # CPU seconds per position
    print(f"\n{marbles}: measured up to level {top} (rate {m['rate']:.3g} positions/CPU-s, "
          f"{c:.2f} B per position held, fixed {human_bytes(fixed)}, lower shapes read per shape "
          f"{lam:.2f} x S(n-1), export {export * 1e9:.1f} s per 1e9 positions on one rank, "
          f"disk {bits:.3f} bit/position)")
    print(f"{'N':>3} {'level':>5} {'shapes':>7} {'S(n)':>9} {'positions':>10} {'disk':>9} {'FS read/level':>14}"
          + "".join(f" | K={k:<5} {'time':>7} {'mem/rank':>9}" for k in ranks))
    for n in rings:
        total = {k: 0.0 for k in ranks}
        pos_total = sum(sizes[l][0] for l in range(1, n + 1))
        for level in range(1, n + 1):
            positions, shapes = sizes[level]
            stride = positions / shapes
            prev = sizes[level - 1][0] / sizes[level - 1][1] if level > 1 else 0
            lower = lam * prev * level / top
            shape_secs = stride / m["rate"]
            for k in ranks:
                total[k] += math.ceil(shapes / k) * shape_secs + positions * export / k
            if level == n:
                mem = fixed + c * (stride + lower)
                row = (f"{n:>3} {level:>5} {shapes:>7} {stride:>9.3g} {pos_total:>10.3g} "
                       f"{human_bytes(pos_total * bits / 8):>9} {human_bytes(shapes * lower):>14}")
                for k in ranks:
                    row += f" | {'':7} {human_time(total[k]):>7} {human_bytes(mem):>9}"
                print(row)
    print(f"(time: all levels 1..N; mem/rank: level N's shape plus the lower shapes it reads, "
          f"+ up to {cache_mib} MiB of cached lower shapes; FS read: level N, no cache hit)")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default=os.path.join(SRC, "build", "native"))
    ap.add_argument("--log", action="append", default=[], help="zertz-solve output with level-summary lines")
    ap.add_argument("--measure", action="store_true", help="solve blitz and standard here first (2 ranks)")
    ap.add_argument("--measure-rings", type=int, default=4)
    ap.add_argument("--rings", default="7,8,9,10")
    ap.add_argument("--ranks", default="64,256,1024")
    ap.add_argument("--cache-mb", type=int, default=1024)
    ap.add_argument("--cache-full", action="store_true",
                    help="the largest measured level's peak memory includes a full --cache-mb cache "
                         "(a long run, e.g. blitz level 7): leave it out of the bytes per position held")
    ap.add_argument("--rate", type=float, help="positions per CPU second instead of the log's (e.g. a larger level's)")
    args = ap.parse_args()
    data = {}
    texts = [open(p).read() for p in args.log]
    if args.measure:
        texts += [measure(args.build, s, args.measure_rings) for s in ("blitz", "standard")]
    for text in texts:
        marbles, levels, bits = parse_log(text)
        if not levels:
            sys.exit("scale_model: a log without level-summary lines")
        if marbles is None:  # blitz and standard differ in level 1's size
            marbles = "standard" if levels.get(1, {}).get("positions") == 55724 else "blitz"
        old = data.get(marbles)
        if not old or max(levels) > max(old[0]):
            data[marbles] = (levels, bits if bits else (old[1] if old else 0.2))
    if not data:
        sys.exit("scale_model: give --log FILE (zertz-solve output) or --measure")
    rings = [int(n) for n in args.rings.split(",")]
    ranks = [int(k) for k in args.ranks.split(",")]
    for marbles, (levels, bits) in sorted(data.items()):
        sizes = level_sizes(args.build, marbles, max(rings))
        model(marbles, sizes, levels, bits, ranks, rings, args.cache_mb, args.rate, args.cache_full)


if __name__ == "__main__":
    main()
