#include "core/engine/eval.h"

#include <cmath>

#include "core/movegen.h"

namespace zertz {

EvalParams EvalParams::withRatio(double ratio, int top) {
  EvalParams p;
  double v = top;
  for (int n = 1; n <= kMaxMarbles; ++n, v /= ratio) p.progress[n] = int(std::lround(v));
  p.progress[0] = top * 4;  // a completed condition (not reached in quiet positions)
  return p;
}

const EvalParams& classicEvalParams() {
  static const EvalParams params = EvalParams::withRatio(2.2);  // self-play: 2.2 and 2.6 beat 1.4 and 1.7
  return params;
}

namespace {

// Marbles of each colour that can still be captured: on the board or in the pool.
void available(const Position& pos, int out[kColors]) {
  for (int c = 0; c < kColors; ++c) out[c] = pos.pool[c] + popcount(pos.marbles[c]);
}

int progressWith(const Position& pos, const uint8_t caps[kColors], const int avail[kColors],
                 const EvalParams& params) {
  const MarbleSet& set = pos.marbleSet();
  int value = 0, eachNeed = 0;
  bool eachFeasible = true;
  for (int c = 0; c < kColors; ++c) {
    int need = set.winSingle[c] - caps[c];
    if (need <= 0) return params.progress[0];
    if (need <= avail[c]) value += params.progress[need];
    int deficit = set.winEach - caps[c];
    if (deficit > 0) {
      eachNeed += deficit;
      eachFeasible = eachFeasible && deficit <= avail[c];
    }
  }
  if (eachNeed == 0) return params.progress[0];
  if (eachFeasible) value += params.progress[eachNeed];
  return value;
}

}  // namespace

int gainValue(const Position& pos, int player, const int gain[kColors], const int avail[kColors],
              int base, const EvalParams& params) {
  uint8_t caps[kColors];
  int after[kColors];
  for (int c = 0; c < kColors; ++c) {
    caps[c] = uint8_t(pos.captures[player][c] + gain[c]);
    after[c] = avail[c];  // captured marbles were counted as available already
  }
  return progressWith(pos, caps, after, params) - base;
}

// progressWith for the captures plus one marble of colour g, for each g in
// turn: the terms of the other colours are those of the captures as they are.
void nextCaptureValues(const Position& pos, const int avail[kColors], const int base[2], const EvalParams& params,
                       int value[2][kColors]) {
  const MarbleSet& set = pos.marbleSet();
  const int* progress = params.progress;
  for (int p = 0; p < 2; ++p) {
    int need[kColors], single[kColors], deficit[kColors], singles = 0, eachNeed = 0;
    bool complete = false;    // a set is complete already: every value is progress[0]
    unsigned infeasible = 0;  // colours short of their share of "each colour"
    for (int c = 0; c < kColors; ++c) {
      need[c] = set.winSingle[c] - pos.captures[p][c];
      complete = complete || need[c] <= 0;
      single[c] = need[c] > 0 && need[c] <= avail[c] ? progress[need[c]] : 0;
      singles += single[c];
      deficit[c] = set.winEach - pos.captures[p][c];
      if (deficit[c] > 0) eachNeed += deficit[c];
      if (deficit[c] > avail[c]) infeasible |= 1u << c;  // implies deficit > 0
    }
    for (int g = 0; g < kColors; ++g) {
      const int n = need[g] - 1, en = eachNeed - (deficit[g] > 0);
      int v = progress[0];
      if (!complete && n > 0 && en > 0) {
        v = singles - single[g] + (n <= avail[g] ? progress[n] : 0);
        if (!(infeasible & ~(1u << g)) && deficit[g] - 1 <= avail[g]) v += progress[en];
      }
      value[p][g] = v - base[p];
    }
  }
}

int progressValue(const Position& pos, int player, const EvalParams& params) {
  int avail[kColors];
  available(pos, avail);
  return progressWith(pos, pos.captures[player], avail, params);
}

Bitboard landingsAfterPlacing(const Geometry& g, Bitboard occ, Bitboard vacant, int t) {
  Bitboard landings = 0;
  for (int d = 0; d < kDirections; ++d) {
    int n = g.neighbor[t][d];
    if (n == kNoCell || !(occ & bit(n))) continue;
    int beyond = g.neighbor[n][d];  // the new marble jumps n
    if (beyond != kNoCell && (vacant & bit(beyond))) landings |= bit(beyond);
    int behind = g.neighbor[t][(d + 3) % 6];  // n jumps the new marble
    if (behind != kNoCell && (vacant & bit(behind))) landings |= bit(behind);
  }
  return landings & ~bit(t);
}

Bitboard safeTargets(const Position& pos) { return safeTargets(pos, removableRings(pos)); }

Bitboard safeTargets(const Position& pos, Bitboard removable) {
  const Geometry& g = *pos.geo;
  Bitboard occ = pos.occupied(), vacant = pos.vacant();
  // A target with no marble next to it creates no capture: only the others
  // need their landing rings.
  const Bitboard nearMarbles = g.adjacentTo(occ) & vacant;
  Bitboard safe = vacant & ~nearMarbles;
  for (Bitboard b = nearMarbles; b;) {
    int t = popLsb(b);
    Bitboard landings = landingsAfterPlacing(g, occ, vacant, t);
    if (!landings || (popcount(landings) == 1 && (landings & removable))) safe |= bit(t);
  }
  return safe;
}

bool hasSafeTarget(const Position& pos) {
  // Same test as safeTargets, stopping at the first safe target and computing
  // removable rings only when a single landing ring could be removed.
  const Geometry& g = *pos.geo;
  Bitboard occ = pos.occupied(), vacant = pos.vacant();
  Bitboard removable = 0;
  bool removableKnown = false;
  const Bitboard nearMarbles = g.adjacentTo(occ) & vacant;
  if (vacant & ~nearMarbles) return true;
  for (Bitboard b = nearMarbles; b;) {
    int t = popLsb(b);
    Bitboard landings = landingsAfterPlacing(g, occ, vacant, t);
    if (!landings) return true;
    if (landings & (landings - 1)) continue;
    if (!removableKnown) removable = removableRings(pos), removableKnown = true;
    if (landings & removable) return true;
  }
  return false;
}

void groupGains(const Position& pos, Bitboard group, unsigned placed, const int avail[kColors], const int base[2],
                const EvalParams& params, int& gainMe, int& gainOpp) {
  const int me = pos.turn, opp = 1 - me;
  int gain[kColors];
  for (int c = 0; c < kColors; ++c) gain[c] = popcount(group & pos.marbles[c]);
  gainMe = gainOpp = 0;
  if (!placed) {
    gainMe = gainValue(pos, me, gain, avail, base[me], params);
    gainOpp = gainValue(pos, opp, gain, avail, base[opp], params);
    return;
  }
  // The placer also captures the marble it places: the best colour for it.
  for (int c = 0; c < kColors; ++c) {
    if (!(placed & (1u << c))) continue;
    ++gain[c];
    gainMe = std::max(gainMe, gainValue(pos, me, gain, avail, base[me], params));
    gainOpp = std::max(gainOpp, gainValue(pos, opp, gain, avail, base[opp], params));
    --gain[c];
  }
}

IsolationGains isolationGains(const Position& pos, const int avail[kColors], const int base[2],
                              const EvalParams& params) {
  // Ring groups with exactly one vacant ring: filling it captures the group
  // (and the marble placed). Collect the gains for each player.
  const Geometry& g = *pos.geo;
  Bitboard vacant = pos.vacant();
  const unsigned placeable = placeableColors(pos);
  IsolationGains r;
  r.placeable = placeable;
  if (!placeable) return r;
  Bitboard unseen = pos.rings;
  while (unseen) {
    const Bitboard group = g.floodWithin(bit(lsb(unseen)), pos.rings);
    unseen &= ~group;
    const int vacancies = popcount(group & vacant);
    r.groups2 += vacancies == 2;
    if (vacancies != 1) continue;
    ++r.groups;
    int gm, go;
    groupGains(pos, group, placeable, avail, base, params, gm, go);
    if (gm > r.bestMe) r.secondMe = r.bestMe, r.bestMe = gm;
    else if (gm > r.secondMe) r.secondMe = gm;
    if (go > r.bestOpp) r.secondOpp = r.bestOpp, r.bestOpp = go;
    else if (go > r.secondOpp) r.secondOpp = go;
  }
  return r;
}

void progressBoth(const Position& pos, const EvalParams& params, int avail[kColors], int base[2]) {
  available(pos, avail);
  base[0] = progressWith(pos, pos.captures[0], avail, params);
  base[1] = progressWith(pos, pos.captures[1], avail, params);
}

int classicCombine(const Position& pos, const EvalParams& params, const int base[2], const IsolationGains& iso,
                   int noSafeTarget) {
  const int me = pos.turn, opp = 1 - me;
  int score = base[me] - base[opp] + params.tempo;
  if (iso.bestMe > 0) {
    // The mover takes its best group; the opponent the best of what is left.
    score += iso.bestMe * params.isoMover / 100;
    score -= iso.secondOpp * params.isoOpp / 100;
  } else if (iso.placeable) {
    if (params.parity && popcount(pos.vacant()) <= 20) {
      // Each safe placement uses up about one safe target: with an odd count
      // the opponent is the first to run out and must hand over marbles.
      int safe = popcount(safeTargets(pos));
      if (safe == 0) score -= params.zugzwang;
      else if (safe <= 6) score += safe % 2 ? params.parity : -params.parity;
    } else if (noSafeTarget >= 0 ? noSafeTarget : !hasSafeTarget(pos)) {
      score -= params.zugzwang;
    }
  }
  return score;
}

int evaluate(const Position& pos, const EvalParams& params) {
  if (params.learned) return learnedEvaluate(pos, *params.learned);
  int avail[kColors], base[2];
  progressBoth(pos, params, avail, base);
  return classicCombine(pos, params, base, isolationGains(pos, avail, base, params));
}

}  // namespace zertz
