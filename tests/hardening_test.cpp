// Hostile input and regressions found by fuzzing (fuzz/). Each test names the
// rule it holds the code to; a regression test names the fuzz target that
// found the bug. The fuzz inputs themselves also live in fuzz/corpus/<target>/
// (regress-*), which tests/shell/fuzz_smoke.sh replays.
#include <catch2/catch.hpp>

#include <string>

#include "cli/protocol.h"
#include "core/notation.h"
#include "core/record.h"

using namespace zertz;

namespace {

Game gameOf(const char* variant, std::initializer_list<const char*> moves) {
  std::string_view v(variant);
  Position p;
  std::string error;
  REQUIRE(startPosition(v.substr(0, v.find(' ')), v.substr(v.find(' ') + 1), p, error));
  Game g(p);
  for (const char* text : moves) {
    Move m;
    REQUIRE(parseLegalMove(g.position(), text, m, error));
    g.play(m);
  }
  return g;
}

}  // namespace

// fuzz_record: boardspace game names such as "zertz_basic_tu;torial_02.sgf"
// were exported as [Event "...;..."] and the importer cut the line at ';'.
TEST_CASE("an exported record whose tag values hold ';' or quotes imports back unchanged") {
  Game g = gameOf("standard 37", {"Wd4,a1", "Bb2,g1"});
  std::map<std::string, std::string> tags = {{"Event", "tu;torial \"two\"; \\ end"}, {"Player0", ";"}};
  std::string text = exportRecord(g, tags);
  Record r;
  std::string error;
  REQUIRE(importRecord(text, r, error));
  CHECK_FALSE(r.damaged);
  CHECK(r.moves == g.moves());
  CHECK(r.tags["Event"] == tags["Event"]);
  CHECK(r.tags["Player0"] == ";");
}

TEST_CASE("a ';' on a move line still starts a comment") {
  Record r;
  std::string error;
  REQUIRE(importRecord("[Variant \"standard 37\"]\n1. Wd4,a1 ; Bb2,g1 \"quoted\n", r, error));
  CHECK_FALSE(r.damaged);
  CHECK(r.moves.size() == 1);
}
