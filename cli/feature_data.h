// The learned evaluation's training data (`zertz features`, `zertz
// selfplay`; read by bench/train.py and by readFeatureFile for tests).
//
// A file is one text line, then fixed-size little-endian rows:
//   "zertz-features 2 <n> <name>,<name>,...\n"  (n = kFeatureCount, names in order)
//   row (20 + 2n bytes):
//     u32 game     FNV-1a 32 of the game's name (gameHash): a game's rows share it
//     u16 ply      moves played before the position
//     u8  cells    rings of the layout (37, 48, 61, or a custom layout's count)
//     u8  set      marble set: 0 blitz, 1 standard
//     i8  result   label from the side to move's view: 1 win, 0 draw, -1 loss
//     u8  split    bit 0: held out (gameSplit), bit 1: a game between two people
//     u8  exact    1: result is the position's proven value (tables or proof search),
//                  0: the game's final result
//     u8  flags    bit 0: `search` holds a search value (self-play); other bits 0
//     i32 classic  the classic evaluation of the position (points)
//     i32 search   the score of the search that chose the move played here, from
//                  the side to move's view (points; beyond kWinBound a proven win
//                  or loss); 0 when flags bit 0 is clear (`zertz features` rows)
//     i16 f[n]     the features (core/engine/features.h), units of 1/1024
// Version 1 (16 + 2n bytes: no search, the flags byte always 0) is refused:
// a file of an older build is made again, never half-read.
// Positions are quiet (no capture for the side to move, game not over).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/engine/features.h"
#include "core/engine/learned.h"

namespace zertz::cli {

struct FeatureRow {
  uint32_t game = 0;
  uint16_t ply = 0;
  uint8_t cells = 0, set = 0;
  int8_t result = 0;
  uint8_t split = 0, exact = 0;
  bool hasSearch = false;
  int32_t classic = 0, search = 0;
  int16_t f[kFeatureCount] = {};
  bool operator==(const FeatureRow&) const = default;
};

constexpr int kFeatureFileVersion = 2;
constexpr size_t kFeatureRowBytes = 20 + 2 * kFeatureCount;

// FNV-1a 32 of a game's name: the SGF file name without its directories for
// archive games (so a game copied into two zips lands in one split).
uint32_t gameHash(std::string_view name);
// The split rule (docs/engine.md): a game is held out when gameHash % 10 == 0.
uint8_t gameSplit(uint32_t hash, bool human);

// Fills the row's position fields (cells, set, classic, f); false when a
// feature does not fit 16 bits (named in error).
bool describePosition(const Position& pos, FeatureRow& row, std::string& error);

std::string featureFileHeader();
void appendFeatureRow(std::string& out, const FeatureRow& row);
// Reads a whole file; false with an error naming the byte offset or header field.
bool readFeatureFile(std::string_view bytes, std::vector<FeatureRow>& rows, std::string& error);

// A weights file (learned.h format, linear or network) for `--weights`:
// false with the path and the parser's reason.
bool readWeightsFile(const std::string& path, std::shared_ptr<const LearnedWeights>& out, std::string& error);

}  // namespace zertz::cli
