// Text formats: cells, moves, position strings, layouts; and that bad text
// always gets a clear error, never a crash.
#include <catch2/catch.hpp>

#include "core/rng.h"
#include "test_helpers.h"

using namespace zertz;
using namespace zertz::testing;

TEST_CASE("cell names follow boardspace: column letter, row 1 the lowest ring of each column") {
  CHECK(parseCell(kLayout37, "a1") == 0);
  CHECK(parseCell(kLayout37, "a4") == 3);
  CHECK(parseCell(kLayout37, "b1") == 4);
  CHECK(parseCell(kLayout37, "D7") == kLayout37.cellAt(3, 6));
  CHECK(parseCell(kLayout37, "a5") == kNoCell);
  CHECK(parseCell(kLayout37, "h1") == kNoCell);
  CHECK(parseCell(kLayout61, "e9") != kNoCell);
  for (const Geometry* g : kBuiltinLayouts)
    for (int c = 0; c < g->numCells; ++c) CHECK(parseCell(*g, cellName(*g, c)) == c);
}

TEST_CASE("the start position of standard 37: every ring vacant, the full pool, player 0 to move") {
  CHECK(toPositionString(Position::start(kLayout37, Standard)) ==
        "standard 37 ..../...../....../......./....../...../.... 6,8,10 0,0,0 0,0,0 0");
}

TEST_CASE("custom layouts given as off:height per column round-trip through position strings") {
  Position p;
  std::string error;
  REQUIRE(startPosition("blitz", "1:3,0:4,1:3", p, error));
  CHECK(p.geo->numCells == 10);
  std::string text = toPositionString(p);
  CHECK(text.rfind("blitz 1:3,0:4,1:3 ", 0) == 0);
  Position back;
  REQUIRE(parsePositionString(text, back, error));
  CHECK(back == p);
  CHECK_FALSE(startPosition("blitz", "1:3,1:4", p, error));  // offsets of one parity pattern only
  CHECK(error.find("parity") != std::string::npos);
  CHECK_FALSE(startPosition("blitz", "0:40,1:30", p, error));
  CHECK(error.find("64") != std::string::npos);
}

TEST_CASE("an unknown layout's error names the token and every built-in layout") {
  Position p;
  std::string error;
  CHECK_FALSE(startPosition("standard", "99", p, error));
  CHECK(error.find("'99'") != std::string::npos);
  for (const Geometry* g : kBuiltinLayouts) CHECK(error.find(g->token) != std::string::npos);
}

TEST_CASE("move text: the capture space is optional on input and an isolation suffix is accepted") {
  Position p = after(Position::start(kLayout37, Standard), {"Wd4,d7", "Bf2,e6", "Bb4,f5", "Bb2,g4", "Wb1,b5"});
  Move a, b;
  std::string error;
  REQUIRE(parseLegalMove(p, "x b1Bb3", a, error));
  REQUIRE(parseLegalMove(p, "xb1Bb3", b, error));
  CHECK(a == b);
  CHECK(moveToString(p, a) == "xb1Bb3");
  Position q = positionFrom("standard 37 ..-W/....-/....-G/.....-./.....-/...../.... 5,7,10 0,0,0 0,0,0 0");
  REQUIRE(parseLegalMove(q, "Bd7,b4 x Wa4Gc6Bd7", a, error));
  CHECK(moveToString(q, a) == "Bd7,b4");
}

TEST_CASE("malformed moves get a clear error naming the problem") {
  Position p = Position::start(kLayout37, Standard);
  struct Case {
    const char* text;
    const char* expect;
  };
  for (Case c : {Case{"", "empty"}, Case{"Q", "expected W, G or B"}, Case{"W", "target"},
                 Case{"Wz9,a1", "target"}, Case{"Wd4,", "removed ring"}, Case{"Wd4,a1 junk", "unexpected"},
                 Case{"x", "capturing marble"}, Case{"xd4", "no marble"}, Case{"Wd4,d4", "just filled"},
                 Case{"Wd4,d5", "not a removable"}, Case{"-", "pass"}, Case{"Wd4 x", "isolation"}}) {
    Move m;
    std::string error;
    INFO(c.text);
    CHECK_FALSE(parseLegalMove(p, c.text, m, error));
    CHECK(error.find(c.expect) != std::string::npos);
  }
}

