// The rules of Zèrtz, one test per rule, on the rule books' example positions.
#include <catch2/catch.hpp>

#include "core/rng.h"
#include "random_games.h"
#include "test_helpers.h"

using namespace zertz;
using namespace zertz::testing;
using Names = std::vector<std::string>;

static const Position kStart37 = Position::start(kLayout37, Standard);

TEST_CASE("a ring is removable when vacant with two adjacent open sides: after Wd4,d7 Bf2,e6 the 17 edge rings, not e5") {
  Position p = after(kStart37, {"Wd4,d7", "Bf2,e6"});
  CHECK(cellNames(p, removableRings(p)) ==
        Names{"a1", "a2", "a3", "a4", "b1", "b5", "c1", "c6", "d1", "d6", "e1", "f1", "f5", "g1", "g2", "g3", "g4"});
}

TEST_CASE("the only capture must be taken, and each side takes the jumped marble: xb1Bb3, then only xb4Wb2") {
  Position p = after(kStart37, {"Wd4,d7", "Bf2,e6", "Bb4,f5", "Bb2,g4", "Wb1,b5"});
  REQUIRE(legalTexts(p) == Names{"xb1Bb3"});
  p = after(p, {"xb1Bb3"});
  REQUIRE(legalTexts(p) == Names{"xb4Wb2"});
  p = after(p, {"xb4Wb2"});
  CHECK(int(p.captures[1][Black]) == 1);  // player 1 captured b2's black marble
  CHECK(int(p.captures[0][White]) == 1);  // then player 0 captured b3's white
}

TEST_CASE("a capture is compulsory: no placement is legal while any jump exists") {
  Position p = after(kStart37, {"Wd4,d7", "Bd5,e6"});  // d6 behind d5 is vacant: d4 jumps d5
  for (const Move& m : legalMoves(p)) CHECK(m.kind == Move::Capture);
  Move m;
  std::string error;
  CHECK_FALSE(parseLegalMove(p, "Wa1,a2", m, error));
  CHECK(error.find("compulsory") != std::string::npos);
}

TEST_CASE("a marble with several jump choices gives one capture move per maximal sequence: four here") {
  // Marbles e4, d5, d6, b4, a2; d7 removed.
  Position p = positionFrom("standard 37 .B../...W./....../....GB-/...W../...../.... 4,7,8 0,0,0 0,0,0 0");
  CHECK(legalTexts(p) == Names{"xd5Wf3", "xd6Gd4Wf4", "xe4Gc5Be6", "xe4Gc5Wa3Ba1"});
}

TEST_CASE("a capture sequence may revisit rings, including its own start") {
  // d3 jumps d4 to d5, e4 to f3, then e3 back to d3.
  Position p = positionFrom("standard 37 ..../...../....../..WW.../..BB../...../.... 4,8,8 0,0,0 0,0,0 0");
  auto moves = legalTexts(p);
  CHECK(std::count(moves.begin(), moves.end(), "xd3Wd5Bf3Bd3") == 1);
  CHECK(std::count(moves.begin(), moves.end(), "xd3Bf3Bd5Wd3") == 1);
}

TEST_CASE("capturing, the jumped marble goes to the mover whatever its colour") {
  Position p = positionFrom("standard 37 ..../...../....../..WW.../..BB../...../.... 4,8,8 0,0,0 0,0,0 1");
  p = after(p, {"xd4Wd2"});
  CHECK(int(p.captures[1][White]) == 1);
  CHECK(int(p.captures[0][White]) == 0);
  CHECK(p.turn == 0);
}

TEST_CASE("a placement that cuts off fully occupied rings captures them: Bd7,b4 takes a4, c6 and d7") {
  Position p = positionFrom("standard 37 ..-W/....-/....-G/.....-./.....-/...../.... 5,7,10 0,0,0 0,0,0 0");
  Move m;
  std::string error;
  REQUIRE(parseLegalMove(p, "Bd7,b4", m, error));
  Position q = p;
  Bitboard isolated = q.play(m);
  CHECK(cellNames(q, isolated) == Names{"a4", "c6", "d7"});
  CHECK(int(q.captures[0][White]) == 1);
  CHECK(int(q.captures[0][Grey]) == 1);
  CHECK(int(q.captures[0][Black]) == 1);
  CHECK_FALSE(q.rings & bit(parseCell(kLayout37, "b4")));
  CHECK(popcount(q.rings) == 37 - 5 - 4);
}

TEST_CASE("a group with a vacant ring stays on the board until its last vacant ring is filled or removed") {
  Position p = positionFrom("standard 37 ..-W/....-/....-G/.....-./.....-/...../.... 5,7,10 0,0,0 0,0,0 0");
  Position q = after(p, {"Wa1,g1"});
  CHECK(q.rings & bit(parseCell(kLayout37, "c6")));
  CHECK(int(q.captures[0][Grey]) == 0);
}

