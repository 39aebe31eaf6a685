// The value of a position for the side to move under perfect play: who wins
// and in how many plies. One type for every part that knows values: the
// endgame tables, the proof search, hints and the CLI.
//
// What it is not: the engine's heuristic score (core/engine/search.h), which
// estimates; a GameValue is only ever an exact result or Unknown.
#pragma once

#include <cstdint>

namespace zertz {

enum class Outcome : uint8_t { Unknown,
                               Win,
                               Loss,
                               Draw };

// "win", "loss", "draw", "unknown".
constexpr const char* outcomeName(Outcome o) {
  switch (o) {
    case Outcome::Win: return "win";
    case Outcome::Loss: return "loss";
    case Outcome::Draw: return "draw";
    case Outcome::Unknown: break;
  }
  return "unknown";
}

struct GameValue {
  Outcome outcome = Outcome::Unknown;
  int plies = -1;      // Win/Loss: plies to the end; -1 when not known
  bool exact = false;  // plies is the perfect-play distance, not just a proven line's length

  bool known() const { return outcome != Outcome::Unknown; }
  // The mover's value of a move into a position of this value: the result
  // seen from the other side, one ply longer.
  GameValue forMover() const {
    const Outcome o = outcome == Outcome::Win ? Outcome::Loss : outcome == Outcome::Loss ? Outcome::Win
                                                                                         : outcome;
    return {o, plies >= 0 ? plies + 1 : -1, exact};
  }
};

}  // namespace zertz
