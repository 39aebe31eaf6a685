// Board geometry: which ring positions a layout has and who neighbours whom.
//
// Coordinates follow boardspace.net: columns a, b, c, ... left to right, row 1
// the lowest ring of each column. A ring's height in half-ring units is
// h = 2*(row-1) + off[column]; neighbours are the same column at h±2 and the
// adjacent columns at h±1. Cells are numbered column-major from 0, so every
// layout (at most 64 ring positions) fits one 64-bit Bitboard.
//
// Geometry is a literal type built by a constexpr function: the built-in
// layouts are compile-time constants (no init() to call), and custom layouts
// are built at run time by the very same function and interned (customLayout).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace zertz {

using Bitboard = uint64_t;
constexpr int kMaxCells = 64;
constexpr int kMaxColumns = 26;  // a..z
constexpr uint8_t kNoCell = 64;

constexpr Bitboard bit(int cell) { return Bitboard(1) << cell; }
constexpr int popcount(Bitboard b) { return __builtin_popcountll(b); }
constexpr int lsb(Bitboard b) { return __builtin_ctzll(b); }
constexpr int popLsb(Bitboard& b) {
  int s = lsb(b);
  b &= b - 1;
  return s;
}

// Directions in cyclic order, so d and (d+1)%6 are adjacent sides of a ring.
// As (dcol, dh): N (0,+2), NE (+1,+1), SE (+1,-1), S (0,-2), SW (-1,-1), NW (-1,+1).
enum Direction : uint8_t { N,
                           NE,
                           SE,
                           S,
                           SW,
                           NW };
constexpr int kDirections = 6;
constexpr int kDirCol[6] = {0, 1, 1, 0, -1, -1};
constexpr int kDirH[6] = {2, 1, -1, -2, -1, 1};

struct ColumnSpec {
  int8_t off;     // height (half-ring units) of the column's row 1
  int8_t height;  // number of ring positions in the column
};

struct Geometry {
  char token[128] = {};  // layout token in position strings: "37", "48", or "off:height,..." for custom
  uint8_t numColumns = 0;
  uint8_t numCells = 0;
  ColumnSpec columns[kMaxColumns] = {};
  uint8_t firstCell[kMaxColumns + 1] = {};  // cell index of row 1 of each column
  uint8_t column[kMaxCells] = {};
  uint8_t row[kMaxCells] = {};                    // 0-based (row 1 is 0)
  int8_t h[kMaxCells] = {};                       // height in half-ring units
  uint8_t neighbor[kMaxCells][kDirections] = {};  // kNoCell when off the layout
  Bitboard adjacent[kMaxCells] = {};              // all neighbours of a cell
  Bitboard all = 0;                               // every ring position of the layout
  // Set-wise neighbours. Cells are column-major, so the N and S neighbours
  // of a cell are the next and previous index (uniform shifts of 1), and the
  // SE and NE neighbours of every cell of column k are the consecutive cells
  // c + eastShift[k] and c + eastShift[k] + 1 of column k+1 (likewise SW, NW
  // at c - westShift[k] - 1 and c - westShift[k] in column k-1). So one shift
  // per column and side yields two directions at once; hasNeighbor[d] masks
  // away the cells whose d-neighbour is off the layout.
  Bitboard columnMask[kMaxColumns] = {};
  uint8_t eastShift[kMaxColumns] = {};     // > 0 where column k+1 exists
  uint8_t westShift[kMaxColumns] = {};     // > 0 where column k-1 exists
  Bitboard hasNeighbor[kDirections] = {};  // cells whose d-neighbour is on the layout
  bool valid = false;                      // false: too many cells/columns or bad spec

