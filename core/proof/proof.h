// Proof search: exact win / loss / draw for the side to move, from a game in
// progress, by depth-first proof-number search (df-pn, Nagai 2002, with the
// 1+epsilon threshold trick of Pawlewicz & Lew) on the question "does the
// side to move force a win?". Its proof is a win; its disproof, when no draw
// leaf is behind it, is the opponent's forced win (a loss). Only a disproof
// that rests on draws makes a second search ask "does the opponent force a
// win?", to tell a draw from a loss.
//
// Leaves are completed capture sets, emptied boards, two passes in a row,
// table positions when a probe callback is given, and positions whose mover
// wins on the spot (a capture or an isolation completing a set, found when
// the position is generated: proof_wins.h). Zèrtz's compulsory captures make
// many defender turns forcing, which keeps proof trees narrow.
//
// Soundness (what a caller may rely on):
// - Win and Loss are always exact. A proof only ever uses winning leaves, so
//   it never depends on how a path arrived at a node. A position seen before
//   (on the search path or in the game's history) is scored "no win for
//   either side" and can only make a proof harder.
// - Draw is claimed only when both questions are disproved by disproofs that
//   use no repetition cut-off (and no depth cut-off): those are path-
//   independent, so the graph-history-interaction problem cannot make them
//   wrong. A drawn position whose draw needs a repetition answers Unknown.
// - Unknown is always an allowed answer (budget exhausted, or a draw that
//   could not be shown without repetition).
// - The distance of a win/loss is the length of the proven line: the winner
//   wins within `plies` plies against any defence. `pliesExact` is set when a
//   second, depth-bounded search showed no faster win exists (for a loss: the
//   side to move can hold out that long), i.e. it is the distance-to-end under
//   perfect play of both sides.
// Transposition-table keys are 64-bit Zobrist keys; a key collision (about
// 1e-7 per solve at the default sizes) is the one residual risk, as in every
// engine.
//
// Parallel searches (the browser's hint workers): each search may take one
// part of the root's moves (ProofLimits::part/parts; every other node is
// searched in full), and combineRootParts() joins the parts' answers into
// the position's. The parts need no shared memory.
// What it does not do: use threads. Pure: no I/O; the clock
// (std::chrono::steady_clock) is read for budgets.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/value.h"

namespace zertz {

// Returns true and fills `out` with the position's exact value (side to
// move's view; plies: distance to the end with perfect play, ignored for
// draws) when the tables know the position. Called at most once per
// generated node; must be deterministic and exact.
using ProofProbeFn = std::function<bool(const Position& pos, GameValue& out)>;

struct ProofLimits {
  uint64_t maxNodes = 5'000'000;  // node expansions over all phases; 0 = none
  double maxSeconds = 1.0;        // wall clock; <= 0 = none
  int ttLog2 = 20;                // transposition table: 2^ttLog2 entries of 24 bytes
  bool exactDistance = true;      // spend leftover budget proving the distance optimal
  // The share of the time left, once the value is proven, that the distance
  // check may take (hints keep the rest for the moves' values). 1 = all.
  double distanceShare = 1.0;
  ProofProbeFn probe;  // table leaves; empty = none
  // Root split: only the root moves m with rootPartOf(m, parts) == part are
  // searched, so the answer is the value of the position when the side to
  // move is limited to them. parts = 1: all moves.
  int part = 0, parts = 1;
};

struct ProofResult {
  Outcome value = Outcome::Unknown;
  int plies = -1;           // Win/Loss: plies to the end along the proven line
  bool pliesExact = false;  // plies is the perfect-play distance
  bool hasBest = false;     // best move (Win: fastest proven; Loss: longest; Draw: holds it)
  Move best;
  bool usedTables = false;  // the proof (or disproofs) rely on at least one table leaf
  uint64_t nodes = 0;       // node expansions, all phases
  uint64_t tableHits = 0;   // probe calls that returned an answer
  double seconds = 0;
  std::string why;         // Unknown: why ("budget", "draw needs repetition", ...)
  bool emptyPart = false;  // root split: this part has no legal move (value Unknown, ignored by combineRootParts)
};

// Which of `parts` parts a root move belongs to: a hash of the move, so that
// every part gets a share of each kind of move, whatever the order of
// generation. parts >= 1.
int rootPartOf(const Move& m, int parts);

// The position's answer from the answers of all its parts (each prove()d
// with the same game, part = 0..parts-1): a win if a part wins (the fastest
// one), a loss if every part loses (the slowest one), a draw if no part wins
// and some part draws, else Unknown. A distance is exact only when no other
// part could change it (every part answered, every win's distance exact;
// for a loss every part's distance exact). Nodes add up; seconds: the
// longest part.
ProofResult combineRootParts(const std::vector<ProofResult>& parts);

// What proof searches learned, kept for the next ones on the same game: a
// player who asks again a ply later finds the proofs and disproofs found
// before (a proven win stays proven along the winner's line; the two sides'
// questions share their settled results) and the work spent on open nodes.
// Sound to keep: proofs and disproofs that use no repetition cut-off depend
// neither on the path nor on the history (see above); prove() drops the
// others before it starts, uses the memory only while the pool is not empty
// (then no line can meet a position of the history) and clears it when the
// board or the marble set changes. The table is 2^ttLog2 entries of 24 bytes.
class ProofMemory {
 public:
  explicit ProofMemory(int ttLog2 = 20);
  ~ProofMemory();
  ProofMemory(const ProofMemory&) = delete;
  ProofMemory& operator=(const ProofMemory&) = delete;
  void clear();  // forget everything (a new game)

  struct Table;  // defined in proof.cpp

 private:
  friend ProofResult prove(const Game&, const ProofLimits&, ProofMemory*);
  std::unique_ptr<Table> table_;
};

// Proves the game's current position. The game's history counts: positions
// already played are repetition cut-offs, and a pass just played makes a
// second pass a draw. A finished game answers its result with 0 plies.
// With a memory, the search starts from what earlier searches kept there
// (limits.ttLog2 is then ignored) and leaves what it learns in it.
ProofResult prove(const Game& game, const ProofLimits& limits, ProofMemory* memory = nullptr);

}  // namespace zertz
