// The solver's MPI-free part (solver/retro/): the retrograde rules, one
// shape solved on its own against the brute-force reference, shape files
// and table files written in parts. The MPI driver is tested by
// tests/shell/solver_*.sh under real mpirun.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "core/rng.h"
#include "core/tables/tb_brute.h"
#include "core/tables/tb_probe.h"
#include "solver/retro/rules.h"
#include "solver/retro/shape_solver.h"
#include "solver/retro/shape_store.h"
#include "solver/retro/table_writer.h"

using namespace zertz;
using solver::SuccessorSummary;
namespace fs = std::filesystem;

namespace {

SuccessorSummary summary(std::initializer_list<uint8_t> codes) {
  SuccessorSummary s;
  for (uint8_t c : codes) s.add(c);
  return s;
}
constexpr uint8_t win(int plies) { return tb::codeForPlies(plies); }   // odd plies: a win
constexpr uint8_t loss(int plies) { return tb::codeForPlies(plies); }  // even plies: a loss

// Every level's codes in memory: the lower levels a shape reads.
struct MemoryLevels : solver::LowerLevels {
  const tb::Indexer& ix;
  std::vector<std::vector<uint8_t>> codes;
  explicit MemoryLevels(const tb::Indexer& i) : ix(i), codes(i.maxRings() + 1) {}
  const uint8_t* shape(int level, int id) override { return codes[level].data() + uint64_t(id) * ix.shapeStride(level); }
};

// Solves levels 1..maxRings shape by shape, each shape on its own.
MemoryLevels solveAll(const tb::Indexer& ix, solver::ShapeStats& total) {
  MemoryLevels m(ix);
  std::vector<uint8_t> values;
  for (int level = 1; level <= ix.maxRings(); ++level) {
    solver::ShapeSolver s(ix, level);
    for (int id = 0; id < ix.numShapes(level); ++id) {
      s.solve(id, m, values, total);
      m.codes[level].insert(m.codes[level].end(), values.begin(), values.end());
    }
    REQUIRE(m.codes[level].size() == ix.levelSize(level));
  }
  return m;
}

struct TempDir {
  fs::path path = fs::temp_directory_path() / ("zertz-retro-" + std::to_string(getpid()));
  TempDir() { fs::create_directories(path); }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
};

std::vector<uint8_t> readAll(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::vector<uint8_t>((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

}  // namespace

TEST_CASE("best-of: the shortest win, else a draw, else the longest loss", "[solver]") {
  CHECK(solver::bestOf(summary({win(3), loss(4), loss(2), tb::kCodeDraw})) == win(3));
  CHECK(solver::bestOf(summary({win(3), tb::kCodeDraw, win(1)})) == tb::kCodeDraw);
  CHECK(solver::bestOf(summary({win(3), win(7), win(1)})) == loss(8));
  CHECK(solver::bestOf(summary({loss(0)})) == win(1));     // a move that ends the game
  CHECK(solver::bestOf(summary({})) == tb::kCodeInvalid);  // no legal move
  CHECK_THROWS_WITH(solver::bestOf(summary({win(3), tb::kCodeInvalid})), Catch::Contains("order bug"));
  CHECK_THROWS_WITH(solver::bestOf(summary({win(tb::kMaxPlies)})), Catch::Contains("code range"));
}

TEST_CASE("sweep candidate: a known loss proves a win, only all-known wins prove a loss", "[solver]") {
  CHECK(solver::sweepCandidate(summary({loss(4), tb::kCodeInvalid})) == 5);
  CHECK(solver::sweepCandidate(summary({win(3), win(5)})) == 6);
  CHECK(solver::sweepCandidate(summary({win(3), tb::kCodeInvalid})) == -1);  // unsolved successor
  CHECK(solver::sweepCandidate(summary({win(3), tb::kCodeDraw})) == -1);     // a draw escapes
  CHECK(solver::sweepCandidate(summary({})) == -1);
}

TEST_CASE("every shape solved on its own agrees with the brute-force solver", "[solver]") {
  for (MarbleSetId set : {Blitz, Standard}) {
    tb::Indexer ix(set, 3);
    solver::ShapeStats stats;
    MemoryLevels m = solveAll(ix, stats);
    if (set == Standard) CHECK(stats.sweeps > 0);  // the empty-pool region is exercised
    Rng rng(0x5eed + set);
    uint64_t nodes = 0, regionRoots = 0;
    for (int level = 1; level <= 3; ++level) {
      std::vector<tb::Indexer::Chunk> region;
      for (const auto& c : ix.chunks(level))
        if (c.valid && c.poolTotal == 0) region.push_back(c);
      for (int k = 0; k < 200; ++k) {
        Position root;
        // Random positions, and empty-pool ones (the cyclic region) as often.
        uint64_t idx = rng.below(ix.levelSize(level));
        if (k % 2 && !region.empty()) {
          const auto& c = region[rng.below(region.size())];
          idx = rng.below(ix.numShapes(level)) * ix.shapeStride(level) + c.begin + rng.below(c.size);
        }
        if (!ix.decode(level, idx, root)) continue;
        regionRoots += root.poolEmpty();
        tb::BruteForce bf;
        bf.addRoot(root);
        bf.solve();
        for (size_t v = 0; v < bf.size(); ++v) {
          int l;
          uint64_t i;
          REQUIRE(ix.index(bf.at(v), l, i));
          INFO(kMarbleSets[set].name << " level " << l << " index " << i);
          REQUIRE(m.codes[l][i] == bf.code(v));
          ++nodes;
        }
      }
    }
    INFO(kMarbleSets[set].name << ": " << nodes << " graph nodes, " << regionRoots << " empty-pool roots");
    CHECK(nodes > 400);
    if (set == Standard) CHECK(regionRoots > 10);  // blitz has no empty pool below 4 rings
  }
}

TEST_CASE("a shape file reads back, a damaged or cut one is refused naming the file", "[solver]") {
  TempDir dir;
  tb::Indexer ix(Blitz, 2);
  solver::ShapeFiles files(dir.path.string(), ix);
  std::vector<uint8_t> values(ix.shapeStride(2));
  for (size_t i = 0; i < values.size(); ++i) values[i] = uint8_t(i * 7);
  CHECK_FALSE(files.present(2, 1));
  files.write(2, 1, values);
  CHECK(files.present(2, 1));
  std::vector<uint8_t> back(values.size());
  std::string why;
  REQUIRE(files.read(2, 1, back.data(), why));
  CHECK(back == values);
  {
    std::fstream f(files.path(2, 1), std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(100);
    f.put(char(values[100] ^ 1));
  }
  CHECK_FALSE(files.read(2, 1, back.data(), why));
  CHECK_THAT(why, Catch::Contains(files.path(2, 1)) && Catch::Contains("checksum"));
  fs::resize_file(files.path(2, 1), values.size() / 2);
  CHECK_FALSE(files.present(2, 1));
  CHECK_FALSE(files.read(2, 1, back.data(), why));
  CHECK_THAT(why, Catch::Contains("truncated"));
}

TEST_CASE("table files are byte-identical for any split of the blocks into parts", "[solver]") {
  TempDir dir;
  tb::Indexer ix(Standard, 3);
  solver::ShapeStats stats;
  MemoryLevels m = solveAll(ix, stats);
  solver::ShapeFiles files((dir.path / "shapes").string(), ix);
  const int level = 3;
  const uint64_t stride = ix.shapeStride(level);
  for (int id = 0; id < ix.numShapes(level); ++id)
    files.write(level, id, std::vector<uint8_t>(m.codes[level].begin() + long(id * stride), m.codes[level].begin() + long((id + 1) * stride)));
  const uint32_t blocks = solver::tableHeader(ix, level, tb::FileKind::Wdl).numBlocks;
  REQUIRE(blocks >= 3);
  std::vector<std::vector<uint8_t>> out;
  for (uint32_t parts : {1u, 3u, blocks}) {
    std::vector<std::string> prefixes;
    for (uint32_t p = 0; p < parts; ++p) {
      solver::LevelReader reader(files, ix, level);
      prefixes.push_back((dir.path / ("part" + std::to_string(p))).string());
      solver::writeTableParts(ix, level, reader, blocks * p / parts, blocks * (p + 1) / parts, prefixes.back());
    }
    const fs::path table = dir.path / ("t" + std::to_string(parts) + ".dtm");
    solver::assembleTable(ix, level, tb::FileKind::Dtm, prefixes, table.string());
    solver::assembleTable(ix, level, tb::FileKind::Wdl, prefixes, table.string() + ".wdl");
    out.push_back(readAll(table));
  }
  CHECK(out[0] == out[1]);
  CHECK(out[0] == out[2]);
  // The file is a valid table whose values are the solved codes.
  tb::TableHeader h;
  REQUIRE(tb::parseHeader(out[0].data(), out[0].size(), h) == tb::TbStatus::Ok);
  REQUIRE(tb::checkHeader(h, ix, level, tb::FileKind::Dtm) == tb::TbStatus::Ok);
  uint64_t wins = 0;
  for (uint8_t c : m.codes[level]) wins += tb::wdlOfCode(c) == tb::Wdl::Win;
  CHECK(h.wins == wins);
}
