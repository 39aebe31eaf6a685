// Game review: which moves decided a game. Given the values of consecutive
// positions (each from its own side to move), marks the move between them
// from the mover's view:
//  * decisive: a proven win became a proven loss or draw, or a position not
//    proven lost became proven lost;
//  * mistake: otherwise, a drop of at least kMistakeDrop (20 points) in the
//    mover's win probability (a proven win counts 1, a loss 0, a draw 1/2);
//  * inaccuracy: a drop of at least kInaccuracyDrop (10 points), less than a
//    mistake's (lichess's "?!": worth a look, not what decided the game).
// A move that was the only legal one is never marked, and a move that was
// the engine's own choice (the best move the review found for the position
// before it: its proof's, else its estimate's) is never a mistake: a drop
// along the engine's own line is the noise between two searches, not the
// mover's error (a decisive mark rests on proofs and stays).
//
// The values come from the caller (the CLI's `zertz review`, the browser's
// hint workers): exact values from proof search or tables, estimates from
// the engine's calibrated win probability (core/engine/winprob.h). This file
// only judges; it searches nothing. Pure: no I/O.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/value.h"

namespace zertz {

constexpr double kMistakeDrop = 0.20;
constexpr double kInaccuracyDrop = 0.10;

// A position's value for review: the proven value when there is one, else
// the engine's estimate.
struct PositionValue {
  GameValue proven;      // known: the exact result (Win / Loss: plies along the proven line)
  double winprob = 0.5;  // not proven: the side to move's estimated win probability

  double probability() const {
    switch (proven.outcome) {
      case Outcome::Win: return 1.0;
      case Outcome::Loss: return 0.0;
      case Outcome::Draw: return 0.5;
      case Outcome::Unknown: break;
    }
    return winprob;
  }
  bool exact() const { return proven.known(); }
  static PositionValue estimate(double p) { return {GameValue{}, p}; }
};

// "win 5", "loss 3", "draw", "p=0.73" (two decimals), as `zertz review
// --json` prints them and the browser passes them back.
std::string valueText(const PositionValue& v);
// Reads valueText's forms (any number of decimals, 0 <= p <= 1); false with
// an error quoting the text otherwise.
bool parseValueText(std::string_view text, PositionValue& out, std::string& error);

// The mark of one move: before is the position's value with the mover to
// move, after the next position's value with the opponent to move.
// "decisive", "mistake", "inaccuracy" or "".
std::string reviewMark(const PositionValue& before, const PositionValue& after, bool onlyMove = false,
                       bool engineChoice = false);

// A whole line judged: values[i] is position i's value (values.size() =
// moves + 1), onlyMove[i] (when given) says move i was forced,
// engineChoice[i] (when given) that it was the engine's own choice; the
// players alternate, one move a turn.
//
// Before marking, exact values are carried back along the line by minimax
// over the moves played: a position whose move led to a position lost for
// the opponent is won (by the played line: one ply longer, not known to be
// the shortest); one whose only legal move led to a position won (drawn)
// for the opponent is lost (drawn). So a forced loss is marked at the move
// that walked into it, not at the forced move.
//
// One decisive mark per player per lost stretch: once a player's move is
// marked decisive, a later one of theirs is marked only after the
// opponent's own decisive mark (the win given back) or a proof that their
// position was no longer lost (a proven win or draw for them, a proven
// loss or draw for the opponent). A would-be decisive move inside a
// stretch is left unmarked: the game was already lost before it, the
// proof of the position before it only came too short.
struct LineReview {
  std::vector<PositionValue> values;  // the given values and those carried back
  std::vector<std::string> marks;     // one a move
};
LineReview reviewLine(const std::vector<PositionValue>& values, const std::vector<bool>& onlyMove = {},
                      const std::vector<bool>& engineChoice = {});
inline std::vector<std::string> reviewMarks(const std::vector<PositionValue>& values, const std::vector<bool>& onlyMove = {},
                                            const std::vector<bool>& engineChoice = {}) {
  return reviewLine(values, onlyMove, engineChoice).marks;
}

// reviewMarks in JSON, for the browser. values: a JSON array, one entry per
// position of the line (moves + 1), each a value text (valueText's forms)
// or an object {"value": text, "onlyMove": bool, "engineChoice": bool}.
// Returns the JSON array of the moves' marks, or {"error": ...} naming the
// entry.
std::string reviewMarksJson(std::string_view valuesJson);

}  // namespace zertz
