// Random playouts on every variant, checking at every ply that the
// incremental hash equals a recomputed one, that the position string and
// every move's text round-trip, and that isLegal agrees with the generator.
#include <catch2/catch.hpp>

#include "random_games.h"
#include "test_helpers.h"

using namespace zertz;
using namespace zertz::testing;

TEST_CASE("random playouts on every variant keep the hash, position string and move text consistent") {
  RandomGames run;
  run.seed = 12345;
  run.gamesPerVariant = 6;
  run.atPosition = [](const Game& game, const std::vector<Move>& moves, Rng&) {
    const Position& p = game.position();
    INFO(toPositionString(p));
    REQUIRE(p.key == p.computeKey());
    Position parsed;
    std::string error;
    REQUIRE(parsePositionString(toPositionString(p), parsed, error));
    REQUIRE(parsed == p);
    REQUIRE(parsed.key == p.key);
    REQUIRE(moves.size() == countLegalMoves(p));
    REQUIRE_FALSE(moves.empty());
    // Text round trip on a sample of the moves (all of them when few).
    for (size_t i = 0; i < moves.size(); i += 1 + moves.size() / 16) {
      Move back;
      REQUIRE(parseLegalMove(p, moveToString(p, moves[i]), back, error));
      REQUIRE(back == moves[i]);
    }
  };
  run.atEnd = [](const Game& game) { REQUIRE(game.position().key == game.position().computeKey()); };
  playRandomGames(run);
}

// isLegal checks placements directly; it must accept exactly the generated
// moves: every legal move, and no near-miss (wrong colour, target, removal,
// a placement in a capture turn, a capture that stops early or goes on).
TEST_CASE("isLegal accepts exactly the generated moves in random playouts on every variant") {
  RandomGames run;
  run.seed = 777;
  run.gamesPerVariant = 3;
  run.atPosition = [](const Game& game, const std::vector<Move>& moves, Rng& rng) {
    const Position& p = game.position();
    for (const Move& m : moves) REQUIRE(isLegal(p, m));
    auto generated = [&](const Move& m) { return std::find(moves.begin(), moves.end(), m) != moves.end(); };
    for (int trial = 0; trial < 40; ++trial) {
      Move m = moves[rng.below(moves.size())];
      switch (rng.below(6)) {
        case 0: m.color = uint8_t(rng.below(4)); break;
        case 1: m.from = uint8_t(rng.below(66)); break;
        case 2: m.removed = uint8_t(rng.below(66)); break;
        case 3: m.kind = Move::Kind(rng.below(3)); break;
        case 4: m.jumps = uint8_t(rng.below(4)); break;
        default: m.dirs ^= uint64_t(1) << rng.below(12); break;
      }
      INFO(toPositionString(p) << " kind " << int(m.kind) << " colour " << int(m.color) << " from "
                               << int(m.from) << " removed " << int(m.removed) << " jumps " << int(m.jumps));
      REQUIRE(isLegal(p, m) == generated(m));
    }
  };
  playRandomGames(run);
}