TEST_CASE("a ring with two adjacent open sides is removable, one with only opposite open sides is not") {
  // d3 and d5 removed: d4's open sides are N and S, opposite each other.
  Position p = positionFrom("standard 37 ..../...../....../..-.-../....../...../.... 6,8,10 0,0,0 0,0,0 0");
  Bitboard r = removableRings(p);
  CHECK_FALSE(r & bit(parseCell(kLayout37, "d4")));
  CHECK_FALSE(r & bit(parseCell(kLayout37, "d2")));  // one open side (N)
  CHECK(r & bit(parseCell(kLayout37, "a1")));        // a corner: three adjacent open sides
  CHECK(r & bit(parseCell(kLayout37, "b1")));        // an edge ring: two adjacent open sides
}

TEST_CASE("the ring just filled cannot be removed") {
  Move m;
  std::string error;
  CHECK_FALSE(parseLegalMove(kStart37, "Wa1,a1", m, error));
  CHECK(error.find("just filled") != std::string::npos);
}

TEST_CASE("if no ring is removable the placement stands without removal") {
  // All 18 edge rings occupied, the 19 inner rings vacant: no capture, nothing removable.
  Position p = positionFrom("standard 37 WWWW/W...G/G....G/G.....G/G....B/B...B/BBBB 1,2,3 0,0,0 0,0,0 0");
  REQUIRE(removableRings(p) == 0);
  auto moves = legalMoves(p);
  CHECK(moves.size() == 3 * 19);
  for (const Move& m : moves) CHECK((m.kind == Move::Place && m.removed == kNoCell));
  Move m;
  std::string error;
  CHECK_FALSE(parseLegalMove(p, "Bd4,a1", m, error));
  CHECK(parseLegalMove(p, "Bd4", m, error));
}

TEST_CASE("with an empty pool the mover places one of their own captured marbles") {
  Position p = positionFrom("standard 37 W.../...../...G../......./..W.../...../...B 0,0,0 2,3,4 2,4,5 0");
  auto moves = legalMoves(p);
  REQUIRE_FALSE(moves.empty());
  Position q = after(p, {"Gd4,a2"});
  CHECK(int(q.captures[0][Grey]) == 2);
  CHECK(q.marbleAt(parseCell(kLayout37, "d4")) == Grey);
}

TEST_CASE("with nothing to place and no capture the only move is a pass") {
  // 13 marbles on pairwise non-adjacent rings, pool empty, player 0 holds no captures.
  Position p = positionFrom("standard 37 W..W/..W../.W..G./G..G..G/.B..B./..B../B..B 0,0,0 0,0,0 2,4,5 0");
  CHECK(legalTexts(p) == Names{"-"});
  Position q = after(p, {"-"});
  CHECK(q.turn == 1);
  for (const Move& m : legalMoves(q)) CHECK(m.kind == Move::Place);  // player 1 places a capture
}

TEST_CASE("two passes in a row end the game drawn") {
  // Every marble of the blitz set on one column; the only vacant ring b1 cannot be jumped onto.
  Position p = positionFrom("blitz 0:21,1:1 WWWWWGGGGGGGBBBBBBBBB/. 0,0,0 0,0,0 0,0,0 0");
  Game g(p);
  CHECK(legalTexts(g.position()) == Names{"-"});
  g.play(Move::pass());
  CHECK_FALSE(g.result().over());
  CHECK(legalTexts(g.position()) == Names{"-"});
  g.play(Move::pass());
  CHECK(g.result().reason == EndReason::TwoPasses);
  CHECK(g.result().winner == -1);
}

TEST_CASE("filling the last vacant ring of the whole board captures it all and the mover wins") {
  Position p = positionFrom("blitz 0:3 W.B 4,7,8 0,0,0 0,0,0 0");
  CHECK(legalTexts(p) == Names{"Ba2", "Ga2", "Wa2"});
  Game g(p);
  Move m;
  std::string error;
  REQUIRE(parseLegalMove(p, "Ga2", m, error));
  g.play(m);
  CHECK(g.position().rings == 0);
  CHECK(g.result().reason == EndReason::BoardEmptied);
  CHECK(g.result().winner == 0);
}

TEST_CASE("completing a winning set ends the game: 3 white in blitz, 4 white in standard") {
  // d4 jumps a white d5 to d6; the mover then holds the set.
  Position blitz = positionFrom("blitz 37 ..../...../....../...BW../....../...../.... 2,7,8 2,0,0 0,0,0 0");
  Game g(blitz);
  g.play(legalMoves(blitz).at(0));
  CHECK(g.result().reason == EndReason::WinningSet);
  CHECK(g.result().winner == 0);
  Position standard = positionFrom("standard 37 ..../...../....../...BW../....../...../.... 2,8,9 3,0,0 0,0,0 0");
  Game h(standard);
  h.play(legalMoves(standard).at(0));
  CHECK(h.result().winner == 0);
  CHECK(legalMoves(h.position()).empty());
}

