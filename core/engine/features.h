// The features of a quiet position (no capture pending, game not over) from
// the side to move's view: the one extractor both the learned evaluation
// (learned.h) and the training data (`zertz features`, `zertz selfplay`) use,
// so the trainer (bench/train.py) never computes a feature itself.
//
// Each base feature comes twice, tapered by the game's phase p (the share of
// the layout's rings removed, 0 at the start): f·(1-p) as "name.open" and
// f·p as "name.late", so one linear model can weigh a feature differently as
// the board shrinks. Values are integers in units of 1/kFeatureUnit (1024):
// a flag is 0 or 1024, a count n is n·1024, a share is scaled likewise.
// The first is the classic evaluation itself (points / 1000), so the model
// is the classic evaluation with learned corrections. Progress is the
// classic evaluation's geometric table (1000 points, i.e. 0.98 units, for a
// set one marble away; ratio 2.2 per further marble). Every feature fits in
// 16 bits (|value| < 32768) on every layout: the data format stores them so.
#pragma once

#include <cstdint>

#include "core/position.h"

namespace zertz {

constexpr int kFeatureUnit = 1024;
// The first kNetworkBaseFeatures base features are the network's inputs
// (and all a model of 2 * kNetworkBaseFeatures weights reads); the rest
// look further: isolations a removal makes, parities, and what each player
// would gain from the marbles on the board's edge, on the board and in the
// pool.
constexpr int kNetworkBaseFeatures = 28;
constexpr int kBaseFeatures = 40;
constexpr int kFeatureCount = 2 * kBaseFeatures;  // .open then .late for each
constexpr int kNetworkFeatureCount = 2 * kNetworkBaseFeatures;

struct Features {
  int32_t v[kFeatureCount];
};

// "bias.open", "bias.late", "prog_me.open", ... in the order of Features::v.
const char* featureName(int index);

// The phase p in units of 1/kFeatureUnit: rings removed / layout rings.
int phaseOf(const Position& pos);

// Which base features a caller needs: bit b for base feature b (both its
// .open and .late parts).
using FeatureMask = uint64_t;
static_assert(kBaseFeatures <= 64);
constexpr FeatureMask kAllFeatures = (FeatureMask(1) << kBaseFeatures) - 1;

// pos must be quiet: no capture for the side to move, no winner. The work
// only features outside `needed` need is skipped, and those features are 0
// (the cheap ones may keep their value):
// the learned evaluation passes the features its weights read
// (LearnedWeights::needed); the training data takes them all.
void extractFeatures(const Position& pos, Features& out, FeatureMask needed = kAllFeatures);
// The same untapered: f[b] is base feature b's .open + .late.
void extractBaseFeatures(const Position& pos, int32_t f[kBaseFeatures], FeatureMask needed = kAllFeatures);
// The .late part of a base feature's value f at phase p (phaseOf); its
// .open part is f - late, so the two add up to f exactly. 32 bits suffice:
// |f| < 2^15 and p <= kFeatureUnit.
constexpr int32_t lateShare(int32_t f, int phase) { return f * phase / kFeatureUnit; }
// Index of the feature named name ("safe_parity.open"), or -1.
int featureIndex(const char* name);

// The network's inputs (learned.h): every base feature untapered (open +
// late) but the constant bias, in order, then the phase p (bias.late).
constexpr int kNetInputs = kNetworkBaseFeatures;
void networkInputs(const Features& f, int32_t out[kNetInputs]);
void networkInputs(const int32_t base[kBaseFeatures], int phase, int32_t out[kNetInputs]);

// The players exchanged (the network's antisymmetry): input i becomes
// sign * input[index]. A paired feature (prog_me, prog_opp, ...) takes its
// partner's value; the mover's own features (the classic evaluation,
// isolation gains, zugzwang, parity, empty pool) change sign; side-neutral
// ones (pool, marbles on board, vacant rings, phase) stay. bench/train_net.py
// classes the features the same way.
struct InputMirror {
  int index, sign;
};
InputMirror networkInputMirror(int input);

}  // namespace zertz
