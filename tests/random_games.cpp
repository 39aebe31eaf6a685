#include "random_games.h"

#include "core/movegen.h"

namespace zertz::testing {

int playRandomMoves(Rng& rng, Game& game, int maxMoves, const AtPosition& atPosition, const StopAt& stopAt) {
  int played = 0;
  std::vector<Move> moves;
  while (played < maxMoves && !game.result().over() && !(stopAt && stopAt(game.position()))) {
    moves = legalMoves(game.position());
    if (atPosition) atPosition(game, moves, rng);
    game.play(moves[rng.below(moves.size())]);
    ++played;
  }
  return played;
}

Game randomGame(Rng& rng, const Position& start, int maxMoves) {
  Game game(start);
  playRandomMoves(rng, game, maxMoves);
  return game;
}

std::vector<Geometry> builtinAndRandomLayouts(Rng& rng, size_t count) {
  std::vector<Geometry> layouts;
  for (const Geometry* g : kBuiltinLayouts) layouts.push_back(*g);
  while (layouts.size() < count) {
    ColumnSpec cols[12];
    int n = 1 + int(rng.below(12)), cells = 0;
    for (int c = 0; c < n; ++c) {
      cols[c].height = int8_t(1 + rng.below(9));
      cols[c].off = int8_t(2 * rng.below(6) + (c & 1));  // the parity pattern of a hex grid
      cells += cols[c].height;
    }
    if (cells > kMaxCells) continue;
    layouts.push_back(makeGeometry("custom", cols, n));
  }
  return layouts;
}

void playRandomGames(const RandomGames& options) {
  Rng rng(options.seed);
  for (const Geometry* g : options.boards)
    for (MarbleSetId set : options.sets)
      for (int i = 0; i < options.gamesPerVariant; ++i) {
        Game game(Position::start(*g, set));
        playRandomMoves(rng, game, options.maxMoves, options.atPosition);
        if (options.atEnd) options.atEnd(game);
      }
}

void forQuietPositions(uint64_t seed, const std::function<void(const Position&)>& check) {
  RandomGames run;
  run.seed = seed;
  run.atPosition = [&](const Game& game, const std::vector<Move>&, Rng&) {
    const Position& pos = game.position();
    if (pos.winner() < 0 && !hasCapture(pos)) check(pos);
  };
  playRandomGames(run);
}

}  // namespace zertz::testing
