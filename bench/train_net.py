#!/usr/bin/env python3
"""Fits the network evaluation (core/engine/network.h) on game outcomes.

Input: feature files of `zertz selfplay` / `zertz features` (cli/feature_data.h); the features come
from the C++ extractor (core/engine/features.h), nothing here computes one.

Model, from the side to move's view, in logits:
    F(x) = u . x  +  G(a) - G(S a),    G(a) = v . crelu(W a + b),    crelu(t) = min(max(t, 0), 1)
x: the 2n tapered features (the linear part, the same family as eval-v1: one weight per player pair,
free weights on the mover's own flags, none on side-neutral terms). a: the network's inputs, each
base feature untapered (open + late) without the constant bias, then the phase p. S swaps the
players: paired features (prog_me and prog_opp, ...) exchange, the mover's features (the classic
evaluation, isolation gains, zugzwang, parity) change sign, side-neutral ones (pool, marbles on
board, vacant rings, phase) stay. So F(S x) = -F(x) exactly: swapping the players negates the
evaluation, and a side-neutral input can only change how the rest is weighed, never add a term
that flips with the side to move (docs/engine.md: a search exploits such a term).

Training: full-batch Adam on the mean log loss (a draw counts half) of the rows of the games not
held out, with an L2 penalty on W and v and a ridge on u (not on the classic evaluation's weight);
u starts at the linear fit (bench/train.py's), W from a seeded normal draw, v at 0, so the network
starts as the linear model and only moves where the data pays for it. Deterministic: the same
files and seed give the same weights.

Output: the weights file in integers (fixed point, core/engine/network.h), the same model every
build evaluates bit for bit, and a report: log loss and Brier of the quantized model against the
linear fit and the classic evaluation on training, held-out and (--judge) the archive's held-out
games between two people.
"""
import argparse
import sys

import numpy as np

import train

PAIRS = ("prog", "need1", "need2", "cap_w", "cap_g", "cap_b", "feasible")
ODD = ("classic", "iso_me", "iso_me2", "iso_opp", "iso_opp2", "iso_groups", "zugzwang", "safe_odd",
       "safe_even", "pool_empty")
NEUTRAL = ("bias", "pool", "on_board", "vacant")
W_ONE, A_ONE, X_ONE = 256, 256, 1024  # fixed point: W and b, activations, features
W_MAX = 2000  # |W| * 2^15 features * 28 inputs stays inside 32 bits (network.h)


def base_names(names):
    return [n.rsplit(".", 1)[0] for n in names[0::2]]


def swap_matrix(bases):
    """S over a list of base names (plus "phase", neutral): a permutation with signs."""
    index = {b: i for i, b in enumerate(bases)}
    S = np.zeros((len(bases), len(bases)))
    for i, b in enumerate(bases):
        stem = b.rsplit("_", 1)[0]
        if stem in PAIRS:
            S[i, index[f"{stem}_{'opp' if b.endswith('_me') else 'me'}"]] = 1
        elif b in ODD:
            S[i, i] = -1
        elif b in NEUTRAL or b == "phase":
            S[i, i] = 1
        else:
            sys.exit(f"feature {b}: not classed as paired, the mover's or side-neutral (bench/train_net.py)")
    return S


def inputs(names, X):
    """The network's inputs from the tapered features: open + late of every base but bias, then the
    phase (bias.late is exactly p: the bias is 1 and splits as 1 - p, p)."""
    bases = base_names(names)
    keep = [i for i, b in enumerate(bases) if b != "bias"]
    A = (X[:, 0::2] + X[:, 1::2])[:, keep]
    phase = X[:, names.index("bias.late")]
    return [bases[i] for i in keep] + ["phase"], np.column_stack([A, phase])


def crelu(t):
    return np.clip(t, 0.0, 1.0)


class Net:
    def __init__(self, u, W, b, v):
        self.u, self.W, self.b, self.v = u, W, b, v

    def params(self):
        return [self.u, self.W, self.b, self.v]


def forward(net, X, A, SA):
    H1, H2 = A @ net.W.T + net.b, SA @ net.W.T + net.b
    z = X @ net.u + crelu(H1) @ net.v - crelu(H2) @ net.v
    return z, H1, H2


