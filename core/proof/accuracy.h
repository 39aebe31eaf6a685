// Accuracy, as lichess reports it after a game's analysis: how much of their
// winning chances a player's moves kept, 100% for moves that lost nothing.
// From the review's position values (core/proof/review.h), so the figure
// rests on the same proofs and calibrated estimates as the marks. Pure.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/proof/review.h"

namespace zertz {

// One move's accuracy in percent (0..100) from the mover's win probability
// before and after it (0..1): lichess's curve over the loss in points,
// 103.1668·e^(−0.04354·loss) − 3.1669, clamped; a gain counts as no loss.
double moveAccuracy(double before, double after);

// A line's accuracy per player: side[0] is the player to move at position 0.
// percent is -1 for a player with no judged move.
struct LineAccuracy {
  std::array<double, 2> percent{-1, -1};
  std::array<int, 2> moves{0, 0};
};

// values[i]: position i's value from its side to move, nullopt where the
// review has none (a move next to such a position is not judged). Each
// stretch of valued positions gets reviewLine's carried-back values first,
// as the marks do. A player's figure is lichess's game accuracy: the mean of
// the volatility-weighted mean and the harmonic mean of their moves'
// accuracies (weights: the standard deviation of player 0's win percentage
// over a window of max(2, min(8, moves / 10)) positions ending at the move,
// clamped to 0.5..12; the harmonic mean reads an accuracy below 1 as 1).
LineAccuracy lineAccuracy(const std::vector<std::optional<PositionValue>>& values);

// lineAccuracy in JSON, for the browser: values is a JSON array of value
// texts (valueText's forms) or null. Returns {"accuracy":[a0,a1],
// "moves":[n0,n1]} (a: percent with one decimal, null without moves) or
// {"error": ...} naming the entry.
std::string reviewAccuracyJson(std::string_view valuesJson);

}  // namespace zertz