  // out[d]: the cells whose neighbour in direction d belongs to s.
  constexpr void neighborsIn(Bitboard s, Bitboard (&out)[kDirections]) const {
    Bitboard ne = 0, se = 0, sw = 0, nw = 0;
    for (int k = 0; k < numColumns; ++k) {
      Bitboard m = columnMask[k];
      Bitboard east = s >> eastShift[k], west = s << westShift[k];
      se |= east & m;
      ne |= (east >> 1) & m;
      nw |= west & m;
      sw |= (west << 1) & m;
    }
    out[N] = (s >> 1) & hasNeighbor[N];
    out[NE] = ne & hasNeighbor[NE];
    out[SE] = se & hasNeighbor[SE];
    out[S] = (s << 1) & hasNeighbor[S];
    out[SW] = sw & hasNeighbor[SW];
    out[NW] = nw & hasNeighbor[NW];
  }
  // Every cell adjacent to some cell of s.
  constexpr Bitboard adjacentTo(Bitboard s) const {
    Bitboard in[kDirections];
    neighborsIn(s, in);
    return in[N] | in[NE] | in[SE] | in[S] | in[SW] | in[NW];
  }
  // The cells of `within` connected to `seed` through cells of `within`
  // (seed a subset of within). Bit-parallel: one step per cell of distance.
  constexpr Bitboard floodWithin(Bitboard seed, Bitboard within) const {
    for (Bitboard reached = seed;;) {
      const Bitboard grown = (reached | adjacentTo(reached)) & within;
      if (grown == reached || grown == within) return grown;
      reached = grown;
    }
  }

  constexpr int cellAt(int col, int rowIndex) const {
    if (col < 0 || col >= numColumns || rowIndex < 0 || rowIndex >= columns[col].height)
      return kNoCell;
    return firstCell[col] + rowIndex;
  }
  constexpr int cellAtHeight(int col, int height) const {
    if (col < 0 || col >= numColumns) return kNoCell;
    int d = height - columns[col].off;
    if (d < 0 || d % 2 != 0) return kNoCell;
    return cellAt(col, d / 2);
  }
  // Cell two steps away in direction d (the landing ring of a jump), or kNoCell.
  constexpr int jumpTarget(int cell, int d) const {
    int over = neighbor[cell][d];
    return over == kNoCell ? kNoCell : neighbor[over][d];
  }
};

// Builds a geometry from per-column (off, height). Invariant checked here and
// reported through `valid`: at most 64 cells, 26 columns, and all offsets of
// one parity pattern (h + column has the same parity everywhere), so that
// neighbour relations are those of a hex grid.
constexpr Geometry makeGeometry(std::string_view token, const ColumnSpec* cols, int n) {
  Geometry g{};
  for (size_t i = 0; i < token.size() && i + 1 < sizeof g.token; ++i) g.token[i] = token[i];
  if (n <= 0 || n > kMaxColumns || token.empty() || token.size() >= sizeof g.token) return g;
  int cells = 0;
  for (int c = 0; c < n; ++c) {
    if (cols[c].height <= 0 || cols[c].off < 0 || cols[c].off > 60) return g;
    if (((cols[c].off + c) & 1) != ((cols[0].off) & 1)) return g;
    cells += cols[c].height;
  }
  if (cells > kMaxCells) return g;
  g.numColumns = uint8_t(n);
  g.numCells = uint8_t(cells);
  int next = 0;
  for (int c = 0; c < n; ++c) {
    g.columns[c] = cols[c];
    g.firstCell[c] = uint8_t(next);
    for (int r = 0; r < cols[c].height; ++r, ++next) {
      g.column[next] = uint8_t(c);
      g.row[next] = uint8_t(r);
      g.h[next] = int8_t(cols[c].off + 2 * r);
    }
  }
  g.firstCell[n] = uint8_t(next);
  for (int cell = 0; cell < cells; ++cell) {
    g.all |= bit(cell);
    for (int d = 0; d < kDirections; ++d) {
      int nb = g.cellAtHeight(g.column[cell] + kDirCol[d], g.h[cell] + kDirH[d]);
      g.neighbor[cell][d] = uint8_t(nb);
      if (nb == kNoCell) continue;
      g.adjacent[cell] |= bit(nb);
      g.hasNeighbor[d] |= bit(cell);
      int k = g.column[cell];
      if (d == SE || d == NE) g.eastShift[k] = uint8_t(nb - cell - (d == NE));
      if (d == SW || d == NW) g.westShift[k] = uint8_t(cell - nb - (d == SW));
    }
    g.columnMask[g.column[cell]] |= bit(cell);
  }
  g.valid = true;
  return g;
}

