// Hints as JSON (core/proof/hints_json.h): what a hint worker sends reads
// back as the same hints, merged parts give the JSON of mergeHintParts, and
// a malformed part is an error naming the part and the field.
#include <catch2/catch.hpp>

#include "core/movegen.h"
#include "core/proof/hints_json.h"
#include "test_helpers.h"

using namespace zertz;
using namespace zertz::testing;

namespace {

// A 3-white blitz win: player 0 holds 2 white and either marble can jump the other.
const char* const kWinInOne = "blitz 37 ..../...../....../...WW../....../...../.... 1,7,9 2,0,0 0,0,0 0";

std::string roundTrip(const Position& pos, const std::string& text) {
  Json v;
  std::string error;
  REQUIRE(parseJson(text, v, error));
  Hints h;
  INFO(text);
  REQUIRE(hintsFromJson(pos, v, "part", h, error));
  return hintsToJson(pos, h);
}

std::string mergeError(const Position& pos, const std::vector<std::string>& parts) {
  Json v;
  std::string error;
  const std::string out = mergeHintsJson(pos, parts);
  REQUIRE(parseJson(out, v, error));
  REQUIRE(v.get("error"));
  return v.get("error")->text;
}

}  // namespace

TEST_CASE("hints JSON reads back as the same hints: proof, tables, pending, table error, finished game") {
  const Position pos = positionFrom(kWinInOne);
  const Hints proved = computeHints(Game(pos), nullptr, HintOptions{1000, false});
  REQUIRE(proved.hasBest);
  REQUIRE(proved.moves.size() == 2);
  const std::string text = hintsToJson(pos, proved);
  CHECK(text.find("\"value\":\"win\",\"plies\":1") != std::string::npos);
  CHECK(roundTrip(pos, text) == text);

  Hints estimate;
  estimate.hasEstimate = true, estimate.estimate = -120, estimate.emptyPart = true;
  estimate.moves.push_back({legalMoves(pos).front(), {Outcome::Loss, 4, false}});
  CHECK(roundTrip(pos, hintsToJson(pos, estimate)) == hintsToJson(pos, estimate));

  Hints tables;
  tables.source = Hints::Source::Tables;
  tables.value = {Outcome::Draw, -1, true};
  tables.moves.push_back({legalMoves(pos).back(), {Outcome::Draw, -1, true}});
  CHECK(roundTrip(pos, hintsToJson(pos, tables)) == hintsToJson(pos, tables));

  Hints pending = tables;
  pending.pending = true;
  CHECK(roundTrip(pos, hintsToJson(pos, pending)) == "{\"source\":\"tables\",\"pending\":true,\"moves\":[],\"need\":[]}");

  Hints damaged = tables;
  damaged.error = "blitz-3.dtm: block 0: checksum mismatch";
  CHECK(roundTrip(pos, hintsToJson(pos, damaged)) == hintsToJson(pos, damaged));

  Hints over;
  over.source = Hints::Source::Over;
  CHECK(roundTrip(pos, hintsToJson(pos, over)) == hintsToJson(pos, over));
}

TEST_CASE("merged hint parts in JSON are the JSON of the merged hints") {
  const Position pos = positionFrom(kWinInOne);
  std::vector<Hints> parts;
  std::vector<std::string> texts;
  for (int part = 0; part < 2; ++part) {
    parts.push_back(computeHints(Game(pos), nullptr, HintOptions{1000, false, nullptr, part, 2}));
    texts.push_back(hintsToJson(pos, parts.back()));
  }
  CHECK(mergeHintsJson(pos, texts) == hintsToJson(pos, mergeHintParts(pos, parts)));
}

TEST_CASE("a malformed hint part is an error naming the part and the field") {
  const Position pos = positionFrom(kWinInOne);
  CHECK(mergeError(pos, {}) == "hintsMerge: expected a non-empty array of parts");
  CHECK(mergeError(pos, {""}) == "hint part 0: expected the part's JSON text");
  CHECK(mergeError(pos, {"null"}) == "hint part 0: not an object");
  CHECK(mergeError(pos, {R"({"source":"over"})", R"({"source":"proof")"}).find("hint part 1: JSON at offset") == 0);
  CHECK(mergeError(pos, {"3"}) == "hint part 0: not an object");
  CHECK(mergeError(pos, {R"({"source":"over"})", R"({"error":"worker crashed"})"}) == "hint part 1: worker crashed");
  CHECK(mergeError(pos, {R"({"source":"guess"})"}) == "hint part 0: source 'guess' is not over, tables or proof");
  CHECK(mergeError(pos, {R"({"source":"proof","value":"won"})"}) ==
        "hint part 0: value 'won' is not win, loss, draw or unknown");
  CHECK(mergeError(pos, {R"({"source":"proof","value":"win"})"}) == "hint part 0: moves is not an array");
  CHECK(mergeError(pos, {R"({"source":"proof","value":"win","best":"Zz9","moves":[]})"}).find("hint part 0: best: ") == 0);
  CHECK(mergeError(pos, {R"({"source":"proof","value":"win","moves":[{"move":"-","value":"win"}]})"})
            .find("hint part 0: moves[0]: ") == 0);
  const std::string legal = moveToString(pos, legalMoves(pos).front());
  CHECK(mergeError(pos, {R"({"source":"proof","value":"win","moves":[{"move":")" + legal + R"(","value":7}]})"}) ==
        "hint part 0: moves[0]: bad value");
}
