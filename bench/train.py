#!/usr/bin/env python3
"""Fits the learned evaluation's weights (core/engine/learned.h) on game outcomes: Texel tuning.

Input: a feature file of `zertz features` / `zertz selfplay` (format: cli/feature_data.h). The
features come from the C++ extractor (core/engine/features.h); nothing here computes one.

Model: P(side to move wins) = sigmoid(w . f), a logistic regression (Newton's method, a small
ridge penalty, a draw counting half a win) on the rows of the games not held out (split bit 0
clear; the split is by game: docs/engine.md). The target is the game's result, or with --lam L
below 1 a blend of it and the search's value at the position (self-play rows carry one), as
Stockfish's trainer blends outcome and score. Deterministic: no sampling, so the same data
gives the same weights.

Scale: the engine's searches think in points (one early white capture is about 150; the
search's margins, aspiration windows and the weak levels' noise are set in them). The classic
evaluation is fitted alone on the same rows (P = sigmoid(k . classic)); 1/k points per logit
is the scale the weights file gives, so that a point means the same win probability to both.

Output: the weights file (with its checksum) and a report of log loss and Brier score on the
training rows and on the held-out games (all, and those between two people), for the learned
model and for the classic evaluation with its fitted scale, against the constant base rate.
"""
import argparse
import sys

import numpy as np

FNV64_OFFSET, FNV64_PRIME = 0xCBF29CE484222325, 0x100000001B3


def fnv1a64(data):
    h = FNV64_OFFSET
    for b in data:
        h = ((h ^ b) * FNV64_PRIME) & 0xFFFFFFFFFFFFFFFF
    return h


ROW_FIELDS = [("game", "<u4"), ("ply", "<u2"), ("cells", "u1"), ("set", "u1"), ("result", "i1"), ("split", "u1"),
              ("exact", "u1"), ("flags", "u1"), ("classic", "<i4")]


def load(path):
    """Rows of a feature file, version 2 (with the search's value; cli/feature_data.h) or version 1
    (without: read with flags 0 and search 0, so a blended target uses its outcome alone)."""
    with open(path, "rb") as f:
        header = f.readline().decode()
        parts = header.split()
        if len(parts) != 4 or parts[0] != "zertz-features" or parts[1] not in ("1", "2"):
            sys.exit(f"{path}: not a version 1 or 2 feature file (header '{header[:60]}')")
        version, n = int(parts[1]), int(parts[2])
        names = parts[3].split(",")
        if len(names) != n:
            sys.exit(f"{path}: header names {len(names)} features, says {n}")
        current = np.dtype(ROW_FIELDS + [("search", "<i4"), ("f", "<i2", (n,))])
        dtype = current if version == 2 else np.dtype(ROW_FIELDS + [("f", "<i2", (n,))])
        body = f.read()
    if len(body) % dtype.itemsize:
        sys.exit(f"{path}: truncated ({len(body) % dtype.itemsize} stray bytes)")
    rows = np.frombuffer(body, dtype=dtype)
    if version == 1:
        old, rows = rows, np.zeros(len(rows), dtype=current)
        for name in old.dtype.names:
            rows[name] = old[name]
    return names, rows


def sigmoid(z):
    return 1.0 / (1.0 + np.exp(-np.clip(z, -30, 30)))


def fit_logistic(X, y, ridge, iterations=25, weights=None):
    """Newton's method for the mean log loss plus sum(ridge/2 * w^2): ridge is one penalty for every
    weight, or one per column. weights: one per row (the mean is then weighted), or None for 1 each."""
    w = np.zeros(X.shape[1])
    ridge = np.broadcast_to(np.asarray(ridge, dtype=np.float64), w.shape)
    r = np.ones(len(y)) if weights is None else np.asarray(weights, dtype=np.float64)
    n = float(np.sum(r))
    for _ in range(iterations):
        p = sigmoid(X @ w)
        grad = X.T @ (r * (p - y)) / n + ridge * w
        hess = (X * (r * p * (1 - p))[:, None]).T @ X / n + np.diag(ridge)
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.max(np.abs(step)) < 1e-9:
            break
    return w


def log_loss(p, y):
    p = np.clip(p, 1e-12, 1 - 1e-12)
    return float(np.mean(-(y * np.log(p) + (1 - y) * np.log(1 - p))))


def brier(p, y):
    return float(np.mean((p - y) ** 2))


