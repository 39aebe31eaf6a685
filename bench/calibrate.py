#!/usr/bin/env python3
"""Fits the engine's win probability on real games (python3 standard library only).

Input: the TSV of `zertz calibrate --nodes N PATH...` (one line per position of the
human-vs-human games: game, ply, layout, marbles, score, exact, result for the side to move).

Model: p = 1 / (1 + exp(-(a + b * tanh(max(s, 0) / T) + c * tanh(min(s, 0) / T)))) for the
side to move's engine score s: a logistic regression (Newton's method; a draw counts as half
a win) on a saturating, side-dependent transform of the score, because human games at a large
engine score are far from decided and positive and negative scores are not equally reliable.
T is chosen by 4-fold cross-validation over the training games. Positions the engine proved
(exact = 1) are not fitted: winprob gives them 1 or 0.

Split: a game is held out when crc32 of its path below the records folder is 0 mod 5; the
others fit the model. One curve per board family (37, 48, 61 rings) is kept when the training
data says so (likelihood-ratio test against one shared curve, 6 degrees of freedom, 1% level:
statistic > 16.81), else the shared one. The held-out games choose nothing; they only measure.

Output: a markdown report (held-out calibration tables in 10 bins, Brier scores against the
constant base rate) and the coefficients for core/engine/winprob.cpp.

    bench/calibrate.py DUMP.tsv [--nodes N] [--report bench/calibration.md]
"""
import argparse
import math
import sys
import zlib

FAMILIES = ("37", "48", "61")
TEMPERATURES = (200, 300, 400, 500, 700, 1000)
LR_THRESHOLD = 16.81  # chi-square, 6 degrees of freedom, 1%


def family(layout):
    """Board family of a layout token: 37, 48 or 61 by its ring count (custom boards too)."""
    if layout in FAMILIES:
        return layout
    try:
        n = int(layout)
    except ValueError:
        n = sum(int(c.split(":")[1]) for c in layout.split(","))
    return "37" if n < 48 else "48" if n < 61 else "61"


def game_hash(game):
    # The path below the records folder, so the split is the same on every machine.
    return zlib.crc32(game.split("records/")[-1].encode())


def load(path):
    rows = []
    with open(path) as f:
        col = {name: i for i, name in enumerate(f.readline().rstrip("\n").split("\t"))}
        for line in f:
            v = line.rstrip("\n").split("\t")
            rows.append({"game": v[col["game"]], "family": family(v[col["layout"]]),
                         "score": int(v[col["score"]]), "exact": v[col["exact"]] == "1",
                         "y": float(v[col["result"]])})
    return rows


def sigmoid(z):
    if z >= 0:
        return 1.0 / (1.0 + math.exp(-z))
    e = math.exp(z)
    return e / (1.0 + e)


def features(score, t):
    return (1.0, math.tanh(max(score, 0) / t), math.tanh(min(score, 0) / t))


def solve(h, g):
    """Solves h x = g for a small symmetric positive definite h (Gaussian elimination)."""
    n = len(g)
    m = [list(h[i]) + [g[i]] for i in range(n)]
    for i in range(n):
        p = max(range(i, n), key=lambda k: abs(m[k][i]))
        m[i], m[p] = m[p], m[i]
        for k in range(n):
            if k != i:
                f = m[k][i] / m[i][i]
                for j in range(i, n + 1):
                    m[k][j] -= f * m[i][j]
    return [m[i][n] / m[i][i] for i in range(n)]


def fit(rows, t, l2=1e-6):
    """Weights (a, b, c) of the logistic regression of y on features(score, t)."""
    xs = [features(r["score"], t) for r in rows]
    w = [0.0, 0.0, 0.0]
    for _ in range(50):
        g = [l2 * wi for wi in w]
        h = [[l2 * (i == j) for j in range(3)] for i in range(3)]
        for x, r in zip(xs, rows):
            p = sigmoid(sum(wi * xi for wi, xi in zip(w, x)))
            d, v = p - r["y"], p * (1 - p)
            for i in range(3):
                g[i] += d * x[i]
                for j in range(3):
                    h[i][j] += v * x[i] * x[j]
        step = solve(h, g)
        w = [wi - si for wi, si in zip(w, step)]
        if max(abs(si) for si in step) < 1e-10:
            break
    return tuple(w)


