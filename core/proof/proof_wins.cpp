// Immediate-win detection; see proof_wins.h. Every candidate move is played
// on a copy and kept only when the mover has then won.
#include "core/proof/proof_wins.h"

#include "core/movegen.h"

namespace zertz {

bool findWinningCapture(const Position& pos, Move* win, uint32_t* count, Bitboard starts) {
  const int me = pos.turn;
  uint32_t n = 0;
  bool found = false;
  forEachCapture(
      pos, [&](const Move& m) {
        ++n;
        if (found) return;
        Position q = pos;
        q.play(m);
        if (q.winner() == me) {
          found = true;
          if (win) *win = m;
        }
      },
      starts);
  if (count) *count = n;
  return found;
}

namespace {

// Without a popcount instruction (the native build's default target) these
// are much cheaper than counting.
bool atMostOne(Bitboard b) { return (b & (b - 1)) == 0; }
bool atMostTwo(Bitboard b) { return atMostOne(b & (b - 1)); }

// Calls visit(cells, boundary) for every connected group of occupied rings
// (a cluster) with the vacant rings around it. Cell by cell: a few marbles,
// one neighbour lookup each.
template <class Visit>
void forEachCluster(const Position& pos, Visit&& visit) {
  const Geometry& g = *pos.geo;
  const Bitboard occ = pos.occupied(), vacant = pos.vacant();
  for (Bitboard unseen = occ; unseen;) {
    Bitboard group = bit(lsb(unseen)), frontier = group, around = 0;
    while (frontier) {
      const Bitboard adj = g.adjacent[popLsb(frontier)];
      around |= adj;
      const Bitboard grow = adj & occ & ~group;
      group |= grow;
      frontier |= grow;
    }
    unseen &= ~group;
    visit(group, around & vacant);
  }
}

// A connected group of occupied rings and the vacant rings around it.
struct Cluster {
  Bitboard cells, boundary;  // no initialisers: a stack array of 64 is not zeroed per call
};

struct PlacementProbe {
  const Position& pos;
  unsigned colors;
  Move* win;
  Bitboard removable = 0;
  bool removableKnown = false;

