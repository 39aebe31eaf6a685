// The only file that includes emscripten: embind bindings over core/.
//
// Thin on purpose: every rule (legality, captures, isolation, endings) is
// core's. This file only translates: text in, JSON text out, so the browser
// view (web/) and its engine worker never compute a rule. JSON strings (not
// embind value objects) keep the glue small and cross postMessage unchanged.
//
// Invariant kept by WebGame: redo_ holds moves undone since the last new move,
// most recent last; playing a new move clears it (resume from any point).
#include <emscripten/bind.h>

#include <string>
#include <vector>

#include "core/bench.h"
#include "core/game.h"
#include "core/notation.h"

#if __has_include("core/search.h") && __has_include("core/search.cpp")
#include "core/search.h"
#define ZERTZ_HAS_ENGINE 1
#else
#define ZERTZ_HAS_ENGINE 0
#endif
#if __has_include("core/record.h") && __has_include("core/record.cpp")
#include "core/record.h"
#define ZERTZ_HAS_RECORDS 1
#else
#define ZERTZ_HAS_RECORDS 0
#endif

using namespace emscripten;
using namespace zertz;

namespace {

// ---- a minimal JSON writer: strings escaped, nothing else needed ----
std::string q(const std::string& s) {
  std::string o = "\"";
  for (unsigned char c : s) {
    if (c == '"' || c == '\\') o += '\\', o += char(c);
    else if (c == '\n') o += "\\n";
    else if (c < 32) {
      static const char* hex = "0123456789abcdef";
      o += "\\u00", o += hex[c >> 4], o += hex[c & 15];
    } else o += char(c);
  }
  return o + "\"";
}
std::string triple(const uint8_t v[kColors]) {
  return "[" + std::to_string(v[0]) + "," + std::to_string(v[1]) + "," + std::to_string(v[2]) + "]";
}
std::string colorText(int c) { return c < 0 ? "" : std::string(1, kColorChar[c]); }

// One move as the view needs it: its canonical text plus the cells to click.
// Capture paths are decoded from the move's stored directions (geometry only).
std::string moveJson(const Position& pos, const Move& m) {
  const Geometry& g = *pos.geo;
  std::string s = "{\"t\":" + q(moveToString(pos, m));
  if (m.kind == Move::Pass) return s + ",\"k\":\"pass\"}";
  if (m.kind == Move::Place)
    return s + ",\"k\":\"place\",\"c\":" + q(colorText(m.color)) + ",\"to\":" + q(cellName(g, m.from)) +
           ",\"rm\":" + q(m.removed == kNoCell ? "" : cellName(g, m.removed)) + "}";
  std::string path, over;
  int at = m.from;
  for (int i = 0; i < m.jumps; ++i) {
    int o = g.neighbor[at][m.dir(i)];
    at = g.neighbor[o][m.dir(i)];
    path += (i ? "," : "") + q(cellName(g, at));
    over += (i ? "," : "") + q(cellName(g, o));
  }
  return s + ",\"k\":\"capture\",\"from\":" + q(cellName(g, m.from)) + ",\"path\":[" + path +
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

}  // namespace

class WebGame {
 public:
  WebGame() : game_(Position::start(kLayout37, Standard)) {}

