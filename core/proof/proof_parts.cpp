// Root split for parallel proof searches (proof.h: ProofLimits::part/parts):
// which part a root move belongs to, and the position's answer from the
// parts' answers.
#include <algorithm>

#include "core/proof/proof.h"

namespace zertz {

int rootPartOf(const Move& m, int parts) {
  if (parts <= 1) return 0;
  // splitmix64 of the move's fields: neighbouring targets and removals land
  // in different parts.
  uint64_t x = uint64_t(m.kind) | uint64_t(m.color) << 8 | uint64_t(m.from) << 16 | uint64_t(m.removed) << 24 |
               uint64_t(m.jumps) << 32 | uint64_t(m.dirsTop) << 40;
  x ^= m.dirs * 0x9e3779b97f4a7c15ull;
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  x ^= x >> 31;
  return int(x % uint64_t(parts));
}

ProofResult combineRootParts(const std::vector<ProofResult>& parts) {
  ProofResult r;
  const ProofResult* win = nullptr;   // the fastest winning part
  const ProofResult* loss = nullptr;  // the slowest losing part
  const ProofResult* draw = nullptr;
  bool unknown = false, winsExact = true, lossesExact = true;
  for (const ProofResult& p : parts) {
    r.nodes += p.nodes;
    r.tableHits += p.tableHits;
    r.seconds = std::max(r.seconds, p.seconds);
    if (p.emptyPart) continue;
    switch (p.value) {
      case Outcome::Win:
        if (!win || p.plies < win->plies) win = &p;
        winsExact = winsExact && p.pliesExact;
        break;
      case Outcome::Loss:
        if (!loss || p.plies > loss->plies) loss = &p;
        lossesExact = lossesExact && p.pliesExact;
        break;
      case Outcome::Draw: draw = draw ? draw : &p; break;
      default:
        unknown = true;
        if (r.why.empty()) r.why = p.why;
    }
  }
  // A part still unknown may hold a faster win; a win's distance is exact
  // when every part answered and every win's distance is exact.
  const ProofResult* chosen = win ? win : unknown ? nullptr
                                      : draw      ? draw
                                                  : loss;
  if (!chosen) {
    if (r.why.empty()) r.why = "no part answered";
    return r;
  }
  r.value = chosen->value;
  r.plies = chosen->plies;
  r.pliesExact = chosen == win ? !unknown && winsExact : chosen == loss && lossesExact;
  r.hasBest = chosen->hasBest;
  r.best = chosen->best;
  r.why.clear();
  // A win rests on its own part; a draw or loss on every part's answer.
  r.usedTables = chosen->usedTables;
  if (chosen != win)
    for (const ProofResult& p : parts) r.usedTables = r.usedTables || (!p.emptyPart && p.usedTables);
  return r;
}

}  // namespace zertz
