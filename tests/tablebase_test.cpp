// Endgame tables: index, canonicalisation, file format and probing.
//
// Tables for these tests are computed here by the brute-force reference
// solver (core/tables/tb_brute.h) over every blitz position with <= 3 rings and
// written with the core format API (the header as the solver's writer
// makes it), so the probe path (canonicalise, index,
// block lookup, zlib, CRC) is checked against raw-position brute force on
// real layouts. The MPI solver itself is checked by tests/shell/solver_*.sh.
#include <unistd.h>
#include <zlib.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "cli/table_sources.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/rng.h"
#include "core/tables/tb_brute.h"
#include "core/tables/tb_index.h"
#include "core/tables/tb_probe.h"
#include "solver/retro/table_writer.h"

using namespace zertz;
namespace fs = std::filesystem;

namespace {

constexpr int kTestRings = 3;

// codes: one per position of the level (ix.levelSize(level)).
void writeTable(const fs::path& path, const tb::Indexer& ix, int level, tb::FileKind kind,
                const std::vector<uint8_t>& codes) {
  tb::TableHeader h = solver::tableHeader(ix, level, kind);
  REQUIRE(h.positions == codes.size());
  std::vector<tb::BlockEntry> index;
  std::vector<uint8_t> blob;
  for (uint32_t b = 0; b < h.numBlocks; ++b) {
    std::vector<uint8_t> raw(tb::rawBlockSize(h, b), 0);
    uint64_t first = uint64_t(b) * h.positionsPerBlock;
    for (uint64_t i = first; i < std::min<uint64_t>(codes.size(), first + h.positionsPerBlock); ++i) {
      uint64_t s = i - first;
      if (kind == tb::FileKind::Wdl) raw[s / 4] |= uint8_t(uint8_t(tb::wdlOfCode(codes[i])) << (2 * (s % 4)));
      else raw[s] = codes[i];
    }
    uLongf size = compressBound(uLong(raw.size()));
    std::vector<uint8_t> packed(size);
    REQUIRE(compress2(packed.data(), &size, raw.data(), uLong(raw.size()), 6) == Z_OK);
    index.push_back({blob.size(), uint32_t(size), tb::crc32(raw.data(), raw.size())});
    blob.insert(blob.end(), packed.begin(), packed.begin() + long(size));
  }
  std::vector<uint8_t> indexBytes;
  tb::writeIndex(index, indexBytes);
  h.indexCrc = tb::crc32(indexBytes.data(), indexBytes.size());
  uint8_t header[tb::kHeaderSize];
  tb::writeHeader(h, header);
  std::ofstream out(path, std::ios::binary);
  out.write(reinterpret_cast<const char*>(header), tb::kHeaderSize);
  out.write(reinterpret_cast<const char*>(indexBytes.data()), std::streamsize(indexBytes.size()));
  out.write(reinterpret_cast<const char*>(blob.data()), std::streamsize(blob.size()));
}

// A temporary directory removed when the test process ends.
struct TempDir {
  fs::path path;
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
};

// Brute-force tables for blitz, levels 1..kTestRings, written once.
const fs::path& bruteTables() {
  static TempDir dir{[] {
    fs::path d = fs::temp_directory_path() / ("zertz_tb_test_" + std::to_string(getpid()));
    fs::create_directories(d);
    tb::Indexer ix(Blitz, kTestRings);
    for (int level = 1; level <= kTestRings; ++level) {
      std::vector<uint8_t> codes(ix.levelSize(level), tb::kCodeInvalid);
      for (int s = 0; s < ix.numShapes(level); ++s) {
        tb::BruteForce bf;
        for (uint64_t i = s * ix.shapeStride(level); i < (s + 1) * ix.shapeStride(level); ++i) {
          Position p;
          if (ix.decode(level, i, p)) bf.addRoot(p);
        }
        bf.solve();
        for (size_t v = 0; v < bf.size(); ++v) {
          int l;
          uint64_t idx;
          if (ix.index(bf.at(v), l, idx) && l == level) codes[idx] = bf.code(v);
        }
      }
      writeTable(d / tb::tableFileName(Blitz, level, tb::FileKind::Wdl), ix, level, tb::FileKind::Wdl, codes);
      writeTable(d / tb::tableFileName(Blitz, level, tb::FileKind::Dtm), ix, level, tb::FileKind::Dtm, codes);
    }
    return d;
  }()};
  return dir.path;
}

tb::TableReader openSet(const fs::path& dir) {
  std::string error;
  auto src = cli::openLocalTables(dir.string(), error);
  REQUIRE(src);
  return tb::TableReader(std::move(src));
}

// Axial coordinates on a geometry and back (see tb_index.cpp).
std::pair<int, int> axial(const Geometry& g, int cell) {
  int parity = (g.h[cell] + g.column[cell]) & 1;
  return {g.column[cell], (g.h[cell] - g.column[cell] - parity) / 2};
}
int cellAtAxial(const Geometry& g, int q, int r) {
  int parity = (g.h[0] + g.column[0]) & 1;
  return g.cellAtHeight(q, 2 * r + q + parity);
}
std::pair<int, int> applySym(int sym, int q, int r) {
  int x = q, z = r, y = -x - z;
  if (sym >= 6) std::swap(y, z);
  for (int k = 0; k < sym % 6; ++k) {
    int nx = -z, ny = -x, nz = -y;
    x = nx, y = ny, z = nz;
  }
  return {x, z};
}

// The image of pos under a hex symmetry and translation, placed on the 61
// layout; false when it does not fit.
bool transformed(const Position& pos, int sym, int dq, int dr, Position& out) {
  Position t = Position::start(kLayout61, pos.set);
  for (int c = 0; c < kColors; ++c) {
    t.setPool(c, pos.pool[c]);
    t.setCaptures(0, c, pos.captures[0][c]);
    t.setCaptures(1, c, pos.captures[1][c]);
  }
  Bitboard keep = 0;
  for (Bitboard b = pos.rings; b;) {
    int cell = popLsb(b);
    auto [q, r] = axial(*pos.geo, cell);
    auto [tq, tr] = applySym(sym, q, r);
    int target = cellAtAxial(kLayout61, tq + dq, tr + dr);
    if (target == kNoCell) return false;
    keep |= bit(target);
    if (int c = pos.marbleAt(cell); c >= 0) t.putMarble(target, c);
  }
  for (Bitboard b = kLayout61.all & ~keep; b;) t.removeRing(popLsb(b));
  if (pos.turn) t.turn = 1, t.key = t.computeKey();
  out = t;
  return true;
}

// A random blitz position on the 37 layout with 1..maxRings rings anywhere
// (often several groups), random marbles and reserve; no winner yet.
Position randomSmall(Rng& rng, int maxRings) {
  for (;;) {
    Position p = Position::start(kLayout37, Blitz);
    int n = 1 + int(rng.below(uint64_t(maxRings)));
    Bitboard keep = 0;
    while (popcount(keep) < n) keep |= bit(int(rng.below(37)));
    for (Bitboard b = kLayout37.all & ~keep; b;) p.removeRing(popLsb(b));
    int left[3] = {5, 7, 9};
    for (Bitboard b = keep; b;) {
      int cell = popLsb(b);
      int c = int(rng.below(5)) - 1;
      if (c >= 0 && c < 3 && left[c] > 0) p.putMarble(cell, c), --left[c];  // c == 3: empty too (was left[3], UB)
    }
    for (int c = 0; c < 3; ++c) {
      int a = int(rng.below(uint64_t(left[c] + 1))), b = int(rng.below(uint64_t(left[c] - a + 1)));
      p.setCaptures(0, c, a);
      p.setCaptures(1, c, b);
      p.setPool(c, left[c] - a - b);
    }
    if (rng.below(2)) p.turn = 1, p.key = p.computeKey();
    if (p.winner() < 0) return p;
  }
}

}  // namespace

