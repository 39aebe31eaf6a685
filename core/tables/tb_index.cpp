#include "core/tables/tb_index.h"

#include <algorithm>
#include <set>

namespace zertz::tb {

namespace {

using Cells = std::vector<std::pair<int, int>>;  // axial (q, r)

// Canonical form of one group: the key and, for each canonical position,
// which input cell lands there. Among symmetries giving the same key the
// first (lowest sym index) wins, so the result is deterministic.
struct GroupCanon {
  std::string key;
  std::vector<uint8_t> order;
};

GroupCanon canonGroup(const Cells& cells) {
  GroupCanon best;
  const int k = int(cells.size());
  std::vector<std::pair<uint8_t, uint8_t>> coded(k);
  for (int sym = 0; sym < 12; ++sym) {
    int minQ = 1 << 20, minR = 1 << 20;
    std::vector<std::pair<int, int>> t(k);
    for (int i = 0; i < k; ++i) {
      // Cube coordinates x = q, z = r, y = -q - r; reflection swaps y and z,
      // a 60-degree rotation maps (x, y, z) to (-z, -x, -y).
      int x = cells[i].first, z = cells[i].second, y = -x - z;
      if (sym >= 6) std::swap(y, z);
      for (int rot = 0; rot < sym % 6; ++rot) {
        int nx = -z, ny = -x, nz = -y;
        x = nx, y = ny, z = nz;
      }
      t[i] = {x, z};
      minQ = std::min(minQ, x);
      minR = std::min(minR, z);
    }
    for (int i = 0; i < k; ++i)
      coded[i] = {uint8_t(((t[i].first - minQ) << 4) | (t[i].second - minR)), uint8_t(i)};
    std::sort(coded.begin(), coded.end());
    std::string key(k, '\0');
    for (int i = 0; i < k; ++i) key[i] = char(coded[i].first);
    if (sym == 0 || key < best.key) {
      best.key = key;
      best.order.resize(k);
      for (int i = 0; i < k; ++i) best.order[i] = coded[i].second;
    }
  }
  return best;
}

Cells decodeGroup(const std::string& key) {
  Cells c;
  for (unsigned char b : key) c.push_back({b >> 4, b & 15});
  return c;
}

constexpr int kAxialDq[6] = {0, 1, 1, 0, -1, -1};
constexpr int kAxialDr[6] = {1, 0, -1, -1, 0, 1};

uint64_t fnv(uint64_t h, uint64_t v) {
  for (int i = 0; i < 8; ++i) h = (h ^ ((v >> (8 * i)) & 0xff)) * 0x100000001b3ull;
  return h;
}

}  // namespace

std::string canonicalGroupKey(const std::vector<std::pair<int, int>>& cells) {
  return canonGroup(cells).key;
}

namespace {
struct Binomials {
  uint64_t c[kMaxTableRings + 1][kMaxTableRings + 1] = {};
  constexpr Binomials() {
    for (int n = 0; n <= kMaxTableRings; ++n) {
      c[n][0] = 1;
      for (int k = 1; k <= n; ++k) c[n][k] = c[n - 1][k - 1] + (k <= n - 1 ? c[n - 1][k] : 0);
    }
  }
};
constexpr Binomials kBinom;
}  // namespace

// n! / (k0! k1! k2! k3!) as a product of binomials: no division on the
// solver's hot path (every successor is ranked).
uint64_t multinomial(int n, const int counts[4]) {
  if (counts[0] < 0 || counts[1] < 0 || counts[2] < 0 || counts[3] < 0) return 0;
  int a = counts[0], b = counts[1], c = counts[2];
  if (a + b + c + counts[3] != n) return 0;
  return kBinom.c[n][a] * kBinom.c[n - a][b] * kBinom.c[n - a - b][c];
}

uint64_t rankArrangement(const uint8_t* colours, int n) {
  int k[4] = {};
  for (int i = 0; i < n; ++i) ++k[colours[i]];
  uint64_t rank = 0;
  for (int i = 0; i < n; ++i) {
    for (int c = 0; c < colours[i]; ++c) {
      if (!k[c]) continue;
      --k[c];
      rank += multinomial(n - i - 1, k);
      ++k[c];
    }
    --k[colours[i]];
  }
  return rank;
}

void unrankArrangement(uint64_t rank, int n, const int counts[4], uint8_t* colours) {
  int k[4] = {counts[0], counts[1], counts[2], counts[3]};
  for (int i = 0; i < n; ++i) {
    for (int c = 0; c < 4; ++c) {
      if (!k[c]) continue;
      --k[c];
      uint64_t m = multinomial(n - i - 1, k);
      if (rank < m) {
        colours[i] = uint8_t(c);
        break;
      }
      rank -= m;
      ++k[c];
    }
  }
}

Indexer::Indexer(MarbleSetId set, int maxRings)
    : set_(set), maxRings_(std::clamp(maxRings, 1, kMaxTableRings)) {
  levels_.resize(maxRings_ + 1);
  static_assert(kMarbleSets[Standard].total[Black] <= kMaxColorTotal &&
                kMarbleSets[Standard].winSingle[Black] <= kMaxWinSingle);
  const MarbleSet& ms = kMarbleSets[set_];
  for (int c = 0; c < 3; ++c) {
    for (int T = 0; T <= ms.total[c]; ++T) {
      pairCountOf_[c][T] = uint8_t(pairCount(c, T));
      for (int m = 0; m < ms.winSingle[c]; ++m)
        for (int o = 0; o < ms.winSingle[c] && m + o <= T; ++o) pairRankOf_[c][T][m][o] = uint8_t(pairRank(c, T, m, o));
    }
  }
  buildShapes();
  checksum_ = fnv(0xcbf29ce484222325ull, kIndexScheme);
  checksum_ = fnv(checksum_, uint64_t(set_) << 8 | uint64_t(maxRings_));
  for (int n = 1; n <= maxRings_; ++n) {
    buildLevel(n);
    checksum_ = fnv(checksum_, levels_[n].stride);
    for (const std::string& k : levels_[n].keys)
      for (unsigned char c : k) checksum_ = fnv(checksum_, c);
  }
}

uint32_t Indexer::pairCount(int c, int T) const {
  const int w = kMarbleSets[set_].winSingle[c];
  uint32_t n = 0;
  for (int x = 0; x <= std::min(w - 1, T); ++x) n += uint32_t(std::min(w - 1, T - x) + 1);
  return n;
}

uint32_t Indexer::pairRank(int c, int T, int mover, int opp) const {
  const int w = kMarbleSets[set_].winSingle[c];
  uint32_t r = 0;
  for (int x = 0; x < mover; ++x) r += uint32_t(std::min(w - 1, T - x) + 1);
  return r + uint32_t(opp);
}

bool Indexer::pairUnrank(int c, int T, uint32_t rank, int& mover, int& opp) const {
  const int w = kMarbleSets[set_].winSingle[c];
  for (int x = 0; x <= std::min(w - 1, T); ++x) {
    uint32_t row = uint32_t(std::min(w - 1, T - x) + 1);
    if (rank < row) {
      mover = x, opp = int(rank);
      return true;
    }
    rank -= row;
  }
  return false;
}

namespace {

// The free polyhexes of 1..maxRings cells, grown cell by cell and
// deduplicated by key, each as its sort string (size byte, then key), sorted.
std::vector<std::string> polyhexGroups(int maxRings) {
  std::vector<std::set<std::string>> bySize(maxRings + 1);
  bySize[1].insert(canonGroup({{0, 0}}).key);
  for (int k = 1; k < maxRings; ++k)
    for (const std::string& key : bySize[k]) {
      Cells cells = decodeGroup(key);
      std::set<std::pair<int, int>> have(cells.begin(), cells.end());
      for (auto [q, r] : cells)
        for (int d = 0; d < 6; ++d) {
          std::pair<int, int> nb{q + kAxialDq[d], r + kAxialDr[d]};
          if (have.count(nb)) continue;
          Cells grown = cells;
          grown.push_back(nb);
          bySize[k + 1].insert(canonGroup(grown).key);
        }
    }
  std::vector<std::string> groups;
  for (int k = 1; k <= maxRings; ++k)
    for (const std::string& key : bySize[k]) groups.push_back(std::string(1, char(k)) + key);
  std::sort(groups.begin(), groups.end());
  return groups;
}

}  // namespace

void Indexer::buildShapes() {
  // Shapes are non-decreasing sequences of group sort strings.
  const std::vector<std::string> groups = polyhexGroups(maxRings_);
  std::vector<std::vector<int>> shapeGroups[kMaxTableRings + 1];
  std::vector<int> current;
  auto recurse = [&](auto&& self, size_t from, int rings) -> void {
    if (rings > 0) shapeGroups[rings].push_back(current);
    for (size_t i = from; i < groups.size(); ++i) {
      int size = groups[i][0];
      if (rings + size > maxRings_) continue;
      current.push_back(int(i));
      self(self, i, rings + size);
      current.pop_back();
    }
  };
  recurse(recurse, 0, 0);

  for (int n = 1; n <= maxRings_; ++n) {
    std::vector<std::pair<std::string, std::vector<int>>> list;
    for (auto& gs : shapeGroups[n]) {
      std::string key;
      for (int g : gs) key += groups[g];
      list.push_back({key, gs});
    }
    std::sort(list.begin(), list.end());
    Level& L = levels_[n];
    for (auto& [key, gs] : list) {
      Shape s;
      s.rings = n;
      s.groups = int(gs.size());
      s.key = key;
      // Groups left to right with an empty column between them, so that
      // they are never adjacent. Axial (q, r) sits at column q, h = 2r + q.
      std::vector<ColumnSpec> cols;
      std::vector<std::pair<int, int>> placed;  // (column, h) per canonical cell
      int base = 0;
      for (int g : gs) {
        Cells cells = decodeGroup(groups[g].substr(1));
        int width = 0;
        for (auto [q, r] : cells) {
          placed.push_back({base + q, 2 * r + base + q});
          width = std::max(width, q + 1);
        }
        base += width + 1;
      }
      int numCols = base - 1;
      for (int c = 0; c < numCols; ++c) {
        int lo = 1 << 20, hi = -1;
        for (auto [col, h] : placed)
          if (col == c) lo = std::min(lo, h), hi = std::max(hi, h);
        if (hi < 0) cols.push_back({int8_t(c & 1), 1});
        else cols.push_back({int8_t(lo), int8_t((hi - lo) / 2 + 1)});
      }
      std::string token;
      for (int c = 0; c < numCols; ++c)
        token += (c ? "," : "") + std::to_string(cols[c].off) + ":" + std::to_string(cols[c].height);
      if (token.size() >= sizeof(Geometry{}.token)) token = "tb";
      s.geo = std::make_unique<Geometry>(makeGeometry(token, cols.data(), numCols));
      if (!s.geo->valid) continue;  // cannot happen for n <= kMaxTableRings
      for (int i = 0; i < n; ++i) {
        int cell = s.geo->cellAtHeight(placed[i].first, placed[i].second);
        s.cellOf[i] = uint8_t(cell);
        s.ringMask |= bit(cell);
      }
      L.keys.push_back(s.key);
      L.shapes.push_back(std::move(s));
    }
  }
}

void Indexer::buildLevel(int n) {
  Level& L = levels_[n];
  const MarbleSet& ms = kMarbleSets[set_];
  L.bvecAt.assign(16 * 16 * 16, -1);
  uint64_t off = 0;
  for (int bw = 0; bw <= std::min<int>(ms.total[0], n); ++bw)
    for (int bg = 0; bg <= std::min<int>(ms.total[1], n - bw); ++bg)
      for (int bb = 0; bb <= std::min<int>(ms.total[2], n - bw - bg); ++bb) {
        BVec v{{uint8_t(bw), uint8_t(bg), uint8_t(bb)}, off, 0, 0};
        int k[4] = {n - bw - bg - bb, bw, bg, bb};
        v.arrangements = multinomial(n, k);
        v.reserves = pairCount(0, ms.total[0] - bw) * pairCount(1, ms.total[1] - bg) *
                     pairCount(2, ms.total[2] - bb);
        off += v.arrangements * v.reserves;
        L.bvecAt[(bw * 16 + bg) * 16 + bb] = int(L.bvecs.size());
        L.bvecs.push_back(v);
      }
  L.stride = off;
  L.size = off * L.shapes.size();
  if (n <= kRankTableRings) {
    L.rankOfCode.resize(size_t(1) << (2 * n));
    uint8_t colours[kRankTableRings];
    for (uint32_t code = 0; code < L.rankOfCode.size(); ++code) {
      for (int i = 0; i < n; ++i) colours[i] = uint8_t((code >> (2 * (n - 1 - i))) & 3);
      L.rankOfCode[code] = uint16_t(rankArrangement(colours, n));  // < M(7, b) <= 630
    }
  }
}

std::vector<Indexer::Chunk> Indexer::chunks(int n) const {
  const Level& L = levels_[n];
  const MarbleSet& ms = kMarbleSets[set_];
  std::vector<Chunk> out;
  for (const BVec& v : L.bvecs) {
    int T[3], P[3];
    for (int c = 0; c < 3; ++c) T[c] = ms.total[c] - v.b[c], P[c] = int(pairCount(c, T[c]));
    for (uint32_t r = 0; r < v.reserves; ++r) {
      Chunk ch;
      ch.begin = v.offset + uint64_t(r) * v.arrangements;
      ch.size = v.arrangements;
      ch.boardTotal = v.b[0] + v.b[1] + v.b[2];
      uint8_t mover[3], opp[3];
      uint32_t rest = r;
      int pool = 0;
      for (int c = 2; c >= 0; --c) {
        int m = 0, o = 0;
        pairUnrank(c, T[c], rest % uint32_t(P[c]), m, o);
        rest /= uint32_t(P[c]);
        mover[c] = uint8_t(m), opp[c] = uint8_t(o);
        pool += T[c] - m - o;
      }
      ch.poolTotal = pool;
      ch.valid = !isWinningSet(ms, mover) && !isWinningSet(ms, opp);
      out.push_back(ch);
    }
  }
  return out;
}

int Indexer::findShape(int level, const std::string& key) const {
  const auto& keys = levels_[level].keys;
  auto it = std::lower_bound(keys.begin(), keys.end(), key);
  return it != keys.end() && *it == key ? int(it - keys.begin()) : -1;
}

bool Indexer::canonicalShape(const Geometry& g, Bitboard rings, ShapeMap& out) const {
  const int n = popcount(rings);
  if (n == 0 || n > maxRings_) return false;
  // Axial coordinates: q = column, r = (h - q - parity) / 2; the layout's
  // h + column parity is the same everywhere (makeGeometry invariant).
  int first = lsb(rings);
  int parity = (g.h[first] + g.column[first]) & 1;
  struct G {
    std::string sortKey;
    std::vector<uint8_t> cells;  // geometry cells in canonical order
  };
  std::vector<G> groups;
  for (Bitboard unseen = rings; unseen;) {
    Bitboard group = bit(lsb(unseen)), frontier = group;
    while (frontier) {
      int cell = popLsb(frontier);
      Bitboard grow = g.adjacent[cell] & rings & ~group;
      group |= grow;
      frontier |= grow;
    }
    unseen &= ~group;
    std::vector<uint8_t> list;
    Cells cells;
    for (Bitboard b = group; b;) {
      int cell = popLsb(b);
      list.push_back(uint8_t(cell));
      cells.push_back({g.column[cell], (g.h[cell] - g.column[cell] - parity) / 2});
    }
    GroupCanon c = canonGroup(cells);
    G entry{std::string(1, char(list.size())) + c.key, {}};
    for (uint8_t i : c.order) entry.cells.push_back(list[i]);
    groups.push_back(std::move(entry));
  }
  std::stable_sort(groups.begin(), groups.end(),
                   [](const G& a, const G& b) { return a.sortKey < b.sortKey; });
  std::string key;
  int i = 0;
  for (const G& gr : groups) {
    key += gr.sortKey;
    for (uint8_t cell : gr.cells)
      if (i < kMaxTableRings) out.source[i++] = cell;
  }
  out.level = n;
  out.shapeId = findShape(n, key);
  return out.shapeId >= 0;
}

bool Indexer::indexWith(const Position& pos, const ShapeMap& map, uint64_t& idx) const {
  const MarbleSet& ms = kMarbleSets[set_];
  const Level& L = levels_[map.level];
  const int n = map.level;
  // The map lists every ring of pos, so the board counts are the marbles'.
  const int b[3] = {popcount(pos.marbles[0]), popcount(pos.marbles[1]), popcount(pos.marbles[2])};
  const uint8_t* mover = pos.captures[pos.turn];
  const uint8_t* opp = pos.captures[pos.turn ^ 1];
  if (isWinningSet(ms, mover) || isWinningSet(ms, opp)) return false;
  int v = (b[0] <= 15 && b[1] <= 15 && b[2] <= 15) ? L.bvecAt[(b[0] * 16 + b[1]) * 16 + b[2]] : -1;
  if (v < 0) return false;
  const BVec& bv = L.bvecs[v];
  // No winning set: every capture count is below its winSingle.
  uint64_t reserve = 0;
  for (int c = 0; c < 3; ++c) {
    int T = ms.total[c] - b[c];
    if (mover[c] + opp[c] > T) return false;  // inconsistent marble count
    reserve = reserve * pairCountOf_[c][T] + pairRankOf_[c][T][mover[c]][opp[c]];
  }
  // Colour per canonical cell (0 empty, 1..3 W, G, B; the sets are disjoint).
  uint8_t colours[kMaxTableRings];
  uint32_t code = 0;
  for (int i = 0; i < n; ++i) {
    const int cell = map.source[i];
    const unsigned black = unsigned(pos.marbles[2] >> cell) & 1;
    colours[i] = uint8_t((unsigned(pos.marbles[0] >> cell) & 1) | (unsigned(pos.marbles[1] >> cell) & 1) << 1 |
                         black | black << 1);
    code = code << 2 | colours[i];
  }
  const uint64_t rank = n <= kRankTableRings ? L.rankOfCode[code] : rankArrangement(colours, n);
  idx = uint64_t(map.shapeId) * L.stride + bv.offset + reserve * bv.arrangements + rank;
  return true;
}

bool Indexer::index(const Position& pos, int& level, uint64_t& idx, std::string* why) const {
  auto fail = [&](const std::string& w) {
    if (why) *why = w;
    return false;
  };
  if (pos.set != set_) return fail("marble set differs from the tables'");
  if (pos.winner() >= 0) return fail("the game is over");
  int n = popcount(pos.rings);
  if (n > maxRings_)
    return fail(std::to_string(n) + " rings; the tables hold at most " + std::to_string(maxRings_));
  ShapeMap map;
  if (!canonicalShape(*pos.geo, pos.rings, map)) return fail("unknown ring shape");
  if (!indexWith(pos, map, idx)) return fail("inconsistent marble counts");
  level = n;
  return true;
}

bool Indexer::decode(int level, uint64_t idx, Position& out) const {
  if (level < 1 || level > maxRings_) return false;
  const Level& L = levels_[level];
  if (idx >= L.size) return false;
  const MarbleSet& ms = kMarbleSets[set_];
  const Shape& s = L.shapes[idx / L.stride];
  uint64_t rem = idx % L.stride;
  auto it = std::upper_bound(L.bvecs.begin(), L.bvecs.end(), rem,
                             [](uint64_t x, const BVec& v) { return x < v.offset; });
  const BVec& bv = *(it - 1);
  rem -= bv.offset;
  uint64_t reserve = rem / bv.arrangements, arr = rem % bv.arrangements;
  Position p;
  p.geo = s.geo.get();
  p.set = set_;
  p.rings = s.ringMask;
  for (int c = 2; c >= 0; --c) {
    int T = ms.total[c] - bv.b[c];
    uint32_t P = pairCount(c, T);
    int m = 0, o = 0;
    pairUnrank(c, T, uint32_t(reserve % P), m, o);
    reserve /= P;
    p.captures[0][c] = uint8_t(m);
    p.captures[1][c] = uint8_t(o);
    p.pool[c] = uint8_t(T - m - o);
  }
  if (p.hasWinningSet(0) || p.hasWinningSet(1)) return false;
  int counts[4] = {level - bv.b[0] - bv.b[1] - bv.b[2], bv.b[0], bv.b[1], bv.b[2]};
  uint8_t colours[kMaxTableRings];
  unrankArrangement(arr, level, counts, colours);
  for (int i = 0; i < level; ++i)
    if (colours[i]) p.marbles[colours[i] - 1] |= bit(s.cellOf[i]);
  p.key = p.computeKey();
  out = p;
  return true;
}

}  // namespace zertz::tb