template <size_t N>
constexpr Geometry makeGeometry(std::string_view token, const std::array<ColumnSpec, N>& cols) {
  return makeGeometry(token, cols.data(), int(N));
}

namespace layouts {
constexpr std::array<ColumnSpec, 7> kCols37{{{3, 4}, {2, 5}, {1, 6}, {0, 7}, {1, 6}, {2, 5}, {3, 4}}};
constexpr std::array<ColumnSpec, 7> kCols40{{{3, 4}, {2, 5}, {1, 6}, {0, 7}, {1, 7}, {2, 6}, {3, 5}}};
constexpr std::array<ColumnSpec, 7> kCols43{{{3, 5}, {2, 6}, {1, 7}, {0, 7}, {1, 7}, {2, 6}, {3, 5}}};
constexpr std::array<ColumnSpec, 7> kCols44{{{3, 5}, {2, 6}, {1, 7}, {0, 8}, {1, 7}, {2, 6}, {3, 5}}};
constexpr std::array<ColumnSpec, 8> kCols48{
    {{3, 5}, {2, 6}, {1, 7}, {0, 8}, {1, 7}, {2, 6}, {3, 5}, {4, 4}}};
constexpr std::array<ColumnSpec, 9> kCols61{
    {{4, 5}, {3, 6}, {2, 7}, {1, 8}, {0, 9}, {1, 8}, {2, 7}, {3, 6}, {4, 5}}};
}  // namespace layouts

inline constexpr Geometry kLayout37 = makeGeometry("37", layouts::kCols37);
inline constexpr Geometry kLayout40 = makeGeometry("40", layouts::kCols40);
inline constexpr Geometry kLayout43 = makeGeometry("43", layouts::kCols43);
inline constexpr Geometry kLayout44 = makeGeometry("44", layouts::kCols44);
inline constexpr Geometry kLayout48 = makeGeometry("48", layouts::kCols48);
inline constexpr Geometry kLayout61 = makeGeometry("61", layouts::kCols61);

static_assert(kLayout37.valid && kLayout37.numCells == 37);
static_assert(kLayout40.valid && kLayout40.numCells == 40);
static_assert(kLayout43.valid && kLayout43.numCells == 43);
static_assert(kLayout44.valid && kLayout44.numCells == 44);
static_assert(kLayout48.valid && kLayout48.numCells == 48);
static_assert(kLayout61.valid && kLayout61.numCells == 61);

inline constexpr const Geometry* kBuiltinLayouts[] = {&kLayout37, &kLayout40, &kLayout43,
                                                      &kLayout44, &kLayout48, &kLayout61};

// The built-in layout with this token ("37", ...), or nullptr.
constexpr const Geometry* builtinLayout(std::string_view token) {
  for (const Geometry* g : kBuiltinLayouts)
    if (token == std::string_view(g->token)) return g;
  return nullptr;
}

// "37, 40, 43, 44, 48, 61": the built-in layouts' tokens, for error messages.
std::string builtinLayoutTokens();

// The canonical token of a custom layout, "off:height,off:height,..." (one
// entry per column); it names the geometry customLayout returns.
std::string layoutTokenFor(const ColumnSpec* cols, int n);

// The registry of custom layouts. Positions point at their Geometry, so a
// custom one is interned: one per distinct column list, living as long as the
// program (the same columns always give the same pointer). Thread-safe. It
// never returns a built-in layout, even for the built-in columns: the token
// differs. Interned layouts are never freed, so the registry holds at most
// kMaxCustomLayouts; hostile input (a protocol client or records sending ever
// new layouts) cannot grow it without bound.
constexpr size_t kMaxCustomLayouts = 4096;
enum class CustomLayoutError : uint8_t { None,
                                         Invalid,
                                         TooMany };
// nullptr with `why` set when the columns make no valid layout (see
// makeGeometry) or when the registry is full.
const Geometry* customLayout(const ColumnSpec* cols, int n, CustomLayoutError& why);

}  // namespace zertz