  // Each setter returns "" on success or an error message, and changes
  // nothing on error.
  std::string newGame(const std::string& marbles, const std::string& layout) {
    Position p;
    std::string error;
    if (!startPosition(marbles, layout, p, error)) return error;
    reset(p);
    return "";
  }
  std::string setPosition(const std::string& text) {
    Position p;
    std::string error;
    if (!parsePositionString(text, p, error)) return error;
    reset(p);
    return "";
  }
  // Plays a whitespace-separated move list from the current position, all or
  // nothing. "x" alone joins the next word: after a placement it is first
  // tried as that placement's isolation annotation, else as "x <capture>".
  std::string playMoves(const std::string& text) {
    std::vector<std::string> w = splitWords(text);
    Game trial = game_;
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
        if (!parseLegalMove(trial.position(), t, m, error))
          return "move " + std::to_string(index) + ": " + error;
      }
      if (trial.result().over())
        return "move " + std::to_string(index) + ": the game is already over";
      lastIsolated_ = trial.play(m);
    }
    if (!w.empty()) game_ = trial, redo_.clear();
    return "";
  }
  std::string play(const std::string& text) {
    if (game_.result().over())
      return "the game is over (" + describeResult(game_.result(), game_.position()) + ")";
    Move m;
    std::string error;
    if (!parseLegalMove(game_.position(), text, m, error)) return error;
    lastIsolated_ = game_.play(m);
    redo_.clear();
    return "";
  }
  bool undo() {
    if (game_.moves().empty()) return false;
    redo_.push_back(game_.moves().back());
    game_.undo();
    lastIsolated_ = 0;
    return true;
  }
  bool redo() {
    if (redo_.empty()) return false;
    lastIsolated_ = game_.play(redo_.back());
    redo_.pop_back();
    return true;
  }
  // Undo or redo until `ply` moves are played (clamped to what exists).
  int gotoPly(int ply) {
    while (int(game_.moves().size()) > ply && undo()) {}
    while (int(game_.moves().size()) < ply && redo()) {}
    return int(game_.moves().size());
  }
  int ply() const { return int(game_.moves().size()); }
  // Side to move after `ply` moves of the game including undone ones ahead,
  // or -1 beyond them (lets the view step over engine turns without rules).
  int turnAt(int ply) const {
    int n = int(game_.moves().size());
    if (ply < 0 || ply > n + int(redo_.size())) return -1;
    if (ply <= n) return game_.positions()[ply].turn;
    Position walk = game_.position();
    for (int i = n; i < ply; ++i) walk.play(redo_[redo_.size() - 1 - (i - n)]);
    return walk.turn;
  }
  std::string positionString() const { return toPositionString(game_.position()); }
  std::string startPositionString() const { return toPositionString(game_.startPosition()); }
  std::string moveList() const { return game_.moveList(); }

  // Everything the view draws, as one JSON object (see web/model.js).
  std::string state() const {
    const Position& p = game_.position();
    const Geometry& g = *p.geo;
    const MarbleSet& set = p.marbleSet();
    const GameResult& r = game_.result();
    std::string s = "{\"layout\":" + q(g.token) + ",\"marbles\":" + q(set.name);
    s += ",\"columns\":" + std::to_string(g.numColumns) + ",\"cells\":[";
    for (int cell = 0; cell < g.numCells; ++cell) {
      s += std::string(cell ? "," : "") + "{\"n\":" + q(cellName(g, cell)) + ",\"c\":" +
           std::to_string(g.column[cell]) + ",\"h\":" + std::to_string(g.h[cell]) +
           ",\"ring\":" + ((p.rings & bit(cell)) ? "true" : "false") +
           ",\"m\":" + q(colorText(p.marbleAt(cell))) + "}";
    }
    s += "],\"pool\":" + triple(p.pool) + ",\"caps\":[" + triple(p.captures[0]) + "," +
         triple(p.captures[1]) + "],\"total\":" + triple(set.total) +
         ",\"winSingle\":" + triple(set.winSingle) + ",\"winEach\":" + std::to_string(set.winEach);
    s += ",\"turn\":" + std::to_string(p.turn) + ",\"over\":" + (r.over() ? "true" : "false") +
         ",\"winner\":" + std::to_string(r.winner) + ",\"reason\":" + q(reasonToken(r.reason)) +
         ",\"resultText\":" + q(describeResult(r, p));
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
    for (size_t i = 0; i < moves.size(); ++i)
      s += (i ? "," : "") + q(moveToString(positions[i], moves[i]));
    // Undone moves, next first, so the list can show where "redo" leads.
    s += "],\"future\":[";
    Position walk = p;
    for (size_t i = redo_.size(); i-- > 0;) {
      s += (i + 1 == redo_.size() ? "" : ",") + q(moveToString(walk, redo_[i]));
      walk.play(redo_[i]);
    }
    s += "],\"last\":";
    s += moves.empty() ? "null" : moveJson(positions[moves.size() - 1], moves.back());
    // Rings the last move captured by isolation, with the marbles they held.
    s += ",\"isolated\":[";
    if (!moves.empty() && lastIsolated_) {
      Position placed = positions[moves.size() - 1];
      const Move& m = moves.back();
      if (m.kind == Move::Place) placed.putMarble(m.from, m.color);
      bool first = true;
      for (Bitboard b = lastIsolated_; b;) {
        int cell = popLsb(b);
        s += std::string(first ? "" : ",") + "{\"n\":" + q(cellName(g, cell)) +
             ",\"m\":" + q(colorText(placed.marbleAt(cell))) + "}";
        first = false;
      }
    }
    s += "],\"position\":" + q(toPositionString(p)) +
         ",\"start\":" + q(toPositionString(game_.startPosition())) + "}";
    return s;
  }

