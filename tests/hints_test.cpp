// Hints (core/hints.h): the values the browser shows, computed here the way
// the browser does (fetch the blocks the computation asks for, inflate them,
// hand them over, ask again) and checked against the native table reader and
// against the game's own ending.
#include <catch2/catch.hpp>
#include <zlib.h>

#include <fstream>
#include <set>
#include <sstream>

#include "cli/table_sources.h"
#include "core/proof/hints.h"
#include "core/movegen.h"
#include "test_helpers.h"

using namespace zertz;
using namespace zertz::testing;

namespace {

const std::string kTablesDir = kSmallTablesDir;
std::vector<uint8_t> tableBytes(const std::string& name) { return fileBytes(kTablesDir + "/" + name); }

// The browser's loop: headers first, then every block a round asks for.
Hints hintsLikeTheBrowser(const Game& game, tb::PushedTables& cache, int& rounds) {
  HintOptions options;
  options.estimate = false;
  for (rounds = 1;; ++rounds) {
    Hints h = computeHints(game, &cache.reader(), options);
    if (!h.pending || rounds > 20) return h;
    for (const BlockNeed& n : h.need) {
      std::vector<uint8_t> file = tableBytes(n.name);
      REQUIRE(n.ref.fileOffset + n.ref.compressedSize <= file.size());
      std::vector<uint8_t> raw(n.ref.rawSize);
      uLongf size = raw.size();
      REQUIRE(uncompress(raw.data(), &size, file.data() + n.ref.fileOffset, n.ref.compressedSize) == Z_OK);
      REQUIRE(cache.addBlock(n.name, n.ref.block, raw) == "");
    }
  }
}

const char* const kThreeRingPositions[] = {
    "blitz 0:3 ... 2,3,9 1,2,0 2,2,0 0",
    "blitz 0:3 ... 1,5,8 2,0,0 2,2,1 0",
    "blitz 1:2,0:1 ../. 2,6,7 2,1,2 1,0,0 1",
    "blitz 0:1,1:2 ./.. 3,3,8 0,2,0 2,2,1 0",
    "blitz 0:1,1:1,0:1 ././. 2,2,9 2,3,0 1,2,0 1",
};

}  // namespace

TEST_CASE("hints inside the tables give every legal move the value the native table reader gives") {
  tb::PushedTables cache;
  for (const char* name : {"blitz-1.dtm", "blitz-2.dtm", "blitz-3.dtm"}) REQUIRE(cache.addFile(name, tableBytes(name)) == "");
  std::string error;
  tb::TableReader native(cli::openLocalTables(kTablesDir, error));
  REQUIRE(error.empty());
  for (const char* text : kThreeRingPositions) {
    INFO(text);
    Position p = positionFrom(text);
    int rounds = 0;
    Hints h = hintsLikeTheBrowser(Game(p), cache, rounds);
    REQUIRE(h.source == Hints::Source::Tables);
    REQUIRE(h.error.empty());
    REQUIRE(!h.pending);
    CHECK(h.value.known());
    CHECK(tb::probeText(native.probe(p)) == valueText(h.value));
    REQUIRE(h.moves.size() == legalMoves(p).size());
    for (const MoveHint& mh : h.moves) {
      Position c = p;
      c.play(mh.move);
      INFO(moveToString(p, mh.move));
      if (c.winner() >= 0) {
        CHECK(mh.value.outcome == (c.winner() == p.turn ? Outcome::Win : Outcome::Loss));
        CHECK(mh.value.plies == 1);
        continue;
      }
      // The mover's value after the move is the opponent's, inverted.
      const tb::TableProbe r = native.probe(c);
      REQUIRE(r.found());
      CHECK(mh.value.outcome == r.value.forMover().outcome);
      if (mh.value.outcome != Outcome::Draw) CHECK(mh.value.plies == r.value.plies + 1);
    }
  }
}

