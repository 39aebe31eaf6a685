// Proof search (core/proof.h): exact values checked against exhaustive
// minimax on small positions, plus constructed wins, losses and draws.
#include <catch2/catch.hpp>

#include <array>

#include "core/proof/proof.h"
#include "core/proof/proof_wins.h"
#include "core/rng.h"
#include "core/engine/search.h"
#include "proof_brute.h"
#include "random_games.h"
#include "test_helpers.h"

using namespace zertz;
using namespace zertz::testing;

namespace {

ProofLimits fastLimits() {
  ProofLimits l;
  l.maxSeconds = 0;  // node budgets only: results do not depend on machine load
  l.maxNodes = 200'000;
  l.ttLog2 = 16;
  return l;
}

// Small boards where exhaustive minimax is affordable.
const char* kSmallLayouts[] = {"1:2,0:3,1:2", "0:2,1:2", "0:3,1:2", "1:2,0:3", "0:3,1:3", "1:2,0:3,1:3",
                               "0:2,1:3,0:2", "1:3,0:4,1:3", "0:4,1:3,0:2", "1:2,0:3,1:3,0:2"};

// A random position: a small board, a random marble supply (so pools run dry
// and passes and cycles happen), then a few random moves.
bool randomSmallGame(Rng& rng, Game& out) {
  std::string error;
  const Geometry* g = layoutFromToken(kSmallLayouts[rng.below(std::size(kSmallLayouts))], error);
  REQUIRE(g);
  MarbleSetId set = rng.below(2) ? Blitz : Standard;
  Position p = Position::start(*g, set);
  for (int c = 0; c < kColors; ++c) {
    p.setPool(c, int(rng.below(3)));
    // Captures below every winning threshold, and below "each of every colour".
    p.setCaptures(0, c, int(rng.below(2)));
    p.setCaptures(1, c, int(rng.below(2)));
  }
  // Some marbles already on the board.
  for (Bitboard b = p.rings; b;) {
    int cell = popLsb(b);
    if (rng.below(3) == 0) p.putMarble(cell, int(rng.below(3)));
  }
  if (fullyOccupiedGroups(p) || p.winner() >= 0) return false;
  Game game(p);
  playRandomMoves(rng, game, int(rng.below(4)));
  if (game.result().over()) return false;
  out = game;
  return true;
}

// A position from a string, then with the marble supply overridden: the
// rules do not need the full set, and tiny boards with an empty pool are
// otherwise impossible without someone having already won.
Position withSupply(const std::string& text, std::array<int, 3> pool, std::array<int, 3> caps0,
                    std::array<int, 3> caps1) {
  Position p = positionFrom(text);
  for (int c = 0; c < kColors; ++c) {
    p.setPool(c, pool[c]);
    p.setCaptures(0, c, caps0[c]);
    p.setCaptures(1, c, caps1[c]);
  }
  REQUIRE(p.key == p.computeKey());
  return p;
}

}  // namespace

