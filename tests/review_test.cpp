// Game review: the marks of moves from consecutive position values, the
// value texts, and the calibrated win probability.
#include <catch2/catch.hpp>

#include <cmath>
#include <fstream>
#include <regex>
#include <sstream>

#include "core/engine/search.h"
#include "core/engine/winprob.h"
#include "core/notation.h"
#include "core/proof/review.h"
#include "random_games.h"
#include "test_helpers.h"

using namespace zertz;

namespace {
PositionValue value(const char* text) {
  PositionValue v;
  std::string error;
  if (!parseValueText(text, v, error)) throw std::runtime_error(error);
  return v;
}
std::string mark(const char* before, const char* after) { return reviewMark(value(before), value(after)); }

// reviewMarks of value texts, as the JSON array reviewMarksJson answers.
std::string reviewMarksJsonOf(const std::vector<const char*>& texts) {
  std::vector<PositionValue> values;
  for (const char* t : texts) values.push_back(value(t));
  std::string out = "[";
  for (const std::string& m : reviewMarks(values)) out += (out.size() > 1 ? ",\"" : "\"") + m + "\"";
  return out + "]";
}
}  // namespace

TEST_CASE("A proven win turned into a proven loss or draw is decisive", "[review]") {
  CHECK(mark("win 5", "win 4") == "decisive");  // the opponent now wins
  CHECK(mark("win 5", "draw") == "decisive");
  CHECK(mark("win 5", "loss 4") == "");   // still winning
  CHECK(mark("win 5", "loss 12") == "");  // slower, still a win: not a mark
}

TEST_CASE("A position not proven lost that becomes proven lost is decisive", "[review]") {
  CHECK(mark("p=0.60", "win 7") == "decisive");
  CHECK(mark("draw", "win 3") == "decisive");
  CHECK(mark("p=0.05", "win 9") == "decisive");  // even from a bad position: the loss is now forced
  CHECK(mark("loss 8", "win 3") == "");          // it was lost already
  CHECK(mark("loss 8", "win 7") == "");
}

TEST_CASE("A drop of 20 points of win probability is a mistake", "[review]") {
  CHECK(mark("p=0.70", "p=0.50") == "mistake");     // mover 0.70 -> 0.50
  CHECK(mark("p=0.70", "p=0.51") == "mistake");     // mover 0.70 -> 0.49
  CHECK(mark("p=0.70", "p=0.49") == "inaccuracy");  // mover 0.70 -> 0.51: 19 points
  CHECK(mark("p=0.30", "p=0.60") == "");            // 0.30 -> 0.40 is a gain
  CHECK(mark("win 3", "p=0.30") == "mistake");      // a proven win thrown to 0.70
  CHECK(mark("draw", "p=0.75") == "mistake");       // a proven draw to 0.25
  CHECK(mark("p=0.50", "loss 4") == "");            // the mover now wins: no mistake
}

TEST_CASE("A drop of 10 to 20 points is an inaccuracy, less is no mark", "[review]") {
  CHECK(mark("p=0.70", "p=0.40") == "inaccuracy");                         // mover 0.70 -> 0.60
  CHECK(mark("p=0.70", "p=0.39") == "");                                   // 9 points
  CHECK(mark("win 3", "p=0.15") == "inaccuracy");                          // a proven win thrown to 0.85
  CHECK(reviewMark(value("p=0.70"), value("p=0.45"), false, true) == "");  // the engine's own choice
}

TEST_CASE("The only legal move is never marked", "[review]") {
  CHECK(reviewMark(value("win 5"), value("win 4"), true) == "");
  // 0.50 -> 0.20 for player 0; 0.80 -> 0.75 for player 1; then player 0 loses by force.
  std::vector<PositionValue> line = {value("p=0.50"), value("p=0.80"), value("p=0.25"), value("win 2")};
  CHECK(reviewMarks(line) == std::vector<std::string>{"mistake", "", "decisive"});
  // Move 2 forced into the loss: position 2 was lost, so move 0 walked into it.
  CHECK(reviewMarks(line, {false, false, true}) == std::vector<std::string>{"decisive", "", ""});
}

TEST_CASE("Proven values are carried back along the moves played", "[review]") {
  std::vector<PositionValue> line = {value("p=0.50"), value("p=0.80"), value("p=0.25"), value("win 2")};
  LineReview r = reviewLine(line, {false, false, true});
  CHECK(valueText(r.values[2]) == "loss 3");  // its only move lets the opponent win
  CHECK(valueText(r.values[1]) == "win 4");   // its move led to a lost position
  CHECK(valueText(r.values[0]) == "p=0.50");  // another move may have saved it
  CHECK_FALSE(r.values[1].proven.exact);      // a faster win may exist
  // A move into a position lost for the opponent wins, forced or not.
  r = reviewLine({value("p=0.40"), value("loss 6")});
  CHECK(valueText(r.values[0]) == "win 7");
  // A forced move into a draw draws.
  r = reviewLine({value("p=0.40"), value("draw")}, {true});
  CHECK(valueText(r.values[0]) == "draw");
}

