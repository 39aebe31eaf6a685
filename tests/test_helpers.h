// Small helpers shared by the Catch2 tests.
#pragma once

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/notation.h"
#include "core/records/record.h"

namespace zertz::testing {

inline Position positionFrom(const std::string& text) {
  Position p;
  std::string error;
  if (!parsePositionString(text, p, error)) throw std::runtime_error("bad test position: " + error);
  return p;
}

// A legal move of p from its text; throws (failing the test) otherwise.
inline Move legalMove(const Position& p, const char* text) {
  Move m;
  std::string error;
  if (!parseLegalMove(p, text, m, error)) throw std::runtime_error(std::string(text) + ": " + error);
  return m;
}

inline Position after(Position p, std::initializer_list<const char*> moves) {
  for (const char* text : moves) {
    Move m;
    std::string error;
    if (!parseLegalMove(p, text, m, error)) throw std::runtime_error(std::string(text) + ": " + error);
    p.play(m);
  }
  return p;
}

inline std::vector<std::string> legalTexts(const Position& p) {
  std::vector<std::string> out;
  forEachLegalMove(p, [&](const Move& m) { out.push_back(moveToString(p, m)); });
  std::sort(out.begin(), out.end());
  return out;
}

inline std::vector<std::string> cellNames(const Position& p, Bitboard b) {
  std::vector<std::string> out;
  while (b) out.push_back(cellName(*p.geo, popLsb(b)));
  std::sort(out.begin(), out.end());
  return out;
}

// The blitz 1..3-ring endgame tables committed for the fuzzer and the tests.
inline const std::string kSmallTablesDir = std::string(ZERTZ_SOURCE_DIR) + "/fuzz/tables";

// A file's contents ("" when it cannot be read).
inline std::string fileText(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// A file's bytes (none when it cannot be read).
inline std::vector<uint8_t> fileBytes(const std::string& path) {
  const std::string s = fileText(path);
  return {s.begin(), s.end()};
}

// A record that must import (the test fails with the importer's error).
inline Record importOk(const std::string& text) {
  Record r;
  std::string error;
  INFO(text);
  if (!importRecord(text, r, error)) FAIL("import failed: " << error);
  return r;
}

}  // namespace zertz::testing