#if ZERTZ_HAS_ENGINE
  // The engine's move at `level` (1..5) as JSON: move (canonical text),
  // score (text), depth, nodes, pv. The worker calls this; the page does not.
  std::string think(int level) const {
    SearchResult res = zertz::think(game_, limitsForLevel(level), level);
    Position walk = game_.position();
    std::string pv;
    for (size_t i = 0; i < res.pv.size(); ++i) {
      pv += (i ? "," : "") + q(moveToString(walk, res.pv[i]));
      walk.play(res.pv[i]);
    }
    return "{\"move\":" + q(moveToString(game_.position(), res.best)) + ",\"score\":" +
           q(scoreToString(res.score)) + ",\"depth\":" + std::to_string(res.depth) +
           ",\"nodes\":" + std::to_string(res.nodes) + ",\"pv\":[" + pv + "]}";
  }
#endif

#if ZERTZ_HAS_RECORDS
  // A GIPF record or boardspace .sgf. Returns {"error":...} and changes
  // nothing when the text holds no usable game, or when the record is
  // damaged and allowDamaged is false (the error then names the turn and
  // reason); with allowDamaged a damaged record loads its legal prefix.
  std::string importRecordText(const std::string& text, bool allowDamaged) {
    Record rec;
    std::string error;
    if (!importRecord(text, rec, error)) return "{\"error\":" + q(error) + "}";
    if (rec.damaged && !allowDamaged)
      return "{\"error\":" + q("the record is " + describeRecord(rec) + " (" + std::to_string(rec.moves.size()) +
                                " legal moves before it)") + ",\"damaged\":true}";
    reset(rec.start);
    for (const Move& m : rec.moves) lastIsolated_ = game_.play(m);
    std::string tags;
    for (const auto& [k, v] : rec.tags) tags += (tags.empty() ? "" : ",") + q(k) + ":" + q(v);
    return "{\"summary\":" + q(describeRecord(rec)) + ",\"damaged\":" + (rec.damaged ? "true" : "false") +
           ",\"tags\":{" + tags + "}}";
  }
  // Tags as "Name=value" lines.
  std::string exportRecordText(const std::string& tags) const { return exportRecord(game_, parseTags(tags)); }
  std::string exportSgfText(const std::string& tags) const { return exportSgf(game_, parseTags(tags)); }
  static std::map<std::string, std::string> parseTags(const std::string& text) {
    std::map<std::string, std::string> tags;
    size_t at = 0;
    while (at < text.size()) {
      size_t end = text.find('\n', at);
      if (end == std::string::npos) end = text.size();
      std::string line = text.substr(at, end - at);
      size_t eq = line.find('=');
      if (eq != std::string::npos && eq > 0) tags[line.substr(0, eq)] = line.substr(eq + 1);
      at = end + 1;
    }
    return tags;
  }
#endif

 private:
  void reset(const Position& p) {
    game_ = Game(p);
    redo_.clear();
    lastIsolated_ = 0;
  }

  Game game_;
  std::vector<Move> redo_;
  Bitboard lastIsolated_ = 0;
};

static std::string benchSignature(int depth) { return runBench(depth).signature; }

// Seeded playouts as in bench.h, returned as "plies hash" (hex) for the node
// tests to compare with the native build.
static std::string playoutSignature(double seed, int games) {
  uint64_t plies = 0, hash = 0;
  seededPlayouts(uint64_t(seed), games, plies, hash);
  char buf[40];
  snprintf(buf, sizeof buf, "%llu %016llx", (unsigned long long)plies, (unsigned long long)hash);
  return buf;
}

static bool hasEngine() { return ZERTZ_HAS_ENGINE; }
static bool hasRecords() { return ZERTZ_HAS_RECORDS; }
static int defaultLevel() {
#if ZERTZ_HAS_ENGINE
  return kDefaultLevel;
#else
  return 0;
#endif
}

EMSCRIPTEN_BINDINGS(zertz) {
  function("benchSignature", &benchSignature);
  function("playoutSignature", &playoutSignature);
  function("hasEngine", &hasEngine);
  function("hasRecords", &hasRecords);
  function("defaultLevel", &defaultLevel);
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
#if ZERTZ_HAS_ENGINE
      .function("think", &WebGame::think)
#endif
#if ZERTZ_HAS_RECORDS
      .function("importRecord", &WebGame::importRecordText)
      .function("exportRecord", &WebGame::exportRecordText)
      .function("exportSgf", &WebGame::exportSgfText)
#endif
      .function("state", &WebGame::state);
}

