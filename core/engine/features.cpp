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

// The bit of the base feature named `name` (an unknown name does not compile:
// the search runs past the table).
consteval FeatureMask featureBit(std::string_view name) {
  int i = 0;
  while (std::string_view(kBaseNames[i]) != name) ++i;
  return FeatureMask(1) << i;
}

// Features that share a costly part of the work: a mask without any of them
// skips it.
constexpr FeatureMask kSafetyFeatures = featureBit("zugzwang") | featureBit("safe_odd") | featureBit("safe_even");
constexpr FeatureMask kRemovalFeatures = featureBit("rmiso_me") | featureBit("rmiso_opp") | featureBit("rmiso_count");
constexpr FeatureMask kValueFeatures = featureBit("edge_val_me") | featureBit("edge_val_opp") |
                                       featureBit("board_val_me") | featureBit("board_val_opp") |
                                       featureBit("pool_val_me") | featureBit("pool_val_opp");
constexpr FeatureMask kSafeParityFeature = featureBit("safe_parity");
constexpr FeatureMask kFurtherFeatures = kAllFeatures & ~((FeatureMask(1) << kNetworkBaseFeatures) - 1);

// Set-wise facts about the rings that several features read, from one
// neighbour scan.
struct RingShape {
  Bitboard edge = 0;       // rings with a neighbour missing (off the layout or removed)
  Bitboard removable = 0;  // removableRings(pos)
  Bitboard mayCut = 0;     // rings whose removal could split the rings apart
};

RingShape ringShape(const Position& pos) {
  Bitboard in[kDirections];  // in[d]: cells whose side d holds a ring
  pos.geo->neighborsIn(pos.rings, in);
  const Bitboard vacant = pos.vacant();
  RingShape s;
  Bitboard inner = pos.rings, once = 0;
  for (int d = 0; d < kDirections; ++d) {
    const int next = (d + 1) % kDirections;
    inner &= in[d];
    s.removable |= vacant & ~in[d] & ~in[next];  // two adjacent sides open
    // A ring's neighbours form arcs around it; one starts at side `next`
    // when that side holds a ring and side d does not. Removing a ring with
    // two arcs or more may split them apart (one arc stays connected).
    const Bitboard arcStart = in[next] & ~in[d];
    s.mayCut |= once & arcStart, once |= arcStart;
  }
  s.edge = pos.rings & ~inner;
  return s;
}

// The group of `within` around `seed`, or a part of it holding two rings of
// `vacant` (a group that isolates nothing: the caller looks only at groups
// with at most one vacant ring, so it needs no more of it).
Bitboard groupUnlessTwoVacant(const Geometry& g, Bitboard seed, Bitboard within, Bitboard vacant) {
  for (Bitboard reached = seed;;) {
    const Bitboard grown = (reached | g.adjacentTo(reached)) & within;
    if (grown == reached || grown == within || popcount(grown & vacant) > 1) return grown;
    reached = grown;
  }
}

// Isolations made by a removal: removing free ring r splits off a group of
// rings with no vacant ring (captured whatever is placed) or one (captured
// with the marble placed on it). The best gain for each player, and the count.
void removalIsolations(const Position& pos, const RingShape& shape, const IsolationGains& iso,
                       const int avail[kColors], const int base[2], int& bestMe, int& bestOpp, int& count) {
  bestMe = bestOpp = count = 0;
  if (!iso.placeable) return;
  const Geometry& g = *pos.geo;
  const EvalParams& classic = classicEvalParams();
  const Bitboard vacant = pos.vacant();
  for (Bitboard cuts = shape.removable & shape.mayCut; cuts;) {
    const int ring = popLsb(cuts);
    const Bitboard rest = pos.rings & ~bit(ring);
    for (Bitboard unseen = g.adjacent[ring] & rest; unseen;) {
      // A part cut short at two vacant rings leaves the rest of its group in
      // `unseen`: flooding from there stops the same way.
      const Bitboard group = groupUnlessTwoVacant(g, bit(lsb(unseen)), rest, vacant);
      unseen &= ~group;
      const int vacancies = popcount(group & vacant);
      if (group == rest || vacancies > 1) continue;
      int gm, go;
      groupGains(pos, group, vacancies ? iso.placeable : 0u, avail, base, classic, gm, go);
      ++count, bestMe = std::max(bestMe, gm), bestOpp = std::max(bestOpp, go);
    }
  }
}

