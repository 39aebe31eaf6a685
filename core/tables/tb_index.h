// Endgame-table positions: shape canonicalisation and perfect indexing.
//
// A table position is a Zèrtz position with few rings, up to everything play
// cannot see: where the rings sit, the board's rotation and reflection, and
// which player is called 0. Play depends only on which rings exist and which
// are adjacent, and separate groups of rings never interact again (rings are
// only ever removed; jumps and removals look at neighbours only), so:
//
//   shape    = multiset of ring groups, each group a free polyhex (up to the
//              12 hex symmetries and translation), canonicalised on its own;
//   position = shape + a colour (empty/W/G/B) per canonical cell
//              + the mover's captures + the opponent's captures (the pool
//              follows: total - board - captures).
//
// Index of a position with n rings ("level" n), mixed radix, no hashing:
//   idx = shapeId * S(n) + off(b) + reserveRank * M(n, b) + arrangementRank
// where b = (W, G, B) marble counts on the board, M(n, b) the multinomial
// number of arrangements, reserveRank enumerates the per-colour pairs
// (mover caps, opponent caps) that leave no single-colour win, and off(b)
// accumulates M * R over the b vectors in lexicographic order. Holes: the
// reserves where a player already holds one of each colour's winEach set
// (someone has won) decode to "invalid". Positions of symmetric shapes are
// stored once per equivalent arrangement (no orbit reduction of marbles).
//
// What this file does not do: solve, read files, or know the table format
// (tb_probe.h). Pure core code, shared by the solver, the CLI and wasm.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/position.h"

namespace zertz::tb {

// The canvas would allow 12 (2n-1 columns <= 26, cells <= 64); 10 bounds
// what a hostile header can make a prober build (about 5 s, 120 MB).
constexpr int kMaxTableRings = 10;
constexpr uint32_t kIndexScheme = 1;  // bump when anything below changes the numbering

// A canonical shape, embedded in its own small Geometry so that core movegen
// and Position::play run on it unchanged.
struct Shape {
  int rings = 0;
  int groups = 0;
  std::string key;                      // canonical key: per group size byte + (q<<4|r) bytes
  std::unique_ptr<Geometry> geo;        // stable address for Position::geo
  Bitboard ringMask = 0;                // cells of geo that are rings
  uint8_t cellOf[kMaxTableRings] = {};  // canonical cell -> geometry cell
};

// The canonical order of a position's rings: for the canonical shape
// (level, shapeId), source[i] is the cell of the position's geometry that
// plays the role of canonical cell i.
struct ShapeMap {
  int level = 0;
  int shapeId = -1;
  uint8_t source[kMaxTableRings] = {};
};

class Indexer {
 public:
  // Enumerates all shapes with 1..maxRings rings; maxRings <= kMaxTableRings.
  Indexer(MarbleSetId set, int maxRings);

  MarbleSetId marbleSet() const { return set_; }
  int maxRings() const { return maxRings_; }
  int numShapes(int level) const { return int(levels_[level].shapes.size()); }
  const Shape& shape(int level, int id) const { return levels_[level].shapes[id]; }
  uint64_t levelSize(int level) const { return levels_[level].size; }
  uint64_t shapeStride(int level) const { return levels_[level].stride; }
  // A fingerprint of the numbering (shapes, strides, marble set) so files
  // written under another scheme are refused.
  uint64_t schemeChecksum() const { return checksum_; }

  // Canonicalises the ring set `rings` of geometry g. False when it has
  // no rings or more than maxRings.
  bool canonicalShape(const Geometry& g, Bitboard rings, ShapeMap& out) const;
  // Index of a position whose rings have shape `map` (from canonicalShape).
  // False when someone has already won.
  bool indexWith(const Position& pos, const ShapeMap& map, uint64_t& idx) const;
  // Level and index of any position; false with a reason when it is not a
  // table position (too many rings, game over).
  bool index(const Position& pos, int& level, uint64_t& idx, std::string* why = nullptr) const;
  // The position (on the shape's geometry, player 0 to move) of an index;
  // false for holes (someone has won) and out-of-range indices.
  bool decode(int level, uint64_t idx, Position& out) const;

  // Chunks: runs of consecutive indices sharing shape, board counts and
  // reserve, i.e. one (pool total, board total) progress slice.
  struct Chunk {
    uint64_t begin = 0;  // offset inside one shape's stride
    uint64_t size = 0;   // M(n, b)
    int poolTotal = 0;
    int boardTotal = 0;
    bool valid = true;  // false: a player holds a winning set (hole)
  };
  // Computed on demand (the solver's work list; probing never needs it).
  std::vector<Chunk> chunks(int level) const;

 private:
  struct BVec {
    uint8_t b[3];
    uint64_t offset;  // off(b)
    uint64_t arrangements;
    uint32_t reserves;
  };
  struct Level {
    std::vector<Shape> shapes;
    std::vector<BVec> bvecs;
    std::vector<int> bvecAt;        // (bw * 16 + bg) * 16 + bb -> bvecs index or -1
    std::vector<std::string> keys;  // shape keys, sorted; keys[id] == shapes[id].key
    uint64_t stride = 0, size = 0;
    // Levels up to kRankTableRings: rankArrangement of every colour
    // sequence, by its base-4 code (colour of canonical cell 0 highest).
    std::vector<uint16_t> rankOfCode;
  };
  static constexpr int kRankTableRings = 7;  // 4^7 entries, 32 KB
  static constexpr int kMaxColorTotal = 10;  // the largest set's most numerous colour
  static constexpr int kMaxWinSingle = 6;
  void buildShapes();
  void buildLevel(int n);
  int findShape(int level, const std::string& key) const;
  // Per colour c and available T: pairs (mover, opp) with both < winSingle
  // and mover + opp <= T. pairCount[c][T], pairRank via prefix sums.
  uint32_t pairCount(int c, int T) const;
  uint32_t pairRank(int c, int T, int mover, int opp) const;
  bool pairUnrank(int c, int T, uint32_t rank, int& mover, int& opp) const;

  MarbleSetId set_;
  int maxRings_;
  // pairCount and pairRank tabulated for indexWith, by colour and T.
  uint8_t pairCountOf_[3][kMaxColorTotal + 1] = {};
  uint8_t pairRankOf_[3][kMaxColorTotal + 1][kMaxWinSingle][kMaxWinSingle] = {};
  std::vector<Level> levels_;  // index 0 unused
  uint64_t checksum_ = 0;
};

// Multinomial ranking of colour sequences (0 = empty, 1..3 = W, G, B).
uint64_t multinomial(int n, const int counts[4]);
uint64_t rankArrangement(const uint8_t* colours, int n);
void unrankArrangement(uint64_t rank, int n, const int counts[4], uint8_t* colours);

// The canonical key of one group of hex cells given as axial (q, r): the
// smallest sorted (q<<4|r) list over the 12 symmetries after translating to
// q, r >= 0. Exposed for tests (invariance under symmetry and translation).
std::string canonicalGroupKey(const std::vector<std::pair<int, int>>& cells);

}  // namespace zertz::tb
