#!/usr/bin/python3
"""Measures a candidate win-probability model: the shipped curve of the engine's score plus a linear
head over the learned evaluation's features of the position (core/engine/features.h), fitted on games
between two people. A measurement, not what core/engine/winprob.cpp uses yet.

Why: the learned evaluation is fitted on self-play, whose players convert any edge; people do not,
and what they convert (captured marbles, sets one or two marbles away) is what the features count.

Inputs: dumps of `zertz calibrate --features` (TSV: the engine's score at a fixed node budget, the
result for the side to move, a quiet flag and the features), one of the records (2024-2025, held out
from everything) and one of the archive's human games (2004-2019).

Split, by game: the archive's games the feature data holds out (FNV-1a 32 of the file name, id mod
10 = 0; docs/engine.md) are a second held-out set; the rest train. The records are cross-fitted in
5 folds by crc32 of their path (as bench/calibrate.py): each fold is predicted by a fit on the
archive's training games and the other four folds. The ridge is chosen by 5-fold cross-validation
inside the archive's training games only. Positions the engine proved are left out, as in the
calibration report.

    /usr/bin/python3 bench/winprob_head.py RECORDS.tsv ARCHIVE.tsv... [--report bench/winprob-head.md]
"""
import argparse
import sys
import zlib

import numpy as np

from train import fit_logistic, sigmoid

TEMPERATURE = 1000  # the shipped curve's (bench/calibration.md)
RIDGES = (1e-4, 1e-3, 1e-2, 1e-1)
FOLDS = 5


def fnv1a32(text):
    h = 2166136261
    for b in text.encode():
        h = ((h ^ b) * 16777619) & 0xFFFFFFFF
    return h


def file_name(label):
    """The game's file name as the feature data hashes it (a lone game's "#1" dropped)."""
    name = label.rsplit("/", 1)[-1]
    return name[:-2] if name.endswith("#1") else name


def load(paths):
    labels, cols = [], []
    names = None
    for path in paths:
        with open(path) as f:
            header = f.readline().rstrip("\n").split("\t")
            if "quiet" not in header:
                sys.exit(f"{path}: not a `zertz calibrate --features` dump (no quiet column)")
            at = {n: i for i, n in enumerate(header)}
            first = at["quiet"] + 1
            names = names or header[first:]
            if header[first:] != names:
                sys.exit(f"{path}: its features differ from {paths[0]}'s")
            for number, line in enumerate(f, 2):
                v = line.rstrip("\n").split("\t")
                if len(v) != len(header):
                    sys.exit(f"{path}:{number}: {len(v)} fields, the header has {len(header)}")
                if v[at["exact"]] == "1":
                    continue
                labels.append(v[at["game"]])
                cols.append([v[at["score"]], v[at["result"]]] + v[first:])
    a = np.array(cols, dtype=np.float64)
    return np.array(labels), a[:, 0], a[:, 1], a[:, 2:] / 1024.0, names


def design(score, X, with_features):
    curve = np.column_stack([np.ones_like(score), np.tanh(np.maximum(score, 0) / TEMPERATURE),
                             np.tanh(np.minimum(score, 0) / TEMPERATURE)])
    return np.column_stack([curve, X]) if with_features else curve


def fit(Z, y, ridge):
    return fit_logistic(Z, y, [0.0] * 3 + [ridge] * (Z.shape[1] - 3))


def choose_ridge(Z, y, games):
    """The ridge of least cross-validated log loss, folds by game."""
    fold = np.array([zlib.crc32(g.encode()) % FOLDS for g in games])
    losses = {}
    for ridge in RIDGES:
        p = np.zeros_like(y)
        for k in range(FOLDS):
            p[fold == k] = sigmoid(Z[fold == k] @ fit(Z[fold != k], y[fold != k], ridge))
        p = np.clip(p, 1e-9, 1 - 1e-9)
        losses[ridge] = float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))
    return min(losses, key=losses.get), losses


def figures(p, y, base):
    """Brier, its ratio to the base rate's, share below 20% or above 80%, largest bin error (>= 200)."""
    brier = float(np.mean((p - y) ** 2))
    worst = 0.0
    for lo in np.arange(0, 1, 0.1):
        m = (p >= lo) & (p < lo + 0.1)
        if m.sum() >= 200:
            worst = max(worst, abs(float(np.mean(y[m]) - np.mean(p[m]))))
    return brier, brier / base, float(np.mean((p < 0.2) | (p > 0.8))), 100 * worst


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("records")
    ap.add_argument("archive", nargs="+")
    ap.add_argument("--report")
    args = ap.parse_args()
    rgames, rs, ry, rX, names = load([args.records])
    agames, as_, ay, aX, anames = load(args.archive)
    if anames != names:
        sys.exit("the records' and the archive's dumps list different features")
    held = np.array([fnv1a32(file_name(g)) % 10 == 0 for g in agames])
    rfold = np.array([zlib.crc32(g.split("records/")[-1].encode()) % FOLDS for g in rgames])
    lines = ["# A win-probability head over the learned features (a measurement)", "",
             f"Generated by `bench/winprob_head.py` (see its docstring; dumps by bench/winprob-head.sh). "
             f"Archive: {len(set(agames[~held]))} training games ({int((~held).sum())} positions), "
             f"{len(set(agames[held]))} held out ({int(held.sum())}); records: {len(set(rgames))} games "
             f"({len(ry)} positions), cross-fitted in {FOLDS} folds. Positions the engine proved are left out.", ""]
    ridge, losses = choose_ridge(design(as_[~held], aX[~held], True), ay[~held], agames[~held])
    lines += ["Ridge by cross-validation inside the archive's training games (log loss): "
              + ", ".join(f"{r:g} {l:.4f}" for r, l in losses.items()) + f": **{ridge:g}**.", "",
              "| held-out set | model | Brier | × base rate's | below 20% or above 80% | largest bin error (points) |",
              "|---|---|---:|---:|---:|---:|"]
    for with_features, label in ((False, "curve of the score (as shipped, refitted)"), (True, "curve + feature head")):
        rid = ridge if with_features else 0.0
        Za = design(as_, aX, with_features)
        p = sigmoid(Za[held] @ fit(Za[~held], ay[~held], rid))
        b = figures(p, ay[held], float(np.mean((ay[held] - ay[~held].mean()) ** 2)))
        lines.append(f"| archive, two people | {label} | {b[0]:.4f} | {b[1]:.3f} | {100 * b[2]:.1f}% | {b[3]:.1f} |")
        Zr = design(rs, rX, with_features)
        p, base = np.zeros_like(ry), 0.0
        for k in range(FOLDS):
            out = rfold == k
            w = fit(np.vstack([Za[~held], Zr[~out]]), np.concatenate([ay[~held], ry[~out]]), rid)
            p[out] = sigmoid(Zr[out] @ w)
            base += float(np.sum((ry[out] - ry[~out].mean()) ** 2))
        b = figures(p, ry, base / len(ry))
        lines.append(f"| records 2024-2025, two people | {label} | {b[0]:.4f} | {b[1]:.3f} | {100 * b[2]:.1f}% | {b[3]:.1f} |")
    text = "\n".join(lines) + "\n"
    if args.report:
        with open(args.report, "w") as f:
            f.write(text)
    print(text, end="")


if __name__ == "__main__":
    main()
