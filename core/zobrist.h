// Zobrist keys, generated at compile time by SplitMix64 from a fixed seed, so
// native and wasm builds hash identically and nothing needs initialising.
//
// A position's key is the XOR of: one key per ring present (vacant ring or its
// marble's colour), one key per (colour, count) of the pool and of each
// player's captures, and the side key when player 1 is to move. Removed ring
// positions contribute nothing.
#pragma once

#include <array>
#include <cstdint>

#include "core/types.h"

namespace zertz::zobrist {

constexpr uint64_t splitmix(uint64_t& state) {
  uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

constexpr int kCellStates = 4;  // 0 vacant ring, 1 + colour for a marble
constexpr int kCountKeys = kMaxMarbles + 1;

struct Keys {
  uint64_t cell[kMaxCells][kCellStates];
  uint64_t pool[kColors][kCountKeys];
  uint64_t captures[2][kColors][kCountKeys];
  uint64_t side;
};

constexpr Keys makeKeys() {
  Keys k{};
  uint64_t s = 0x5A1E27C0FFEEull;
  for (auto& cell : k.cell)
    for (auto& v : cell) v = splitmix(s);
  for (auto& c : k.pool)
    for (auto& v : c) v = splitmix(s);
  for (auto& p : k.captures)
    for (auto& c : p)
      for (auto& v : c) v = splitmix(s);
  k.side = splitmix(s);
  return k;
}

inline constexpr Keys kKeys = makeKeys();

}  // namespace zertz::zobrist
