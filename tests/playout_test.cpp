// Random playouts on every variant, checking at every ply that the
// incremental hash equals a recomputed one, that the position string and
// every move's text round-trip, and that symmetric images agree.
#include <catch2/catch.hpp>

#include "core/rng.h"
#include "core/symmetry.h"
#include "test_helpers.h"

using namespace zertz;
using namespace zertz::testing;

namespace {

// Plays gamesPerVariant random games on every built-in layout and marble
// set. atPly(position, its legal moves) runs before each random move is
// chosen (it may draw from rng too); atEnd(final position) after each game.
template <class AtPly, class AtEnd>
void randomGamesOnEveryVariant(Rng& rng, int gamesPerVariant, AtPly atPly, AtEnd atEnd) {
  for (const Geometry* g : kBuiltinLayouts)
    for (MarbleSetId set : {Blitz, Standard})
      for (int game = 0; game < gamesPerVariant; ++game) {
        Game played(Position::start(*g, set));
        while (!played.result().over()) {
          const Position& p = played.position();
          auto moves = legalMoves(p);
          atPly(p, moves);
          played.play(moves[rng.below(moves.size())]);
        }
        atEnd(played.position());
      }
}

}  // namespace

TEST_CASE("random playouts on every variant keep the hash, position string and move text consistent") {
  Rng rng(12345);
  randomGamesOnEveryVariant(
      rng, 6,
      [](const Position& p, const std::vector<Move>& moves) {
        INFO(toPositionString(p));
        REQUIRE(p.key == p.computeKey());
        Position parsed;
        std::string error;
        REQUIRE(parsePositionString(toPositionString(p), parsed, error));
        REQUIRE(parsed == p);
        REQUIRE(parsed.key == p.key);
        REQUIRE(moves.size() == countLegalMoves(p));
        REQUIRE_FALSE(moves.empty());
        // Text round trip on a sample of the moves (all of them when few).
        for (size_t i = 0; i < moves.size(); i += 1 + moves.size() / 16) {
          Move back;
          REQUIRE(parseLegalMove(p, moveToString(p, moves[i]), back, error));
          REQUIRE(back == moves[i]);
        }
      },
      [](const Position& end) { REQUIRE(end.key == end.computeKey()); });
}

TEST_CASE("the 37- and 61-ring boards have 12 symmetries and the identity is always one") {
  CHECK(layoutSymmetries(kLayout37).size() == 12);
  CHECK(layoutSymmetries(kLayout61).size() == 12);
  for (const Geometry* g : kBuiltinLayouts) {
    auto syms = layoutSymmetries(*g);
    REQUIRE_FALSE(syms.empty());
    for (int c = 0; c < g->numCells; ++c) CHECK(syms[0].map[c] == c);
  }
  CHECK(layoutSymmetries(kLayout48).size() < 12);
}

TEST_CASE("symmetric positions have the same number of legal moves and the same canonical key") {
  Rng rng(7);
  for (const Geometry* g : kBuiltinLayouts) {
    auto syms = layoutSymmetries(*g);
    Position p = Position::start(*g, Standard);
    for (int ply = 0; ply < 14 && p.winner() < 0; ++ply) {
      auto moves = legalMoves(p);
      p.play(moves[rng.below(moves.size())]);
      uint64_t canonical = canonicalKey(p, syms);
      for (const Symmetry& s : syms) {
        Position image = transformPosition(p, s);
        CHECK(countLegalMoves(image) == countLegalMoves(p));
        CHECK(perft(image, 2) == perft(p, 2));
        CHECK(canonicalKey(image, syms) == canonical);
      }
    }
  }
}

// isLegal checks placements directly; it must accept exactly the generated
// moves: every legal move, and no near-miss (wrong colour, target, removal,
// a placement in a capture turn, a capture that stops early or goes on).
TEST_CASE("isLegal accepts exactly the generated moves in random playouts on every variant") {
  Rng rng(777);
  randomGamesOnEveryVariant(
      rng, 3,
      [&rng](const Position& p, const std::vector<Move>& moves) {
        for (const Move& m : moves) REQUIRE(isLegal(p, m));
        auto generated = [&](const Move& m) { return std::find(moves.begin(), moves.end(), m) != moves.end(); };
        for (int trial = 0; trial < 40; ++trial) {
          Move m = moves[rng.below(moves.size())];
          switch (rng.below(6)) {
            case 0: m.color = uint8_t(rng.below(4)); break;
            case 1: m.from = uint8_t(rng.below(66)); break;
            case 2: m.removed = uint8_t(rng.below(66)); break;
            case 3: m.kind = Move::Kind(rng.below(3)); break;
            case 4: m.jumps = uint8_t(rng.below(4)); break;
            default: m.dirs ^= uint64_t(1) << rng.below(12); break;
          }
          INFO(toPositionString(p) << " kind " << int(m.kind) << " colour " << int(m.color) << " from "
                                   << int(m.from) << " removed " << int(m.removed) << " jumps " << int(m.jumps));
          REQUIRE(isLegal(p, m) == generated(m));
        }
      },
      [](const Position&) {});
}
