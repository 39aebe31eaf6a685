// The browser's game (web_game.h): playing, undo/redo and the view's state,
// and the embind registration of the whole Game class.
#include <emscripten/bind.h>

#include "core/json.h"
#include "core/json_writer.h"
#include "core/notation.h"
#include "wasm/web_game.h"

using namespace emscripten;

namespace zertz::wasm {

namespace {

std::string triple(const uint8_t v[kColors]) {
  return "[" + std::to_string(v[0]) + "," + std::to_string(v[1]) + "," + std::to_string(v[2]) + "]";
}
std::string colorText(int c) { return c < 0 ? "" : std::string(1, kColorChar[c]); }

// One move as the view needs it: its canonical text plus the cells to click.
// Capture paths are decoded from the move's stored directions (geometry only).
std::string moveJson(const Position& pos, const Move& m) {
  const Geometry& g = *pos.geo;
  std::string s = "{\"t\":" + jsonString(moveToString(pos, m));
  if (m.kind == Move::Pass) return s + ",\"k\":\"pass\"}";
  if (m.kind == Move::Place)
    return s + ",\"k\":\"place\",\"c\":" + jsonString(colorText(m.color)) + ",\"to\":" + jsonString(cellName(g, m.from)) +
           ",\"rm\":" + jsonString(m.removed == kNoCell ? "" : cellName(g, m.removed)) + "}";
  std::string path, over;
  int at = m.from;
  for (int i = 0; i < m.jumps; ++i) {
    int o = g.neighbor[at][m.dir(i)];
    at = g.neighbor[o][m.dir(i)];
    path += (i ? "," : "") + jsonString(cellName(g, at));
    over += (i ? "," : "") + jsonString(cellName(g, o));
  }
  return s + ",\"k\":\"capture\",\"from\":" + jsonString(cellName(g, m.from)) + ",\"path\":[" + path +
         "],\"over\":[" + over + "]}";
}

const char* reasonToken(EndReason r) {
  switch (r) {
    case EndReason::None: return "";
    case EndReason::WinningSet: return "winning-set";
    case EndReason::BoardEmptied: return "board-emptied";
    case EndReason::TwoPasses: return "two-passes";
    case EndReason::Repetition: return "repetition";
  }
  return "";
}

// The board: every cell with its ring and marble, then pools and captures.
std::string boardJson(const Position& p) {
  const Geometry& g = *p.geo;
  const MarbleSet& set = p.marbleSet();
  std::string s = "{\"layout\":" + jsonString(g.token) + ",\"marbles\":" + jsonString(set.name);
  s += ",\"columns\":" + std::to_string(g.numColumns) + ",\"cells\":[";
  for (int cell = 0; cell < g.numCells; ++cell) {
    s += std::string(cell ? "," : "") + "{\"n\":" + jsonString(cellName(g, cell)) + ",\"c\":" +
         std::to_string(g.column[cell]) + ",\"h\":" + std::to_string(g.h[cell]) +
         ",\"ring\":" + ((p.rings & bit(cell)) ? "true" : "false") + ",\"m\":" + jsonString(colorText(p.marbleAt(cell))) + "}";
  }
  s += "],\"pool\":" + triple(p.pool) + ",\"caps\":[" + triple(p.captures[0]) + "," + triple(p.captures[1]) +
       "],\"total\":" + triple(set.total) + ",\"winSingle\":" + triple(set.winSingle) +
       ",\"winEach\":" + std::to_string(set.winEach);
  return s;  // the object stays open: state() appends the game's fields
}

// Rings the last move captured by isolation, with the marbles they held.
std::string isolatedJson(const Game& game, Bitboard isolated) {
  const auto& moves = game.moves();
  std::string s = "[";
  if (moves.empty() || !isolated) return s + "]";
  Position placed = game.positions()[moves.size() - 1];
  const Move& m = moves.back();
  if (m.kind == Move::Place) placed.putMarble(m.from, m.color);
  for (Bitboard b = isolated; b;) {
    int cell = popLsb(b);
    s += std::string(s.size() > 1 ? "," : "") + "{\"n\":" + jsonString(cellName(*placed.geo, cell)) +
         ",\"m\":" + jsonString(colorText(placed.marbleAt(cell))) + "}";
  }
  return s + "]";
}

}  // namespace

std::vector<std::string> splitWords(const std::string& text) {
  std::vector<std::string> w;
  std::string cur;
  for (char ch : text) {
    if (ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r') {
      if (!cur.empty()) w.push_back(cur), cur.clear();
    } else cur += ch;
  }
  if (!cur.empty()) w.push_back(cur);
  return w;
}

std::optional<Game> gameFrom(const std::string& start, const std::string& moves, std::string& error) {
  Position p;
  if (!parsePositionString(start, p, error)) return std::nullopt;
  Game game(p);
  for (const std::string& word : splitWords(moves)) {
    Move m;
    if (!parseLegalMove(game.position(), word, m, error)) return std::nullopt;
    game.play(m);
  }
  return game;
}

void WebGame::reset(const Position& p) {
  game_ = Game(p);
  lastIsolated_ = 0;
}

std::string WebGame::newGame(const std::string& marbles, const std::string& layout) {
  Position p;
  std::string error;
  if (!startPosition(marbles, layout, p, error)) return error;
  reset(p);
  return "";
}

std::string WebGame::setPosition(const std::string& text) {
  Position p;
  std::string error;
  if (!parsePositionString(text, p, error)) return error;
  reset(p);
  return "";
}

std::string WebGame::playMoves(const std::string& text) {
  std::vector<std::string> w = splitWords(text);
  Game trial = game_;
  Bitboard isolated = lastIsolated_;
  std::string error;
  int index = 0;
  for (size_t i = 0; i < w.size(); ++i) {
    ++index;
    std::string t = w[i];
    Move m;
    if (i + 2 < w.size() && w[i + 1] == "x" && t[0] != 'x' && t[0] != 'X' && t != "-" &&
        parseLegalMove(trial.position(), t + " x " + w[i + 2], m, error)) {
      i += 2;
    } else {
      if ((t == "x" || t == "X") && i + 1 < w.size()) t += w[++i];
      if (!parseLegalMove(trial.position(), t, m, error)) return "move " + std::to_string(index) + ": " + error;
    }
    if (trial.result().over()) return "move " + std::to_string(index) + ": the game is already over";
    isolated = trial.play(m);
  }
  if (!w.empty()) game_ = trial, lastIsolated_ = isolated;
  return "";
}

std::string WebGame::play(const std::string& text) {
  if (game_.result().over()) return "the game is over (" + describeResult(game_.result(), game_.position()) + ")";
  Move m;
  std::string error;
  if (!parseLegalMove(game_.position(), text, m, error)) return error;
  lastIsolated_ = game_.play(m);
  return "";
}

bool WebGame::undo() {
  if (!game_.undo()) return false;
  lastIsolated_ = 0;
  return true;
}

bool WebGame::redo() {
  if (!game_.canRedo()) return false;
  lastIsolated_ = game_.redo();
  return true;
}

int WebGame::gotoPly(int ply) {
  while (int(game_.moves().size()) > ply && undo()) {}
  while (int(game_.moves().size()) < ply && redo()) {}
  return int(game_.moves().size());
}

int WebGame::turnAt(int ply) const {
  const std::vector<Move>& undone = game_.undone();
  int n = int(game_.moves().size());
  if (ply < 0 || ply > n + int(undone.size())) return -1;
  if (ply <= n) return game_.positions()[ply].turn;
  Position walk = game_.position();
  for (int i = n; i < ply; ++i) walk.play(undone[undone.size() - 1 - (i - n)]);
  return walk.turn;
}

std::string WebGame::positionString() const { return toPositionString(game_.position()); }
std::string WebGame::startPositionString() const { return toPositionString(game_.startPosition()); }

std::string WebGame::state() const {
  const Position& p = game_.position();
  const GameResult& r = game_.result();
  std::string s = boardJson(p);
  s += ",\"turn\":" + std::to_string(p.turn) + ",\"over\":" + (r.over() ? "true" : "false") +
       ",\"winner\":" + std::to_string(r.winner) + ",\"reason\":" + jsonString(reasonToken(r.reason)) +
       ",\"resultText\":" + jsonString(describeResult(r, p));
  bool capture = !r.over() && hasCapture(p);
  s += ",\"forcedCapture\":" + std::string(capture ? "true" : "false") +
       ",\"fromCaptures\":" + (!r.over() && !capture && p.poolEmpty() ? "true" : "false");
  s += ",\"legal\":[";
  if (!r.over()) {
    bool first = true;
    forEachLegalMove(p, [&](const Move& m) {
      s += (first ? "" : ",") + moveJson(p, m);
      first = false;
    });
  }
  s += "],\"moves\":[";
  const auto& moves = game_.moves();
  const auto& positions = game_.positions();
  for (size_t i = 0; i < moves.size(); ++i) s += (i ? "," : "") + jsonString(moveToString(positions[i], moves[i]));
  // Undone moves, next first, so the list can show where "redo" leads.
  s += "],\"future\":[";
  const std::vector<Move>& undone = game_.undone();
  Position walk = p;
  for (size_t i = undone.size(); i-- > 0;) {
    s += (i + 1 == undone.size() ? "" : ",") + jsonString(moveToString(walk, undone[i]));
    walk.play(undone[i]);
  }
  s += "],\"last\":";
  s += moves.empty() ? "null" : moveJson(positions[moves.size() - 1], moves.back());
  s += ",\"isolated\":" + isolatedJson(game_, lastIsolated_);
  s += ",\"position\":" + jsonString(toPositionString(p)) + ",\"start\":" + jsonString(toPositionString(game_.startPosition())) + "}";
  return s;
}

}  // namespace zertz::wasm

EMSCRIPTEN_BINDINGS(zertz_game) {
  using zertz::wasm::WebGame;
  class_<WebGame>("Game")
      .constructor<>()
      .function("newGame", &WebGame::newGame)
      .function("setPosition", &WebGame::setPosition)
      .function("playMoves", &WebGame::playMoves)
      .function("play", &WebGame::play)
      .function("undo", &WebGame::undo)
      .function("redo", &WebGame::redo)
      .function("gotoPly", &WebGame::gotoPly)
      .function("ply", &WebGame::ply)
      .function("turnAt", &WebGame::turnAt)
      .function("positionString", &WebGame::positionString)
      .function("startPositionString", &WebGame::startPositionString)
      .function("moveList", &WebGame::moveList)
      .function("think", &WebGame::think)
      .function("importRecord", &WebGame::importRecordText)
      .function("exportRecord", &WebGame::exportRecordText)
      .function("exportSgf", &WebGame::exportSgfText)
      .function("state", &WebGame::state);
}
