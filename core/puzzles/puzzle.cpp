#include "core/puzzles/puzzle.h"

#include <algorithm>
#include <cmath>

#include "core/engine/eval.h"
#include "core/engine/search.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/proof/proof.h"

namespace zertz {

const char* verdictName(PuzzleVerdict v) {
  switch (v) {
    case PuzzleVerdict::Puzzle: return "puzzle";
    case PuzzleVerdict::NoWin: return "no win";
    case PuzzleVerdict::TooLong: return "win too long";
    case PuzzleVerdict::Trivial: return "trivial";
    case PuzzleVerdict::OnlyMove: return "only move";
    case PuzzleVerdict::TooWide: return "too many legal moves";
    case PuzzleVerdict::TooMany: return "too many solutions";
    case PuzzleVerdict::Unproven: return "a first move unproven";
  }
  return "?";
}

namespace {

constexpr size_t kMaxOpenMoves = 12;

// A node budget and no clock, so that mining is reproducible whatever the load.
ProofLimits nodeLimits(uint64_t nodes, bool exactDistance) {
  ProofLimits l;
  l.maxNodes = nodes;
  l.maxSeconds = 0;
  l.exactDistance = exactDistance;
  // A table about four entries a node: clearing a larger one would cost more than a small proof.
  l.ttLog2 = 12;
  while (l.ttLog2 < 20 && (uint64_t(1) << l.ttLog2) < 4 * nodes) ++l.ttLog2;
  return l;
}

// The mover's value once m is played (the position standing alone).
GameValue valueAfter(const Position& pos, const Move& m, uint64_t nodes) {
  Game g(pos);
  g.play(m);
  if (g.result().over()) return GameValue::ofEndedGame(g.result().winner, pos.turn);
  return prove(g, nodeLimits(nodes, false)).value.forMover();
}

// A winning line to the end: the winner's fastest proven move, the
// defender's longest resistance; empty when a proof falls short on the way.
std::vector<Move> winningLine(const Position& pos, uint64_t nodes) {
  Game g(pos);
  ProofMemory memory(18);
  std::vector<Move> line;
  for (int guard = 0; guard < 2 * kMaxCells && !g.result().over(); ++guard) {
    ProofResult r = prove(g, nodeLimits(nodes, false), &memory);
    const bool winnerToMove = g.position().turn == pos.turn;
    if (!r.hasBest || r.value.outcome != (winnerToMove ? Outcome::Win : Outcome::Loss)) return {};
    g.play(r.best);
    line.push_back(r.best);
  }
  if (!g.result().over() || g.result().winner != pos.turn) return {};
  return line;
}

}  // namespace

GameValue screenPosition(const Position& pos, const PuzzleLimits& limits, ProofMemory* memory) {
  return prove(Game(pos), nodeLimits(limits.screenNodes, false), memory).value;
}

int solutionIdeas(const std::vector<Move>& solutions) {
  std::vector<Move> ideas;
  for (Move m : solutions) {
    if (m.kind == Move::Place) m.removed = kNoCell;  // another removal, the same idea
    if (std::find(ideas.begin(), ideas.end(), m) == ideas.end()) ideas.push_back(m);
  }
  return int(ideas.size());
}

PuzzleVerdict winningFirstMoves(const Position& pos, uint64_t nodes, int maxIdeas, std::vector<Move>& out,
                                const Move* hint) {
  // Every move at a small budget first, then the open ones at larger ones:
  // most moves lose (or win) at once, and a position with many winning moves
  // shows it early.
  const std::vector<Move> moves = legalMoves(pos);
  // Moves like the known winner first (same marble and ring, another
  // removal; the same capture start): where many moves win, these usually
  // do, and the position shows itself no puzzle after a few proofs.
  std::vector<Move> open = moves;
  if (hint) {
    std::stable_partition(open.begin(), open.end(), [&](const Move& m) {
      return m.kind == hint->kind && m.from == hint->from && m.color == hint->color;
    });
  }
  out.clear();
  for (uint64_t budget : {uint64_t(50), uint64_t(1000), nodes}) {
    const bool last = budget >= nodes;
    // Many moves still open at the middle look: not a clean puzzle, and each would cost a full proof.
    if (last && open.size() > kMaxOpenMoves) return PuzzleVerdict::Unproven;
    std::vector<Move> still;
    for (const Move& m : open) {
      GameValue v = valueAfter(pos, m, std::min(budget, nodes));
      if (!v.known() && last) return PuzzleVerdict::Unproven;
      if (!v.known()) still.push_back(m);
      else if (v.outcome == Outcome::Win) out.push_back(m);
      if (v.outcome == Outcome::Win && solutionIdeas(out) > maxIdeas) return PuzzleVerdict::TooMany;
    }
    open = still;
    if (open.empty() || last) break;
  }
  std::vector<Move> ordered;  // legal-move order, whatever the look that settled each
  for (const Move& m : moves)
    if (std::find(out.begin(), out.end(), m) != out.end()) ordered.push_back(m);
  out = ordered;
  return PuzzleVerdict::Puzzle;
}

PuzzleVerdict findPuzzle(const Position& pos, const PuzzleLimits& limits, Puzzle& out) {
  out = Puzzle{};
  out.position = pos;
  out.legalMoves = int(legalMoves(pos).size());
  if (out.legalMoves < 2) return PuzzleVerdict::OnlyMove;
  if (out.legalMoves > limits.maxLegalMoves) return PuzzleVerdict::TooWide;
  const int maxPlies = 2 * limits.maxWinnerTurns - 1;
  // No screen here: a miner screens a game's positions with proof memory
  // carried back from its end; standing alone, a small screen misses wins.
  ProofResult root = prove(Game(pos), nodeLimits(limits.solveNodes, true));
  if (root.value.outcome != Outcome::Win) return PuzzleVerdict::NoWin;
  if (root.value.plies > maxPlies) return PuzzleVerdict::TooLong;
  out.value = root.value;
  PuzzleVerdict v = winningFirstMoves(pos, limits.solveNodes, limits.maxIdeas, out.solutions,
                                      root.hasBest ? &root.best : nullptr);
  if (v != PuzzleVerdict::Puzzle) return v;
  if (out.solutions.empty()) return PuzzleVerdict::Unproven;  // the root's win must show in a first move
  const bool capturesOnly = std::all_of(out.solutions.begin(), out.solutions.end(),
                                        [](const Move& m) { return m.kind == Move::Capture; });
  if (root.value.plies == 1 && capturesOnly) return PuzzleVerdict::Trivial;
  out.line = winningLine(pos, limits.solveNodes);
  if (out.line.empty()) return PuzzleVerdict::Unproven;
  out.themes = puzzleThemes(pos, out.line);
  out.enginesFinding = enginesFinding(pos, out.solutions);
  out.rating = puzzleRating(out);
  return PuzzleVerdict::Puzzle;
}

std::vector<std::string> puzzleThemes(const Position& pos, const std::vector<Move>& line) {
  const int winner = pos.turn;
  bool isolation = false, forcedCapture = false, zugzwang = false, multiJump = false;
  Game g(pos);
  for (size_t i = 0; i < line.size(); ++i) {
    const Position& p = g.position();
    const Move& m = line[i];
    if (p.turn == winner) {
      multiJump = multiJump || (m.kind == Move::Capture && m.jumps >= 2);
    } else {
      forcedCapture = forcedCapture || (m.kind == Move::Capture && i > 0 && line[i - 1].kind == Move::Place);
      zugzwang = zugzwang || (m.kind == Move::Place && !hasSafeTarget(p));
    }
    const bool winnerMoved = p.turn == winner;
    if (g.play(m) && winnerMoved) isolation = true;
  }
  std::vector<std::string> themes;
  if (isolation) themes.push_back("isolation");
  if (forcedCapture) themes.push_back("forced-capture");
  if (zugzwang) themes.push_back("zugzwang");
  if (multiJump) themes.push_back("multi-jump");
  const GameResult& r = g.result();
  if (r.reason == EndReason::WinningSet) {
    const Position& end = g.position();
    const MarbleSet& set = end.marbleSet();
    static const char* kRace[kColors] = {"race-white", "race-grey", "race-black"};
    bool single = false, each = true;
    for (int c = 0; c < kColors; ++c) {
      if (end.captures[winner][c] >= set.winSingle[c]) themes.push_back(kRace[c]), single = true;
      each = each && end.captures[winner][c] >= set.winEach;
    }
    if (!single && each) themes.push_back("race-each");
  } else if (r.reason == EndReason::BoardEmptied) {
    themes.push_back("last-ring");
  }
  return themes;
}

int enginesFinding(const Position& pos, const std::vector<Move>& solutions) {
  int found = 0;
  for (int e = 0; e < kPuzzleEngines; ++e) {
    SearchLimits l;
    l.evalNoise = 0;
    if (e < 3) l.depth = e + 1;
    else l.nodes = 100000;
    const Move best = searchPosition(pos, l, kMaxLevel).best;
    found += std::find(solutions.begin(), solutions.end(), best) != solutions.end();
  }
  return found;
}

bool verifyPuzzle(const Position& pos, const std::vector<Move>& solutions, const std::vector<Move>& line,
                  uint64_t nodes, std::string& why) {
  for (const Move& m : legalMoves(pos)) {
    Game g(pos);
    g.play(m);
    ProofLimits limits;
    limits.maxNodes = nodes, limits.maxSeconds = 0, limits.exactDistance = false;
    const GameValue v = g.result().over() ? GameValue::ofEndedGame(g.result().winner, pos.turn)
                                          : prove(g, limits).value.forMover();
    const bool listed = std::find(solutions.begin(), solutions.end(), m) != solutions.end();
    if (!v.known()) return why = "move " + moveToString(pos, m) + " unproven", false;
    if (listed != (v.outcome == Outcome::Win))
      return why = "move " + moveToString(pos, m) + (listed ? " is listed but does not win" : " wins but is not listed"), false;
  }
  Game g(pos);
  for (const Move& m : line) g.play(m);  // legal: the file's reader checked each
  if (!g.result().over() || g.result().winner != pos.turn) return why = "the line does not end in the side to move's win", false;
  return true;
}

int puzzleRating(const Puzzle& p) {
  const int winnerTurns = (std::max(p.value.plies, 1) + 1) / 2;
  const double choice = std::max(1.0, double(p.legalMoves) / double(std::max<size_t>(p.solutions.size(), 1)));
  const double r = 1000 + 150 * (winnerTurns - 1) + 40 * std::log2(choice) + 200 * (kPuzzleEngines - p.enginesFinding);
  return std::clamp(int(std::lround(r)), 400, 2800);
}

}  // namespace zertz
