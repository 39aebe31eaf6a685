// The puzzle file (docs/puzzles.md): one JSON object per line, written by
// puzzleJson for `zertz puzzles`. Read by the miner when it resumes, by the
// independent verifier and by the browser's puzzles page (through wasm),
// so every reader refuses the same damage with the same words.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/position.h"
#include "core/types.h"

namespace zertz {

struct Puzzle;

// Where a mined puzzle came from.
struct PuzzleSource {
  std::string file;
  std::string players[2];
  std::string date;
  size_t ply = 0;       // moves played before the position in its game
  bool found = false;   // the game's player played a solution
  bool robots = false;  // a player of the game was a robot
};

struct PuzzleRecord {
  std::string id;
  Position position;
  std::vector<Move> solutions;  // legal in position, no repeats, at least one
  std::vector<Move> line;       // legal one after the other from position, starting with a solution
  std::vector<std::string> themes;
  int rating = 0;
  PuzzleSource source;  // optional in the file; when present every field is typed
};

// The puzzle's line of the file (no newline).
std::string puzzleJson(const Puzzle& p, const PuzzleSource& source);

// A puzzle's permanent id: 12 hex digits of a hash of its position string.
std::string puzzleId(std::string_view positionString);

// One line; false with an error naming the field that is wrong.
bool parsePuzzleLine(std::string_view text, PuzzleRecord& out, std::string& error);

// A whole file's text; false with an error naming the first bad line
// ("line 12: solutions: 'Wz9,a1' is not a legal move").
bool parsePuzzleFile(std::string_view text, std::vector<PuzzleRecord>& out, std::string& error);

}  // namespace zertz
