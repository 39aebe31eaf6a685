// Puzzles: the miner finds a position's every winning first move and
// refuses what is not a clean puzzle; the independent check and the file
// reader refuse a damaged puzzle with a clear reason.
#include <catch2/catch.hpp>

#include "core/movegen.h"
#include "core/puzzles/puzzle.h"
#include "core/puzzles/puzzle_file.h"
#include "test_helpers.h"

using namespace zertz;
using zertz::testing::positionFrom;

namespace {

// From a 2024 game (superqwert - yavaleks): only Gg3,f4 wins, in 4 turns.
const char* kOneSolution = "standard 37 ----/-----/--.-../-..G.G./-.W.../---.-/--.- 0,1,3 2,4,3 3,1,4 1";
// From a 2024 game on 61 rings: white on h4 wins with any of three removals.
const char* kThreeSolutions =
    "standard 61 ---B-/-G-.B-/B..G.--/-.W..B--/-G..W.---/-.G...B-/G...W.B/B-...-/--G-- 0,0,0 1,2,3 2,0,0 1";

std::vector<std::string> texts(const Position& pos, const std::vector<Move>& moves) {
  std::vector<std::string> out;
  for (const Move& m : moves) out.push_back(moveToString(pos, m));
  return out;
}

}  // namespace

TEST_CASE("A puzzle lists every winning first move and a winning line to the end", "[puzzles]") {
  Puzzle p;
  REQUIRE(findPuzzle(positionFrom(kOneSolution), PuzzleLimits{}, p) == PuzzleVerdict::Puzzle);
  CHECK(texts(p.position, p.solutions) == std::vector<std::string>{"Gg3,f4"});
  CHECK(p.value.outcome == Outcome::Win);
  CHECK(p.value.plies == 7);
  REQUIRE(!p.line.empty());
  CHECK(p.line[0] == p.solutions[0]);
  Game g(p.position);
  for (const Move& m : p.line) g.play(m);
  CHECK(g.result().winner == p.position.turn);
  CHECK(p.themes == std::vector<std::string>{"isolation", "zugzwang", "race-each"});

  REQUIRE(findPuzzle(positionFrom(kThreeSolutions), PuzzleLimits{}, p) == PuzzleVerdict::Puzzle);
  CHECK(texts(p.position, p.solutions) == std::vector<std::string>{"Wh4,b4", "Wh4,h3", "Wh4,h5"});
  CHECK(p.themes == std::vector<std::string>{"forced-capture", "multi-jump", "race-white"});
}

TEST_CASE("Filling the board's last vacant ring is the last-ring theme", "[puzzles]") {
  // The whole board is three rings; grey on a2 fills it and takes every
  // marble: the whole board is isolated, so both themes hold.
  const Position pos = positionFrom("blitz 0:3 W.B 4,7,8 0,0,0 0,0,0 0");
  Move fill;
  std::string error;
  REQUIRE(parseLegalMove(pos, "Ga2", fill, error));
  CHECK(puzzleThemes(pos, {fill}) == std::vector<std::string>{"isolation", "last-ring"});
}

TEST_CASE("A position with many winning ideas is no puzzle, removals are one idea", "[puzzles]") {
  // From a 2024 game: the side to move wins with several different placements.
  Puzzle p;
  CHECK(findPuzzle(positionFrom("standard 37 W---/G.G.-/-...../G.....-/-..W--/.-..-/---G 0,3,7 2,1,3 2,0,0 1"), PuzzleLimits{},
                   p) == PuzzleVerdict::TooMany);
  // White on h4 with three removals is one idea: a puzzle even when one idea is all that is allowed.
  PuzzleLimits limits;
  limits.maxIdeas = 1;
  REQUIRE(findPuzzle(positionFrom(kThreeSolutions), limits, p) == PuzzleVerdict::Puzzle);
  CHECK(solutionIdeas(p.solutions) == 1);
  CHECK(p.solutions.size() == 3);
}

TEST_CASE("A win beyond the turn limit, a lost position and an only move are no puzzles", "[puzzles]") {
  PuzzleLimits limits;
  limits.maxWinnerTurns = 3;  // the win takes 4 of the winner's turns
  Puzzle p;
  CHECK(findPuzzle(positionFrom(kOneSolution), limits, p) == PuzzleVerdict::TooLong);
  // After the solution the opponent is to move, and lost.
  const Position lost = zertz::testing::after(positionFrom(kOneSolution), {"Gg3,f4"});
  CHECK(findPuzzle(lost, PuzzleLimits{}, p) == PuzzleVerdict::NoWin);
}

TEST_CASE("A single capture that wins on the spot is trivial", "[puzzles]") {
  // The three-solution puzzle two plies on: the winner's multi-jump completes the set.
  const Position pos = zertz::testing::after(positionFrom(kThreeSolutions), {"Wh4,b4", "xh4Wf6"});
  Puzzle p;
  const PuzzleVerdict v = findPuzzle(pos, PuzzleLimits{}, p);
  CHECK((v == PuzzleVerdict::Trivial || v == PuzzleVerdict::OnlyMove));
}

