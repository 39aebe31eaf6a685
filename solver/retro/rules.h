// Retrograde rules of the table values, MPI-free (the solver's end/ part,
// as pentago keeps end/ apart from mpi/). A value is a code (tb_probe.h):
// 0 invalid, 1 draw, d + 2 for "the game ends in d plies with perfect
// play", d odd = the side to move wins. The winner takes the shortest win,
// the loser the longest loss.
#pragma once

#include <algorithm>
#include <cstdint>
#include <stdexcept>

#include "core/tables/tb_probe.h"

namespace zertz::solver {

// What a position's successors say so far. `open`: a successor is a draw or
// not solved yet (code 0 in a region still being swept), so a loss cannot
// be proven from them.
struct SuccessorSummary {
  static constexpr int kNone = 1 << 20;
  int minLoss = kNone;  // shortest loss among the successors (plies)
  int maxWin = -1;      // longest win among the successors (plies)
  bool open = false;
  bool unsolved = false;  // a successor at code 0
  uint32_t moves = 0;

  void add(uint8_t code) {
    ++moves;
    if (code == tb::kCodeInvalid) open = unsolved = true;
    else if (code == tb::kCodeDraw) open = true;
    else if (tb::codeIsLoss(code)) minLoss = std::min(minLoss, tb::codePlies(code));
    else maxWin = std::max(maxWin, tb::codePlies(code));
  }
  void merge(const SuccessorSummary& o) {
    moves += o.moves;
    open = open || o.open;
    unsolved = unsolved || o.unsolved;
    minLoss = std::min(minLoss, o.minLoss);
    maxWin = std::max(maxWin, o.maxWin);
  }
};

inline uint8_t checkedCode(int plies) {
  if (plies > tb::kMaxPlies) throw std::runtime_error("distance beyond the code range");
  return tb::codeForPlies(plies);
}

// Best-of over final successor values (every successor solved): a move to
// a lost position wins (shortest), else a draw, else the longest loss. No
// successor: invalid (no legal move). A successor still at code 0 is an
// order bug, never a value.
inline uint8_t bestOf(const SuccessorSummary& s) {
  if (!s.moves) return tb::kCodeInvalid;
  if (s.unsolved) throw std::runtime_error("unsolved successor in a solved wave (order bug)");
  if (s.minLoss != SuccessorSummary::kNone) return checkedCode(s.minLoss + 1);
  if (s.open) return tb::kCodeDraw;
  return checkedCode(s.maxWin + 1);
}

// The sweep candidate of an unresolved position of a cyclic region
// (Dijkstra by sweeps): a win in 1 + the shortest known loss; a loss in
// 1 + the longest win once every successor is a known win; otherwise none
// (-1). The smallest candidate over the region is exact.
inline int sweepCandidate(const SuccessorSummary& s) {
  if (!s.moves) return -1;
  if (s.minLoss != SuccessorSummary::kNone) return s.minLoss + 1;
  if (!s.open) return s.maxWin + 1;
  return -1;
}

}  // namespace zertz::solver