TEST_CASE("a damaged table block gives a hint error and no value, never another value") {
  tb::PushedTables cache;
  for (const char* name : {"blitz-1.dtm", "blitz-2.dtm", "blitz-3.dtm"}) REQUIRE(cache.addFile(name, tableBytes(name)) == "");
  Position p = positionFrom(kThreeRingPositions[0]);
  Hints first = computeHints(Game(p), &cache.reader(), HintOptions{1000, false});
  REQUIRE(first.pending);
  REQUIRE(!first.need.empty());
  std::vector<uint8_t> garbage(first.need[0].ref.rawSize, 0x5a);
  const std::string refused = cache.addBlock(first.need[0].name, first.need[0].ref.block, garbage);
  CHECK(refused.find(first.need[0].name) != std::string::npos);
  cache.markDamaged(first.need[0].name, refused);  // as the hint worker does with a refused block
  Hints h = computeHints(Game(p), &cache.reader(), HintOptions{1000, false});
  CHECK(h.source == Hints::Source::Tables);
  CHECK(!h.error.empty());
  CHECK(h.moves.empty());
  CHECK(!h.value.known());
}

TEST_CASE("hints beyond the tables prove a capture that completes a winning set: both captures win in 1 ply") {
  // Blitz: 3 white win; player 0 holds 2 white and either marble can jump the other.
  Position p = positionFrom("blitz 37 ..../...../....../...WW../....../...../.... 1,7,9 2,0,0 0,0,0 0");
  Hints h = computeHints(Game(p), nullptr, HintOptions{1000, false});
  CHECK(h.source == Hints::Source::Proof);
  CHECK(h.value.outcome == Outcome::Win);
  CHECK(h.value.plies == 1);
  CHECK(h.value.known());
  REQUIRE(h.moves.size() == 2);
  for (const MoveHint& mh : h.moves) {
    CHECK(mh.value.outcome == Outcome::Win);
    CHECK(mh.value.plies == 1);
  }
}

TEST_CASE("hints of a finished game say so and mark no move") {
  Position p = positionFrom("blitz 37 ..../...../....../...WW../....../...../.... 1,7,9 2,0,0 0,0,0 0");
  Game game(p);
  game.play(legalMoves(p).front());
  Hints h = computeHints(game, nullptr, HintOptions{});
  CHECK(h.source == Hints::Source::Over);
  CHECK(h.moves.empty());
}

TEST_CASE("a proven position whose distance is hard to confirm still leaves time for its moves' values") {
  // A real 48-ring endgame: a win in 13 plies found in some 130,000 nodes,
  // whose shortest distance a long check does not confirm. Once the memory
  // holds the win, a 1 s hint must not spend it all on the distance check:
  // the winning move's value (known from the memory) is shown.
  const Game game(positionFrom("standard 48 ---../---.../----.../-....W../B..G.../....../-...-/-..- 1,5,5 2,1,2 2,1,2 1"));
  ProofMemory memory;
  HintOptions options{2000, false, &memory};
  Hints h;
  for (int round = 0; round < 30 && !h.value.known(); ++round) h = computeHints(game, nullptr, options);
  REQUIRE(h.value.known());
  REQUIRE(h.value.outcome == Outcome::Win);
  options.budgetMs = 1000;
  h = computeHints(game, nullptr, options);
  REQUIRE(h.value.outcome == Outcome::Win);
  REQUIRE(h.hasBest);
  bool bestShown = false;
  for (const MoveHint& mh : h.moves) bestShown = bestShown || (mh.move == h.best && mh.value.outcome == Outcome::Win);
  CHECK(bestShown);
}