def predict(model, r):
    if r["exact"]:
        return 1.0 if r["score"] > 0 else 0.0
    t, w = model[r["family"]]
    return sigmoid(sum(wi * xi for wi, xi in zip(w, features(r["score"], t))))


def log_loss(model, rows):
    eps = 1e-12
    total = 0.0
    for r in rows:
        p = min(max(predict(model, r), eps), 1 - eps)
        total -= r["y"] * math.log(p) + (1 - r["y"]) * math.log(1 - p)
    return total / len(rows)


def choose_temperature(rows):
    """T with the lowest 4-fold cross-validated log loss over the training games."""
    scores = {}
    for t in TEMPERATURES:
        total = 0.0
        for k in range(4):
            inside = [r for r in rows if (game_hash(r["game"]) // 5) % 4 != k]
            outside = [r for r in rows if (game_hash(r["game"]) // 5) % 4 == k]
            w = fit(inside, t)
            total += log_loss({f: (t, w) for f in FAMILIES}, outside) * len(outside)
        scores[t] = total / len(rows)
    return min(scores, key=scores.get), scores


def brier(model, rows, constant=None):
    return sum(((constant if constant is not None else predict(model, r)) - r["y"]) ** 2 for r in rows) / len(rows)


def table(model, rows):
    """10-bin calibration table. The noise column is two standard errors of the difference,
    clustered by game (positions of one game share its result, so they are not independent)."""
    bins = [[0, 0.0, 0.0, {}] for _ in range(10)]
    for r in rows:
        p = predict(model, r)
        b = bins[min(int(p * 10), 9)]
        b[0] += 1
        b[1] += p
        b[2] += r["y"]
        b[3][r["game"]] = b[3].get(r["game"], 0.0) + r["y"] - p
    lines = ["| predicted | positions | games | mean predicted | observed | difference (points) | noise (2 s.e., by game) |",
             "|---|---:|---:|---:|---:|---:|---:|"]
    worst = 0.0
    for i, (n, sp, sy, per_game) in enumerate(bins):
        label = f"{i / 10:.1f}–{(i + 1) / 10:.1f}"
        if n == 0:
            lines.append(f"| {label} | 0 | 0 | | | | |")
            continue
        diff = 100 * (sy / n - sp / n)
        noise = 200 * math.sqrt(sum(v * v for v in per_game.values())) / n
        if n >= 200:
            worst = max(worst, abs(diff))
        lines.append(f"| {label} | {n} | {len(per_game)} | {sp / n:.3f} | {sy / n:.3f} | {diff:+.1f} | ±{noise:.1f} |")
    return lines, worst


def proven_lines(rows):
    """How often humans converted the positions the engine proved (by claimed distance)."""
    groups = {}
    for r in rows:
        if not r["exact"]:
            continue
        plies = 30000 - abs(r["score"])
        key = ("win" if r["score"] > 0 else "loss", "1–2" if plies <= 2 else "3–4" if plies <= 4 else "5+")
        n, won = groups.get(key, (0, 0.0))
        groups[key] = (n + 1, won + (r["y"] if r["score"] > 0 else 1 - r["y"]))
    lines = ["| engine's proof | plies | positions | the winner's side won |", "|---|---|---:|---:|"]
    for key in sorted(groups):
        n, won = groups[key]
        lines.append(f"| {key[0]} | {key[1]} | {n} | {won / n:.3f} |")
    return lines


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("dump")
    ap.add_argument("--report", default="")
    ap.add_argument("--nodes", default="?", help="node budget of the dump, for the report")
    args = ap.parse_args()
    rows = load(args.dump)
    train = [r for r in rows if game_hash(r["game"]) % 5 != 0]
    test = [r for r in rows if game_hash(r["game"]) % 5 == 0]
    games = lambda rs: len({r["game"] for r in rs})
    fit_rows = [r for r in train if not r["exact"]]

    t, cv = choose_temperature(fit_rows)
    shared = (t, fit(fit_rows, t))
    shared_model = {f: shared for f in FAMILIES}
    per_family = {f: (t, fit([r for r in fit_rows if r["family"] == f], t)) for f in FAMILIES}
    lr = 2 * len(fit_rows) * (log_loss(shared_model, fit_rows) - log_loss(per_family, fit_rows))
    chosen, name = (per_family, "per family") if lr > LR_THRESHOLD else (shared_model, "shared")

    base = sum(r["y"] for r in train) / len(train)
    estimated = [r for r in test if not r["exact"]]
    lines_est, worst_est = table(chosen, estimated)
    lines_all, worst_all = table(chosen, test)

    out = ["# Win-probability calibration", ""]
    out.append(f"Generated by `bench/calibrate.py` from `zertz calibrate --nodes {args.nodes} ../shared/records` "
               "(bench/calibrate.sh). Human-vs-human games only (no player name containing \"bot\" or "
               "\"tutorial\"); every position before each move; the label is the game's final result for the "
               "side to move (a draw counts 1/2). Games are split by a hash of their path: "
               f"{games(train)} games ({len(train)} positions) fit the model, {games(test)} held-out games "
               f"({len(test)} positions) are reported below.")
    out.append("")
    out.append("Model (core/engine/winprob.cpp): p = 1 / (1 + exp(-(a + b · tanh(max(s, 0) / T) + "
               "c · tanh(min(s, 0) / T)))) for the side to move's engine score s. Positions the engine proves "
               "(score beyond the win bound) get 1 or 0 and are not fitted. T by 4-fold cross-validation over "
               "the training games (log loss: " + ", ".join(f"T={k} {v:.4f}" for k, v in cv.items()) +
               f"): **T = {t}**.")
    out.append("")
    out.append("| family | T | a | b | c | training positions |")
    out.append("|---|---:|---:|---:|---:|---:|")
    for f in FAMILIES:
        w = per_family[f][1]
        out.append(f"| {f} | {t} | {w[0]:.4f} | {w[1]:.4f} | {w[2]:.4f} | "
                   f"{sum(1 for r in fit_rows if r['family'] == f)} |")
    w = shared[1]
    out.append(f"| shared | {t} | {w[0]:.4f} | {w[1]:.4f} | {w[2]:.4f} | {len(fit_rows)} |")
    out.append("")
    out.append(f"Likelihood-ratio statistic of per-family against shared curves on the training games: {lr:.1f} "
               f"(6 degrees of freedom; per family when > {LR_THRESHOLD}, the 1% level): the **{name}** model "
               f"is kept. For information, held-out log loss: shared {log_loss(shared_model, test):.4f}, per "
               f"family {log_loss(per_family, test):.4f}.")
    out.append("")
    out.append("## Held-out calibration of the curve (positions the engine did not prove)")
    out.append("")
    out += lines_est
    out.append("")
    out.append(f"Largest difference in a bin of at least 200 positions: **{worst_est:.1f} points** (target 5). "
               f"Brier score **{brier(chosen, estimated):.4f}** against **{brier(None, estimated, base):.4f}** "
               f"for the constant base rate {base:.3f}.")
    out.append("")
    out.append("## Held-out calibration, all positions (proven ones at 1 or 0)")
    out.append("")
    out += lines_all
    out.append("")
    b_model, b_base = brier(chosen, test), brier(None, test, base)
    out.append(f"Largest difference in a bin of at least 200 positions: {worst_all:.1f} points. Brier score "
               f"**{b_model:.4f}** against **{b_base:.4f}** for the constant base rate "
               f"({100 * (1 - b_model / b_base):.1f}% lower).")
    out.append("")
    out.append("Proven positions are certain under best play, but humans do not always convert them: how often "
               "the side the engine's proof favours went on to win, over all games:")
    out.append("")
    out += proven_lines(rows)
    report = "\n".join(out) + "\n"
    if args.report:
        with open(args.report, "w") as f:
            f.write(report)
    sys.stdout.write(report)
    print("\n// core/engine/winprob.cpp (" + name + "): {T, a, b, c} for 37, 48, 61")
    for f in FAMILIES:
        t, (a, b, c) = chosen[f]
        print(f"    {{{t}, {a:.6f}, {b:.6f}, {c:.6f}}},  // {f}")


if __name__ == "__main__":
    main()
