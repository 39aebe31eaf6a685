// embind binding for the puzzle file (core/puzzles/puzzle_file.h): the
// puzzles page reads the shipped file with the reader the miner and the
// verifier use, so a damaged line is refused with the same words.
#include <emscripten/bind.h>

#include <string>
#include <vector>

#include "core/json_writer.h"
#include "core/notation.h"
#include "core/puzzles/puzzle_file.h"

namespace {

// A whole puzzle file -> {"puzzles":[{id, position, solutions, line, themes,
// rating, source: {players, date, ply, found, robots}}]}, every move in
// canonical text; or {"error": "line 12: solutions: ..."}.
std::string puzzlesRead(const std::string& text) {
  std::vector<zertz::PuzzleRecord> puzzles;
  std::string error;
  if (!zertz::parsePuzzleFile(text, puzzles, error)) return zertz::jsonError(error);
  zertz::JsonWriter w;
  w.object().key("puzzles").array();
  for (const zertz::PuzzleRecord& p : puzzles) {
    w.object().field("id", p.id).field("position", zertz::toPositionString(p.position)).key("solutions").array();
    for (const zertz::Move& m : p.solutions) w.value(zertz::moveToString(p.position, m));
    w.end().key("line").array();
    zertz::Position along = p.position;
    for (const zertz::Move& m : p.line) w.value(zertz::moveToString(along, m)), along.play(m);
    w.end().key("themes").array();
    for (const std::string& t : p.themes) w.value(t);
    const zertz::PuzzleSource& s = p.source;
    w.end().field("rating", p.rating).key("source").object().key("players").array();
    w.value(s.players[0]).value(s.players[1]).end();
    w.field("date", s.date).field("ply", s.ply).field("found", s.found).field("robots", s.robots).end().end();
  }
  return w.end().end().take();
}

}  // namespace

EMSCRIPTEN_BINDINGS(zertz_puzzles) { emscripten::function("puzzlesRead", &puzzlesRead); }