  Bitboard removalOptions(int t) {
    if (!removableKnown) removable = removableRings(pos), removableKnown = true;
    return removable & ~bit(t);
  }
  // Whether placing on t and removing r could win: a filter before
  // playing, generous (every group whose vacant neighbours are among t and
  // r counts as taken, and so does the placed marble, also when it came
  // from the mover's own captures).
  bool couldWin(const Cluster* clusters, int numClusters, int t, int r) const {
    const Bitboard spent = bit(t) | (r == kNoCell ? 0 : bit(r));
    Bitboard taken = 0;
    for (int i = 0; i < numClusters; ++i)
      if (!(clusters[i].boundary & ~spent)) taken |= clusters[i].cells;
    if (!(pos.rings & ~(taken | spent))) return true;  // the board may empty
    uint8_t caps[kColors];
    for (int c = 0; c < kColors; ++c)
      caps[c] = uint8_t(pos.captures[pos.turn][c] + __builtin_popcountll(taken & pos.marbles[c]));
    for (int c = 0; c < kColors; ++c) {
      if (!(colors & (1u << c))) continue;
      ++caps[c];
      bool w = isWinningSet(pos.marbleSet(), caps);
      --caps[c];
      if (w) return true;
    }
    return false;
  }
  // Plays (colour, t, r) for every placeable colour; true when one wins.
  // r must be a legal removal for target t: in removalOptions(t), or
  // kNoCell when that is empty.
  bool tryMove(int t, int r) const {
    for (int c = 0; c < kColors; ++c) {
      if (!(colors & (1u << c))) continue;
      Move m = Move::place(c, t, r);
      Position q = pos;
      q.play(m);
      if (q.winner() == pos.turn) {
        if (win) *win = m;
        return true;
      }
    }
    return false;
  }
};

}  // namespace

// After placing on vacant t and removing r, a connected group C of rings
// with no vacant ring is captured. Either t is not in C: then C is a group
// of marbles whose only vacant neighbour was r (case 1). Or t is in C: then
// C is t joined with every marble group next to t, and its vacant neighbours
// other than t are at most r (case 2). Only groups with at most two vacant
// neighbours can take part, which keeps the candidates few; the filter
// couldWin and a played move decide.
bool findWinningPlacement(const Position& pos, Move* win) {
  PlacementProbe probe{pos, placeableColors(pos), win};
  if (!probe.colors) return false;  // the only move is a pass
  const Geometry& g = *pos.geo;
  const Bitboard occ = pos.occupied(), vacant = pos.vacant();
  if (!vacant) return false;

  Cluster clusters[kMaxCells];
  int numClusters = 0;
  Bitboard tightBoundaries = 0;  // vacant rings next to a group with <= 2 of them
  Bitboard singles = 0;          // the only vacant ring next to some group
  forEachCluster(pos, [&](Bitboard cells, Bitboard boundary) {
    clusters[numClusters++] = {cells, boundary};
    if (atMostTwo(boundary)) tightBoundaries |= boundary;
    if (atMostOne(boundary)) singles |= boundary;
  });

  // Case 1: remove the only vacant neighbour v of a group, place elsewhere.
  for (int i = 0; i < numClusters; ++i) {
    const Bitboard b = clusters[i].boundary;
    if (!atMostOne(b) || !(vacant & ~b)) continue;
    const int v = lsb(b);
    const int t = lsb(vacant & ~b);
    if (!(probe.removalOptions(t) & b) || !probe.couldWin(clusters, numClusters, t, v)) continue;
    if (probe.tryMove(t, v)) return true;
  }

  // Case 2: place on t, isolating t with the groups around it. Candidates:
  // the vacant neighbours of tight groups, and lone rings with at most one
  // neighbouring ring.
  Bitboard candidates = tightBoundaries;
  for (Bitboard b = vacant & ~tightBoundaries; b;) {
    int t = popLsb(b);
    if (atMostOne(g.adjacent[t] & pos.rings) && !(g.adjacent[t] & occ)) candidates |= bit(t);
  }
  for (Bitboard cb = candidates; cb;) {
    const int t = popLsb(cb);
    Bitboard outside = g.adjacent[t] & vacant;  // vacant neighbours of the joined group
    bool ok = true;
    for (int i = 0; i < numClusters && ok; ++i) {
      if (!(g.adjacent[t] & clusters[i].cells)) continue;
      ok = atMostTwo(clusters[i].boundary);
      outside |= clusters[i].boundary;
    }
    outside &= ~bit(t);
    if (!ok || !atMostOne(outside)) continue;
    const Bitboard options = probe.removalOptions(t);
    if (outside) {
      const int r = lsb(outside);
      if ((outside & options) && probe.couldWin(clusters, numClusters, t, r) && probe.tryMove(t, r)) return true;
      continue;
    }
    if (!options) {
      if (probe.couldWin(clusters, numClusters, t, kNoCell) && probe.tryMove(t, kNoCell)) return true;
      continue;
    }
    // Any removal will do; one that cuts off another group may add the
    // marbles the set still needs.
    Bitboard removals = options & singles;
    if (!removals) removals = bit(lsb(options));
    for (Bitboard rb = removals; rb;) {
      const int r = popLsb(rb);
      if (probe.couldWin(clusters, numClusters, t, r) && probe.tryMove(t, r)) return true;
    }
  }
  return false;
}

IsolationMap::IsolationMap(const Position& pos) {
  const Geometry& g = *pos.geo;
  const Bitboard occ = pos.occupied(), vacant = pos.vacant();
  // Per occupied cell, the vacant boundary of its cluster.
  Bitboard boundaryOf[kMaxCells];
  forEachCluster(pos, [&](Bitboard cells, Bitboard boundary) {
    if (atMostOne(boundary)) lonelyVacancies_ |= boundary;
    for (Bitboard b = cells; b;) boundaryOf[popLsb(b)] = boundary;
  });
  for (Bitboard b = vacant; b;) {
    const int t = popLsb(b);
    Bitboard joined = g.adjacent[t] & vacant;
    for (Bitboard n = g.adjacent[t] & occ; n;) joined |= boundaryOf[popLsb(n)];
    joinedBoundary_[t] = joined & ~bit(t);
  }
}

}  // namespace zertz
