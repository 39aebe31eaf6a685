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
  Outcome value = Outcome::Unknown;  // the mover's result after the move
  int plies = -1;                    // Win/Loss: plies to the end, counting the move itself
  bool bound = false;                // plies is the proven line's length, not shown optimal
};

// An engine estimate of a move nothing proved: the engine's score of the
// position after it, and the mover's calibrated probability of winning
// from there (1 minus the opponent's, core/engine/winprob.h).
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
  Outcome value = Outcome::Unknown;  // side to move's
  int plies = -1;
  bool exact = false;       // value is proven (tables or proof), not Unknown
  bool pliesExact = false;  // plies is the perfect-play distance
  bool usedTables = false;  // the proof relies on table leaves
  bool pending = false;     // tables: blocks in `need` must be fetched first
  bool hasBest = false;
  Move best;
  std::vector<MoveHint> moves;
  std::vector<BlockNeed> need;  // at most kMaxNeed, no duplicates
  std::string error;            // a table was damaged or unavailable
  bool hasEstimate = false;     // engine score when nothing was proven
  int estimate = 0;
  // Unproven moves with an engine estimate, best first: the engine's choice
  // and the moves rated best one turn ahead, one placement per target ring
  // (at most kEstimatedMoves).
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
};

constexpr size_t kMaxNeed = 64;
constexpr size_t kEstimatedMoves = 5;
// Share of the budget an unproven position keeps for its estimates (the
// position's and its moves'); proof search has the rest.
constexpr double kEstimateShare = 0.3;

// tables may be null (no tables). The game's history counts (repetitions,
// a pass just played), as in proof.h.
Hints computeHints(const Game& game, tb::TableReader* tables, const HintOptions& options);

// The hints of the whole position from those of its parts (computeHints
// with part = 0..parts-1 on the same game): the position's value by
// combineRootParts, every part's moves, every part's table needs. From the
// tables (or a finished game) every part gives the whole answer: the first
// such part's is taken, or the first table error.
Hints mergeHintParts(const std::vector<Hints>& parts);

}  // namespace zertz
