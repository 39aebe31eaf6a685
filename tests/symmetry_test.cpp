// Board symmetries: which layouts have which, and that symmetric images of
// a position agree on everything the rules decide.
#include <catch2/catch.hpp>

#include "core/symmetry.h"
#include "random_games.h"
#include "test_helpers.h"

using namespace zertz;
using namespace zertz::testing;

TEST_CASE("the 37- and 61-ring boards have 12 symmetries and the identity is always one") {
  CHECK(layoutSymmetries(kLayout37).size() == 12);
  CHECK(layoutSymmetries(kLayout61).size() == 12);
  for (const Geometry* g : kBuiltinLayouts) {
    auto syms = layoutSymmetries(*g);
    REQUIRE_FALSE(syms.empty());
    for (int c = 0; c < g->numCells; ++c) CHECK(syms[0].map[c] == c);
  }
  CHECK(layoutSymmetries(kLayout48).size() < 12);
}

TEST_CASE("symmetric positions have the same number of legal moves and the same canonical key") {
  // Every position of a short random game on each board, the start included.
  auto imagesAgree = [](const Position& p) {
    const auto syms = layoutSymmetries(*p.geo);
    uint64_t canonical = canonicalKey(p, syms);
    for (const Symmetry& s : syms) {
      Position image = transformPosition(p, s);
      CHECK(countLegalMoves(image) == countLegalMoves(p));
      CHECK(perft(image, 2) == perft(p, 2));
      CHECK(canonicalKey(image, syms) == canonical);
    }
  };
  RandomGames run;
  run.seed = 7;
  run.sets = {Standard};
  run.maxMoves = 14;
  run.atPosition = [&](const Game& game, const std::vector<Move>&, Rng&) { imagesAgree(game.position()); };
  run.atEnd = [&](const Game& game) { imagesAgree(game.position()); };
  playRandomGames(run);
}