// ===================================================================
// Hints (issue 7; owned by the hints helper): endgame-table probes over
// blocks the page fetched with HTTP Range and decompressed itself, plus
// proof search (core/proof.h). The worker (web/hints-worker.js) feeds file
// headers and blocks in and reads JSON out. Every table check (header,
// index, block CRC) is core's; a damaged or missing table gives a message,
// never a value.
// ===================================================================
#include <chrono>
#include <map>
#include <memory>

#include "core/proof.h"
#include "core/tb_cache.h"

namespace {

TableBlockCache& hintTables() {
  static TableBlockCache t;
  return t;
}

std::vector<uint8_t> bytesOf(const val& array) { return vecFromJSArray<uint8_t>(array); }

std::string hintsAddFile(const std::string& name, const val& bytes) { return hintTables().addFile(name, bytesOf(bytes)); }
std::string hintsAddBlock(const std::string& name, uint32_t block, const val& raw) {
  return hintTables().addBlock(name, block, bytesOf(raw));
}
void hintsMarkDamaged(const std::string& name, const std::string& why) { hintTables().markDamaged(name, why); }

std::string valueJson(ProofValue v, int plies) {
  std::string s = "\"value\":" + q(proofValueName(v));
  if ((v == ProofValue::Win || v == ProofValue::Loss) && plies >= 0) s += ",\"plies\":" + std::to_string(plies);
  return s;
}
ProofValue invert(ProofValue v) {
  return v == ProofValue::Win ? ProofValue::Loss : v == ProofValue::Loss ? ProofValue::Win : v;
}

// Hints for the game (start position string + canonical moves): JSON
//   {"source":"tables"|"proof"|"none", "value":..., "plies":n, "exact":bool,
//    "best":"move", "moves":[{"move":..,"value":..,"plies":n}], "need":[{name,block,offset,size}],
//    "error":"...", "estimate":score}
// Move values are the mover's after that move. Nothing is guessed: a move
// without a proven or table value is simply absent from "moves".
std::string hintsCompute(const std::string& start, const std::string& moves, int budgetMs) {
  Position p;
  std::string error;
  if (!parsePositionString(start, p, error)) return "{\"error\":" + q(error) + "}";
  Game game(p);
  if (!moves.empty()) {
    size_t i = 0;
    while (i < moves.size()) {
      size_t j = moves.find(' ', i);
      if (j == std::string::npos) j = moves.size();
      if (j > i) {
        Move m;
        if (!parseLegalMove(game.position(), moves.substr(i, j - i), m, error)) return "{\"error\":" + q(error) + "}";
        game.play(m);
      }
      i = j + 1;
    }
  }
  const Position& pos = game.position();
  TableBlockCache& t = hintTables();
  std::vector<std::pair<std::string, tb::BlockRef>> need;
  auto wantBlock = [&](const TableBlockCache::Probe& pr) {
    for (auto& n : need)
      if (n.first == pr.needName && n.second.block == pr.needRef.block) return;
    if (need.size() < 64) need.push_back({pr.needName, pr.needRef});
  };
  auto needJson = [&]() {
    std::string s = "[";
    for (size_t i = 0; i < need.size(); ++i)
      s += std::string(i ? "," : "") + "{\"name\":" + q(need[i].first) + ",\"block\":" + std::to_string(need[i].second.block) +
           ",\"offset\":" + std::to_string(need[i].second.fileOffset) + ",\"size\":" +
           std::to_string(need[i].second.compressedSize) + "}";
    return s + "]";
  };
  if (game.result().over()) return "{\"source\":\"over\",\"value\":\"none\",\"moves\":[],\"need\":[]}";
  const bool lastPass = !game.moves().empty() && game.moves().back().kind == Move::Pass;

  // 1. Tables: the position and every successor, when all are in the tables.
  if (t.any() && !lastPass) {
    TableBlockCache::Probe root = t.probe(pos);
    if (root.answer == TableBlockCache::Answer::Error)
      return "{\"source\":\"tables\",\"error\":" + q(root.message) + ",\"moves\":[],\"need\":[]}";
    if (root.answer == TableBlockCache::Answer::Missing) wantBlock(root);
    if (root.answer != TableBlockCache::Answer::NotInTables) {
      std::string list;
      bool missing = root.answer == TableBlockCache::Answer::Missing;
      std::string err;
      forEachLegalMove(pos, [&](const Move& m) {
        Position c = pos;
        c.play(m);
        ProofValue v;
        int plies;
        if (c.winner() >= 0) {
          v = c.winner() == pos.turn ? ProofValue::Win : ProofValue::Loss, plies = 1;
        } else {
          TableBlockCache::Probe pr = t.probe(c);
          if (pr.answer == TableBlockCache::Answer::Missing) return wantBlock(pr), void(missing = true);
          if (pr.answer == TableBlockCache::Answer::Error) return void(err = pr.message);
          if (pr.answer != TableBlockCache::Answer::Value) return void(missing = true);
          v = invert(pr.value), plies = pr.plies >= 0 ? pr.plies + 1 : -1;
        }
        list += std::string(list.empty() ? "" : ",") + "{\"move\":" + q(moveToString(pos, m)) + "," + valueJson(v, plies) + "}";
      });
      if (!err.empty()) return "{\"source\":\"tables\",\"error\":" + q(err) + ",\"moves\":[],\"need\":[]}";
      if (missing) return "{\"source\":\"tables\",\"pending\":true,\"moves\":[],\"need\":" + needJson() + "}";
      return "{\"source\":\"tables\"," + valueJson(root.value, root.plies) + ",\"exact\":true,\"moves\":[" + list +
             "],\"need\":[]}";
    }
  }

  // 2. Proof search, table positions as leaves (cached blocks only; the
  //    blocks it missed are returned in "need" for a second round).
  auto t0 = std::chrono::steady_clock::now();
  auto left = [&]() {
    return budgetMs / 1000.0 - std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  };
  ProofLimits limits;
  limits.maxSeconds = budgetMs / 1000.0 * 0.5;
  limits.ttLog2 = 18;
  if (t.any())
    limits.probe = [&](const Position& q2, TableAnswer& out) {
      TableBlockCache::Probe pr = t.probe(q2);
      if (pr.answer == TableBlockCache::Answer::Missing) wantBlock(pr);
      if (pr.answer != TableBlockCache::Answer::Value) return false;
      out.value = pr.value, out.plies = pr.plies;
      return true;
    };
  ProofResult root = prove(game, limits);
  std::string out = "{\"source\":\"proof\"," + valueJson(root.value, root.plies) +
                    ",\"exact\":" + (root.value != ProofValue::Unknown ? "true" : "false") +
                    ",\"pliesExact\":" + (root.pliesExact ? "true" : "false") +
                    ",\"tables\":" + (root.usedTables ? "true" : "false");
  if (root.hasBest) out += ",\"best\":" + q(moveToString(pos, root.best));
  // Per move, with what is left of the budget, the proven best move first.
  std::vector<Move> order = legalMoves(pos);
  if (root.hasBest)
    std::stable_partition(order.begin(), order.end(), [&](const Move& m) { return m == root.best; });
  std::string list;
  for (size_t i = 0; i < order.size() && left() > 0.005; ++i) {
    Game child = game;
    child.play(order[i]);
    ProofLimits cl = limits;
    cl.maxSeconds = std::max(0.002, left() / double(order.size() - i));
    cl.exactDistance = true;
    ProofResult r = prove(child, cl);
    if (r.value == ProofValue::Unknown) continue;
    list += std::string(list.empty() ? "" : ",") + "{\"move\":" + q(moveToString(pos, order[i])) + "," +
            valueJson(invert(r.value), r.plies >= 0 ? r.plies + 1 : -1) + (r.pliesExact ? "" : ",\"bound\":true") + "}";
  }
  out += ",\"moves\":[" + list + "]";
#if ZERTZ_HAS_ENGINE
  if (root.value == ProofValue::Unknown) {
    SearchLimits sl = limitsForLevel(kDefaultLevel);
    sl.depth = 0, sl.nodes = 0, sl.timeMs = std::max(50, int(left() * 1000));
    SearchResult sr = zertz::think(game, sl, kMaxLevel);
    out += ",\"estimate\":" + std::to_string(sr.score) + ",\"estimateText\":" + q(scoreToString(sr.score));
  }
#endif
  return out + ",\"need\":" + needJson() + "}";
}

}  // namespace

EMSCRIPTEN_BINDINGS(zertz_hints) {
  function("hintsAddFile", &hintsAddFile);
  function("hintsAddBlock", &hintsAddBlock);
  function("hintsMarkDamaged", &hintsMarkDamaged);
  function("hintsCompute", &hintsCompute);
}
