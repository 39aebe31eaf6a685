#!/usr/bin/env python3
"""Fits the engine's win probability on real games (python3 standard library only).

Input: the TSV of `zertz calibrate --nodes N PATH...` (one line per position of the
human-vs-human games: game, ply, layout, marbles, score, exact, result for the side to move).

Model: p = 1 / (1 + exp(-(a + b * score / 100))), fitted by Newton's method (logistic
regression, draws count as half a win), on the games whose label hashes into the
training split (crc32 % 5 != 0); the other fifth of the games is held out. Positions
the engine proved (exact = 1, |score| beyond the win bound) are not fitted: winprob
gives them 1 or 0. One model per board family (37, 48, 61 rings) is kept when the
training data says so (likelihood-ratio test against one shared model, 4 degrees of
freedom, 1% level: statistic > 13.28), else the shared one. The held-out games
choose nothing; they only measure.

Output: a markdown report (calibration table in 10 bins, Brier score against the
constant base rate, all on held-out games) and the coefficients for core/engine/winprob.cpp.

    bench/calibrate.py DUMP.tsv [--report bench/calibration.md]
"""
import argparse
import math
import sys
import zlib

FAMILIES = ("37", "48", "61")


def family(layout):
    """Board family of a layout token: 37, 48 or 61 by its ring count (custom boards too)."""
    if layout in FAMILIES:
        return layout
    try:
        n = int(layout)
    except ValueError:
        n = sum(int(c.split(":")[1]) for c in layout.split(","))
    return "37" if n < 48 else "48" if n < 61 else "61"


def held_out(game):
    # The path below the records folder, so the split is the same on every machine.
    key = game.split("records/")[-1]
    return zlib.crc32(key.encode()) % 5 == 0


def load(path):
    rows = []
    with open(path) as f:
        header = f.readline().rstrip("\n").split("\t")
        col = {name: i for i, name in enumerate(header)}
        for line in f:
            v = line.rstrip("\n").split("\t")
            rows.append({
                "game": v[col["game"]], "family": family(v[col["layout"]]),
                "x": int(v[col["score"]]) / 100.0, "exact": v[col["exact"]] == "1",
                "y": float(v[col["result"]]), "score": int(v[col["score"]]),
            })
    return rows


def sigmoid(z):
    if z >= 0:
        return 1.0 / (1.0 + math.exp(-z))
    e = math.exp(z)
    return e / (1.0 + e)


def fit(rows, l2=1e-6):
    """Logistic regression of y on (1, x) by Newton's method; returns (a, b)."""
    a = b = 0.0
    for _ in range(50):
        ga = gb = haa = hab = hbb = 0.0
        for r in rows:
            p = sigmoid(a + b * r["x"])
            w = p * (1 - p)
            d = p - r["y"]
            ga += d
            gb += d * r["x"]
            haa += w
            hab += w * r["x"]
            hbb += w * r["x"] * r["x"]
        ga += l2 * a
        gb += l2 * b
        haa += l2
        hbb += l2
        det = haa * hbb - hab * hab
        da = (hbb * ga - hab * gb) / det
        db = (haa * gb - hab * ga) / det
        a -= da
        b -= db
        if abs(da) < 1e-10 and abs(db) < 1e-10:
            break
    return a, b


def predict(model, r):
    if r["exact"]:
        return 1.0 if r["score"] > 0 else 0.0
    a, b = model[r["family"]]
    return sigmoid(a + b * r["x"])


def log_loss(model, rows):
    eps = 1e-12
    total = 0.0
    for r in rows:
        p = min(max(predict(model, r), eps), 1 - eps)
        total -= r["y"] * math.log(p) + (1 - r["y"]) * math.log(1 - p)
    return total / len(rows)


def brier(pred, rows):
    return sum((p - r["y"]) ** 2 for p, r in zip(pred, rows)) / len(rows)


