// Small value types shared by every part of the core: colours, marble sets
// and moves.
#pragma once

#include <cstdint>
#include <string_view>

#include "core/geometry.h"

namespace zertz {

enum Color : uint8_t { White = 0,
                       Grey = 1,
                       Black = 2 };
constexpr int kColors = 3;
constexpr char kColorChar[kColors] = {'W', 'G', 'B'};

// A marble set: how many marbles of each colour exist and what wins.
// A player wins on reaching winSingle[c] of colour c, or winEach of every colour.
struct MarbleSet {
  const char* name;
  uint8_t total[kColors];
  uint8_t winSingle[kColors];
  uint8_t winEach;
};

enum MarbleSetId : uint8_t { Blitz = 0,
                             Standard = 1 };
inline constexpr MarbleSet kMarbleSets[2] = {
    {"blitz", {5, 7, 9}, {3, 4, 5}, 2},
    {"standard", {6, 8, 10}, {4, 5, 6}, 3},
};
constexpr int kMaxMarbles = 24;  // largest set: 6 + 8 + 10

constexpr bool parseMarbleSet(std::string_view s, MarbleSetId& out) {
  for (int i = 0; i < 2; ++i)
    if (s == kMarbleSets[i].name) {
      out = MarbleSetId(i);
      return true;
    }
  return false;
}

constexpr bool isWinningSet(const MarbleSet& set, const uint8_t caps[kColors]) {
  bool each = true;
  for (int c = 0; c < kColors; ++c) {
    if (caps[c] >= set.winSingle[c]) return true;
    each = each && caps[c] >= set.winEach;
  }
  return each;
}

// A move. Placements and captures share one compact 16-byte value so move
// lists stay small. A capture stores its start cell and one direction (3 bits)
// per jump; the jumped marbles and landing rings follow from the position.
// Invariant: jumps <= kMaxJumps, which exceeds the largest marble set, so
// every legal capture sequence fits.
struct Move {
  enum Kind : uint8_t { Place,
                        Capture,
                        Pass };
  static constexpr int kMaxJumps = 24;

  Kind kind = Pass;
  uint8_t color = 0;          // Place: colour placed
  uint8_t from = kNoCell;     // Place: target ring; Capture: start cell
  uint8_t removed = kNoCell;  // Place: ring removed, or kNoCell when none could be
  uint8_t jumps = 0;          // Capture: number of jumps
  uint8_t unused = 0;
  uint16_t dirsTop = 0;  // directions of jumps 21..23, 3 bits each
  uint64_t dirs = 0;     // directions of jumps 0..20, 3 bits each

  static constexpr Move place(int color, int target, int removedRing) {
    Move m;
    m.kind = Place;
    m.color = uint8_t(color);
    m.from = uint8_t(target);
    m.removed = uint8_t(removedRing);
    return m;
  }
  static constexpr Move pass() { return Move{}; }
  static constexpr Move captureStart(int cell) {
    Move m;
    m.kind = Capture;
    m.from = uint8_t(cell);
    return m;
  }
  constexpr int dir(int i) const {
    return i < 21 ? int((dirs >> (3 * i)) & 7) : int((dirsTop >> (3 * (i - 21))) & 7);
  }
  constexpr void pushJump(int d) {
    if (jumps < 21)
      dirs |= uint64_t(d) << (3 * jumps);
    else
      dirsTop = uint16_t(dirsTop | (d << (3 * (jumps - 21))));
    ++jumps;
  }
  constexpr bool operator==(const Move& o) const {
    return kind == o.kind && color == o.color && from == o.from && removed == o.removed &&
           jumps == o.jumps && dirs == o.dirs && dirsTop == o.dirsTop;
  }
};
static_assert(sizeof(Move) == 16);

}  // namespace zertz