TEST_CASE("two of each colour wins in blitz, three of each in standard") {
  const uint8_t two[3] = {2, 2, 2}, three[3] = {3, 3, 3};
  CHECK(isWinningSet(kMarbleSets[Blitz], two));
  CHECK_FALSE(isWinningSet(kMarbleSets[Standard], two));
  CHECK(isWinningSet(kMarbleSets[Standard], three));
  const uint8_t mixed[3] = {3, 4, 2}, blackSet[3] = {0, 0, 5};
  CHECK_FALSE(isWinningSet(kMarbleSets[Standard], mixed));
  CHECK(isWinningSet(kMarbleSets[Blitz], blackSet));
  CHECK_FALSE(isWinningSet(kMarbleSets[Standard], blackSet));
}

TEST_CASE("a position occurring for the third time is a draw (the cycle of a real boardspace game)") {
  // interesting/draw-by-repetition.sgf after 20... Gb5: pool empty, nothing removable; a marble
  // placed on c5 is captured, the capturer is captured back and the capture restored.
  Position p = positionFrom("standard 37 ----/---WG/---W.-/---BWB-/---.--/--GB-/---- 0,0,0 3,3,2 0,3,5 0");
  Game g(p);
  const char* cycle[] = {"Gc5", "xc5We4", "xf3Gd5", "Gf3", "Wc5", "xc5Ge4", "xf3Wd5", "Gf3", "Bc5", "xc5Ge4", "xf3Bd5"};
  for (int ply = 0; ply < 11; ++ply) {
    Move m;
    std::string error;
    INFO(cycle[ply]);
    REQUIRE_FALSE(g.result().over());
    REQUIRE(parseLegalMove(g.position(), cycle[ply], m, error));
    g.play(m);
  }
  // The position after plies 3, 7 and 11 is the same: the third occurrence ends the game.
  CHECK(g.positions()[3] == g.positions()[7]);
  CHECK(g.positions()[7] == g.positions()[11]);
  CHECK(g.result().reason == EndReason::Repetition);
  CHECK(g.result().winner == -1);
  CHECK(legalMoves(g.position()).size() > 0);  // Position alone does not know; Game ends it
}

TEST_CASE("perft from the start: standard 37 depth 1 is 1944, with regression counts deeper and on other boards") {
  CHECK(perft(kStart37, 1) == 1944);
  CHECK(perft(kStart37, 2) == 3277260);
  CHECK(perft(kStart37, 3) == 4114538424ull);
  CHECK(perft(Position::start(kLayout48, Standard), 2) == 7824600);
  CHECK(perft(Position::start(kLayout61, Standard), 2) == 17000496);
  CHECK(perft(Position::start(kLayout40, Blitz), 2) == perft(Position::start(kLayout40, Standard), 2));
}

TEST_CASE("perft bulk counting agrees with move-by-move counting") {
  Position p = after(kStart37, {"Wd4,d7", "Bf2,e6", "Bb4,f5", "Bb2,g4"});
  uint64_t slow = 0;
  forEachLegalMove(p, [&](const Move& m) {
    Position n = p;
    n.play(m);
    forEachLegalMove(n, [&](const Move&) { ++slow; });
  });
  CHECK(perft(p, 2) == slow);
}

// Removability and isolation are computed set-wise (Geometry::neighborsIn,
// adjacentTo); they must mean exactly the per-cell neighbour table, on the
// built-in boards and on irregular custom ones.
TEST_CASE("set-wise neighbours agree with the per-cell neighbour table on every layout") {
  Rng rng(7);
  for (const Geometry& g : testing::builtinAndRandomLayouts(rng, 200)) {
    REQUIRE(g.valid);
    for (int trial = 0; trial < 50; ++trial) {
      Bitboard s = rng.next() & g.all;
      Bitboard in[kDirections], union_ = 0;
      g.neighborsIn(s, in);
      for (int d = 0; d < kDirections; ++d) {
        Bitboard expected = 0;
        for (int cell = 0; cell < g.numCells; ++cell)
          if (g.neighbor[cell][d] != kNoCell && (s & bit(g.neighbor[cell][d]))) expected |= bit(cell);
        INFO("layout " << g.token << " columns " << int(g.numColumns) << " direction " << d);
        REQUIRE(in[d] == expected);
        union_ |= expected;
      }
      REQUIRE(g.adjacentTo(s) == union_);
    }
  }
}
