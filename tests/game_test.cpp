// Game (core/game.h): the history that undo and redo walk through.
#include <catch2/catch.hpp>

#include "core/game.h"
#include "core/movegen.h"
#include "core/notation.h"

using namespace zertz;

TEST_CASE("redo replays the moves taken back, in order, a new move drops them") {
  Game game(Position::start(kLayout37, Standard));
  for (int i = 0; i < 4; ++i) game.play(legalMoves(game.position())[size_t(7 * i) % legalMoves(game.position()).size()]);
  const std::string line = moveListString(game);
  const Position end = game.position();
  CHECK(!game.canRedo());
  REQUIRE(game.undo());
  REQUIRE(game.undo());
  CHECK(game.undone().size() == 2);
  CHECK(game.moves().size() == 2);
  game.redo();
  game.redo();
  CHECK(!game.canRedo());
  CHECK(moveListString(game) == line);
  CHECK(game.position() == end);

  REQUIRE(game.undo());
  std::vector<Move> legal = legalMoves(game.position());
  // The move taken back may have been the only legal one (a forced capture):
  // then take back one more, to a placement with many choices.
  if (legal.size() < 2) {
    REQUIRE(game.undo());
    legal = legalMoves(game.position());
  }
  REQUIRE(legal.size() >= 2);
  const Move other = legal[0] == game.undone().back() ? legal[1] : legal[0];
  game.play(other);
  CHECK(!game.canRedo());
  CHECK(game.moves().back() == other);
}

TEST_CASE("undo at the start of a game changes nothing") {
  Game game(Position::start(kLayout37, Standard));
  CHECK(!game.undo());
  CHECK(!game.canRedo());
}
