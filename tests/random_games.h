// The tests' one random-game harness, as OpenSpiel's RandomSimTest: games of
// uniformly drawn legal moves from a seeded Rng, with a check at every
// position. Every test that needs random play goes through it, so each draws
// its games the same way (and a failure names the seed that made it).
#pragma once

#include <functional>
#include <iterator>
#include <vector>

#include "core/game.h"
#include "core/rng.h"

namespace zertz::testing {

// Called at every position before its move is drawn: the game so far and the
// position's legal moves (never empty: a pass is a move). It may draw from
// the same Rng; the move is drawn after it returns.
using AtPosition = std::function<void(const Game& game, const std::vector<Move>& moves, Rng& rng)>;
// Where a game stops early: a position at which no move is drawn.
using StopAt = std::function<bool(const Position& pos)>;

// Plays random legal moves on `game` until it is over, maxMoves moves were
// played, or stopAt holds at the position. Returns the number played.
int playRandomMoves(Rng& rng, Game& game, int maxMoves, const AtPosition& atPosition = {},
                    const StopAt& stopAt = {});

// One game of at most maxMoves random moves from start.
Game randomGame(Rng& rng, const Position& start, int maxMoves);

// The built-in boards, then random custom layouts (1 to 12 columns of 1 to 9
// cells, offsets in the parity pattern of a hex grid, at most kMaxCells
// cells) drawn from rng until there are `count`: for the rules' set-wise
// paths, which must hold on any ring layout, not only the ones played.
std::vector<Geometry> builtinAndRandomLayouts(Rng& rng, size_t count);

// A run of random games over variants, each from the variant's start.
struct RandomGames {
  std::vector<const Geometry*> boards{std::begin(kBuiltinLayouts), std::end(kBuiltinLayouts)};
  std::vector<MarbleSetId> sets{Blitz, Standard};
  uint64_t seed = 1;
  int gamesPerVariant = 1;
  int maxMoves = 1 << 30;                  // per game
  AtPosition atPosition;                   // at every position
  std::function<void(const Game&)> atEnd;  // after each game
};

// Board by board, then set by set, gamesPerVariant games each, all drawn from
// one Rng seeded with options.seed.
void playRandomGames(const RandomGames& options);

// check(pos) at every quiet position (no winner, no capture to make: what an
// evaluation reads) of the default run's games with this seed.
void forQuietPositions(uint64_t seed, const std::function<void(const Position&)>& check);

}  // namespace zertz::testing