TEST_CASE("hints split into root parts (one per browser worker) merge into the whole position's values") {
  // A win in 3 plies from a real 48-ring game (boardspace archive; every
  // move's value is proven in a few milliseconds), and a 3-ring blitz
  // position inside the tables.
  const Game game(after(positionFrom("standard 48 ...../....../......./......../......./....../...../.... 6,8,10 0,0,0 0,0,0 0"),
                        {"Bb4,f1", "Bf4,e1", "Bd3,b1", "Bf5,e2", "xf5Bf3", "Bd2,c1", "xd3Bd1", "Bd2,c2", "xd1Bd3",
                         "Wd1,d2", "Gg2,b2", "xg2Be4", "Wa1,a2", "Gb5,b6", "xb5Bb3", "Wa3,f6", "xa3Gc3", "xd3Wb3",
                         "Bd6,e7", "Gc5,e6", "xd6Gb4", "xb3Bb5", "Gb4,c7", "xb5Gb3", "Bd8,d7", "Gg3,c6"}));
  HintOptions options{500, false};
  const Hints whole = computeHints(game, nullptr, options);
  REQUIRE(whole.value.outcome == Outcome::Win);
  ProofLimits check;
  check.maxSeconds = 0, check.maxNodes = 20'000, check.exactDistance = false;
  for (int parts : {2, 3, 5}) {
    std::vector<Hints> answers;
    std::set<std::string> seen;
    for (int part = 0; part < parts; ++part) {
      options.part = part, options.parts = parts;
      answers.push_back(computeHints(game, nullptr, options));
      for (const MoveHint& mh : answers.back().moves) {
        CHECK(rootPartOf(mh.move, parts) == part);
        CHECK(seen.insert(moveToString(game.position(), mh.move)).second);  // each move in one part only
      }
    }
    const Hints merged = mergeHintParts(game.position(), answers);
    INFO(parts << " parts");
    CHECK(merged.source == Hints::Source::Proof);
    CHECK(merged.value.known());
    CHECK(merged.value.outcome == Outcome::Win);
    // Whether a distance is proven shortest depends on the wall-clock
    // budget; a win's distance not proven shortest is an upper bound.
    if (merged.value.exact) CHECK(merged.value.plies <= whole.value.plies);
    if (whole.value.exact) CHECK(whole.value.plies <= merged.value.plies);
    REQUIRE(merged.hasBest);
    Game next = game;
    next.play(merged.best);
    CHECK(prove(next, ProofLimits{}).value.outcome == Outcome::Loss);
    // Every move's value is the one a search of its successor alone gives
    // (node budget: when it answers, it is exact), and the same as in the
    // hints of the whole position when both have it.
    CHECK(!merged.moves.empty());
    for (const MoveHint& a : merged.moves) {
      Game child = game;
      child.play(a.move);
      const ProofResult alone = prove(child, check);
      if (alone.value.known()) CHECK(a.value.outcome == alone.value.forMover().outcome);
      for (const MoveHint& b : whole.moves)
        if (a.move == b.move) {
          CHECK(a.value.outcome == b.value.outcome);
          if (a.value.exact && b.value.exact) CHECK(a.value.plies == b.value.plies);
        }
    }
  }

  tb::PushedTables cache;
  for (const char* name : {"blitz-1.dtm", "blitz-2.dtm", "blitz-3.dtm"}) REQUIRE(cache.addFile(name, tableBytes(name)) == "");
  const Game small(positionFrom(kThreeRingPositions[0]));
  int rounds = 0;
  const Hints fromTables = hintsLikeTheBrowser(small, cache, rounds);
  REQUIRE(fromTables.source == Hints::Source::Tables);
  std::vector<Hints> answers;
  for (int part = 0; part < 2; ++part) answers.push_back(computeHints(small, &cache.reader(), HintOptions{1000, false, nullptr, part, 2}));
  const Hints merged = mergeHintParts(small.position(), answers);
  CHECK(merged.source == Hints::Source::Tables);
  CHECK(merged.value.outcome == fromTables.value.outcome);
  CHECK(merged.value.plies == fromTables.value.plies);
  CHECK(merged.moves.size() == fromTables.moves.size());
}

TEST_CASE("merging hint parts: a table answer or a table error wins over a part that fell back to proof search") {
  const Position kAnyPosition = positionFrom(kThreeRingPositions[0]);
  Hints proof;  // a worker whose tables failed to load searched instead
  proof.source = Hints::Source::Proof;
  Hints table;
  table.source = Hints::Source::Tables;
  table.value = {Outcome::Win, 3, true};
  Hints damaged;
  damaged.source = Hints::Source::Tables;
  damaged.error = "blitz-3.dtm: block 0: checksum mismatch";
  Hints merged = mergeHintParts(kAnyPosition, {proof, table});
  CHECK(merged.source == Hints::Source::Tables);
  CHECK(merged.value.outcome == Outcome::Win);
  CHECK(merged.value.plies == 3);
  merged = mergeHintParts(kAnyPosition, {table, damaged, proof});
  CHECK(merged.error == damaged.error);
  CHECK(!merged.value.known());
  CHECK(mergeHintParts(kAnyPosition, {}).value.outcome == Outcome::Unknown);
}
