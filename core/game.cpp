#include "core/game.h"

namespace zertz {

std::string resultToken(const GameResult& r) {
  if (!r.over()) return "none";
  return r.winner < 0 ? "draw" : std::to_string(r.winner);
}

std::string describeResult(const GameResult& r, const Position& final) {
  static const char* names[kColors] = {"white", "grey", "black"};
  switch (r.reason) {
    case EndReason::None: return "game in progress";
    case EndReason::TwoPasses: return "draw: both players passed";
    case EndReason::Repetition: return "draw by threefold repetition";
    case EndReason::BoardEmptied:
      return "player " + std::to_string(r.winner) + " wins: the board is empty";
    case EndReason::WinningSet: {
      const MarbleSet& set = final.marbleSet();
      const uint8_t* caps = final.captures[r.winner];
      for (int c = 0; c < kColors; ++c)
        if (caps[c] >= set.winSingle[c])
          return "player " + std::to_string(r.winner) + " wins with " +
                 std::to_string(set.winSingle[c]) + " " + names[c];
      return "player " + std::to_string(r.winner) + " wins with " + std::to_string(set.winEach) +
             " of each colour";
    }
  }
  return "";
}

Game::Game(const Position& start) : positions_{start} { judge(); }

Bitboard Game::play(const Move& m) {
  undone_.clear();
  return advance(m);
}

Bitboard Game::redo() {
  const Move m = undone_.back();
  undone_.pop_back();
  return advance(m);
}

Bitboard Game::advance(const Move& m) {
  Position next = position();
  Bitboard isolated = next.play(m);
  positions_.push_back(next);
  moves_.push_back(m);
  judge();
  return isolated;
}

bool Game::undo() {
  if (moves_.empty()) return false;
  undone_.push_back(moves_.back());
  moves_.pop_back();
  positions_.pop_back();
  judge();
  return true;
}

void Game::judge() {
  result_ = GameResult{};
  const Position& pos = position();
  if (int w = pos.winner(); w >= 0) {
    result_.winner = w;
    result_.reason = pos.rings == 0 && !pos.hasWinningSet(w) ? EndReason::BoardEmptied
                                                             : EndReason::WinningSet;
    return;
  }
  size_t n = moves_.size();
  if (n >= 2 && moves_[n - 1].kind == Move::Pass && moves_[n - 2].kind == Move::Pass) {
    result_.reason = EndReason::TwoPasses;
    return;
  }
  int seen = 0;
  for (const Position& p : positions_)
    if (p.key == pos.key && p == pos) ++seen;
  if (seen >= 3) result_.reason = EndReason::Repetition;
}

}  // namespace zertz