# Side-neutral base features (the same value whoever is to move): held at 0 by default (docs/engine.md).
SIDE_NEUTRAL = ("bias", "pool", "on_board", "vacant", "rmiso_count", "safe_parity", "vacant_odd", "iso2_groups")
MARBLE_SETS = {"blitz": 0, "standard": 1}  # the rows' marble set (cli/feature_data.h)
PAIRED = ("prog", "need1", "need2", "cap_w", "cap_g", "cap_b", "feasible", "edge_val", "board_val", "pool_val")


def design(names, model, zero):
    """The fitted columns as combinations of the features: a list of (column name, {feature: sign}).
    model 'tied': each paired feature enters as <name>_me - <name>_opp (one weight, so swapping the
    players negates its contribution: a side-neutral term would act as a bias that flips with the
    side to move at every leaf of a search, and leaves differ in who moves after captures);
    'free': every feature its own weight. Features whose base name is in `zero` get weight 0."""
    cols, used = [], set()
    for n in names:
        base, taper = n.rsplit(".", 1)
        if n in used or base in zero:
            continue
        stem = base.rsplit("_", 1)[0]
        if model == "tied" and stem in PAIRED:
            me, opp = f"{stem}_me.{taper}", f"{stem}_opp.{taper}"
            cols.append((f"{stem}.{taper}", {me: 1.0, opp: -1.0}))
            used.update((me, opp))
        else:
            cols.append((n, {n: 1.0}))
            used.add(n)
    return cols


def expand(names, cols, v):
    """Per-feature weights from the fitted column weights."""
    w = dict.fromkeys(names, 0.0)
    for (_, combo), value in zip(cols, v):
        for n, sign in combo.items():
            w[n] += sign * value
    return np.array([w[n] for n in names])


def write_weights(path, names, w, scale, source, variants=()):
    """variants: (layout, set name, weights, scale) parts (learned.h's `variant` sections)."""
    lines = [f"# The learned evaluation's weights (core/engine/learned.h), written by bench/train.py from {source}.",
             "# Do not edit by hand: the checksum covers every byte above it; `make train` writes it again.",
             "zertz-eval-weights 1", f"features {len(names)}", f"scale {scale:.6f}"]
    lines += [f"w {name} {v:.9f}" for name, v in zip(names, w)]
    for layout, set_name, vw, vscale in variants:
        lines += [f"variant {layout} {set_name}", f"scale {vscale:.6f}"]
        lines += [f"w {name} {v:.9f}" for name, v in zip(names, vw)]
    body = ("\n".join(lines) + "\n").encode()
    with open(path, "wb") as f:
        f.write(body + f"checksum {fnv1a64(body):016x}\n".encode())


def load_many(paths, with_source=False):
    """Rows of several files. A file of an earlier build may list fewer features (a prefix of the
    others'): the fit then uses the features every file has. with_source: also each row's file's
    index in paths."""
    loaded = [load(path) for path in paths]
    names = min((n for n, _ in loaded), key=len)
    for path, (other, _) in zip(paths, loaded):
        if other[:len(names)] != names:
            sys.exit(f"{path}: its features differ from {paths[0]}'s")
    dtype = np.dtype(ROW_FIELDS + [("search", "<i4"), ("f", "<i2", (len(names),))])
    parts = []
    for _, r in loaded:
        part = np.zeros(len(r), dtype=dtype)
        for field in dtype.names:
            part[field] = r[field][:, :len(names)] if field == "f" else r[field]
        parts.append(part)
    rows = np.concatenate(parts)
    out = names, rows, rows["f"].astype(np.float64) / 1024.0, (rows["result"].astype(np.float64) + 1) / 2
    if with_source:
        return out + (np.repeat(np.arange(len(parts)), [len(part) for part in parts]),)
    return out


def blended(rows, y, k, lam):
    """The training target: lam * the game's result + (1 - lam) * the search's value as a probability
    (sigmoid(k * search), the classic evaluation's scale) on rows that carry a search value and no proven
    result; the result alone elsewhere. lam = 1 is plain Texel tuning on outcomes."""
    searched = ((rows["flags"] & 1) == 1) & (rows["exact"] == 0)
    t = y.copy()
    t[searched] = lam * y[searched] + (1 - lam) * sigmoid(k * rows["search"][searched].astype(np.float64))
    return t


