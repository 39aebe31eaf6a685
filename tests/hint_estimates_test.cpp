// Estimates of the moves nothing proved (core/proof/hints.h): an unproven
// position lists a few moves with the engine's score of each and the
// mover's calibrated probability, apart from the proven moves; a proven
// position lists none; a review asks for the position's estimate only. They
// survive the JSON the hint workers send and the merge of the workers' parts.
#include <catch2/catch.hpp>

#include <set>

#include "core/engine/winprob.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/proof/hints_json.h"
#include "test_helpers.h"

using namespace zertz;
using namespace zertz::testing;

namespace {

const char* const kOpen = "standard 37 ..../...../....../......./....../...../.... 6,8,10 0,0,0 0,0,0 0";
// A 3-white blitz win: player 0 holds 2 white and either marble can jump the other.
const char* const kWinInOne = "blitz 37 ..../...../....../...WW../....../...../.... 1,7,9 2,0,0 0,0,0 0";

}  // namespace

TEST_CASE("An unproven position estimates a few unproven moves on distinct rings, best first, none above the position's estimate") {
  const Position pos = positionFrom(kOpen);
  const Hints h = computeHints(Game(pos), nullptr, HintOptions{400, true});
  REQUIRE_FALSE(h.value.known());
  REQUIRE(h.hasEstimate);
  REQUIRE(!h.estimates.empty());
  CHECK(h.estimates.size() <= kEstimatedMoves);
  std::set<std::string> seen;
  std::set<int> placedOn;
  for (size_t i = 0; i < h.estimates.size(); ++i) {
    const MoveEstimate& e = h.estimates[i];
    INFO(moveToString(pos, e.move));
    CHECK(seen.insert(moveToString(pos, e.move)).second);
    if (e.move.kind == Move::Place) CHECK(placedOn.insert(e.move.from).second);  // one per target ring
    for (const MoveHint& m : h.moves) CHECK_FALSE(m.move == e.move);
    // The mover's calibrated probability at the move's score (the mover's
    // view), mapped at the position the move is played from.
    CHECK(e.winprob == Approx(winProbability(e.score, pos)));
    CHECK(e.winprob > 0.0);
    CHECK(e.winprob < 1.0);
    CHECK(e.score <= h.estimate);
    if (i) CHECK(e.winprob <= h.estimates[i - 1].winprob);
  }
  // The position's estimate is its best estimated move's.
  CHECK(h.estimate == h.estimates.front().score);
}

TEST_CASE("A review's hint estimates the position and the engine's choice from one search, no other move") {
  const Position pos = positionFrom(kOpen);
  HintOptions options{400, true};
  options.moveEstimates = false;
  const Hints h = computeHints(Game(pos), nullptr, options);
  REQUIRE_FALSE(h.value.known());
  REQUIRE(h.hasEstimate);
  REQUIRE(h.estimates.size() == 1);
  CHECK(h.estimates[0].score == h.estimate);
  CHECK(h.estimates[0].winprob == Approx(winProbability(h.estimate, pos)));
}

TEST_CASE("A proven position has no move estimates") {
  const Hints h = computeHints(Game(positionFrom(kWinInOne)), nullptr, HintOptions{1000, true});
  REQUIRE(h.value.known());
  CHECK(h.estimates.empty());
}

TEST_CASE("Move estimates read back from the workers' JSON, a malformed one names its entry") {
  const Position pos = positionFrom(kOpen);
  Hints h;
  h.hasEstimate = true, h.estimate = 25;
  const std::vector<Move> legal = legalMoves(pos);
  h.estimates.push_back({legal[3], 25, winProbability(25, pos)});
  h.estimates.push_back({legal[7], -60, winProbability(-60, pos)});
  const std::string text = hintsToJson(pos, h);
  Json v;
  std::string error;
  REQUIRE(parseJson(text, v, error));
  Hints back;
  REQUIRE(hintsFromJson(pos, v, "part", back, error));
  CHECK(hintsToJson(pos, back) == text);
  REQUIRE(back.estimates.size() == 2);
  CHECK(back.estimates[1].move == legal[7]);

  const std::string move = moveToString(pos, legal[3]);
  for (const auto& [bad, says] : std::vector<std::pair<std::string, std::string>>{
           {"{\"move\":\"Zz9\",\"score\":5}", "part: estimates[0]: "},
           {"{\"move\":\"" + move + "\"}", "part: estimates[0]: score is not a number"},
           {"{\"move\":\"" + move + "\",\"score\":\"high\"}", "part: estimates[0]: score is not a number"}}) {
    const std::string part = "{\"source\":\"proof\",\"value\":\"unknown\",\"moves\":[],\"estimates\":[" + bad + "]}";
    INFO(part);
    REQUIRE(parseJson(part, v, error));
    CHECK_FALSE(hintsFromJson(pos, v, "part", back, error));
    CHECK(error.find(says) == 0);
  }
}

TEST_CASE("Merged parts keep the estimating part's estimates, less the moves another part proved") {
  const Position pos = positionFrom(kOpen);
  const std::vector<Move> legal = legalMoves(pos);
  Hints estimating;
  estimating.hasEstimate = true;
  estimating.estimates = {{legal[0], 30, 0.55}, {legal[1], 10, 0.52}};
  Hints proving;
  proving.moves.push_back({legal[1], Outcome::Loss, 6, true});
  const Hints merged = mergeHintParts(pos, {estimating, proving});
  REQUIRE(merged.estimates.size() == 1);
  CHECK(merged.estimates[0].move == legal[0]);
}
