#include "core/engine/features.h"

#include <algorithm>
#include <string_view>

#include "core/engine/eval.h"
#include "core/movegen.h"

namespace zertz {

namespace {

// The base features in order (each becomes .open and .late). me = the side
// to move, opp = the other player.
constexpr const char* kBaseNames[kBaseFeatures] = {
    "classic",        // the classic evaluation (eval.h), points / 1000
    "bias",           // 1: the side to move's edge (tempo)
    "prog_me",        // progress to every winning set still possible
    "prog_opp",       //
    "need1_me",       // flag: some set one marble away
    "need1_opp",      //
    "need2_me",       // flag: the closest set two marbles away
    "need2_opp",      //
    "iso_me",         // best gain in progress from filling a single-vacancy group
    "iso_me2",        // second best
    "iso_opp",        // the opponent's best such gain
    "iso_opp2",       // the opponent's second best (what is left after the mover's best)
    "iso_groups",     // count of single-vacancy groups
    "zugzwang",       // flag: no isolation gain and every placement hands over a capture
    "safe_odd",       // flag: late (<= 20 vacant), no isolation gain, 1, 3 or 5 safe targets
    "safe_even",      // flag: the same with 2, 4 or 6
    "pool_empty",     // flag: marbles now come from the mover's own captures
    "pool",           // share of the set's marbles still in the pool
    "cap_w_me",       // captures of a colour / the single-colour set's size
    "cap_g_me",       //
    "cap_b_me",       //
    "cap_w_opp",      //
    "cap_g_opp",      //
    "cap_b_opp",      //
    "on_board",       // share of the set's marbles on the board
    "vacant",         // vacant rings / layout rings
    "feasible_me",    // winning sets still possible / 4
    "feasible_opp",   //
    "rmiso_me",       // best gain from an isolation made by removing a ring (features.h)
    "rmiso_opp",      // the opponent's best such gain
    "rmiso_count",    // how many (removable ring, split-off group) such isolations
    "safe_parity",    // safe targets: +1 for 1, 3, 5, 7 or 9, -1 for 2 to 10 even, else 0
    "vacant_odd",     // flag: an odd number of vacant rings
    "iso2_groups",    // count of ring groups with exactly two vacant rings
    "edge_val_me",    // sum over the marbles on edge rings of their value to a player
    "edge_val_opp",   //   (its gain in progress from capturing one), / 4000
    "board_val_me",   // the same over every marble on the board
    "board_val_opp",  //
    "pool_val_me",    // the same over the pool
    "pool_val_opp",   //
};

constexpr int kBiasFeature = 1;  // the constant 1: no network input

// Rings a removal of `ring` could split: its neighbours among the rings form
// at least two separate arcs around it (one arc is connected through itself).
bool mayCut(const Geometry& g, Bitboard rings, int ring) {
  int arcs = 0;
  for (int d = 0; d < kDirections; ++d) {
    const int n = g.neighbor[ring][d], prev = g.neighbor[ring][(d + 5) % kDirections];
    const bool here = n != kNoCell && (rings & bit(n)), before = prev != kNoCell && (rings & bit(prev));
    arcs += here && !before;
  }
  return arcs >= 2;
}

// Isolations made by a removal: removing free ring r splits off a group of
// rings with no vacant ring (captured whatever is placed) or one (captured
// with the marble placed on it). The best gain for each player, and the count.
void removalIsolations(const Position& pos, Bitboard removable, const IsolationGains& iso, const int avail[kColors],
                       const int base[2], int& bestMe, int& bestOpp, int& count) {
  bestMe = bestOpp = count = 0;
  if (!iso.placeable) return;
  const Geometry& g = *pos.geo;
  const Bitboard vacant = pos.vacant();
  while (removable) {
    const int ring = popLsb(removable);
    if (!mayCut(g, pos.rings, ring)) continue;
    const Bitboard rest = pos.rings & ~bit(ring);
    for (Bitboard unseen = g.adjacent[ring] & rest; unseen;) {
      const Bitboard group = g.floodWithin(bit(lsb(unseen)), rest);
      unseen &= ~group;
      const int vacancies = popcount(group & vacant);
      if (group == rest || vacancies > 1) continue;
      int gm, go;
      groupGains(pos, group, vacancies ? iso.placeable : 0u, avail, base, classicEvalParams(), gm, go);
      ++count, bestMe = std::max(bestMe, gm), bestOpp = std::max(bestOpp, go);
    }
  }
}

// The value to a player of each colour's next capture, from the progress table.
void marbleValues(const Position& pos, const int avail[kColors], const int base[2], int value[2][kColors]) {
  for (int p = 0; p < 2; ++p)
    for (int c = 0; c < kColors; ++c) {
      int gain[kColors] = {};
      gain[c] = 1;
      value[p][c] = gainValue(pos, p, gain, avail, base[p], classicEvalParams());
    }
}

// Rings with a neighbour missing (off the layout or removed).
Bitboard edgeRings(const Geometry& g, Bitboard rings) {
  Bitboard in[kDirections];
  g.neighborsIn(rings, in);
  Bitboard inner = rings;
  for (int d = 0; d < kDirections; ++d) inner &= in[d];
  return rings & ~inner;
}

void furtherFeatures(const Position& pos, const IsolationGains& iso, const int avail[kColors], const int base[2],
                     bool withSafeParity, int32_t* f) {
  const int me = pos.turn, opp = 1 - me, one = kFeatureUnit;
  int i = 0, rmMe, rmOpp, rmCount;
  removalIsolations(pos, removableRings(pos), iso, avail, base, rmMe, rmOpp, rmCount);
  f[i++] = rmMe * one / 1000, f[i++] = rmOpp * one / 1000, f[i++] = std::min(rmCount, 8) * one;
  const int safe = withSafeParity ? popcount(safeTargets(pos)) : 0;
  f[i++] = safe == 0 || safe > 10 ? 0 : safe % 2 ? one
                                                 : -one;
  f[i++] = popcount(pos.vacant()) % 2 ? one : 0;
  f[i++] = std::min(iso.groups2, 8) * one;
  int value[2][kColors];
  marbleValues(pos, avail, base, value);
  const Bitboard edge = edgeRings(*pos.geo, pos.rings);
  auto sum = [&](int player, auto count) {
    int v = 0;
    for (int c = 0; c < kColors; ++c) v += value[player][c] * count(c);
    return v * one / 4000;
  };
  for (Bitboard where : {edge, pos.rings})
    for (int p : {me, opp}) f[i++] = sum(p, [&](int c) { return popcount(pos.marbles[c] & where); });
  for (int p : {me, opp}) f[i++] = sum(p, [&](int c) { return int(pos.pool[c]); });
}

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

void baseFeatures(const Position& pos, int32_t f[kBaseFeatures], bool further, bool withSafeParity) {
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
  if (further) furtherFeatures(pos, iso, avail, base, withSafeParity, f + i);
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
  for (int i = 0; i < kNetworkBaseFeatures; ++i)
    if (i != kBiasFeature) out[k++] = f.v[2 * i] + f.v[2 * i + 1];
  out[k] = f.v[2 * kBiasFeature + 1];
}

InputMirror networkInputMirror(int input) {
  // Base feature -> its mirror, + for "the same value", - for "negated".
  static constexpr int kMirror[kNetworkBaseFeatures] = {-1, 2, 4, 3, 6, 5, 8, 7, -9, -10, -11, -12, -13, -14,
                                                        -15, -16, -17, 18, 22, 23, 24, 19, 20, 21, 25, 26, 28, 27};
  static_assert(kBiasFeature == 1);
  if (input == kNetInputs - 1) return {input, 1};  // the phase
  const int base = input < kBiasFeature ? input : input + 1;
  const int m = kMirror[base];  // 1-based base index, signed
  const int to = (m > 0 ? m : -m) - 1;
  return {to < kBiasFeature ? to : to - 1, m > 0 ? 1 : -1};
}

int featureIndex(const char* name) {
  for (int i = 0; i < kFeatureCount; ++i)
    if (std::string_view(featureName(i)) == name) return i;
  return -1;
}

void extractFeatures(const Position& pos, Features& out, int count, bool withSafeParity) {
  int32_t f[kBaseFeatures];
  const int bases = count / 2;
  baseFeatures(pos, f, bases > kNetworkBaseFeatures, withSafeParity);
  const int p = phaseOf(pos);
  for (int i = 0; i < bases; ++i) {
    // Exact split: open + late == f (the late part rounds toward zero).
    const int32_t late = int32_t(int64_t(f[i]) * p / kFeatureUnit);
    out.v[2 * i] = f[i] - late;
    out.v[2 * i + 1] = late;
  }
}

}  // namespace zertz