// Index i of a level decodes to a valid position (counted in valid) whose
// index is i again (else counted in wrong); invalid indexes count in neither.
void roundTripAt(const tb::Indexer& ix, int level, uint64_t i, uint64_t& valid, uint64_t& wrong) {
  Position p;
  if (!ix.decode(level, i, p)) return;
  ++valid;
  int l;
  uint64_t j;
  if (!ix.index(p, l, j) || l != level || j != i) ++wrong;
}

TEST_CASE("table index round-trips every position of small levels", "[tablebase]") {
  for (MarbleSetId set : {Blitz, Standard}) {
    tb::Indexer ix(set, 5);
    for (int level = 1; level <= 5; ++level) {
      uint64_t n = ix.levelSize(level), step = set == Blitz && level <= 3 ? 1 : n / 100000 + 1;
      uint64_t valid = 0, wrong = 0;
      for (uint64_t i = 0; i < n; i += step) roundTripAt(ix, level, i, valid, wrong);
      INFO(kMarbleSets[set].name << " level " << level);
      CHECK(valid > 0);
      CHECK(wrong == 0);
    }
  }
}

TEST_CASE("table index round-trips sampled positions of levels 6 to 8 (ranks tabulated up to 7 rings, computed above)", "[tablebase]") {
  tb::Indexer ix(Blitz, 8);
  Rng rng(17);
  for (int level = 6; level <= 8; ++level) {
    uint64_t valid = 0, wrong = 0;
    for (int k = 0; k < 20000; ++k) {
      roundTripAt(ix, level, rng.below(ix.levelSize(level)), valid, wrong);
    }
    INFO("blitz level " << level);
    CHECK(valid > 1000);
    CHECK(wrong == 0);
  }
}