TEST_CASE("One decisive mark per player per lost stretch", "[review]") {
  // Player 0 walks into a proven loss at move 0; at moves 2 and 4 the proof
  // of its position came too short (p=0.05, p=0.10), and each looks
  // decisive again: the game was lost since move 0.
  std::vector<PositionValue> line = {value("p=0.50"), value("win 9"), value("p=0.05"), value("win 5"),
                                     value("p=0.10"), value("win 3")};
  // (1's move 3 from a proven win to 0.90 is an inaccuracy.)
  CHECK(reviewMarks(line) == std::vector<std::string>{"decisive", "", "", "inaccuracy", ""});
  // Without the first mark's proof the first would-be decisive move keeps its mark.
  line[1] = value("p=0.70");
  CHECK(reviewMarks(line) == std::vector<std::string>{"mistake", "", "decisive", "inaccuracy", ""});
}

TEST_CASE("A lost stretch ends when the opponent gives the win back", "[review]") {
  // 0 loses at move 0; 1 throws the win away at move 1 (decisive for 1);
  // 0 loses again at move 2: a new stretch, marked; 1's move 3 keeps the win.
  std::vector<PositionValue> line = {value("p=0.50"), value("win 9"), value("win 7"), value("win 5"), value("loss 4")};
  CHECK(reviewMarks(line) == std::vector<std::string>{"decisive", "decisive", "decisive", ""});
}

TEST_CASE("A lost stretch ends with a proof that the position is no longer lost", "[review]") {
  // 0 loses at move 0; position 2 is proven a draw for 0 (1 let it slip, unproven);
  // 0's move 2 then loses: a new stretch, marked.
  std::vector<PositionValue> line = {value("p=0.50"), value("win 9"), value("draw"), value("win 5"), value("p=0.05")};
  CHECK(reviewMarks(line) == std::vector<std::string>{"decisive", "decisive", "decisive", ""});
}

TEST_CASE("The engine's own choice is never a mistake, but can be decisive", "[review]") {
  CHECK(reviewMark(value("p=0.70"), value("p=0.60"), false, true) == "");
  CHECK(reviewMark(value("win 3"), value("p=0.30"), false, true) == "");
  CHECK(reviewMark(value("p=0.70"), value("win 6"), false, true) == "decisive");
  std::vector<PositionValue> line = {value("p=0.50"), value("p=0.80"), value("p=0.25"), value("win 2")};
  CHECK(reviewMarks(line, {}, {true, false, true}) == std::vector<std::string>{"", "", "decisive"});
}

TEST_CASE("Value texts read back and bad ones are refused with the text", "[review]") {
  for (const char* t : {"win 5", "loss 0", "draw", "p=0.73", "p=1.00", "p=0.00"}) CHECK(valueText(value(t)) == t);
  PositionValue v;
  std::string error;
  for (const char* t : {"", "win", "win -1", "loss x", "p=1.5", "p=-0.1", "p=", "p=0.5x", "unknown", "Win 3"}) {
    INFO(t);
    CHECK_FALSE(parseValueText(t, v, error));
    CHECK(error.find(std::string("'") + t + "'") != std::string::npos);
  }
}

TEST_CASE("Win probability rises with the score at any position, and proven scores are certain", "[review][winprob]") {
  // Every position of random games on every board and set, capture turns
  // included (the model reads the board as it stands).
  int positions = 0;
  testing::RandomGames run;
  run.seed = 7, run.maxMoves = 40;
  run.atPosition = [&](const Game& game, const std::vector<Move>&, Rng&) {
    const Position& pos = game.position();
    ++positions;
    double last = 0;
    for (int s = -3000; s <= 3000; s += 250) {
      const double p = winProbability(s, pos);
      INFO(toPositionString(pos) << " score " << s);
      CHECK(p >= last);
      CHECK(p > 0.0);
      CHECK(p < 1.0);
      last = p;
    }
    CHECK(winProbability(kWinScore - 5, pos) == 1.0);
    CHECK(winProbability(-kWinScore + 5, pos) == 0.0);
  };
  testing::playRandomGames(run);
  CHECK(positions > 100);
}

TEST_CASE("At the start the win probability is close to even, and a large score is far from certain", "[review][winprob]") {
  for (const Geometry* g : {&kLayout37, &kLayout48, &kLayout61}) {
    Position pos;
    std::string error;
    REQUIRE(startPosition("standard", g->token, pos, error));
    INFO(g->token);
    CHECK(std::abs(winProbability(0, pos) - 0.5) < 0.05);
    CHECK(winProbability(1000, pos) > 0.6);
    CHECK(winProbability(-1000, pos) < 0.4);
    CHECK(winProbability(2500, pos) < 0.97);  // human games stay open at large scores
    CHECK(winProbability(-2500, pos) > 0.03);
  }
}