TEST_CASE("The independent check confirms a puzzle and refuses wrong solutions", "[puzzles]") {
  const Position pos = positionFrom(kThreeSolutions);
  const std::vector<Move> all = {zertz::testing::legalMove(pos, "Wh4,b4"), zertz::testing::legalMove(pos, "Wh4,h3"), zertz::testing::legalMove(pos, "Wh4,h5")};
  const Position after1 = zertz::testing::after(pos, {"Wh4,b4"});
  const std::vector<Move> line = {all[0], zertz::testing::legalMove(after1, "xh4Wf6"),
                                  zertz::testing::legalMove(zertz::testing::after(after1, {"xh4Wf6"}), "xf7Wf5Wd4Wd2")};
  std::string why;
  CHECK(verifyPuzzle(pos, all, line, 50000, why));
  CHECK_FALSE(verifyPuzzle(pos, {all[0], all[1]}, line, 50000, why));
  CHECK(why == "move Wh4,h5 wins but is not listed");
  std::vector<Move> extra = all;
  for (const Move& m : legalMoves(pos))
    if (std::find(all.begin(), all.end(), m) == all.end()) {
      extra.push_back(m);
      break;
    }
  CHECK_FALSE(verifyPuzzle(pos, extra, line, 50000, why));
  CHECK(why == "move " + moveToString(pos, extra.back()) + " is listed but does not win");
  CHECK_FALSE(verifyPuzzle(pos, all, {all[0]}, 50000, why));
  CHECK(why == "the line does not end in the side to move's win");
}

TEST_CASE("Longer wins and fewer engines finding them rate harder", "[puzzles]") {
  Puzzle p;
  p.value = {Outcome::Win, 3, true};
  p.legalMoves = 100, p.solutions.resize(1), p.enginesFinding = 4;
  const int base = puzzleRating(p);
  p.value.plies = 7;
  CHECK(puzzleRating(p) > base);
  p.value.plies = 3, p.enginesFinding = 1;
  CHECK(puzzleRating(p) > base);
  p.enginesFinding = 4, p.legalMoves = 10;
  CHECK(puzzleRating(p) < base);
}

TEST_CASE("A damaged puzzle file is refused, naming the line and the field", "[puzzles]") {
  const std::string position = kThreeSolutions;
  const std::string id = puzzleId(position);
  auto line = [&](const std::string& idText, const std::string& solutions, const std::string& lineMoves,
                  const std::string& rating) {
    return "{\"id\":\"" + idText + "\",\"position\":\"" + position + "\",\"solutions\":" + solutions +
           ",\"line\":" + lineMoves + ",\"themes\":[\"race-white\"],\"rating\":" + rating + "}";
  };
  const std::string good = line(id, "[\"Wh4,b4\",\"Wh4,h3\"]", "[\"Wh4,b4\",\"xh4Wf6\"]", "1500");
  std::vector<PuzzleRecord> out;
  std::string error;
  REQUIRE(parsePuzzleFile(good + "\n\n" + good + "\n", out, error));
  CHECK(out.size() == 2);
  CHECK(out[0].rating == 1500);
  const std::vector<std::pair<std::string, std::string>> bad = {
      {"{\"id\":", "line 2: "},
      {line("000000000000", "[\"Wh4,b4\"]", "[\"Wh4,b4\"]", "1"), "line 2: id: '000000000000' does not match the position"},
      {line(id, "[\"Wz9,a1\"]", "[\"Wh4,b4\"]", "1"), "line 2: solutions: 'Wz9,a1' is not a legal move"},
      {line(id, "[\"Wh4,b4\",\"Wh4,b4\"]", "[\"Wh4,b4\"]", "1"), "line 2: solutions: 'Wh4,b4' twice"},
      {line(id, "[]", "[\"Wh4,b4\"]", "1"), "line 2: solutions: expected a non-empty array of moves"},
      {line(id, "[\"Wh4,b4\"]", "[\"Wh4,h3\"]", "1"), "line 2: line: its first move is not one of the solutions"},
      {line(id, "[\"Wh4,b4\"]", "[\"Wh4,b4\",\"Wa1,b2\"]", "1"), "line 2: line: 'Wa1,b2' is not a legal move"},
      {line(id, "[\"Wh4,b4\"]", "[\"Wh4,b4\"]", "-3"), "line 2: rating: expected a whole number"},
      {"[1]", "line 2: expected a JSON object"},
  };
  for (const auto& [text, message] : bad) {
    INFO(text);
    CHECK_FALSE(parsePuzzleFile(good + "\n" + text + "\n", out, error));
    CHECK(error.rfind(message, 0) == 0);
  }
}

TEST_CASE("A puzzle's source is read when present and refused when damaged", "[puzzles]") {
  const std::string position = kThreeSolutions;
  auto line = [&](const std::string& source) {
    return "{\"id\":\"" + puzzleId(position) + "\",\"position\":\"" + position +
           "\",\"solutions\":[\"Wh4,b4\"],\"line\":[\"Wh4,b4\"],\"themes\":[],\"rating\":900,\"source\":" + source + "}";
  };
  PuzzleRecord p;
  std::string error;
  REQUIRE(parsePuzzleLine(line(R"({"file":"a.sgf","players":["Ann","Bob"],"date":"2024","ply":31,"found":false,"robots":true})"), p,
                          error));
  CHECK(p.source.players[1] == "Bob");
  CHECK(p.source.ply == 31);
  CHECK(p.source.robots);
  CHECK_FALSE(p.source.found);
  const std::vector<std::pair<std::string, std::string>> bad = {
      {"7", "source: expected an object"},
      {R"({"players":["Ann"],"ply":1,"found":true,"robots":true})", "source: players: expected two names"},
      {R"({"players":["Ann","Bob"],"ply":"x","found":true,"robots":true})", "source: ply: expected a whole number"},
      {R"({"players":["Ann","Bob"],"ply":1,"found":1,"robots":true})", "source: found: expected true or false"},
      {R"({"date":3,"players":["Ann","Bob"],"ply":1,"found":true,"robots":true})", "source: file and date must be strings"},
  };
  for (const auto& [source, message] : bad) {
    INFO(source);
    CHECK_FALSE(parsePuzzleLine(line(source), p, error));
    CHECK(error == message);
  }
}