def gradients(net, X, A, SA, y, args, ridge_u):
    z, H1, H2 = forward(net, X, A, SA)
    p = train.sigmoid(z)
    d = (p - y) / len(y)  # d loss / dz
    g1 = ((H1 > 0) & (H1 < 1)) * (d[:, None] * net.v)  # d / dH1
    g2 = ((H2 > 0) & (H2 < 1)) * (-d[:, None] * net.v)
    gu = X.T @ d + ridge_u * net.u
    gW = g1.T @ A + g2.T @ SA + args.l2 * net.W
    gb = g1.sum(0) + g2.sum(0)
    gv = crelu(H1).T @ d - crelu(H2).T @ d + args.l2 * net.v
    return [gu, gW, gb, gv]


def fit_net(X, A, SA, y, u0, project, args):
    rng = np.random.default_rng(args.seed)
    hidden, m = args.hidden, A.shape[1]
    scale = 1.0 / np.maximum(A.std(0), 0.05)  # unit-ish pre-activations at the start
    net = Net(u0.copy(), rng.normal(0, 1, (hidden, m)) * scale / np.sqrt(m), rng.uniform(0, 1, hidden), np.zeros(hidden))
    ridge_u = np.full(len(u0), args.ridge)
    ridge_u[[0, 1]] = 0.0  # classic.open, classic.late
    moments = [(np.zeros_like(q), np.zeros_like(q)) for q in net.params()]
    b1, b2, eps = 0.9, 0.999, 1e-8
    for step in range(1, args.steps + 1):
        grads = gradients(net, X, A, SA, y, args, ridge_u)
        for q, g, (m1, m2) in zip(net.params(), grads, moments):
            m1 *= b1
            m1 += (1 - b1) * g
            m2 *= b2
            m2 += (1 - b2) * g * g
            q -= args.lr * (m1 / (1 - b1**step)) / (np.sqrt(m2 / (1 - b2**step)) + eps)
        net.u[:] = project(net.u)
    return net


def quantize(net, scale):
    """Integers as the engine reads them: W, b in 1/256; v in points per unit activation; u in
    logits (the engine's linear part is eval-v1's arithmetic)."""
    Wq = np.clip(np.rint(net.W * W_ONE), -W_MAX, W_MAX).astype(np.int64)
    bq = np.clip(np.rint(net.b * W_ONE), -W_MAX, W_MAX).astype(np.int64)
    vq = np.rint(net.v * scale).astype(np.int64)
    return Wq, bq, vq


