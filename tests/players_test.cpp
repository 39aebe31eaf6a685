// Baseline players: legal everywhere, greedy takes the most, dumbot sees two turns.
#include <catch2/catch.hpp>

#include "core/notation.h"
#include "test_helpers.h"
#include "core/engine/players.h"
#include "core/rng.h"

using namespace zertz;

TEST_CASE("random, greedy and dumbot play legal moves through whole games") {
  Rng rng(7);
  for (const Geometry* g : {&kLayout37, &kLayout48}) {
    Game game(Position::start(*g, Blitz));
    for (int ply = 0; ply < 200 && !game.result().over(); ++ply) {
      const Position& p = game.position();
      Move m = ply % 3 == 0 ? randomMove(p, rng.next()) : ply % 3 == 1 ? greedyMove(p, rng.next())
                                                                       : dumbotMove(p, rng.next());
      REQUIRE(isLegal(p, m));
      game.play(m);
    }
  }
}

TEST_CASE("greedy takes the longer capture sequence") {
  // c1 can jump c2 and then c4 (two marbles); f1 can only jump f2.
  Position p = testing::positionFrom("standard 37 ..../...../BB.B../......./....../GG.../.... 6,6,7 0,0,0 0,0,0 0");
  Move m = greedyMove(p, 1);
  CHECK(moveToString(p, m) == "xc1Bc3Bc5");
}

TEST_CASE("dumbot completes a winning set by isolation") {
  Position p = testing::positionFrom("standard 37 W.--/---../....../......./....../...../.... 2,8,10 3,0,0 0,0,0 0");
  Position next = p;
  next.play(dumbotMove(p, 3));
  CHECK(next.winner() == 0);
}

TEST_CASE("dumbot evaluation prefers being closer to a winning set") {
  Position p = Position::start(kLayout37, Standard);
  Position ahead = p;
  ahead.setCaptures(0, White, 2);
  ahead.setPool(White, 4);
  CHECK(dumbotEval(ahead) > dumbotEval(p));
  ahead.turn = 1;
  CHECK(dumbotEval(ahead) < 0);
}

TEST_CASE("players are made from their names and unknown names are refused") {
  PlayerFn f;
  std::string error;
  for (const char* name : {"random", "greedy", "dumbot", "level1", "level4", "engine:50", "depth:2"})
    CHECK(makePlayer(name, 0, f, error));
  CHECK_FALSE(makePlayer("level9", 0, f, error));
  CHECK(error.find("level9") != std::string::npos);
  CHECK_FALSE(makePlayer("engine:", 0, f, error));
  CHECK_FALSE(makePlayer("", 0, f, error));
}