def variant_spec(spec, lam):
    """(layout, set name, lam) of a --variant LAYOUT:SET[:LAM]; the part's lam defaults to --lam."""
    fields = spec.split(":")
    layout, set_name = (fields + [""])[:2]
    if len(fields) not in (2, 3) or not layout.isdigit() or set_name not in MARBLE_SETS:
        sys.exit(f"--variant {spec}: expected LAYOUT:SET[:LAM], a built-in layout's rings, standard or blitz, "
                 "and optionally the part's --lam")
    if len(fields) == 3:
        try:
            lam = float(fields[2])
        except ValueError:
            lam = -1.0
        if not 0.0 <= lam <= 1.0:
            sys.exit(f"--variant {spec}: LAM must be a number from 0 to 1, not '{fields[2]}'")
    return layout, set_name, lam


def fit(names, X, y, train, args):
    cols = design(names, args.model, set(filter(None, args.zero.split(","))))
    index = {n: i for i, n in enumerate(names)}
    M = np.zeros((len(names), len(cols)))
    for j, (_, combo) in enumerate(cols):
        for n, sign in combo.items():
            M[index[n], j] = sign
    ridge = [0.0 if name.startswith("classic.") else args.ridge for name, _ in cols]
    return expand(names, cols, fit_logistic(X[train] @ M, y[train], ridge))


def score_rows(label, rows, y, mask, base, models):
    """Table rows: log loss and Brier of each (name, probabilities) model on the masked rows."""
    if not mask.any():
        return []
    games = len(np.unique(rows["game"][mask]))
    yb = y[mask]
    bb = brier(np.full(len(yb), base), yb)
    return [f"| {label} | {games} | {int(mask.sum())} | {name} | {log_loss(p[mask], yb):.4f} | {brier(p[mask], yb):.4f} | {bb:.4f} |"
            for name, p in models]


def recalibrated(z, y, train):
    """sigmoid(a + b z) with a, b fitted on the training rows: each model's logit mapped onto the
    judged games' own scale (human games are not engine games), as the win-probability curve does."""
    Z = np.column_stack([np.ones_like(z), z])
    return sigmoid(Z @ fit_logistic(Z[train], y[train], 0.0))


def judge(path, w, k):
    """The held-out games between two people of another file (the archive's), both models recalibrated."""
    _, rows, X, y = load_many([path])
    held, human = (rows["split"] & 1) == 1, (rows["split"] & 2) == 2
    classic = rows["classic"].astype(np.float64)
    models = (("learned (recalibrated)", recalibrated(X @ w, y, ~held)),
              ("classic (recalibrated)", recalibrated(k * classic, y, ~held)))
    return score_rows(f"{path}: held out, two people", rows, y, held & human, float(np.mean(y[~held])), models)