TEST_CASE("malformed position strings get a clear error naming the field") {
  struct Case {
    const char* text;
    const char* expect;
  };
  for (Case c : {Case{"", "7 fields"},
                 Case{"huge 37 ..../...../....../......./....../...../.... 6,8,10 0,0,0 0,0,0 0", "marble set"},
                 Case{"standard 38 ..../...../....../......./....../...../.... 6,8,10 0,0,0 0,0,0 0", "layout"},
                 Case{"standard 37 ..../...../....../......./....../..... 6,8,10 0,0,0 0,0,0 0", "columns"},
                 Case{"standard 37 ..../....../....../......./....../...../.... 6,8,10 0,0,0 0,0,0 0", "column b"},
                 Case{"standard 37 ..x./...../....../......./....../...../.... 6,8,10 0,0,0 0,0,0 0", "bad character"},
                 Case{"standard 37 ..../...../....../......./....../...../.... 6,8 0,0,0 0,0,0 0", "pool"},
                 Case{"standard 37 ..../...../....../......./....../...../.... 6,8,10 0,0,0 0,0,0 2", "turn"},
                 Case{"standard 37 W.../...../....../......./....../...../.... 6,8,10 0,0,0 0,0,0 0", "W marbles"},
                 Case{"standard 37 W-../--.../....../......./....../...../.... 5,8,10 0,0,0 0,0,0 0", "isolation"},
                 Case{"standard 37 ..../...../....../......./....../...../.... 0,0,0 4,8,0 2,0,10 0", "both"}}) {
    Position p;
    std::string error;
    INFO(c.text);
    CHECK_FALSE(parsePositionString(c.text, p, error));
    CHECK(error.find(c.expect) != std::string::npos);
  }
}

TEST_CASE("random garbage never crashes the move and position parsers") {
  Rng rng(99);
  const std::string alphabet = "WGBwgbx-,. /0123456789abcdefghz:;\x01\xff";
  Position p = after(Position::start(kLayout37, Standard), {"Wd4,d7", "Bf2,e6", "Bb4,f5", "Bb2,g4", "Wb1,b5"});
  for (int i = 0; i < 20000; ++i) {
    std::string s;
    for (size_t n = rng.below(24); n; --n) s += alphabet[rng.below(alphabet.size())];
    Move m;
    Position q;
    std::string error;
    if (!parseMove(p, s, m, error)) CHECK_FALSE(error.empty());
    if (!parsePositionString(s, q, error)) CHECK_FALSE(error.empty());
  }
}

TEST_CASE("move lists: words are separated by any whitespace, none empty") {
  using V = std::vector<std::string_view>;
  CHECK(splitWords("  Wd4,d7\tBf2,e6\r\n -  ") == V{"Wd4,d7", "Bf2,e6", "-"});
  CHECK(splitWords("").empty());
  CHECK(splitWords(" \t\n").empty());
  CHECK(splitWords("Mon Apr 07, 2025", " ,") == V{"Mon", "Apr", "07", "2025"});
}

TEST_CASE("move lists: a lone x joins the next word into one capture") {
  using V = std::vector<std::string>;
  CHECK(readMoveList("Wd4,d7 x e3Wg3 X b2Wc3") == V{"Wd4,d7", "xe3Wg3", "Xb2Wc3"});
  CHECK(readMoveList("x B2Wc3") == V{"xB2Wc3"});  // a column letter that is a colour letter, then a row
  CHECK(readMoveList("xe3Wg3 -") == V{"xe3Wg3", "-"});
  CHECK(readMoveList("Wd4,d7 x") == V{"Wd4,d7", "x"});  // nothing to join: parsing names it
}

TEST_CASE("move lists: a lone x before an isolation annotation ends the move before it") {
  using V = std::vector<std::string>;
  CHECK(readMoveList("Bd7,b2 x Wa1Wa2 Gc3,a4") == V{"Bd7,b2 x Wa1Wa2", "Gc3,a4"});
  CHECK(readMoveList("Bd7,b2 x Gg5") == V{"Bd7,b2 x Gg5"});
  CHECK(readMoveList("x Wa1") == V{"xWa1"});  // no move before it: a capture, refused when parsed
  CHECK(isIsolationAnnotation("Wa1Wa2"));
  CHECK_FALSE(isIsolationAnnotation("b2Wc3"));
  CHECK_FALSE(isIsolationAnnotation("B2Wc3"));
  CHECK(isCaptureMark("x"));
  CHECK(isCaptureMark("X"));
  CHECK_FALSE(isCaptureMark("xe3"));
}

TEST_CASE("move lists are played all or nothing, the error naming the move") {
  Game game(Position::start(kLayout37, Standard));
  std::string error;
  Bitboard isolated = 0;
  CHECK_FALSE(playMoveList(game, "Wd4,d7 Bf2,zz", error, &isolated));
  CHECK(error.rfind("move 2: ", 0) == 0);
  CHECK(game.moves().empty());
  REQUIRE(playMoveList(game, "Wd4,d7 Bf2,e6 Bb4,f5 Bb2,g4 Wb1,b5 x b1Bb3", error, &isolated));
  CHECK(moveListString(game) == "Wd4,d7 Bf2,e6 Bb4,f5 Bb2,g4 Wb1,b5 xb1Bb3");
  CHECK(playMoveList(game, "  ", error, &isolated));
  CHECK(game.moves().size() == 6);
  const std::optional<Game> from = gameFromMoveList(toPositionString(game.startPosition()), "Wd4,d7 Zq9", error);
  CHECK_FALSE(from);
  CHECK(error.find("move 2: ") == 0);
  CHECK(error.find("Zq9") != std::string::npos);
  CHECK_FALSE(gameFromMoveList("standard 99", "", error));
}
