// Static evaluation of a quiet Zèrtz position (no capture pending), from the
// point of view of the side to move, in "points" where one early white
// capture is worth roughly 150.
//
// What it knows:
// - progress: for each player and each winning condition (4 white, 5 grey,
//   6 black, 3 of each in standard) how many marbles are still needed, given
//   captures so far and whether enough of that colour remain on the board and
//   in the pool (a condition that cannot be met any more is worth nothing);
//   closeness is valued geometrically (EvalParams::progress), so marbles that
//   complete a set count more than scattered ones;
// - isolation threats: ring groups with a single vacant ring are captured by
//   whoever fills that ring; the mover takes the best, the opponent the next;
// - forced-capture threats: when every placement of the mover hands the
//   opponent a capture (a "zugzwang"), the mover is penalised;
// - tempo.
// What it does not do: look at captures (callers resolve them first: the
// search only evaluates positions without a capture for the side to move).
#pragma once

#include "core/position.h"

namespace zertz {

struct LearnedWeights;  // learned.h

struct EvalParams {
  // progress[n]: value of being n marbles away from one winning condition.
  int progress[kMaxMarbles + 1] = {};
  int isoMover = 90;  // % of the best single-vacancy isolation gain credited to the mover
  int isoOpp = 45;    // % of the second best credited to the opponent
  int zugzwang = 70;  // penalty when every placement hands the opponent a capture
  int tempo = 8;
  // Late-game parity of safe placements (see evaluate): bonus when the mover
  // has an odd number (<= 6) of targets that hand over no capture.
  int parity = 0;
  // When set, evaluate() is the learned evaluation (learned.h) and the
  // numbers above are unused.
  const LearnedWeights* learned = nullptr;

  // Geometric progress table: progress[n] = top / ratio^(n-1).
  static EvalParams withRatio(double ratio, int top = 1000);
};

// The evaluation everything uses unless told otherwise (search, hints,
// proofs' ordering, win probability), and the hand-set one it replaced, kept
// selectable for comparison (player option @classic).
const EvalParams& defaultEvalParams();
const EvalParams& classicEvalParams();

// Value of a player's captures (sum of progress over the winning conditions).
int progressValue(const Position& pos, int player, const EvalParams& params);

int evaluate(const Position& pos, const EvalParams& params);
int learnedEvaluate(const Position& pos, const LearnedWeights& weights);  // learned.cpp

// Progress of both players (progressValue) and the marbles of each colour
// still capturable (board and pool), as evaluate() computes them.
void progressBoth(const Position& pos, const EvalParams& params, int avail[kColors], int base[2]);

// Ring groups with a single vacant ring (whoever fills it captures the
// group): each player's best and second-best gain in progress, the number of
// such groups, and the colours the mover can place (none: no gains).
struct IsolationGains {
  int bestMe = 0, secondMe = 0, bestOpp = 0, secondOpp = 0, groups = 0;
  int groups2 = 0;  // ring groups with exactly two vacant rings
  unsigned placeable = 0;
};
IsolationGains isolationGains(const Position& pos, const int avail[kColors], const int base[2],
                              const EvalParams& params);
// Gain in progress for `player` if the marbles `gain` (per colour) joined
// its captures; base is the player's progress now (progressBoth).
int gainValue(const Position& pos, int player, const int gain[kColors], const int avail[kColors], int base,
              const EvalParams& params);
// value[p][c]: gainValue for player p of one more capture of colour c.
void nextCaptureValues(const Position& pos, const int avail[kColors], const int base[2], const EvalParams& params,
                       int value[2][kColors]);
// The gains in progress of the mover (gainMe) and of the opponent
// (gainOpp) from capturing the marbles of `group` plus, when `placed` is not
// 0, one marble of the best of the colours in `placed` (a placement that
// completes the group).
void groupGains(const Position& pos, Bitboard group, unsigned placed, const int avail[kColors], const int base[2],
                const EvalParams& params, int& gainMe, int& gainOpp);
// The classic evaluation from those parts (evaluate() without params.learned).
// noSafeTarget: 1 or 0 when the caller knows already whether the mover has
// no safe target (read when the mover has no isolation gain but can place,
// and params.parity is 0), -1 to look.
int classicCombine(const Position& pos, const EvalParams& params, const int base[2], const IsolationGains& iso,
                   int noSafeTarget = -1);
inline int evaluate(const Position& pos) { return evaluate(pos, defaultEvalParams()); }

// Rings a capture could land on right after a marble is placed on vacant
// ring t (occ and vacant before the placement): the new marble jumping a
// neighbour, or a neighbour jumping it. In a position without a capture
// these are the only captures the placement can create (a removal only
// takes rings away).
Bitboard landingsAfterPlacing(const Geometry& g, Bitboard occ, Bitboard vacant, int t);

// Targets where the side to move can place without creating a capture for the
// opponent (possibly by removing the single landing ring it would create).
Bitboard safeTargets(const Position& pos);
Bitboard safeTargets(const Position& pos, Bitboard removable);  // removable: removableRings(pos)
bool hasSafeTarget(const Position& pos);                        // safeTargets(pos) != 0, faster

}  // namespace zertz
