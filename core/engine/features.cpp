#include "core/engine/features.h"

#include <algorithm>

#include "core/engine/eval.h"
#include "core/movegen.h"

namespace zertz {

namespace {

// The base features in order (each becomes .open and .late). me = the side
// to move, opp = the other player.
constexpr const char* kBaseNames[kBaseFeatures] = {
    "classic",       // the classic evaluation (eval.h), points / 1000
    "bias",          // 1: the side to move's edge (tempo)
    "prog_me",       // progress to every winning set still possible
    "prog_opp",      //
    "need1_me",      // flag: some set one marble away
    "need1_opp",     //
    "need2_me",      // flag: the closest set two marbles away
    "need2_opp",     //
    "iso_me",        // best gain in progress from filling a single-vacancy group
    "iso_me2",       // second best
    "iso_opp",       // the opponent's best such gain
    "iso_opp2",      // the opponent's second best (what is left after the mover's best)
    "iso_groups",    // count of single-vacancy groups
    "zugzwang",      // flag: no isolation gain and every placement hands over a capture
    "safe_odd",      // flag: late (<= 20 vacant), no isolation gain, 1, 3 or 5 safe targets
    "safe_even",     // flag: the same with 2, 4 or 6
    "pool_empty",    // flag: marbles now come from the mover's own captures
    "pool",          // share of the set's marbles still in the pool
    "cap_w_me",      // captures of a colour / the single-colour set's size
    "cap_g_me",      //
    "cap_b_me",      //
    "cap_w_opp",     //
    "cap_g_opp",     //
    "cap_b_opp",     //
    "on_board",      // share of the set's marbles on the board
    "vacant",        // vacant rings / layout rings
    "feasible_me",   // winning sets still possible / 4
    "feasible_opp",  //
};

constexpr int kBiasFeature = 1;  // the constant 1: no network input

// Smallest number of marbles still needed over the player's possible sets
// (0 when none is possible), and how many sets are possible.
void closest(const Position& pos, int player, const int avail[kColors], int& nearest, int& feasible) {
  const MarbleSet& set = pos.marbleSet();
  nearest = 0, feasible = 0;
  int eachNeed = 0;
  bool eachOk = true;
  auto consider = [&](int need) {
    ++feasible;
    if (nearest == 0 || need < nearest) nearest = need;
  };
  for (int c = 0; c < kColors; ++c) {
    const int need = set.winSingle[c] - pos.captures[player][c];
    if (need <= avail[c]) consider(need);
    const int deficit = std::max(0, set.winEach - pos.captures[player][c]);
    eachNeed += deficit;
    eachOk = eachOk && deficit <= avail[c];
  }
  if (eachOk) consider(eachNeed);
}

// Safe-target parity and zugzwang flags (see the names above).
void safetyFlags(const Position& pos, const IsolationGains& iso, int& zugzwang, int& odd, int& even) {
  zugzwang = odd = even = 0;
  if (iso.bestMe > 0 || !iso.placeable) return;
  if (popcount(pos.vacant()) > 20) {
    zugzwang = !hasSafeTarget(pos);
    return;
  }
  const int safe = popcount(safeTargets(pos));
  zugzwang = safe == 0;
  odd = safe <= 6 && safe % 2 == 1;
  even = safe <= 6 && safe > 0 && safe % 2 == 0;
}

void baseFeatures(const Position& pos, int32_t f[kBaseFeatures]) {
  const int me = pos.turn, opp = 1 - me;
  const MarbleSet& set = pos.marbleSet();
  const int one = kFeatureUnit;
  int avail[kColors], base[2];
  // Progress and isolation gains as the classic evaluation counts them
  // (1000 for a set one marble away), which the classic feature reuses.
  const EvalParams& classic = classicEvalParams();
  progressBoth(pos, classic, avail, base);
  const IsolationGains iso = isolationGains(pos, avail, base, classic);
  int near[2], feasible[2];
  closest(pos, me, avail, near[0], feasible[0]);
  closest(pos, opp, avail, near[1], feasible[1]);
  int zug, odd, even;
  safetyFlags(pos, iso, zug, odd, even);
  int totalMarbles = 0, pool = 0;
  for (int c = 0; c < kColors; ++c) totalMarbles += set.total[c], pool += pos.pool[c];
  int i = 0;
  f[i++] = std::clamp(classicCombine(pos, classic, base, iso) * one / 1000, -32767, 32767);
  f[i++] = one;
  f[i++] = base[me], f[i++] = base[opp];
  f[i++] = near[0] == 1 ? one : 0, f[i++] = near[1] == 1 ? one : 0;
  f[i++] = near[0] == 2 ? one : 0, f[i++] = near[1] == 2 ? one : 0;
  f[i++] = iso.bestMe, f[i++] = iso.secondMe, f[i++] = iso.bestOpp, f[i++] = iso.secondOpp;
  f[i++] = iso.groups * one;
  f[i++] = zug * one, f[i++] = odd * one, f[i++] = even * one;
  f[i++] = pool == 0 ? one : 0;
  f[i++] = pool * one / totalMarbles;
  for (int p : {me, opp})
    for (int c = 0; c < kColors; ++c) f[i++] = pos.captures[p][c] * one / set.winSingle[c];
  f[i++] = popcount(pos.occupied()) * one / totalMarbles;
  f[i++] = popcount(pos.vacant()) * one / pos.geo->numCells;
  f[i++] = feasible[0] * one / 4, f[i++] = feasible[1] * one / 4;
}

}  // namespace

const char* featureName(int index) {
  static const auto names = [] {
    struct Names {
      char text[kFeatureCount][24];
    } n{};
    for (int i = 0; i < kFeatureCount; ++i) {
      const char* base = kBaseNames[i / 2];
      int k = 0;
      for (; base[k]; ++k) n.text[i][k] = base[k];
      for (const char* s = i % 2 ? ".late" : ".open"; *s; ++s) n.text[i][k++] = *s;
    }
    return n;
  }();
  return index >= 0 && index < kFeatureCount ? names.text[index] : "";
}

int phaseOf(const Position& pos) {
  const int cells = pos.geo->numCells;
  return (cells - popcount(pos.rings)) * kFeatureUnit / cells;
}

void networkInputs(const Features& f, int32_t out[kNetInputs]) {
  int k = 0;
  for (int i = 0; i < kBaseFeatures; ++i)
    if (i != kBiasFeature) out[k++] = f.v[2 * i] + f.v[2 * i + 1];
  out[k] = f.v[2 * kBiasFeature + 1];
}

InputMirror networkInputMirror(int input) {
  // Base feature -> its mirror, + for "the same value", - for "negated".
  static constexpr int kMirror[kBaseFeatures] = {-1, 2, 4, 3, 6, 5, 8, 7, -9, -10, -11, -12, -13, -14,
                                                 -15, -16, -17, 18, 22, 23, 24, 19, 20, 21, 25, 26, 28, 27};
  static_assert(kBiasFeature == 1);
  if (input == kNetInputs - 1) return {input, 1};  // the phase
  const int base = input < kBiasFeature ? input : input + 1;
  const int m = kMirror[base];  // 1-based base index, signed
  const int to = (m > 0 ? m : -m) - 1;
  return {to < kBiasFeature ? to : to - 1, m > 0 ? 1 : -1};
}

void extractFeatures(const Position& pos, Features& out) {
  int32_t f[kBaseFeatures];
  baseFeatures(pos, f);
  const int p = phaseOf(pos);
  for (int i = 0; i < kBaseFeatures; ++i) {
    // Exact split: open + late == f (the late part rounds toward zero).
    const int32_t late = int32_t(int64_t(f[i]) * p / kFeatureUnit);
    out.v[2 * i] = f[i] - late;
    out.v[2 * i + 1] = late;
  }
}

}  // namespace zertz
