// The values of one hint agree with each other as minimax says
// (core/proof/hints.h, "Consistency"): the position's value is its best
// move's (a move's value counts the move itself: the successor's distance
// plus one ply), proven moves settle or bound the position, and an engine
// score that claims a result is never shown as an estimate.
#include <catch2/catch.hpp>

#include <cstdlib>

#include "core/engine/search.h"
#include "core/engine/winprob.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/proof/hints.h"
#include "test_helpers.h"

using namespace zertz;
using namespace zertz::testing;

namespace {

const char* const kOpen = "standard 37 ..../...../....../......./....../...../.... 6,8,10 0,0,0 0,0,0 0";

// A real 48-ring game (boardspace archive) whose last position is a win in
// 3 plies for its side to move; every position near the end is proven in
// milliseconds.
Game realEnding(size_t plies) {
  static const std::vector<std::string> line = {"Bb4,f1", "Bf4,e1", "Bd3,b1", "Bf5,e2", "xf5Bf3", "Bd2,c1", "xd3Bd1",
                                                "Bd2,c2", "xd1Bd3", "Wd1,d2", "Gg2,b2", "xg2Be4", "Wa1,a2", "Gb5,b6",
                                                "xb5Bb3", "Wa3,f6", "xa3Gc3", "xd3Wb3", "Bd6,e7", "Gc5,e6", "xd6Gb4",
                                                "xb3Bb5", "Gb4,c7", "xb5Gb3", "Bd8,d7", "Gg3,c6"};
  Game game(positionFrom("standard 48 ...../....../......./......../......./....../...../.... 6,8,10 0,0,0 0,0,0 0"));
  for (size_t i = 0; i < plies && i < line.size(); ++i) {
    Move m;
    std::string error;
    REQUIRE(parseLegalMove(game.position(), line[i], m, error));
    game.play(m);
  }
  return game;
}

const MoveHint* hintOf(const Hints& h, const Move& m) {
  for (const MoveHint& p : h.moves)
    if (p.move == m) return &p;
  return nullptr;
}

Hints proofHints(GameValue value) {
  Hints h;
  h.source = Hints::Source::Proof;
  h.value = value;
  return h;
}

// The rule every proven hint keeps: its best move is listed with the
// position's outcome and distance.
void checkBestCarriesValue(const Position& pos, const Hints& h) {
  if (!h.value.known()) return;
  REQUIRE(h.hasBest);
  const MoveHint* b = hintOf(h, h.best);
  INFO("best " << moveToString(pos, h.best) << ", position " << valueText(h.value));
  REQUIRE(b);
  CHECK(b->value.outcome == h.value.outcome);
  if (h.value.outcome == Outcome::Win) CHECK(b->value.plies == h.value.plies);
  if (h.value.outcome == Outcome::Loss) CHECK(b->value.plies <= h.value.plies);
  for (const MoveHint& m : h.moves)  // no move wins faster than the position
    if (m.value.outcome == Outcome::Win) CHECK(m.value.plies >= h.value.plies);
}

}  // namespace

TEST_CASE("A move proven won makes the position won, no slower than that move, and the best move") {
  const std::vector<Move> legal = legalMoves(positionFrom(kOpen));
  Hints h = proofHints({});
  h.moves = {{legal[2], {Outcome::Win, 5, true}}, {legal[4], {Outcome::Win, 7, false}}};
  agreeWithMoves(h, legal);
  CHECK(h.value == GameValue{Outcome::Win, 5, false});  // another move might win faster
  REQUIRE(h.hasBest);
  CHECK(h.best == legal[2]);

  // "Won in 11 (a line found)" beside a move "win 5": the position wins in 5.
  h = proofHints({Outcome::Win, 11, false});
  h.hasBest = true, h.best = legal[0];
  h.moves = {{legal[2], {Outcome::Win, 5, false}}};
  agreeWithMoves(h, legal);
  CHECK(h.value == GameValue{Outcome::Win, 5, false});
  CHECK(h.best == legal[2]);
}

TEST_CASE("The position's best move carries the position's value, listed when the moves' searches missed it") {
  const std::vector<Move> legal = legalMoves(positionFrom(kOpen));
  // A shortest win of 3 through a move whose own search found a 5-ply line.
  Hints h = proofHints({Outcome::Win, 3, true});
  h.hasBest = true, h.best = legal[1];
  h.moves = {{legal[1], {Outcome::Win, 5, false}}};
  agreeWithMoves(h, legal);
  CHECK(hintOf(h, legal[1])->value == GameValue{Outcome::Win, 3, true});

  h = proofHints({Outcome::Win, 7, false});
  h.hasBest = true, h.best = legal[6];
  agreeWithMoves(h, legal);
  REQUIRE(hintOf(h, legal[6]));
  CHECK(hintOf(h, legal[6])->value == GameValue{Outcome::Win, 7, false});

  h = proofHints({Outcome::Loss, 6, true});
  h.hasBest = true, h.best = legal[6];
  agreeWithMoves(h, legal);
  REQUIRE(hintOf(h, legal[6]));
  CHECK(hintOf(h, legal[6])->value.outcome == Outcome::Loss);
  CHECK(hintOf(h, legal[6])->value.plies == 6);
}

