// The browser's game (web_game.h): playing, undo/redo and the view's state,
// and the embind registration of the whole Game class.
#include <emscripten/bind.h>

#include "core/json_writer.h"
#include "core/notation.h"
#include "wasm/web_game.h"

using namespace emscripten;

namespace zertz::wasm {

namespace {

void triple(JsonWriter& w, const uint8_t v[kColors]) { w.array().value(v[0]).value(v[1]).value(v[2]).end(); }
std::string colorText(int c) { return c < 0 ? "" : std::string(1, kColorChar[c]); }

// One move as the view needs it: its canonical text plus the cells to click.
// Capture paths are decoded from the move's stored directions (geometry only).
void moveObject(JsonWriter& w, const Position& pos, const Move& m) {
  const Geometry& g = *pos.geo;
  w.object().field("t", moveToString(pos, m));
  if (m.kind == Move::Pass) {
    w.field("k", "pass");
  } else if (m.kind == Move::Place) {
    w.field("k", "place").field("c", colorText(m.color)).field("to", cellName(g, m.from));
    w.field("rm", m.removed == kNoCell ? "" : cellName(g, m.removed));
  } else {
    // The landing rings (path) or the jumped ones (over), jump by jump.
    const auto cells = [&](const char* name, bool landing) {
      w.key(name).array();
      for (int i = 0, at = m.from; i < m.jumps; ++i) {
        int o = g.neighbor[at][m.dir(i)];
        at = g.neighbor[o][m.dir(i)];
        w.value(cellName(g, landing ? at : o));
      }
      w.end();
    };
    w.field("k", "capture").field("from", cellName(g, m.from));
    cells("path", true);
    cells("over", false);
  }
  w.end();
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
void boardFields(JsonWriter& w, const Position& p) {
  const Geometry& g = *p.geo;
  const MarbleSet& set = p.marbleSet();
  w.field("layout", g.token).field("marbles", set.name).field("columns", g.numColumns).key("cells").array();
  for (int cell = 0; cell < g.numCells; ++cell)
    w.object()
        .field("n", cellName(g, cell))
        .field("c", g.column[cell])
        .field("h", g.h[cell])
        .field("ring", (p.rings & bit(cell)) != 0)
        .field("m", colorText(p.marbleAt(cell)))
        .end();
  w.end().key("pool");
  triple(w, p.pool);
  w.key("caps").array();
  triple(w, p.captures[0]);
  triple(w, p.captures[1]);
  w.end().key("total");
  triple(w, set.total);
  w.key("winSingle");
  triple(w, set.winSingle);
  w.field("winEach", set.winEach);
}

// Rings the last move captured by isolation, with the marbles they held.
void isolatedArray(JsonWriter& w, const Game& game, Bitboard isolated) {
  const auto& moves = game.moves();
  w.key("isolated").array();
  if (!moves.empty() && isolated) {
    Position placed = game.positions()[moves.size() - 1];
    const Move& m = moves.back();
    if (m.kind == Move::Place) placed.putMarble(m.from, m.color);
    for (Bitboard b = isolated; b;) {
      int cell = popLsb(b);
      w.object().field("n", cellName(*placed.geo, cell)).field("m", colorText(placed.marbleAt(cell))).end();
    }
  }
  w.end();
}

// The game's moves, then the undone ones (next first, so the list can show
// where "redo" leads), then the last move with its cells.
void moveFields(JsonWriter& w, const Game& game) {
  const auto& moves = game.moves();
  const auto& positions = game.positions();
  w.key("moves").array();
  for (size_t i = 0; i < moves.size(); ++i) w.value(moveToString(positions[i], moves[i]));
  w.end().key("future").array();
  const std::vector<Move>& undone = game.undone();
  Position walk = game.position();
  for (size_t i = undone.size(); i-- > 0;) {
    w.value(moveToString(walk, undone[i]));
    walk.play(undone[i]);
  }
  w.end().key("last");
  if (moves.empty()) w.null();
  else moveObject(w, positions[moves.size() - 1], moves.back());
}

}  // namespace

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
  std::string error;
  return playMoveList(game_, text, error, &lastIsolated_) ? "" : error;
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
  JsonWriter w;
  w.object();
  boardFields(w, p);
  w.field("turn", p.turn).field("over", r.over()).field("winner", r.winner).field("reason", reasonToken(r.reason));
  w.field("resultText", describeResult(r, p));
  bool capture = !r.over() && hasCapture(p);
  w.field("forcedCapture", capture).field("fromCaptures", !r.over() && !capture && p.poolEmpty());
  w.key("legal").array();
  if (!r.over()) forEachLegalMove(p, [&](const Move& m) { moveObject(w, p, m); });
  w.end();
  moveFields(w, game_);
  isolatedArray(w, game_, lastIsolated_);
  w.field("position", toPositionString(p)).field("start", toPositionString(game_.startPosition()));
  return w.end().take();
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
