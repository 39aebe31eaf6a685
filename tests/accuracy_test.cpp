// Accuracy after a review (core/proof/accuracy.h): lichess's curve per move,
// its game accuracy per player, and the JSON the browser reads.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>

#include "core/proof/accuracy.h"

using namespace zertz;

namespace {
std::optional<PositionValue> value(const char* text) {
  if (!text) return std::nullopt;
  PositionValue v;
  std::string error;
  if (!parseValueText(text, v, error)) throw std::runtime_error(error);
  return v;
}
LineAccuracy accuracyOf(const std::vector<const char*>& texts) {
  std::vector<std::optional<PositionValue>> values;
  for (const char* t : texts) values.push_back(value(t));
  return lineAccuracy(values);
}
}  // namespace

TEST_CASE("A move that loses nothing is 100% accurate, and accuracy falls with the loss", "[accuracy]") {
  CHECK(moveAccuracy(0.6, 0.6) == Approx(100.0).margin(0.01));
  CHECK(moveAccuracy(0.6, 0.7) == Approx(100.0).margin(0.01));  // a gain is no loss
  double last = 101;
  for (double loss = 0; loss <= 0.75; loss += 0.05) {  // the curve reaches 0 at a loss of 80 points
    const double a = moveAccuracy(1.0, 1.0 - loss);
    CHECK(a < last);
    CHECK(a >= 0);
    last = a;
  }
  CHECK(moveAccuracy(1.0, 0.0) == 0.0);
  CHECK(moveAccuracy(0.6, 0.5) == Approx(103.1668 * std::exp(-0.4354) - 3.1669));
}

TEST_CASE("Each player's accuracy counts only their own moves", "[accuracy]") {
  // Player 0 throws 40 points at their first move; player 1 loses nothing.
  const LineAccuracy a = accuracyOf({"p=0.60", "p=0.80", "p=0.20", "p=0.80", "p=0.20"});
  CHECK(a.moves[0] == 2);
  CHECK(a.moves[1] == 2);
  CHECK(a.percent[1] == Approx(100.0).margin(0.01));
  CHECK(a.percent[0] < 60.0);
  CHECK(a.percent[0] > 0.0);
}

TEST_CASE("Perfect play by both sides along a proven line is 100% for both", "[accuracy]") {
  const LineAccuracy a = accuracyOf({"win 5", "loss 4", "win 3", "loss 2", "win 1", "loss 0"});
  CHECK(a.percent[0] == Approx(100.0).margin(0.01));
  CHECK(a.percent[1] == Approx(100.0).margin(0.01));
}

TEST_CASE("A move next to a position without a value is not judged", "[accuracy]") {
  const LineAccuracy a = accuracyOf({"p=0.60", nullptr, "p=0.50", "p=0.50"});
  CHECK(a.moves[0] == 1);  // only the move from position 2
  CHECK(a.moves[1] == 0);
  CHECK(a.percent[1] == -1);
}

TEST_CASE("Accuracy in JSON: texts or null in, a bad entry is named", "[accuracy]") {
  CHECK(reviewAccuracyJson(R"(["p=0.50","p=0.50","p=0.50"])") == R"({"accuracy":[100.0,100.0],"moves":[1,1]})");
  CHECK(reviewAccuracyJson(R"(["p=0.50",null])") == R"({"accuracy":[null,null],"moves":[0,0]})");
  CHECK(reviewAccuracyJson(R"(["p=0.50",3])").find("entry 1: expected a value text or null") != std::string::npos);
  CHECK(reviewAccuracyJson(R"(["p=1.5"])").find("entry 0:") != std::string::npos);
  CHECK(reviewAccuracyJson(R"({"a":1})").find("expected a JSON array") != std::string::npos);
}
