// Game: a position plus its history, which is what judges the endings that a
// single Position cannot see (third repetition, two passes in a row) and
// what undo/redo walk through. It knows no text format: a game's moves as
// text are notation's (moveListString).
//
// Invariant: positions.size() == moves.size() + 1; positions.back() is the
// current position; result is recomputed after every change. undone() holds
// the moves taken back since the last new move, most recent last: redo()
// replays undone().back(), and play() (a new move) clears them, so a game
// resumes from any point without a second copy of its line.
#pragma once

#include <string>
#include <vector>

#include "core/movegen.h"

namespace zertz {

enum class EndReason : uint8_t { None,
                                 WinningSet,
                                 BoardEmptied,
                                 TwoPasses,
                                 Repetition };

struct GameResult {
  EndReason reason = EndReason::None;
  int winner = -1;  // 0 or 1; -1 for a draw or while the game runs
  bool over() const { return reason != EndReason::None; }
};

// "none", "0", "1" or "draw", as the protocol prints it.
std::string resultToken(const GameResult& r);
// Human text: "player 0 wins with 4 white", "draw by repetition", ...
std::string describeResult(const GameResult& r, const Position& final);

class Game {
 public:
  explicit Game(const Position& start);

  const Position& position() const { return positions_.back(); }
  const Position& startPosition() const { return positions_.front(); }
  const std::vector<Move>& moves() const { return moves_; }
  const std::vector<Position>& positions() const { return positions_; }
  const GameResult& result() const { return result_; }
  // A pass was just played: a second one ends the game in a draw.
  bool lastMoveWasPass() const { return !moves_.empty() && moves_.back().kind == Move::Pass; }

  // Plays a move that is legal in position(); the caller checked legality.
  // Returns the rings captured by isolation. Clears undone().
  Bitboard play(const Move& m);
  bool undo();  // false when at the start; else the move goes to undone()
  const std::vector<Move>& undone() const { return undone_; }
  bool canRedo() const { return !undone_.empty(); }
  // Replays undone().back(); requires canRedo(). Returns the rings captured
  // by isolation, as play() does.
  Bitboard redo();

 private:
  Bitboard advance(const Move& m);  // play without touching undone_
  void judge();
  std::vector<Position> positions_;
  std::vector<Move> moves_;
  std::vector<Move> undone_;
  GameResult result_;
};

}  // namespace zertz