TEST_CASE("free polyhex counts match the known sequence", "[tablebase]") {
  // Connected shapes are free polyhexes: 1, 1, 3, 7, 22, 82, 333 (OEIS A000228).
  tb::Indexer ix(Blitz, 7);
  const int expected[8] = {0, 1, 1, 3, 7, 22, 82, 333};
  for (int n = 1; n <= 7; ++n) {
    int connected = 0;
    for (int s = 0; s < ix.numShapes(n); ++s) connected += ix.shape(n, s).groups == 1;
    CHECK(connected == expected[n]);
  }
}

TEST_CASE("canonical group key is invariant under the 12 hex symmetries and translation", "[tablebase]") {
  Rng rng(7);
  for (int trial = 0; trial < 200; ++trial) {
    // A random connected group grown cell by cell.
    std::vector<std::pair<int, int>> cells{{0, 0}};
    int size = 1 + int(rng.below(7));
    const int dq[6] = {0, 1, 1, 0, -1, -1}, dr[6] = {1, 0, -1, -1, 0, 1};
    while (int(cells.size()) < size) {
      auto [q, r] = cells[rng.below(cells.size())];
      int d = int(rng.below(6));
      std::pair<int, int> nb{q + dq[d], r + dr[d]};
      if (std::find(cells.begin(), cells.end(), nb) == cells.end()) cells.push_back(nb);
    }
    std::string key = tb::canonicalGroupKey(cells);
    for (int sym = 0; sym < 12; ++sym) {
      std::vector<std::pair<int, int>> t;
      int sq = int(rng.below(9)) - 4, sr = int(rng.below(9)) - 4;
      for (auto [q, r] : cells) {
        auto [a, b] = applySym(sym, q, r);
        t.push_back({a + sq, b + sr});
      }
      std::reverse(t.begin(), t.end());
      CHECK(tb::canonicalGroupKey(t) == key);
    }
  }
}

TEST_CASE("a position moved, rotated or reflected keeps its table shape and value", "[tablebase]") {
  tb::TableReader tables = openSet(bruteTables());
  tb::Indexer ix(Blitz, 6);
  Rng rng(11);
  for (int trial = 0; trial < 300; ++trial) {
    Position p = randomSmall(rng, trial < 150 ? kTestRings : 6);
    int level;
    uint64_t idx;
    REQUIRE(ix.index(p, level, idx));
    tb::ShapeMap base;
    REQUIRE(ix.canonicalShape(*p.geo, p.rings, base));
    tb::TableProbe v = tables.probe(p);
    for (int sym = 0; sym < 12; ++sym) {
      Position t;
      if (!transformed(p, sym, 1 + int(rng.below(3)), int(rng.below(3)), t)) continue;
      tb::ShapeMap m;
      REQUIRE(ix.canonicalShape(*t.geo, t.rings, m));
      CHECK(m.level == base.level);
      CHECK(m.shapeId == base.shapeId);
      if (level <= kTestRings) {
        tb::TableProbe w = tables.probe(t);
        REQUIRE(w.status == v.status);
        CHECK(w.value.outcome == v.value.outcome);
        CHECK(w.value.plies == v.value.plies);
      }
    }
  }
}