// What each player would gain from the marbles on the edge, on the board
// and in the pool (the *_val features), in feature units.
void valueFeatures(const Position& pos, const RingShape& shape, const int avail[kColors], const int base[2],
                   int32_t* f) {
  const int me = pos.turn, opp = 1 - me;
  int value[2][kColors];
  nextCaptureValues(pos, avail, base, classicEvalParams(), value);
  auto sum = [&](int player, auto count) {
    int v = 0;
    for (int c = 0; c < kColors; ++c) v += value[player][c] * count(c);
    return v * kFeatureUnit / 4000;
  };
  int i = 0;
  for (Bitboard where : {shape.edge, pos.rings})
    for (int p : {me, opp}) f[i++] = sum(p, [&](int c) { return popcount(pos.marbles[c] & where); });
  for (int p : {me, opp}) f[i++] = sum(p, [&](int c) { return int(pos.pool[c]); });
}

// The base features from kNetworkBaseFeatures on (f points at the first).
void furtherFeatures(const Position& pos, const RingShape& shape, const IsolationGains& iso,
                     const int avail[kColors], const int base[2], FeatureMask needed, int32_t* f) {
  const int one = kFeatureUnit;
  int i = 0;
  if (needed & kRemovalFeatures) {
    int rmMe, rmOpp, rmCount;
    removalIsolations(pos, shape, iso, avail, base, rmMe, rmOpp, rmCount);
    f[i] = rmMe * one / 1000, f[i + 1] = rmOpp * one / 1000, f[i + 2] = std::min(rmCount, 8) * one;
  }
  i += 3;
  if (needed & kSafeParityFeature) {
    const int safe = popcount(safeTargets(pos, shape.removable));
    f[i] = safe == 0 || safe > 10 ? 0 : safe % 2 ? one
                                                 : -one;
  }
  ++i;
  f[i++] = popcount(pos.vacant()) % 2 ? one : 0;
  f[i++] = std::min(iso.groups2, 8) * one;
  if (needed & kValueFeatures) valueFeatures(pos, shape, avail, base, f + i);
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

// Safe-target parity and zugzwang flags (see the names above); all 0 when
// the mover has an isolation gain or nothing to place. removable:
// removableRings(pos).
void safetyFlags(const Position& pos, const IsolationGains& iso, Bitboard removable, int& zugzwang, int& odd,
                 int& even) {
  zugzwang = odd = even = 0;
  if (iso.bestMe > 0 || !iso.placeable) return;
  if (popcount(pos.vacant()) > 20) {
    zugzwang = !hasSafeTarget(pos);
    return;
  }
  const int safe = popcount(safeTargets(pos, removable));
  zugzwang = safe == 0;
  odd = safe <= 6 && safe % 2 == 1;
  even = safe <= 6 && safe > 0 && safe % 2 == 0;
}

// The captures, marble and ring counts and feasible sets: the base features
// from "pool_empty" to "feasible_opp" (f points at the first).
void materialFeatures(const Position& pos, const int feasible[2], int32_t* f) {
  const int me = pos.turn, opp = 1 - me, one = kFeatureUnit;
  const MarbleSet& set = pos.marbleSet();
  int totalMarbles = 0, pool = 0;
  for (int c = 0; c < kColors; ++c) totalMarbles += set.total[c], pool += pos.pool[c];
  int i = 0;
  f[i++] = pool == 0 ? one : 0;
  f[i++] = pool * one / totalMarbles;
  for (int p : {me, opp})
    for (int c = 0; c < kColors; ++c) f[i++] = pos.captures[p][c] * one / set.winSingle[c];
  f[i++] = popcount(pos.occupied()) * one / totalMarbles;
  f[i++] = popcount(pos.vacant()) * one / pos.geo->numCells;
  f[i++] = feasible[0] * one / 4, f[i++] = feasible[1] * one / 4;
}

void baseFeatures(const Position& pos, int32_t f[kBaseFeatures], FeatureMask needed) {
  const int me = pos.turn, opp = 1 - me;
  const int one = kFeatureUnit;
  int avail[kColors], base[2];
  // Progress and isolation gains as the classic evaluation counts them
  // (1000 for a set one marble away), which the classic feature reuses.
  const EvalParams& classic = classicEvalParams();
  progressBoth(pos, classic, avail, base);
  const IsolationGains iso = isolationGains(pos, avail, base, classic);
  const bool shaped = needed & (kSafetyFeatures | kFurtherFeatures);
  const RingShape shape = shaped ? ringShape(pos) : RingShape{};
  int near[2], feasible[2];
  closest(pos, me, avail, near[0], feasible[0]);
  closest(pos, opp, avail, near[1], feasible[1]);
  int zug = 0, odd = 0, even = 0, noSafeTarget = -1;  // -1: not looked at
  if (needed & kSafetyFeatures) {
    safetyFlags(pos, iso, shape.removable, zug, odd, even);
    noSafeTarget = zug;  // read only where safetyFlags looked
  }
  int i = 0;
  f[i++] = std::clamp(classicCombine(pos, classic, base, iso, noSafeTarget) * one / 1000, -32767, 32767);
  f[i++] = one;
  f[i++] = base[me], f[i++] = base[opp];
  f[i++] = near[0] == 1 ? one : 0, f[i++] = near[1] == 1 ? one : 0;
  f[i++] = near[0] == 2 ? one : 0, f[i++] = near[1] == 2 ? one : 0;
  f[i++] = iso.bestMe, f[i++] = iso.secondMe, f[i++] = iso.bestOpp, f[i++] = iso.secondOpp;
  f[i++] = iso.groups * one;
  f[i++] = zug * one, f[i++] = odd * one, f[i++] = even * one;
  materialFeatures(pos, feasible, f + i);
  if (needed & kFurtherFeatures) furtherFeatures(pos, shape, iso, avail, base, needed, f + kNetworkBaseFeatures);
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

void networkInputs(const int32_t base[kBaseFeatures], int phase, int32_t out[kNetInputs]) {
  int k = 0;
  for (int i = 0; i < kNetworkBaseFeatures; ++i)
    if (i != kBiasFeature) out[k++] = base[i];
  out[k] = phase;
}

void networkInputs(const Features& f, int32_t out[kNetInputs]) {
  int32_t base[kBaseFeatures];
  for (int i = 0; i < kBaseFeatures; ++i) base[i] = f.v[2 * i] + f.v[2 * i + 1];
  networkInputs(base, f.v[2 * kBiasFeature + 1], out);  // bias.late: the constant 1 tapered, the phase
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

void extractBaseFeatures(const Position& pos, int32_t f[kBaseFeatures], FeatureMask needed) {
  for (int i = 0; i < kBaseFeatures; ++i) f[i] = 0;  // the features baseFeatures skips stay 0
  baseFeatures(pos, f, needed);
}

void extractFeatures(const Position& pos, Features& out, FeatureMask needed) {
  int32_t f[kBaseFeatures];
  extractBaseFeatures(pos, f, needed);
  const int p = phaseOf(pos);
  for (int i = 0; i < kBaseFeatures; ++i) {
    const int32_t late = lateShare(f[i], p);
    out.v[2 * i] = f[i] - late;
    out.v[2 * i + 1] = late;
  }
}

}  // namespace zertz
