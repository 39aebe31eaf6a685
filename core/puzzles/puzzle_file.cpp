#include "core/puzzles/puzzle_file.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include "core/json.h"
#include "core/json_writer.h"
#include "core/puzzles/puzzle.h"
#include "core/notation.h"

namespace zertz {

std::string puzzleId(std::string_view positionString) {
  uint64_t h = 1469598103934665603ull;  // FNV-1a
  for (unsigned char c : positionString) h = (h ^ c) * 1099511628211ull;
  char buf[17];
  std::snprintf(buf, sizeof buf, "%012llx", static_cast<unsigned long long>(h >> 16));
  return buf;
}

namespace {

bool readMoves(const Json* list, const Position& start, bool alongLine, const char* field, std::vector<Move>& out,
               std::string& error) {
  if (!list || list->kind != Json::Array || list->items.empty())
    return error = std::string(field) + ": expected a non-empty array of moves", false;
  Position pos = start;
  for (const Json& item : list->items) {
    Move m;
    std::string why;
    if (item.kind != Json::String || !parseLegalMove(pos, item.text, m, why))
      return error = std::string(field) + ": '" + item.text.substr(0, 40) + "' is not a legal move" + (why.empty() ? "" : " (" + why + ")"), false;
    if (!alongLine && std::find(out.begin(), out.end(), m) != out.end())
      return error = std::string(field) + ": '" + item.text + "' twice", false;
    out.push_back(m);
    if (alongLine) pos.play(m);
  }
  return true;
}

// A whole number of at most five digits (a rating, a ply).
bool readWhole(const Json* j, int& out) {
  if (!j || j->kind != Json::Number || j->text.empty() || j->text.size() > 5 ||
      j->text.find_first_not_of("0123456789") != std::string::npos)
    return false;
  out = std::atoi(j->text.c_str());
  return true;
}

// The optional "source" object: when present, every field has its type
// (the page shows the players and the date, and whether the game's player
// found the move).
bool readSource(const Json* j, PuzzleSource& out, std::string& error) {
  if (!j) return true;
  if (j->kind != Json::Object) return error = "source: expected an object", false;
  auto text = [&](const char* name, std::string& field) {
    const Json* f = j->get(name);
    if (f && f->kind != Json::String) return false;
    field = f ? f->text : "";
    return true;
  };
  if (!text("file", out.file) || !text("date", out.date)) return error = "source: file and date must be strings", false;
  const Json* players = j->get("players");
  if (!players || players->kind != Json::Array || players->items.size() != 2 || players->items[0].kind != Json::String ||
      players->items[1].kind != Json::String)
    return error = "source: players: expected two names", false;
  out.players[0] = players->items[0].text, out.players[1] = players->items[1].text;
  int ply = 0;
  if (!readWhole(j->get("ply"), ply)) return error = "source: ply: expected a whole number", false;
  out.ply = size_t(ply);
  for (auto [name, field] : {std::pair{"found", &out.found}, std::pair{"robots", &out.robots}}) {
    const Json* f = j->get(name);
    if (!f || f->kind != Json::Bool) return error = std::string("source: ") + name + ": expected true or false", false;
    *field = f->text == "true";
  }
  return true;
}

}  // namespace

std::string puzzleJson(const Puzzle& p, const PuzzleSource& source) {
  const std::string position = toPositionString(p.position);
  JsonWriter w;
  w.object().field("id", puzzleId(position)).field("position", position).key("solutions").array();
  for (const Move& m : p.solutions) w.value(moveToString(p.position, m));
  w.end().key("line").array();
  Position along = p.position;
  for (const Move& m : p.line) w.value(moveToString(along, m)), along.play(m);
  w.end().field("plies", p.value.plies).key("themes").array();
  for (const std::string& t : p.themes) w.value(t);
  w.end().field("rating", p.rating).field("legalMoves", p.legalMoves).field("engines", p.enginesFinding);
  w.key("source").object().field("file", source.file).key("players").array();
  w.value(source.players[0]).value(source.players[1]).end();
  w.field("date", source.date).field("ply", source.ply).field("found", source.found).field("robots", source.robots);
  return w.end().end().take();
}

bool parsePuzzleLine(std::string_view text, PuzzleRecord& out, std::string& error) {
  Json doc;
  out = PuzzleRecord{};
  if (!parseJson(text, doc, error)) return false;
  if (doc.kind != Json::Object) return error = "expected a JSON object", false;
  const Json* position = doc.get("position");
  if (!position || position->kind != Json::String) return error = "position: expected a position string", false;
  std::string why;
  if (!parsePositionString(position->text, out.position, why)) return error = "position: " + why, false;
  const Json* id = doc.get("id");
  out.id = id && id->kind == Json::String ? id->text : "";
  if (out.id != puzzleId(position->text)) return error = "id: '" + out.id.substr(0, 20) + "' does not match the position", false;
  if (!readMoves(doc.get("solutions"), out.position, false, "solutions", out.solutions, error)) return false;
  if (!readMoves(doc.get("line"), out.position, true, "line", out.line, error)) return false;
  if (std::find(out.solutions.begin(), out.solutions.end(), out.line[0]) == out.solutions.end())
    return error = "line: its first move is not one of the solutions", false;
  const Json* themes = doc.get("themes");
  if (!themes || themes->kind != Json::Array) return error = "themes: expected an array", false;
  for (const Json& t : themes->items) {
    if (t.kind != Json::String) return error = "themes: expected strings", false;
    out.themes.push_back(t.text);
  }
  if (!readWhole(doc.get("rating"), out.rating)) return error = "rating: expected a whole number", false;
  return readSource(doc.get("source"), out.source, error);
}

bool parsePuzzleFile(std::string_view text, std::vector<PuzzleRecord>& out, std::string& error) {
  out.clear();
  size_t lineNo = 0;
  while (!text.empty()) {
    const size_t end = text.find('\n');
    std::string_view line = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
    ++lineNo;
    if (line.empty()) continue;
    PuzzleRecord p;
    if (!parsePuzzleLine(line, p, error)) return error = "line " + std::to_string(lineNo) + ": " + error, false;
    out.push_back(std::move(p));
  }
  return true;
}

}  // namespace zertz