TEST_CASE("A position proven lost in N plies loses in at most N plies after any move") {
  const std::vector<Move> legal = legalMoves(positionFrom(kOpen));
  Hints h = proofHints({Outcome::Loss, 6, false});
  h.moves = {{legal[0], {Outcome::Loss, 9, false}}, {legal[1], {Outcome::Loss, 4, true}}};
  agreeWithMoves(h, legal);
  CHECK(hintOf(h, legal[0])->value == GameValue{Outcome::Loss, 6, false});
  CHECK(hintOf(h, legal[1])->value == GameValue{Outcome::Loss, 4, true});
}

TEST_CASE("Every move proven lost makes the position lost in its longest defence, one proven drawn makes it drawn") {
  const std::vector<Move> legal = legalMoves(positionFrom(kOpen));
  const std::vector<Move> scope(legal.begin(), legal.begin() + 3);  // one part's moves
  Hints h = proofHints({});
  h.moves = {{legal[0], {Outcome::Loss, 3, true}}, {legal[1], {Outcome::Loss, 5, true}}, {legal[2], {Outcome::Loss, 1, true}}};
  agreeWithMoves(h, scope);
  CHECK(h.value == GameValue{Outcome::Loss, 5, true});
  CHECK(h.best == legal[1]);

  h = proofHints({});
  h.moves = {{legal[0], {Outcome::Loss, 3, true}}, {legal[1], {Outcome::Loss, 5, false}}, {legal[2], {Outcome::Loss, 1, true}}};
  agreeWithMoves(h, scope);
  CHECK(h.value == GameValue{Outcome::Loss, 5, false});  // the longest defence is a bound: so is the position's

  h = proofHints({});
  h.moves = {{legal[0], {Outcome::Loss, 3, true}}, {legal[1], {Outcome::Draw, -1, true}}, {legal[2], {Outcome::Loss, 1, true}}};
  agreeWithMoves(h, scope);
  CHECK(h.value.outcome == Outcome::Draw);
  CHECK(h.best == legal[1]);

  h = proofHints({});
  h.moves = {{legal[0], {Outcome::Loss, 3, true}}, {legal[1], {Outcome::Loss, 5, true}}};
  agreeWithMoves(h, scope);  // a move of the scope unproven: nothing follows
  CHECK_FALSE(h.value.known());
}

TEST_CASE("Hints of real positions list the best move with the position's value, alone and merged from parts") {
  for (size_t plies : {21, 22, 23, 24, 25, 26}) {
    const Game game = realEnding(plies);
    INFO("after " << plies << " plies");
    HintOptions options{300, true};
    const Hints whole = computeHints(game, nullptr, options);
    checkBestCarriesValue(game.position(), whole);
    std::vector<Hints> parts;
    for (int part = 0; part < 2; ++part) {
      options.part = part, options.parts = 2;
      parts.push_back(computeHints(game, nullptr, options));
    }
    const Hints merged = mergeHintParts(game.position(), parts);
    checkBestCarriesValue(game.position(), merged);
    if (merged.value.known()) CHECK(merged.estimates.empty());
  }
}

TEST_CASE("An engine score that claims a result is never shown as an estimate: proof search confirms it as the move's value") {
  // Near the end of a real game, with almost no time for proof search: the
  // engine's searches of the moves find the forced results themselves.
  for (size_t plies : {21, 22, 23, 24, 25}) {
    const Game game = realEnding(plies);
    INFO("after " << plies << " plies");
    const Hints h = computeHints(game, nullptr, HintOptions{1, true});
    for (const MoveEstimate& e : h.estimates) {
      CHECK(std::abs(e.score) <= kWinBound);
      CHECK(e.winprob > 0.0);
      CHECK(e.winprob < 1.0);
    }
    // Every listed value is the one a search of its successor alone proves.
    ProofLimits check;
    check.maxSeconds = 0, check.maxNodes = 200'000, check.exactDistance = false;
    for (const MoveHint& m : h.moves) {
      Game child = game;
      child.play(m.move);
      const ProofResult alone = prove(child, check);
      if (alone.value.known()) CHECK(alone.value.forMover().outcome == m.value.outcome);
    }
    checkBestCarriesValue(game.position(), h);
  }
}
