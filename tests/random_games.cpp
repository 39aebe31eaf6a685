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

}  // namespace zertz::testing
