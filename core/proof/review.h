// Game review: which moves decided a game. Given the values of consecutive
// positions (each from its own side to move), marks the move between them
// from the mover's view:
//  * decisive: a proven win became a proven loss or draw, or a position not
//    proven lost became proven lost;
//  * mistake: otherwise, a drop of at least kMistakeDrop (20 points) in the
//    mover's win probability (a proven win counts 1, a loss 0, a draw 1/2).
// A move that was the only legal one is never marked.
//
// The values come from the caller (the CLI's `zertz review`, the browser's
// hint workers): exact values from proof search or tables, estimates from
// the engine's calibrated win probability (core/engine/winprob.h). This file
// only judges; it searches nothing. Pure: no I/O.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace zertz {

constexpr double kMistakeDrop = 0.20;

struct PositionValue {
  enum Kind : uint8_t { Estimate,
                        Win,
                        Loss,
                        Draw } kind = Estimate;
  int plies = 0;         // Win / Loss: plies to the end along the proven line
  double winprob = 0.5;  // Estimate: the side to move's win probability

  double probability() const { return kind == Win ? 1.0 : kind == Loss ? 0.0
                                                      : kind == Draw   ? 0.5
                                                                       : winprob; }
  bool exact() const { return kind != Estimate; }
  static PositionValue estimate(double p) { return {Estimate, 0, p}; }
  static PositionValue win(int plies) { return {Win, plies, 1.0}; }
  static PositionValue loss(int plies) { return {Loss, plies, 0.0}; }
  static PositionValue draw() { return {Draw, 0, 0.5}; }
};

// "win 5", "loss 3", "draw", "p=0.73" (two decimals), as `zertz review
// --json` prints them and the browser passes them back.
std::string valueText(const PositionValue& v);
// Reads valueText's forms (any number of decimals, 0 <= p <= 1); false with
// an error quoting the text otherwise.
bool parseValueText(std::string_view text, PositionValue& out, std::string& error);

// The mark of one move: before is the position's value with the mover to
// move, after the next position's value with the opponent to move.
// "decisive", "mistake" or "".
std::string reviewMark(const PositionValue& before, const PositionValue& after, bool onlyMove = false);

// Marks of a whole line: values[i] is position i's value (values.size() =
// moves + 1), onlyMove[i] (when given) says move i was forced.
std::vector<std::string> reviewMarks(const std::vector<PositionValue>& values, const std::vector<bool>& onlyMove = {});

}  // namespace zertz
