// Players for matches and for the browser's opponent menu: baselines and the
// engine at a level, all behind one callable.
//
// Baselines (deterministic given the seed):
// - random:  a uniformly random legal move;
// - greedy:  the move that gains the most marbles this turn (capture length,
//            or rings isolated), ties and zero-gain turns random;
// - dumbot:  a Dumbot-equivalent (boardspace.net's robot): plain alpha-beta
//            over 2 placement turns, capture sequences searched free, evaluation
//            = weighted marbles each side still needs to win. No transposition
//            table, no pruning.
// - level1..level4: think() at that level; engine:<ms>: the default level with
//            that much time per move; nodes:<n>, depth:<n>: the default level
//            at a fixed budget. Any engine player may end in @options, e.g.
//            level4@classic, nodes:100000@learned or @net (which evaluation).
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "core/game.h"

namespace zertz {

// Chooses a move for the game's current position (game not over). seed varies
// per move so that random choices differ between games.
using PlayerFn = std::function<Move(const Game& game, uint64_t seed)>;

// Builds a player from its name; timeMs (0 = the level's own limits) applies to
// the timed level (the strongest; weaker levels have a fixed depth). Returns false with a message for an unknown name.
// learned: the weights an engine player's @learned option uses (nullptr: the
// built-in ones; `zertz match --weights FILE` passes a file's, to try a fit
// before it is compiled in).
struct LearnedWeights;
bool makePlayer(std::string_view name, int timeMs, PlayerFn& out, std::string& error,
                std::shared_ptr<const LearnedWeights> learned = nullptr);

// A game of `plies` random moves from start that is not over (matches and
// self-play start from such openings; the same seed gives the same one).
Game randomOpening(const Position& start, int plies, uint64_t seed);

Move randomMove(const Position& pos, uint64_t seed);
Move greedyMove(const Position& pos, uint64_t seed);
Move dumbotMove(const Position& pos, uint64_t seed, uint64_t* nodes = nullptr);

// The Dumbot evaluation: weighted marbles still needed, side to move's view.
int dumbotEval(const Position& pos);

}  // namespace zertz