TEST_CASE("probe agrees with brute-force minimax on random small positions", "[tablebase]") {
  tb::TableReader tables = openSet(bruteTables());
  Rng rng(3);
  int compared = 0;
  for (int trial = 0; trial < 400; ++trial) {
    Position p = randomSmall(rng, kTestRings);
    tb::BruteForce bf;
    bf.addRoot(p);
    bf.solve();
    uint8_t code = 0;
    REQUIRE(bf.codeOf(p, code));
    tb::TableProbe r = tables.probe(p);
    INFO(toPositionString(p));
    if (code == tb::kCodeInvalid) {
      CHECK(r.status == tb::ProbeStatus::NotInTables);
    } else if (code == tb::kCodeDraw) {
      CHECK(r.found());
      CHECK(r.value.outcome == Outcome::Draw);
    } else {
      CHECK(r.found());
      CHECK(r.value.outcome == (tb::codeIsWin(code) ? Outcome::Win : Outcome::Loss));
      CHECK(r.value.plies == tb::codePlies(code));
    }
    ++compared;
  }
  CHECK(compared == 400);
  // More rings than the tables hold: not in tables, never a value.
  Position big = Position::start(kLayout37, Blitz);
  CHECK(tables.probe(big).status == tb::ProbeStatus::NotInTables);
}

TEST_CASE("damaged, truncated or foreign table files are refused, never read", "[tablebase]") {
  const fs::path& good = bruteTables();
  fs::path dir = good.string() + "_damaged";
  tb::Indexer ix(Blitz, kTestRings);
  // A level-3 position whose WDL value sits in block 0.
  Position p;
  uint64_t idx = 0;
  while (!ix.decode(3, idx, p)) ++idx;
  auto fresh = [&] {
    fs::remove_all(dir);
    fs::create_directories(dir);
    for (auto& e : fs::directory_iterator(good)) fs::copy_file(e.path(), dir / e.path().filename());
  };
  const fs::path wdl = dir / tb::tableFileName(Blitz, 3, tb::FileKind::Wdl);
  auto edit = [&](auto&& change) {
    std::ifstream in(wdl, std::ios::binary);
    std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    in.close();
    change(bytes);
    std::ofstream(wdl, std::ios::binary | std::ios::trunc).write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
  };
  auto expectError = [&](const char* what) {
    tb::TableReader t = openSet(dir);
    tb::TableProbe r = t.probe(p);
    INFO(what << ": " << tb::probeText(r));
    CHECK(r.status == tb::ProbeStatus::Error);
    CHECK(r.message.find(wdl.filename().string()) != std::string::npos);
  };
  fresh();
  CHECK(openSet(dir).probe(p).status != tb::ProbeStatus::Error);

  fresh();  // a flipped bit inside block 0's compressed data
  edit([&](std::vector<uint8_t>& b) {
    tb::TableHeader h;
    REQUIRE(tb::parseHeader(b.data(), b.size(), h) == tb::TbStatus::Ok);
    b[h.dataOffset + 20] ^= 0x10;
  });
  expectError("damaged block");

  fresh();  // truncated in the middle of the data
  edit([](std::vector<uint8_t>& b) { b.resize(b.size() / 2); });
  tb::TableReader t = openSet(dir);
  // Some block near the end is now missing; probing any position of it errs.
  Position last;
  uint64_t li = ix.levelSize(3) - 1;
  while (!ix.decode(3, li, last)) --li;
  CHECK(t.probe(last).status == tb::ProbeStatus::Error);

  fresh();  // a newer format version with a correct header checksum
  edit([](std::vector<uint8_t>& b) {
    tb::TableHeader h;
    REQUIRE(tb::parseHeader(b.data(), b.size(), h) == tb::TbStatus::Ok);
    h.version = tb::kFormatVersion + 1;
    tb::writeHeader(h, b.data());
    CHECK(tb::parseHeader(b.data(), b.size(), h) == tb::TbStatus::BadVersion);
  });
  expectError("wrong version");

  fresh();  // a damaged header byte
  edit([](std::vector<uint8_t>& b) { b[44] ^= 1; });
  expectError("header damage");

  fresh();  // tables of another scheme (same layout of fields, other checksum)
  edit([](std::vector<uint8_t>& b) {
    tb::TableHeader h;
    REQUIRE(tb::parseHeader(b.data(), b.size(), h) == tb::TbStatus::Ok);
    h.schemeChecksum ^= 1;
    tb::writeHeader(h, b.data());
  });
  expectError("wrong scheme");

  fresh();  // a damaged block index
  edit([](std::vector<uint8_t>& b) { b[tb::kHeaderSize + 3] ^= 0x40; });
  expectError("index damage");
  fs::remove_all(dir);
}
