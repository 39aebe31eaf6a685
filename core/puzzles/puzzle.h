// Puzzles with proven solutions, mined from real games: a position where the
// side to move forces a win within a few of its turns, with every winning
// first move known.
//
// Invariants of a Puzzle (what the page and the verifier rely on):
// - the side to move has a proven forced win (proof search, no history:
//   the position stands alone);
// - `solutions` holds every legal first move after which that win is still
//   proven, and every other legal move was proven not to win (the opponent
//   then wins or draws): a position with any first move left unproven is
//   not a puzzle;
// - `line` is a proven winning line to the end of the game: the winner's
//   fastest proven move, the defender's longest resistance;
// - the win is not trivial: a single capture that wins on the spot is no
//   puzzle (a placement that wins by isolation on the spot is: it teaches
//   the rule).
// Pure: no I/O. The proofs read the clock only when limits ask for time.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/value.h"

namespace zertz {

struct PuzzleLimits {
  uint64_t screenNodes = 300;   // the first look at a position: does the mover force a win?
  uint64_t solveNodes = 60000;  // each proof once it does (the root, each first move, the line)
  int maxWinnerTurns = 4;       // the win within this many of the winner's turns
  // More winning ideas: not a puzzle. An idea is a placement's marble and
  // ring (whatever the removal: the removals that keep the win are all
  // solutions) or one capture sequence.
  int maxIdeas = 3;
  int maxLegalMoves = 800;  // a wider position is not examined (its winning moves are rarely few)
};

enum class PuzzleVerdict {
  Puzzle,
  NoWin,     // the side to move has no win proven within the limits
  TooLong,   // a win, but not within maxWinnerTurns
  Trivial,   // a single capture wins on the spot
  OnlyMove,  // fewer than two legal moves
  TooWide,   // more than maxLegalMoves legal moves
  TooMany,   // more than maxIdeas winning ideas
  Unproven,  // a first move could be neither proven winning nor proven not winning
};
const char* verdictName(PuzzleVerdict v);

struct Puzzle {
  Position position;
  std::vector<Move> solutions;  // legal-move order
  std::vector<Move> line;       // ends the game
  GameValue value;              // the mover's proven win (plies: the line's length at most)
  int legalMoves = 0;
  std::vector<std::string> themes;  // puzzleThemes
  int enginesFinding = 0;           // of puzzleEngineCount searches, how many play a solution
  int rating = 0;                   // puzzleRating
};

// Examines one position (its game's history ignored): the win proven at
// limits.solveNodes, then its first moves.
PuzzleVerdict findPuzzle(const Position& pos, const PuzzleLimits& limits, Puzzle& out);

// Just the first look: the mover's proven value at limits.screenNodes;
// memory (may be null) carries proofs between the positions of one game.
class ProofMemory;
GameValue screenPosition(const Position& pos, const PuzzleLimits& limits, ProofMemory* memory);

// The winning first moves of a position whose mover wins, each first move
// proven one way or the other at `nodes`; Unproven as soon as one is not,
// TooMany past maxIdeas. hint (may be null): a move known to win.
int solutionIdeas(const std::vector<Move>& solutions);
PuzzleVerdict winningFirstMoves(const Position& pos, uint64_t nodes, int maxIdeas, std::vector<Move>& out,
                                const Move* hint = nullptr);

// Themes, computed from the position and its winning line:
//   "isolation"      the winner isolates rings on the line;
//   "forced-capture" the winner's placement makes the defender capture;
//   "zugzwang"       the defender must place and every placement hands over a capture;
//   "multi-jump"     a winner's capture of two jumps or more;
//   "race-white", "race-grey", "race-black", "race-each": the set the winner completes;
//   "last-ring"      the winner takes the last ring.
std::vector<std::string> puzzleThemes(const Position& pos, const std::vector<Move>& line);

// The engine searches that judge a puzzle's difficulty: depth 1, 2 and 3
// and a fixed node budget, all deterministic (no noise, no clock).
constexpr int kPuzzleEngines = 4;
int enginesFinding(const Position& pos, const std::vector<Move>& solutions);

// An independent check of a puzzle's claims, for what ships: every legal
// first move proved again on its own (a fresh table, no shared memory, no
// staged budgets: `nodes` each), the solutions exactly the winning ones, and
// the line a win for the side to move. false with the reason otherwise.
bool verifyPuzzle(const Position& pos, const std::vector<Move>& solutions, const std::vector<Move>& line,
                  uint64_t nodes, std::string& why);

// Difficulty on an Elo-like scale (docs/puzzles.md): longer wins, more
// legal moves per solution and fewer engines finding it make it harder.
int puzzleRating(const Puzzle& p);

}  // namespace zertz
