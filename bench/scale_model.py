#!/usr/bin/env python3
"""Scale model for the MPI table solver: time and memory per N on 64, 256 and
1,024 ranks, from the solver's measured rates and bytes per position.

Inputs
  * level sizes: exact, from the solver's own indexer (bench/scale_model_sizes.cpp,
    compiled here against the core library of a build dir);
  * per-rank rate (positions evaluated per second), evaluated/position ratio,
    memory per position held and fixed memory per rank, bytes exchanged per
    position: measured by --measure (runs zertz-solve on this machine at two
    sizes and 1 and 2 ranks) or given on the command line.

Model (assumptions are printed with the table)
  memory/rank = fixed + bytes_per_position * positions(<= N) / K
      (the solver keeps every level's values of its own index ranges, since an
       isolation can drop to any lower level)
  time        = evaluated(<= N) / (rate * K * efficiency(K))
      efficiency(K) = 1 / (1 + comm/compute), comm per exchange round =
      latency * log2(K) + batch * bytes_exchanged / bandwidth, compute per
      round = batch / rate.
  disk        = bits_per_position * positions / 8 (WDL + DTM as measured).

Usage
  bench/scale_model.py [--build build/native] [--marbles blitz|standard|both]
                       [--max-rings 10] [--measure] [--rate R] [--bytes-per-pos B] ...
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
    lib = os.path.join(build, "libzertz_core.a")
    if not os.path.exists(lib):
        sys.exit(f"scale_model: {lib} not found: build the zertz_core target first")
    subprocess.run(["c++", "-O2", "-std=c++20", "-I", SRC, os.path.join(HERE, "scale_model_sizes.cpp"), lib,
                    "-o", exe], check=True)
    out = subprocess.run([exe, marbles, str(max_rings)], check=True, capture_output=True, text=True).stdout
    sizes = {}
    for line in out.splitlines():
        m = re.match(r"level (\d+) positions (\d+) shapes (\d+)", line)
        if m:
            sizes[int(m.group(1))] = int(m.group(2))
    return sizes


def run_solver(build, marbles, rings, ranks):
    solver = os.path.join(build, "zertz-solve")
    out = tempfile.mkdtemp(prefix="zertz-scale-")
    env = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1")
    try:
        res = subprocess.run(["mpirun", "--oversubscribe", "-np", str(ranks), solver, "--marbles", marbles,
                              "--rings", str(rings), "--out", out, "--quiet"],
                             check=True, capture_output=True, text=True, env=env).stdout
    finally:
        shutil.rmtree(out, ignore_errors=True)
    m = re.search(r"summary: ranks (\d+) positions (\d+) evaluated (\d+) successors (\d+) seconds ([\d.]+) "
                  r"pos/s/rank (\d+) bytes-exchanged/pos ([\d.]+) peak-mem/rank ([\d.]+) MiB", res)
    if not m:
        sys.exit("scale_model: no summary line from zertz-solve:\n" + res)
    return {"positions": int(m.group(2)), "evaluated": int(m.group(3)), "seconds": float(m.group(5)),
            "rate": float(m.group(6)), "exchanged": float(m.group(7)), "peak_mib": float(m.group(8))}


def measure(build, marbles, small, big):
    a = run_solver(build, marbles, small, 1)
    b = run_solver(build, marbles, big, 1)
    c = run_solver(build, marbles, big, 2)
    per_pos = (b["peak_mib"] - a["peak_mib"]) * 2**20 / max(1, b["positions"] - a["positions"])
    fixed = a["peak_mib"] * 2**20 - per_pos * a["positions"]
    return {"rate": b["rate"], "eval_ratio": b["evaluated"] / b["positions"], "bytes_per_pos": per_pos,
            "fixed_bytes": max(fixed, 0), "exchanged": c["exchanged"],
            "efficiency_1_2": b["seconds"] / (2 * c["seconds"]) if c["seconds"] else float("nan")}


def human_time(s):
    if s < 120:
        return f"{s:.0f} s"
    if s < 7200:
        return f"{s / 60:.0f} min"
    if s < 172800:
        return f"{s / 3600:.1f} h"
    if s < 3.15e7 * 2:
        return f"{s / 86400:.0f} d"
    return f"{s / 3.15e7:.0f} y"


def human_bytes(b):
    for unit, f in (("TiB", 2**40), ("GiB", 2**30), ("MiB", 2**20), ("KiB", 2**10)):
        if b >= f:
            return f"{b / f:.1f} {unit}"
    return f"{b:.0f} B"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default=os.path.join(SRC, "build", "native"))
    ap.add_argument("--marbles", default="both", choices=["blitz", "standard", "both"])
    ap.add_argument("--max-rings", type=int, default=10)
    ap.add_argument("--measure", action="store_true", help="measure rate and memory with zertz-solve here")
    # Defaults: blitz N=3/N=4 runs on this 2-core machine (see cluster/README.md).
    ap.add_argument("--rate", type=float, default=5.0e5, help="positions evaluated per second per rank")
    ap.add_argument("--eval-ratio", type=float, default=0.83, help="positions evaluated per table position")
    ap.add_argument("--bytes-per-pos", type=float, default=3.8, help="memory per position held by a rank")
    ap.add_argument("--fixed-mib", type=float, default=18.0, help="memory per rank besides positions")
    ap.add_argument("--exchanged", type=float, default=1.8, help="bytes exchanged per position")
    ap.add_argument("--bits-on-disk", type=float, default=0.086, help="WDL+DTM bits per position on disk")
    ap.add_argument("--latency-us", type=float, default=5.0, help="per log2(K) step of an all-to-all (us)")
    ap.add_argument("--bandwidth-gbs", type=float, default=1.0, help="network bandwidth per rank (GB/s)")
    ap.add_argument("--batch", type=int, default=1 << 15, help="positions per exchange round and rank")
    ap.add_argument("--mem-per-rank-gib", type=float, default=4.0, help="practical limit (e.g. 256 GiB / 64 cores)")
    ap.add_argument("--time-limit-days", type=float, default=7.0, help="practical limit of one run")
    ap.add_argument("--ranks", default="64,256,1024")
    args = ap.parse_args()

    params = {"rate": args.rate, "eval_ratio": args.eval_ratio, "bytes_per_pos": args.bytes_per_pos,
              "fixed_bytes": args.fixed_mib * 2**20, "exchanged": args.exchanged}
    sets = ["blitz", "standard"] if args.marbles == "both" else [args.marbles]
    if args.measure:
        m = measure(args.build, sets[0], 3, 4)
        params.update({k: m[k] for k in params})
        print(f"measured ({sets[0]} N=3,4, 1 and 2 ranks): rate {m['rate']:.0f} pos/s/rank, "
              f"evaluated/position {m['eval_ratio']:.2f}, {m['bytes_per_pos']:.2f} bytes/position held, "
              f"fixed {m['fixed_bytes'] / 2**20:.1f} MiB/rank, {m['exchanged']:.2f} bytes exchanged/position, "
              f"1->2 rank efficiency {m['efficiency_1_2']:.2f}")
    ranks = [int(k) for k in args.ranks.split(",")]
    print(f"model: rate {params['rate']:.0f} pos/s/rank, {params['eval_ratio']:.2f} evaluations/position, "
          f"{params['bytes_per_pos']:.2f} B/position + {params['fixed_bytes'] / 2**20:.0f} MiB per rank, "
          f"{params['exchanged']:.2f} B exchanged/position, all-to-all latency {args.latency_us} us*log2(K), "
          f"{args.bandwidth_gbs} GB/s per rank; practical: <= {args.mem_per_rank_gib} GiB/rank, "
          f"<= {args.time_limit_days} days")
    for marbles in sets:
        sizes = level_sizes(args.build, marbles, args.max_rings)
        print(f"\n{marbles}: N, positions (levels 1..N), disk, then per K: memory/rank, time")
        header = f"{'N':>3} {'positions':>12} {'disk':>10}" + "".join(f" | K={k:<5} {'mem':>10} {'time':>8}" for k in ranks)
        print(header)
        total = 0
        for n in range(1, args.max_rings + 1):
            total += sizes[n]
            row = f"{n:>3} {total:>12.3e} {human_bytes(total * args.bits_on_disk / 8):>10}"
            for k in ranks:
                mem = params["fixed_bytes"] + params["bytes_per_pos"] * total / k
                compute = args.batch / params["rate"]
                comm = args.latency_us * 1e-6 * math.log2(k) + args.batch * params["exchanged"] / (args.bandwidth_gbs * 1e9)
                eff = 1 / (1 + comm / compute)
                secs = params["eval_ratio"] * total / (params["rate"] * k * eff)
                ok = mem <= args.mem_per_rank_gib * 2**30 and secs <= args.time_limit_days * 86400
                row += f" | {'':7} {human_bytes(mem):>10} {human_time(secs):>8}{'' if ok else '*'}"
            print(row)
        print("(* beyond the practical limits above)")


if __name__ == "__main__":
    main()