TEST_CASE("proof search never contradicts exhaustive minimax on random small positions") {
  Rng rng(20261129);
  int compared = 0, exactValues = 0, exactDistances = 0, draws = 0, losses = 0, unknown = 0;
  for (int i = 0; i < 600; ++i) {
    Game game{Position::start(kLayout37, Blitz)};
    if (!randomSmallGame(rng, game)) continue;
    ProofResult truth = bruteForce(game, 300'000);
    if (truth.value.outcome == Outcome::Unknown) continue;
    ProofResult r = prove(game, fastLimits());
    ++compared;
    INFO(toPositionString(game.position()) << " after " << moveListString(game));
    INFO("proof " << outcomeName(r.value.outcome) << " " << r.value.plies << (r.value.exact ? " exact" : "")
                  << ", minimax " << outcomeName(truth.value.outcome) << " " << truth.value.plies);
    if (r.value.outcome == Outcome::Unknown) {
      ++unknown;
      continue;
    }
    REQUIRE(r.value.outcome == truth.value.outcome);
    ++exactValues;
    if (r.value.outcome == Outcome::Draw) ++draws;
    if (r.value.outcome == Outcome::Loss) ++losses;  // proven by the disproof of the side to move's win
    if (r.value.outcome == Outcome::Win || r.value.outcome == Outcome::Loss) {
      // The proven line is never shorter than perfect play, and "exact" means equal.
      REQUIRE(r.value.plies >= truth.value.plies);
      if (r.value.exact) {
        REQUIRE(r.value.plies == truth.value.plies);
        ++exactDistances;
      }
      REQUIRE(r.hasBest);
      // The best move keeps the value: after a winning move the opponent loses.
      if (r.value.outcome == Outcome::Win) {
        Game next = game;
        next.play(r.best);
        ProofResult after = bruteForce(next, 300'000);
        if (after.value.outcome != Outcome::Unknown) CHECK(after.value.outcome == Outcome::Loss);
        if (r.value.exact && after.value.outcome == Outcome::Loss) CHECK(after.value.plies == r.value.plies - 1);
      }
    }
  }
  INFO("compared " << compared << " exact " << exactValues << " draws " << draws << " unknown " << unknown);
  std::printf("proof-vs-minimax: compared %d exact %d exactDist %d draws %d unknown %d\n", compared, exactValues, exactDistances, draws, unknown);
  CHECK(compared >= 150);
  // Small positions are easy: nearly all must be solved, with exact distances.
  CHECK(exactValues >= compared * 9 / 10);
  CHECK(exactDistances >= (exactValues - draws) * 9 / 10);
  CHECK(draws > 0);
  CHECK(losses > 0);
}

TEST_CASE("with a proof memory kept along games, across boards and marble sets, results still agree with exhaustive minimax") {
  // Small node budgets, so that what the memory carries from one call to the
  // next decides results; pools run dry, so lines repeat positions and the
  // memory sees repetition cut-offs (which it must not carry over).
  Rng rng(20261130);
  ProofMemory memory(16);
  ProofLimits limits = fastLimits();
  limits.maxNodes = 2'000;
  int compared = 0, exact = 0, emptyPool = 0;
  for (int i = 0; i < 160; ++i) {
    Game game{Position::start(kLayout37, Blitz)};
    if (!randomSmallGame(rng, game)) continue;
    playRandomMoves(rng, game, 6, [&](const Game& game, const std::vector<Move>&, Rng&) {
      ProofResult truth = bruteForce(game, 300'000);
      if (truth.value.outcome != Outcome::Unknown) {
        ProofResult r = prove(game, limits, &memory);
        INFO(toPositionString(game.position()) << " after " << moveListString(game));
        INFO("proof " << outcomeName(r.value.outcome) << " " << r.value.plies << ", minimax " << outcomeName(truth.value.outcome) << " "
                      << truth.value.plies);
        ++compared;
        emptyPool += game.position().poolEmpty();
        if (r.value.outcome != Outcome::Unknown) {
          ++exact;
          REQUIRE(r.value.outcome == truth.value.outcome);
          if (r.value.outcome != Outcome::Draw) {
            REQUIRE(r.value.plies >= truth.value.plies);
            if (r.value.exact) REQUIRE(r.value.plies == truth.value.plies);
          }
        }
      }
    });
  }
  std::printf("proof-memory-vs-minimax: compared %d exact %d (empty pool %d)\n", compared, exact, emptyPool);
  CHECK(compared >= 250);
  CHECK(emptyPool >= 25);
  CHECK(exact >= compared * 8 / 10);
}

TEST_CASE("the root's moves split into parts proved apart combine into the position's exact value") {
  // Each part is what one browser worker proves; the parts together must
  // answer as one search over all moves does, and as exhaustive minimax.
  Rng rng(20261201);
  int compared = 0, exact = 0, emptyParts = 0, winsInOnePart = 0;
  for (int i = 0; i < 200; ++i) {
    Game game{Position::start(kLayout37, Blitz)};
    if (!randomSmallGame(rng, game)) continue;
    ProofResult truth = bruteForce(game, 300'000);
    if (truth.value.outcome == Outcome::Unknown) continue;
    const int parts = 2 + int(rng.below(3));
    std::vector<ProofResult> answers;
    // A kept memory, as in a worker: a part's root must not leave its
    // partial value there for the next part.
    ProofMemory memory(16);
    for (int part = 0; part < parts; ++part) {
      ProofLimits limits = fastLimits();
      limits.part = part, limits.parts = parts;
      answers.push_back(prove(game, limits, &memory));
      emptyParts += answers.back().emptyPart;
    }
    const ProofResult r = combineRootParts(answers);
    INFO(toPositionString(game.position()) << " after " << moveListString(game) << ", " << parts << " parts");
    INFO("combined " << outcomeName(r.value.outcome) << " " << r.value.plies << (r.value.exact ? " exact" : "") << ", minimax "
                     << outcomeName(truth.value.outcome) << " " << truth.value.plies);
    ++compared;
    if (r.value.outcome == Outcome::Unknown) continue;
    ++exact;
    REQUIRE(r.value.outcome == truth.value.outcome);
    if (r.value.outcome == Outcome::Win || r.value.outcome == Outcome::Loss) {
      REQUIRE(r.value.plies >= truth.value.plies);
      if (r.value.exact) REQUIRE(r.value.plies == truth.value.plies);
      REQUIRE(r.hasBest);
    }
    if (r.value.outcome == Outcome::Win) {
      int winning = 0;
      for (const ProofResult& a : answers) winning += a.value.outcome == Outcome::Win;
      winsInOnePart += winning < parts;
      // The best move wins: after it the opponent loses.
      Game next = game;
      next.play(r.best);
      ProofResult after = bruteForce(next, 300'000);
      if (after.value.outcome != Outcome::Unknown) CHECK(after.value.outcome == Outcome::Loss);
    }
    // The same memory, asked for the whole position now, agrees too.
    ProofResult whole = prove(game, fastLimits(), &memory);
    if (whole.value.outcome != Outcome::Unknown) REQUIRE(whole.value.outcome == truth.value.outcome);
  }
  std::printf("root-parts-vs-minimax: compared %d exact %d (empty parts %d, wins found by some parts only %d)\n", compared,
              exact, emptyParts, winsInOnePart);
  CHECK(compared >= 50);
  CHECK(exact >= compared * 9 / 10);
  CHECK(emptyParts > 0);
  CHECK(winsInOnePart > 0);
}

TEST_CASE("combining root parts: a win needs one part, a loss needs every part, an unanswered part leaves it unknown") {
  auto answer = [](Outcome v, int plies, bool exact) {
    ProofResult r;
    r.value = {v, plies, exact}, r.hasBest = v != Outcome::Unknown;
    r.best = Move::place(0, plies % 30, kNoCell);
    return r;
  };
  ProofResult empty;
  empty.emptyPart = true;
  const Outcome W = Outcome::Win, L = Outcome::Loss, D = Outcome::Draw, U = Outcome::Unknown;
  // Win: the fastest part; exact only when no part is unknown.
  ProofResult r = combineRootParts({answer(L, 4, true), answer(W, 7, true), answer(W, 5, true)});
  CHECK(r.value.outcome == W);
  CHECK(r.value.plies == 5);
  CHECK(r.value.exact);
  CHECK(r.best == Move::place(0, 5, kNoCell));
  r = combineRootParts({answer(W, 5, true), answer(U, -1, false)});
  CHECK(r.value.outcome == W);
  CHECK_FALSE(r.value.exact);
  r = combineRootParts({answer(W, 5, true), answer(W, 7, false)});
  CHECK_FALSE(r.value.exact);  // the other part may hold a faster win
  // Loss: every part loses; the slowest part's line.
  r = combineRootParts({answer(L, 4, true), empty, answer(L, 8, true)});
  CHECK(r.value.outcome == L);
  CHECK(r.value.plies == 8);
  CHECK(r.value.exact);
  CHECK(combineRootParts({answer(L, 4, true), answer(L, 8, false)}).value.exact == false);
  CHECK(combineRootParts({answer(L, 4, true), answer(U, -1, false)}).value.outcome == U);
  // Draw: no part wins, one draws, all answered.
  CHECK(combineRootParts({answer(L, 4, true), answer(D, -1, false)}).value.outcome == D);
  CHECK(combineRootParts({answer(D, -1, false), answer(U, -1, false)}).value.outcome == U);
  CHECK(combineRootParts({empty, empty}).value.outcome == U);
}

TEST_CASE("a win proven with a proof memory is answered from it again, and for the loser after the winning move") {
  // A 9-ply win from a real 48-ring endgame (boardspace archive).
  const Position p = positionFrom("standard 48 --.../--B..-/--....-/--....../--.G.--/-....-/...../.... 3,4,3 1,2,4 2,1,2 0");
  ProofLimits limits;
  limits.maxSeconds = 0;
  limits.maxNodes = 3'000'000;
  limits.exactDistance = false;
  ProofMemory memory(20);
  const ProofResult first = prove(Game(p), limits, &memory);
  REQUIRE(first.value.outcome == Outcome::Win);
  REQUIRE(first.hasBest);
  CHECK(first.nodes > 1'000);

  const ProofResult again = prove(Game(p), limits, &memory);
  CHECK(again.value.outcome == Outcome::Win);
  CHECK(again.value.plies == first.value.plies);
  CHECK(again.nodes == 1);  // the root's expansion finds a proven move

  Game next(p);
  next.play(first.best);
  const ProofResult loser = prove(next, limits, &memory);
  CHECK(loser.value.outcome == Outcome::Loss);
  CHECK(loser.value.plies <= first.value.plies - 1);
  CHECK(loser.nodes == 1);  // every reply is proven lost in the memory
  const ProofResult fresh = prove(next, limits);
  CHECK(fresh.value.outcome == Outcome::Loss);
  CHECK(fresh.nodes > 100);
}

TEST_CASE("a capture that completes a winning set is a win in 1 ply, and that capture is the best move") {
  // Blitz: 3 white win. Player 0 holds 2 white; d4 jumps the white on d5.
  Position p = positionFrom("blitz 37 ..../...../....../...WW../....../...../.... 1,7,9 2,0,0 0,0,0 0");
  ProofResult r = prove(Game(p), fastLimits());
  REQUIRE(r.value.outcome == Outcome::Win);
  CHECK(r.value.plies == 1);
  CHECK(r.value.exact);
  REQUIRE(r.hasBest);
  std::string best = moveToString(p, r.best);
  CHECK((best == "xd4Wd6" || best == "xd5Wd3"));
}

TEST_CASE("two passes in a row are a draw: with no marble to place for either side the value is draw") {
  // Pool empty, no captures: each side can only pass.
  Position p = withSupply("blitz 0:2,1:2 W./.G 4,6,9 0,0,0 0,0,0 0", {0, 0, 0}, {0, 0, 0}, {0, 0, 0});
  ProofResult r = prove(Game(p), fastLimits());
  CHECK(r.value.outcome == Outcome::Draw);
}

TEST_CASE("a pass just played in the game history makes a second pass end the game in a draw") {
  // Player 0 has nothing to place and passes; player 1 then has one white.
  Position p = withSupply("blitz 1:2,0:3,1:2 ../.W./.. 4,7,9 0,0,0 0,0,0 0", {0, 0, 0}, {0, 0, 0}, {1, 0, 0});
  Game game(p);
  REQUIRE(legalMoves(game.position()).size() == 1);
  game.play(Move::pass());
  ProofResult withHistory = prove(game, fastLimits());
  ProofResult truth = bruteForce(game, 5'000'000);
  REQUIRE(truth.value.outcome != Outcome::Unknown);
  if (withHistory.value.outcome != Outcome::Unknown) CHECK(withHistory.value.outcome == truth.value.outcome);
}

TEST_CASE("a finished game answers its result with 0 plies") {
  Position p = positionFrom("blitz 37 ..../...../....../...WW../....../...../.... 1,7,9 2,0,0 0,0,0 0");
  Game game(p);
  game.play(legalMoves(p).front());
  REQUIRE(game.result().over());
  ProofResult r = prove(game, fastLimits());
  CHECK(r.value.outcome == Outcome::Loss);  // the side to move (1) has lost
  CHECK(r.value.plies == 0);
}

TEST_CASE("an exhausted budget answers unknown, never a guessed value") {
  Game game{Position::start(kLayout61, Standard)};
  ProofLimits l = fastLimits();
  l.maxNodes = 50;
  ProofResult r = prove(game, l);
  CHECK(r.value.outcome == Outcome::Unknown);
  CHECK(!r.why.empty());
}

TEST_CASE("following the proof's best moves wins against the strongest engine level within the proven distance") {
  // Positions proven won for the side to move; the winner plays prove().best
  // every turn, the loser plays the engine at its strongest level (node-
  // limited so the test is deterministic).
  Rng rng(7);
  int played = 0;
  for (int i = 0; i < 300 && played < 12; ++i) {
    Game game{Position::start(kLayout37, Blitz)};
    if (!randomSmallGame(rng, game)) continue;
    ProofResult r = prove(game, fastLimits());
    if (r.value.outcome != Outcome::Win || r.value.plies < 3) continue;
    ++played;
    const int winner = game.position().turn;
    const int claimed = r.value.plies;
    INFO(toPositionString(game.position()) << " claimed win in " << claimed);
    int plies = 0;
    while (!game.result().over() && plies < claimed) {
      Move m;
      if (game.position().turn == winner) {
        ProofResult step = prove(game, fastLimits());
        REQUIRE(step.value.outcome == Outcome::Win);  // a won position stays won after the best move and any reply
        REQUIRE(step.hasBest);
        m = step.best;
      } else {
        SearchLimits sl;
        sl.nodes = 20000;
        m = think(game, sl, kMaxLevel).best;
        REQUIRE(isLegal(game.position(), m));
      }
      game.play(m);
      ++plies;
    }
    REQUIRE(game.result().over());
    CHECK(game.result().winner == winner);
  }
  CHECK(played >= 5);
}

namespace {

// Random playouts on the real boards (where isolations happen late), every
// fourth from a random small-board position: visit(pos, lastMove) at every
// position (lastMove is a pass at the first one).
template <class Visit>
void forEachPlayoutPosition(Rng& rng, int games, Visit&& visit) {
  const Geometry* boards[] = {&kLayout37, &kLayout48, &kLayout61};
  for (int game = 0; game < games; ++game) {
    Position p = Position::start(*boards[game % 3], game % 2 ? Standard : Blitz);
    if (game % 4 == 3) {
      Game small{Position::start(kLayout37, Blitz)};
      if (!randomSmallGame(rng, small)) continue;
      p = small.position();
    }
    // Stops where the mover must pass: the visits want a move to check.
    Game played(p);
    playRandomMoves(
        rng, played, 200,
        [&](const Game& g, const std::vector<Move>&, Rng&) {
          visit(g.position(), g.moves().empty() ? Move{} : g.moves().back());
        },
        [](const Position& at) { return !(placeableColors(at) | hasCapture(at)); });
  }
}

}  // namespace

TEST_CASE("the immediate-win check claims only moves that win at once, and finds the wins by capture and isolation") {
  // At every position of random playouts, compare with trying every move.
  Rng rng(424242);
  int positions = 0, wins = 0, found = 0, isolationWins = 0, isolationFound = 0, afterPlacement = 0;
  forEachPlayoutPosition(rng, 120, [&](const Position& p, const Move& last) {
    ++positions;
    const bool capture = hasCapture(p);
    bool truth = false;
    forEachLegalMove(p, [&](const Move& m) {
      Position q = p;
      q.play(m);
      truth = truth || q.winner() == p.turn;
    });
    Move m;
    uint32_t count = 0;
    bool claimed = capture ? findWinningCapture(p, &m, &count) : findWinningPlacement(p, &m);
    INFO(toPositionString(p));
    if (capture) CHECK(count == countLegalMoves(p));
    if (capture && last.kind == Move::Place) {
      // Right after a placement, the captures all start at the new marble
      // or next to it: the restricted search sees the same ones.
      uint32_t near = 0;
      CHECK(findWinningCapture(p, nullptr, &near, bit(last.from) | p.geo->adjacent[last.from]) == claimed);
      CHECK(near == count);
      ++afterPlacement;
    }
    if (claimed) {
      REQUIRE(isLegal(p, m));
      Position q = p;
      q.play(m);
      REQUIRE(q.winner() == p.turn);
    }
    wins += truth, found += claimed;
    if (!capture) isolationWins += truth, isolationFound += claimed;
  });
  std::printf("immediate wins: %d positions, %d with a win, %d found (isolation %d of %d)\n", positions, wins, found,
              isolationFound, isolationWins);
  CHECK(afterPlacement >= 100);
  CHECK(isolationWins >= 50);
  // Every capture sequence is tried, so no capture win is missed.
  CHECK(found - isolationFound == wins - isolationWins);
  // Misses of isolations only cost search time; the filters are meant to see
  // (nearly) all of them.
  CHECK(isolationFound * 100 >= isolationWins * 95);
}

TEST_CASE("a placement that isolates the last marble a set needs is found as an immediate win") {
  // Standard: player 1 holds 2 white, 3 grey, 3 black and needs a third
  // white for "3 of each". No capture is on; a white placed on d1 with d2
  // removed is cut off with nothing vacant around it (the check may find
  // another isolation; playing what it finds must end the game for player 1).
  Position p = positionFrom("standard 37 ---B/--B.-/--..--/....W--/-...--/-...-/-G-. 2,0,3 1,4,2 2,3,3 1");
  REQUIRE(!hasCapture(p));
  Move m;
  REQUIRE(findWinningPlacement(p, &m));
  REQUIRE(isLegal(p, m));
  Position q = p;
  q.play(m);
  CHECK(q.winner() == 1);
  ProofResult r = prove(Game(p), fastLimits());
  CHECK(r.value.outcome == Outcome::Win);
  CHECK(r.value.plies == 1);
}

TEST_CASE("a placement captures by isolation exactly when the isolation map says so") {
  // Random playouts on the real boards and the small ones, every placement
  // of every position: the map's answer against playing the move.
  Rng rng(777);
  int placements = 0, isolating = 0;
  forEachPlayoutPosition(rng, 90, [&](const Position& p, const Move&) {
    if (hasCapture(p) || !placeableColors(p)) return;
    const IsolationMap map(p);
    forEachLegalMove(p, [&](const Move& m) {
      Position q = p;
      const bool truth = q.play(m) != 0;
      INFO(toPositionString(p) << " " << moveToString(p, m));
      REQUIRE(map.isolates(m.from, m.removed) == truth);
      ++placements;
      isolating += truth;
    });
  });
  CHECK(isolating >= 100);
  CHECK(placements > 100 * isolating);
}