TEST_CASE("The win probability depends on the position, not on the score alone", "[review][winprob]") {
  const Position pos = testing::positionFrom("standard 37 --../-..../-....-/-...W--/-....-/...../.... 1,6,7 3,1,1 1,1,2 1");
  const WinProbTerms at = winProbTerms(pos);
  for (int s : {-800, 0, 300}) CHECK(winProbability(s, pos) == winProbability(s, at));
  // The same score means a different chance on another board: two more grey
  // captures for the mover (player 1), taken from the pool.
  const Position other = testing::positionFrom("standard 37 --../-..../-....-/-...W--/-....-/...../.... 1,4,7 3,1,1 1,3,2 1");
  CHECK(std::abs(winProbTerms(other).head - at.head) > 1e-3);
  CHECK(winProbability(0, other) != winProbability(0, pos));
  // A capture pending for the side to move has its own part.
  const Position capture = testing::positionFrom("standard 37 ..../...../....../..WW.../....../...../.... 1,8,10 3,0,0 0,0,0 0");
  CHECK(winProbTerms(capture).part == &winProbModel().capture);
  CHECK(at.part == &winProbModel().quiet);
}

TEST_CASE("The compiled win-probability model is the one bench/calibration.md reports", "[review][winprob]") {
  std::ifstream in(std::string(ZERTZ_SOURCE_DIR) + "/bench/calibration.md");
  REQUIRE(in);
  std::stringstream ss;
  ss << in.rdbuf();
  const std::string text = ss.str();
  const WinProbModel& model = winProbModel();
  const std::string number = " \\| (-?[0-9.]+)";
  for (const auto& [name, part] : {std::pair{"capture", &model.capture}, std::pair{"quiet", &model.quiet}}) {
    std::smatch m;
    REQUIRE(std::regex_search(text, m, std::regex(std::string("\\| ") + name + " \\| ([0-9]+)" + number + number + number + " \\|")));
    CHECK(model.t == std::stod(m[1]));
    CHECK(std::abs(part->a - std::stod(m[2])) < 1e-5);
    CHECK(std::abs(part->b - std::stod(m[3])) < 1e-5);
    CHECK(std::abs(part->c - std::stod(m[4])) < 1e-5);
  }
  std::smatch m;
  REQUIRE(std::regex_search(text, m, std::regex("\\| alpha \\| beta \\| gamma \\|\n\\|[-:|]+\\|\n\\|" + number.substr(3) + number + number + " \\|")));
  CHECK(std::abs(model.alpha - std::stod(m[1])) < 1e-5);
  CHECK(std::abs(model.beta - std::stod(m[2])) < 1e-5);
  CHECK(std::abs(model.gamma - std::stod(m[3])) < 1e-5);
  // The last step must rise everywhere: its slope beta + gamma·sech²(z) is least at z = 0.
  CHECK(model.beta > 0);
  CHECK(model.beta + model.gamma > 0);
  // The heads were fitted on the extractor's features in its order.
  std::string names;
  for (int i = 0; i < kFeatureCount; ++i) names += std::string(i ? "," : "") + featureName(i);
  uint64_t hash = 0xcbf29ce484222325ULL;
  for (unsigned char ch : names) hash = (hash ^ ch) * 0x100000001b3ULL;
  CHECK(model.headNamesHash == hash);
  for (int i = 0; i < kFeatureCount; ++i) {
    INFO(featureName(i));
    std::smatch w;
    REQUIRE(std::regex_search(text, w, std::regex(std::string("\\| ") + featureName(i) + number + number + " \\|")));
    CHECK(std::abs(model.quiet.head[i] * kFeatureUnit - std::stod(w[1])) < 1e-5);
    CHECK(std::abs(model.capture.head[i] * kFeatureUnit - std::stod(w[2])) < 1e-5);
  }
}

TEST_CASE("review marks from JSON: texts or objects in, the marks' array out, a bad entry is named") {
  CHECK(reviewMarksJson(R"(["win 5","loss 4","draw"])") == reviewMarksJsonOf({"win 5", "loss 4", "draw"}));
  CHECK(reviewMarksJson(R"(["p=0.90","p=0.90"])") == R"(["mistake"])");
  CHECK(reviewMarksJson(R"([{"value":"p=0.90","onlyMove":true},"p=0.90"])") == R"([""])");
  CHECK(reviewMarksJson(R"([{"value":"p=0.90","engineChoice":true},"p=0.90"])") == R"([""])");
  CHECK(reviewMarksJson("[]") == "[]");
  CHECK(reviewMarksJson("{}") == R"({"error":"expected a JSON array of position values"})");
  CHECK(reviewMarksJson(R"(["draw",1])") == R"({"error":"entry 1: expected a value text or {\"value\": text}"})");
  CHECK(reviewMarksJson(R"(["draw","maybe"])").rfind(R"({"error":"entry 1: )", 0) == 0);
  CHECK(reviewMarksJson("[").rfind(R"({"error":"JSON at offset 1)", 0) == 0);
}