def emit(lines, report):
    """The report: to the file `report` when given, and to stdout."""
    text = "\n".join(lines) + "\n"
    if report:
        with open(report, "w") as f:
            f.write(text)
    sys.stdout.write(text)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("data", nargs="+", help="feature files (zertz features, zertz selfplay), in this order")
    ap.add_argument("--weights", required=True, help="weights file to write")
    ap.add_argument("--report", default="", help="markdown report to write")
    ap.add_argument("--ridge", type=float, default=0.0003,
                    help="penalty on every weight but the classic evaluation's: the model stays the classic "
                         "evaluation unless the data clearly says otherwise (a search seeks out the positions "
                         "where a loosely fitted evaluation errs)")
    ap.add_argument("--judge", default="", help="feature file whose held-out human games are also scored")
    ap.add_argument("--source", default="", help="what the data is, for the weights file's comment")
    ap.add_argument("--model", choices=("tied", "free"), default="tied")
    ap.add_argument("--zero", default=",".join(SIDE_NEUTRAL), help="base features held at weight 0 (comma-separated)")
    ap.add_argument("--variant", action="append", default=[], metavar="LAYOUT:SET[:LAM]",
                    help="also fit a part on that built-in layout and marble set's rows alone (e.g. 37:blitz); "
                         "LAM, if given, is that part's --lam")
    ap.add_argument("--variant-data", action="append", default=[], metavar="FILE",
                    help="feature file whose rows train the --variant parts only, not the general model "
                         "(a self-play run on one variant)")
    ap.add_argument("--alone", action="append", default=[], metavar="LAYOUT:SET",
                    help="that --variant's part is fitted on the --variant-data rows alone, not also on the "
                         "general data's rows of its layout and set")
    ap.add_argument("--lam", type=float, default=1.0,
                    help="weight of the game's result in the target, the rest the search's value (rows with one)")
    args = ap.parse_args()
    names, rows, X, y, source = load_many(args.data + args.variant_data, with_source=True)
    if args.variant_data and not args.variant:
        sys.exit("--variant-data needs a --variant to train")
    named = {":".join(variant_spec(spec, args.lam)[:2]) for spec in args.variant}
    for spec in args.alone:
        if spec not in named:
            sys.exit(f"--alone {spec}: not one of the --variant parts ({', '.join(sorted(named)) or 'none'})")
        if not args.variant_data:
            sys.exit(f"--alone {spec}: needs the --variant-data rows it is fitted on")
    classic = rows["classic"].astype(np.float64)
    held, human = (rows["split"] & 1) == 1, (rows["split"] & 2) == 2
    general = source < len(args.data)  # rows the general model trains on (not --variant-data's)
    train = ~held
    k = fit_logistic(classic[train & general, None], y[train & general], 0.0)[0]
    w = fit(names, X, blended(rows, y, k, args.lam), train & general, args)
    scale = 1.0 / k
    parts = []  # (LAYOUT:SET, its rows, weights, k, lam) of each --variant
    for spec in args.variant:
        layout, set_name, vlam = variant_spec(spec, args.lam)
        mask = (rows["cells"] == int(layout)) & (rows["set"] == MARBLE_SETS[set_name])
        if f"{layout}:{set_name}" in args.alone:
            mask &= ~general
        if not (train & mask).any():
            sys.exit(f"--variant {spec}: no training rows of that layout and marble set")
        vk = fit_logistic(classic[train & mask, None], y[train & mask], 0.0)[0]
        vw = fit(names, X, blended(rows, y, vk, vlam), train & mask, args)
        parts.append((f"{layout}:{set_name}", mask, vw, vk, vlam))
    variants = [(*name.split(":"), vw, 1.0 / vk) for name, _, vw, vk, _ in parts]
    write_weights(args.weights, names, w, scale, args.source or " + ".join(args.data), variants)

    base = float(np.mean(y[train & general]))
    models = (("learned", sigmoid(X @ w)), ("classic (fitted scale)", sigmoid(k * classic)))
    out = ["# The learned evaluation's fit", "",
           f"Generated by `bench/train.py {' '.join(sys.argv[1:])}` (`make train`); deterministic, so the "
           "machine's load does not matter. Log loss and Brier score of the game's result for the side to move "
           "(a draw counts half); held out: the games the split rule holds out (docs/engine.md).", "",
           "| rows | games | positions | model | log loss | Brier | base-rate Brier |", "|---|---:|---:|---|---:|---:|---:|"]
    for label, mask in (("training", train & general), ("held out, all", held & general),
                        ("held out, two people", held & human & general)):
        out += score_rows(label, rows, y, mask, base, models)
    for spec, mask, vw, vk, _ in parts:
        vmodels = (("variant part", sigmoid(X @ vw)),) + models
        out += score_rows(f"held out, {spec}", rows, y, held & mask, float(np.mean(y[train & mask])), vmodels)
    if args.judge:
        out += judge(args.judge, w, k)
    out.append("")
    out.append(f"Scale: {scale:.1f} points per logit (the classic evaluation's fit, k = {k:.6f}); ridge {args.ridge}; "
               f"target: {args.lam} x result + {1 - args.lam:g} x search value; "
               f"model {args.model}, held at 0: {args.zero or 'none'}.")
    for spec, _, _, vk, vlam in parts:
        rows_of = "the --variant-data rows of its layout and set" if spec in args.alone else "its own training rows"
        out.append(f"Variant {spec}: fitted on {rows_of} alone, scale {1 / vk:.1f} points per logit; "
                   f"target: {vlam} x result + {1 - vlam:g} x search value.")
    out.append("")
    out.append("| feature | weight (logit per unit) | points per unit |" + "".join(f" {spec} (logit) |" for spec, *_ in parts))
    out.append("|---|---:|---:|" + "---:|" * len(parts))
    out += [f"| {n} | {v:+.4f} | {v * scale:+.1f} |" + "".join(f" {p[2][i]:+.4f} |" for p in parts)
            for i, (n, v) in enumerate(zip(names, w))]
    emit(out, args.report)


if __name__ == "__main__":
    main()