def quantized_points(u, Wq, bq, vq, scale, Xi, Ai, SAi):
    """The engine's arithmetic (network.cpp) on integer features, in points."""
    fixed = np.rint(u * scale * 65536).astype(np.int64)
    lin = Xi @ fixed
    den = 65536 * X_ONE
    lin = np.where(lin >= 0, (lin + den // 2) // den, -((-lin + den // 2) // den))

    def g(Ai_):
        acc = Ai_ @ Wq.T + bq * X_ONE
        act = np.clip(acc, 0, W_ONE * X_ONE) >> 10  # units of 1/256
        return act @ vq

    diff = g(Ai) - g(SAi)
    net = np.where(diff >= 0, (diff + A_ONE // 2) // A_ONE, -((-diff + A_ONE // 2) // A_ONE))
    return np.clip(lin + net, -20000, 20000)


def int_inputs(names, rows):
    Xi = rows["f"][:, :len(names)].astype(np.int64)
    _, Ai = inputs(names, Xi)
    return Xi, Ai.astype(np.int64)


def write_net(path, names, in_names, u, Wq, bq, vq, scale, source):
    lines = [f"# The network evaluation's weights (core/engine/learned.h), written by bench/train_net.py from {source}.",
             "# Do not edit by hand: the checksum covers every byte above it; `make train-net` writes it again.",
             "zertz-eval-weights 2", f"features {len(names)}", f"scale {scale:.6f}"]
    lines += [f"w {name} {value:.9f}" for name, value in zip(names, u)]
    lines.append(f"hidden {len(vq)} {len(in_names)}")
    lines += ["h " + " ".join(str(int(t)) for t in [bq[j], vq[j], *Wq[j]]) for j in range(len(vq))]
    body = ("\n".join(lines) + "\n").encode()
    with open(path, "wb") as f:
        f.write(body + f"checksum {train.fnv1a64(body):016x}\n".encode())


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("data", nargs="+")
    ap.add_argument("--weights", required=True)
    ap.add_argument("--report", default="")
    ap.add_argument("--judge", default="")
    ap.add_argument("--source", default="")
    ap.add_argument("--hidden", type=int, default=16)
    ap.add_argument("--steps", type=int, default=3000)
    ap.add_argument("--lr", type=float, default=0.01)
    ap.add_argument("--l2", type=float, default=0.001, help="penalty on the network's weights W and v")
    ap.add_argument("--ridge", type=float, default=0.0003, help="penalty on the linear part but the classic evaluation")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--features", type=int, default=56,
                    help="fit on the first N features of the files: the network is defined on the 28 base features "
                         "of eval-v1 (56 tapered); selfplay writes every feature the extractor has")
    args = ap.parse_args()

    names, rows, X, y = train.load_many(args.data)
    if not 2 <= args.features <= len(names) or args.features % 2:
        sys.exit(f"--features {args.features}: the files have {len(names)} features, and the count must be even")
    names, X = names[:args.features], X[:, :args.features]
    in_names, A = inputs(names, X)
    S = swap_matrix(in_names)
    SA = A @ S.T
    Sx = swap_matrix(base_names(names))
    S2 = np.kron(Sx, np.eye(2))  # the same on each .open/.late pair

    def project(u):
        return (u - S2.T @ u) / 2  # the antisymmetric part: u . S x = -u . x

    held, human = (rows["split"] & 1) == 1, (rows["split"] & 2) == 2
    tr = ~held
    lin_args = argparse.Namespace(model="tied", zero="pool,on_board,vacant,bias", ridge=args.ridge)
    u0 = project(train.fit(names, X, y, tr, lin_args))
    k = train.fit_logistic(rows["classic"][tr, None].astype(np.float64), y[tr], 0.0)[0]
    scale = 1.0 / k
    net = fit_net(X[tr], A[tr], SA[tr], y[tr], u0, project, args)
    Wq, bq, vq = quantize(net, scale)
    write_net(args.weights, names, in_names, net.u, Wq, bq, vq, scale, args.source or " + ".join(args.data))

    Xi, Ai = int_inputs(names, rows)
    SAi = np.rint(Ai @ S.T).astype(np.int64)
    pts = quantized_points(net.u, Wq, bq, vq, scale, Xi, Ai, SAi)
    assert np.all(quantized_points(net.u, Wq, bq, vq, scale, np.rint(Xi @ S2.T).astype(np.int64), SAi, Ai) == -pts)
    models = (("network (integer)", train.sigmoid(pts * k)), ("linear", train.sigmoid(X @ u0)),
              ("classic (fitted scale)", train.sigmoid(k * rows["classic"])))
    base = float(np.mean(y[tr]))
    out = ["# The network evaluation's fit", "",
           f"Generated by `bench/train_net.py {' '.join(sys.argv[1:])}`; deterministic, so the machine's load does "
           "not matter. Log loss and Brier score of the game's result for the side to move (a draw counts half); "
           "held out: the games the split rule holds out (docs/engine.md). The linear model is the tied fit of "
           "bench/train.py on the same rows.", "",
           "| rows | games | positions | model | log loss | Brier | base-rate Brier |", "|---|---:|---:|---|---:|---:|---:|"]
    for label, mask in (("training", tr), ("held out, all", held), ("held out, two people", held & human)):
        out += train.score_rows(label, rows, y, mask, base, models)
    if args.judge:
        jn, jrows, jX, jy = train.load_many([args.judge])
        jn, jX = jn[:len(names)], jX[:, :len(names)]
        jXi, jAi = int_inputs(jn, jrows)
        jpts = quantized_points(net.u, Wq, bq, vq, scale, jXi, jAi, np.rint(jAi @ S.T).astype(np.int64))
        jheld, jhuman = (jrows["split"] & 1) == 1, (jrows["split"] & 2) == 2
        jm = (("network (recalibrated)", train.recalibrated(jpts * k, jy, ~jheld)),
              ("linear (recalibrated)", train.recalibrated(jX @ u0, jy, ~jheld)),
              ("classic (recalibrated)", train.recalibrated(k * jrows["classic"].astype(np.float64), jy, ~jheld)))
        out += train.score_rows(f"{args.judge}: held out, two people", jrows, jy, jheld & jhuman,
                                float(np.mean(jy[~jheld])), jm)
    out += ["", f"Scale {scale:.1f} points per logit; hidden {args.hidden}, steps {args.steps}, lr {args.lr}, "
            f"l2 {args.l2}, ridge {args.ridge}, seed {args.seed}; largest |W| {int(np.abs(Wq).max())} of {W_MAX}."]
    train.emit(out, args.report)


if __name__ == "__main__":
    main()
