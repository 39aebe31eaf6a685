// Perfect-play hints for a game in progress: the value of the position and
// of every legal move, from endgame tables when the position and all its
// successors are in them, else from proof search (proof.h) with table
// positions as leaves, else an engine estimate that is marked as such.
//
// Shared by the browser (hints_json.h turns a Hints into JSON) and any
// native caller. The tables are a table reader (core/tables/tb_reader.h);
// over a source the caller fills (the browser fetches blocks with HTTP
// Range), blocks the computation missed are listed in `need`, so the caller
// can fetch them and ask again.
//
// Promise: nothing is guessed. A move without a table or proven value is
// absent from `moves`; a damaged or missing table gives `error` and no
// values at all from the tables. Move values are the mover's after the move.
// When the position is not proven, a few moves nothing proved get an engine
// estimate in `estimates`, kept apart from `moves` and marked as such.
//
// Consistency (what a reader of one hint may rely on, tested by rule):
// - the position's value and its moves' agree as minimax says: the
//   position's best move carries the position's value (a move's value
//   counts the move itself, so it is the successor's distance plus one
//   ply); a move proven won makes the position won, no slower than that
//   move; a position proven lost in N loses in at most N after any move;
//   every move proven lost makes the position lost;
// - an engine score that claims a result (beyond kWinBound) is never shown
//   as an estimate: proof search confirms it (the move then has a proven
//   value) or it counts as the largest unproven score;
// - the position's estimate is its best estimated move's: the engine's
//   choice is valued by the position's own search, and no other move is
//   estimated above it (that search bounded them all from above).
// Pure: no I/O; the clock is read for the budget.
#pragma once

#include <string>
#include <vector>

#include "core/game.h"
#include "core/proof/proof.h"
#include "core/tables/tb_reader.h"

namespace zertz {

struct MoveHint {
  Move move;
  // The mover's value after the move. Win/Loss: plies to the end, counting
  // the move itself; not exact: plies is the proven line's length, not
  // shown optimal.
  GameValue value;
};

// An engine estimate of a move nothing proved: the engine's score of the
// move (the mover's view), and the mover's calibrated probability of winning
// with it, winProbability(score, position) at the position the move is
// played from (core/engine/winprob.h): the probability the position would
// have were this its best move, so the position's own estimate is its best
// move's, and the moves rank as their scores do.
struct MoveEstimate {
  Move move;
  int score = 0;  // the mover's view (the negated score of the position after the move)
  double winprob = 0;
};

struct BlockNeed {
  std::string name;  // table file
  tb::BlockRef ref;  // block, file offset, compressed size
};

struct Hints {
  enum class Source { Over,
                      Tables,
                      Proof };
  Source source = Source::Proof;
  // The side to move's value: known when proven (tables or proof); exact
  // when plies is the perfect-play distance.
  GameValue value;
  bool usedTables = false;  // the proof relies on table leaves
  bool pending = false;     // tables: blocks in `need` must be fetched first
  bool hasBest = false;
  Move best;
  std::vector<MoveHint> moves;
  std::vector<BlockNeed> need;  // at most kMaxNeed, no duplicates
  std::string error;            // a table was damaged or unavailable
  bool hasEstimate = false;     // engine score when nothing was proven
  int estimate = 0;             // = estimates[0].score when there are estimates
  // Unproven moves with an engine estimate, best first: the engine's choice
  // (valued by the position's own search) and, with moveEstimates, the
  // moves rated best one turn ahead, one placement per target ring (at most
  // kEstimatedMoves).
  std::vector<MoveEstimate> estimates;
  bool emptyPart = false;  // root split: the part has no legal move
};

struct HintOptions {
  int budgetMs = 1000;   // wall clock for proof search and estimate together
  bool estimate = true;  // run the engine when nothing is proven
  // Kept between calls (the browser keeps one for its game): the position's
  // proof and its moves' proofs start from what earlier hints learned.
  ProofMemory* memory = nullptr;
  // Root split over parallel workers (ProofLimits::part/parts): this call
  // proves the position limited to its part of the moves, and the values of
  // that part's moves; mergeHintParts() joins the parts. The estimate is
  // part 0's job.
  int part = 0, parts = 1;
  // With estimate: also estimate up to kEstimatedMoves unproven moves (the
  // hint panel shows them); false: only the position and the engine's
  // choice, both from one search (a game review needs no more).
  bool moveEstimates = true;
};

constexpr size_t kMaxNeed = 64;
constexpr size_t kEstimatedMoves = 5;
// Share of the budget an unproven position keeps for its estimates (the
// position's and its moves'); proof search has the rest. The position's
// search gets half of it either way, so a review's estimates (the position
// only) are as deep as the hint panel's.
constexpr double kEstimateShare = 0.3;
constexpr double kPositionEstimateShare = kEstimateShare / 2;

// tables may be null (no tables). The game's history counts (repetitions,
// a pass just played), as in proof.h.
Hints computeHints(const Game& game, tb::TableReader* tables, const HintOptions& options);

// The hints of the whole position from those of its parts (computeHints
// with part = 0..parts-1 on the same game at `pos`): the position's value
// by combineRootParts, every part's moves, every part's table needs, made
// consistent as above. From the tables (or a finished game) every part
// gives the whole answer: the first such part's is taken, or the first
// table error.
Hints mergeHintParts(const Position& pos, const std::vector<Hints>& parts);

// Applies the consistency rules above to proof-search hints whose moves
// are limited to `scope` (all legal moves, or one part's): tightens
// distances, lists the best move with the position's value, settles the
// position from its moves. Idempotent; tables' hints are left alone.
void agreeWithMoves(Hints& h, const std::vector<Move>& scope);

}  // namespace zertz