def table(model, rows):
    bins = [[0, 0.0, 0.0] for _ in range(10)]
    for r in rows:
        p = predict(model, r)
        i = min(int(p * 10), 9)
        bins[i][0] += 1
        bins[i][1] += p
        bins[i][2] += r["y"]
    lines = ["| predicted | positions | mean predicted | observed | difference (points) |",
             "|---|---:|---:|---:|---:|"]
    worst = 0.0
    for i, (n, sp, sy) in enumerate(bins):
        if n == 0:
            lines.append(f"| {i / 10:.1f}–{(i + 1) / 10:.1f} | 0 | | | |")
            continue
        diff = 100 * (sy / n - sp / n)
        if n >= 200:
            worst = max(worst, abs(diff))
        lines.append(f"| {i / 10:.1f}–{(i + 1) / 10:.1f} | {n} | {sp / n:.3f} | {sy / n:.3f} | {diff:+.1f} |")
    return lines, worst


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("dump")
    ap.add_argument("--report", default="")
    ap.add_argument("--nodes", default="?", help="node budget of the dump, for the report")
    args = ap.parse_args()
    rows = load(args.dump)
    train = [r for r in rows if not held_out(r["game"])]
    test = [r for r in rows if held_out(r["game"])]
    games = lambda rs: len({r["game"] for r in rs})
    fit_rows = [r for r in train if not r["exact"]]

    shared = fit(fit_rows)
    shared_model = {f: shared for f in FAMILIES}
    per_family = {f: fit([r for r in fit_rows if r["family"] == f]) for f in FAMILIES}
    lr = 2 * len(fit_rows) * (log_loss(shared_model, fit_rows) - log_loss(per_family, fit_rows))
    chosen, name = (per_family, "per family") if lr > 13.28 else (shared_model, "shared")
    ll_shared, ll_family = log_loss(shared_model, test), log_loss(per_family, test)

    base = sum(r["y"] for r in train) / len(train)
    pred = [predict(chosen, r) for r in test]
    b_model, b_base = brier(pred, test), brier([base] * len(test), test)
    estimated = [r for r in test if not r["exact"]]
    b_est = brier([predict(chosen, r) for r in estimated], estimated)
    b_est_base = brier([base] * len(estimated), estimated)
    lines_all, worst_all = table(chosen, test)
    lines_est, worst_est = table(chosen, estimated)

    out = []
    out.append("# Win-probability calibration")
    out.append("")
    out.append("Generated by `bench/calibrate.py` from `zertz calibrate --nodes %s ../shared/records` "
               "(see bench/calibrate.sh). Human-vs-human games only (no player name containing \"bot\" "
               "or \"tutorial\"); every position before each move; the result is the game's final "
               "result for the side to move (draw = 1/2). Games are split by a hash of their path: "
               "%d games (%d positions) fit the model, %d held-out games (%d positions) are reported below."
               % (args.nodes, games(train), len(train), games(test), len(test)))
    out.append("")
    out.append("Model: p = 1 / (1 + exp(-(a + b · score / 100))) for the side to move; positions the "
               "engine proves (score beyond the win bound) get 1 or 0 and are not fitted.")
    out.append("")
    out.append("| family | a | b | training positions |")
    out.append("|---|---:|---:|---:|")
    for f in FAMILIES:
        out.append(f"| {f} | {per_family[f][0]:.4f} | {per_family[f][1]:.4f} | "
                   f"{sum(1 for r in fit_rows if r['family'] == f)} |")
    out.append(f"| shared | {shared[0]:.4f} | {shared[1]:.4f} | {len(fit_rows)} |")
    out.append("")
    out.append(f"Likelihood-ratio statistic of per-family against shared models on the training games: "
               f"{lr:.1f} (4 degrees of freedom; kept when > 13.28, the 1% level): the **{name}** model is "
               f"kept (core/engine/winprob.cpp). For information, held-out log loss: shared {ll_shared:.4f}, "
               f"per family {ll_family:.4f}.")
    out.append("")
    out.append("## Held-out calibration, all positions")
    out.append("")
    out += lines_all
    out.append("")
    out.append(f"Largest difference in a bin of at least 200 positions: **{worst_all:.1f} points** (target 5).")
    out.append("")
    out.append(f"Brier score: **{b_model:.4f}** against **{b_base:.4f}** for the constant base rate "
               f"{base:.3f} ({100 * (1 - b_model / b_base):.1f}% lower).")
    out.append("")
    out.append("## Held-out calibration, positions the engine did not prove")
    out.append("")
    out += lines_est
    out.append("")
    out.append(f"Largest difference in a bin of at least 200 positions: {worst_est:.1f} points. "
               f"Brier {b_est:.4f} against {b_est_base:.4f} for the base rate.")
    report = "\n".join(out) + "\n"
    if args.report:
        with open(args.report, "w") as f:
            f.write(report)
    sys.stdout.write(report)
    print("\n// core/engine/winprob.cpp coefficients (" + name + "): {a, b} for 37, 48, 61")
    for f in FAMILIES:
        a, b = chosen[f]
        print(f"    {{{a:.6f}, {b:.6f}}},  // {f}")


if __name__ == "__main__":
    main()
