// The rules' fast paths pinned against plain references on many random
// positions: the isolation flood (near rings found per cell or set-wise, far
// groups walked until they meet one) against a walk of every connected group
// through the neighbour table, and forEachChild (a placement's isolation
// computed once for all colours) against forEachLegalMove with play().
#include <catch2/catch.hpp>

#include <algorithm>
#include <tuple>

#include "core/movegen.h"
#include "core/rng.h"
#include "core/tables/tb_index.h"
#include "random_games.h"

using namespace zertz;

namespace {

// Reference isolation: every connected group of rings, walked cell by cell
// through the neighbour table; captured when it holds no vacant ring.
Bitboard isolatedGroupByGroup(const Geometry& g, Bitboard rings, Bitboard vacant) {
  Bitboard isolated = 0;
  for (Bitboard unseen = rings; unseen;) {
    int stack[kMaxCells], top = 0;
    stack[top++] = lsb(unseen);
    Bitboard group = bit(stack[0]);
    while (top) {
      const int cell = stack[--top];
      for (int d = 0; d < kDirections; ++d) {
        const int nb = g.neighbor[cell][d];
        if (nb == kNoCell || !(rings & bit(nb)) || (group & bit(nb))) continue;
        group |= bit(nb);
        stack[top++] = nb;
      }
    }
    if (!(group & vacant)) isolated |= group;
    unseen &= ~group;
  }
  return isolated;
}

// A random subset of `of`, sparse or dense: the AND of 0 to 3 random words.
Bitboard randomSubset(Rng& rng, Bitboard of) {
  Bitboard s = of;
  for (int k = int(rng.below(4)); k > 0; --k) s &= rng.next();
  return s;
}

struct Child {
  Move move;
  Position next;
};
// Both walks as sets: ordered by move.
std::vector<Child> byMove(std::vector<Child> v) {
  auto fields = [](const Move& m) { return std::tuple(m.kind, m.color, m.from, m.removed, m.jumps, m.dirs, m.dirsTop); };
  std::sort(v.begin(), v.end(), [&](const Child& a, const Child& b) { return fields(a.move) < fields(b.move); });
  return v;
}

// forEachChild against forEachLegalMove + play at pos; the number of children.
size_t checkChildren(const Position& pos) {
  std::vector<Child> plain, grouped;
  forEachLegalMove(pos, [&](const Move& m) {
    Position next = pos;
    next.play(m);
    plain.push_back({m, next});
  });
  forEachChild(pos, [&](const Move& m, const Position& next) { grouped.push_back({m, next}); });
  plain = byMove(plain);
  grouped = byMove(grouped);
  REQUIRE(grouped.size() == plain.size());
  for (size_t i = 0; i < plain.size(); ++i) {
    REQUIRE(grouped[i].move == plain[i].move);
    REQUIRE(grouped[i].next == plain[i].next);
    REQUIRE(grouped[i].next.key == grouped[i].next.computeKey());
  }
  return plain.size();
}

}  // namespace

TEST_CASE("isolation takes exactly the ring groups without a vacant ring, on any ring set and vacancy", "[rules]") {
  Rng rng(11);
  for (const Geometry& g : testing::builtinAndRandomLayouts(rng, 200)) {
    REQUIRE(g.valid);
    for (int trial = 0; trial < 300; ++trial) {
      const Bitboard rings = trial % 2 ? g.all : randomSubset(rng, g.all);
      const Bitboard vacant = trial % 7 == 0 ? 0 : randomSubset(rng, rings);
      INFO("layout " << g.token << " rings " << rings << " vacant " << vacant);
      REQUIRE(fullyOccupiedGroups(g, rings, vacant) == isolatedGroupByGroup(g, rings, vacant));
    }
  }
  // The solver's boards: every table shape up to 6 rings, spread over many
  // columns (one empty column between groups).
  tb::Indexer ix(Blitz, 6);
  for (int level = 1; level <= 6; ++level)
    for (int id = 0; id < ix.numShapes(level); ++id) {
      const tb::Shape& s = ix.shape(level, id);
      for (int trial = 0; trial < 40; ++trial) {
        const Bitboard rings = trial % 2 ? s.ringMask : randomSubset(rng, s.ringMask);
        const Bitboard vacant = randomSubset(rng, rings);
        REQUIRE(fullyOccupiedGroups(*s.geo, rings, vacant) == isolatedGroupByGroup(*s.geo, rings, vacant));
      }
    }
}

TEST_CASE("forEachChild gives every legal move the position play() gives it, on random games and table positions", "[rules]") {
  size_t children = 0;
  testing::RandomGames games;
  games.seed = 5;
  games.gamesPerVariant = 2;
  games.atPosition = [&](const Game& game, const std::vector<Move>&, Rng&) { children += checkChildren(game.position()); };
  testing::playRandomGames(games);
  // Table positions: small boards where most placements isolate, and
  // arrangements play never reaches (fully occupied groups on the board).
  tb::Indexer ix(Blitz, 6);
  Rng rng(3);
  for (int level = 1; level <= 6; ++level)
    for (int k = 0; k < 3000; ++k) {
      Position p;
      if (ix.decode(level, rng.below(ix.levelSize(level)), p)) children += checkChildren(p);
    }
  CHECK(children > 100000);
}
