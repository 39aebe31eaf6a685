#include "core/tables/tb_brute.h"

#include "core/movegen.h"
#include "core/tables/tb_probe.h"

namespace zertz::tb {

int BruteForce::find(const Position& p) const {
  auto it = byKey_.find(p.key);
  if (it == byKey_.end()) return -1;
  for (int v : it->second)
    if (nodes_[v] == p) return v;
  return -1;
}

int BruteForce::node(const Position& p) {
  if (int v = find(p); v >= 0) return v;
  nodes_.push_back(p);
  moves_.push_back(0);
  hasTerminal_.push_back(false);
  preds_.emplace_back();
  byKey_[p.key].push_back(int(nodes_.size() - 1));
  return int(nodes_.size() - 1);
}

void BruteForce::solve() {
  for (size_t v = 0; v < nodes_.size(); ++v) {  // nodes_ grows while we expand
    Position p = nodes_[v];
    std::vector<int> succ;
    bool terminal = false;
    forEachLegalMove(p, [&](const Move& m) {
      Position q = p;
      q.play(m);
      if (q.winner() >= 0) terminal = true;  // the mover just won
      else succ.push_back(node(q));
    });
    moves_[v] = int(succ.size()) + (terminal ? 1 : 0);
    hasTerminal_[v] = terminal;
    for (int s : succ) preds_[s].push_back(int(v));
  }
  // Distance-ordered propagation: a node becomes a win one ply after its
  // first (shortest) losing successor, a loss one ply after its last
  // (longest) winning successor is known. Unresolved nodes are draws.
  value_.assign(nodes_.size(), -1);
  std::vector<int> left(moves_);
  std::vector<std::vector<int>> bucket(kMaxPlies + 2);
  for (size_t v = 0; v < nodes_.size(); ++v)
    if (hasTerminal_[v]) value_[v] = 1, bucket[1].push_back(int(v));
  for (int d = 1; d <= kMaxPlies; ++d)
    for (size_t k = 0; k < bucket[d].size(); ++k) {
      int u = bucket[d][k];
      bool uLoses = d % 2 == 0;
      for (int p : preds_[u]) {
        if (value_[p] >= 0) continue;
        if (uLoses || --left[p] == 0) value_[p] = d + 1, bucket[d + 1].push_back(p);
      }
    }
}

uint8_t BruteForce::code(size_t v) const {
  if (!moves_[v]) return kCodeInvalid;
  return value_[v] < 0 ? kCodeDraw : codeForPlies(value_[v]);
}

bool BruteForce::codeOf(const Position& p, uint8_t& out) const {
  if (p.winner() >= 0) return out = codeForPlies(0), true;
  int v = find(p);
  if (v < 0 || value_.empty()) return false;
  out = code(size_t(v));
  return true;
}

}  // namespace zertz::tb
