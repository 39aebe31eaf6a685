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
#include <algorithm>

#include <optional>
#include <string>
#include <vector>

#include "core/engine/bench.h"
#include "core/game.h"
#include "core/proof/hints.h"
#include "core/notation.h"

#include "core/records/record.h"
#include "core/engine/search.h"
#include "core/engine/winprob.h"

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

  // The engine's move at `level` (1..4) as JSON: move (canonical text),
  // score (text), depth, nodes, pv. timeMs > 0 replaces the strongest level's
  // own time (weaker levels have a fixed depth). The worker calls this.
  std::string think(int level, int timeMs) const {
    SearchLimits limits = limitsForLevel(level);
    if (timeMs > 0 && limits.timeMs > 0) limits.timeMs = std::min(timeMs, 600000);
    SearchResult res = zertz::think(game_, limits, level);
    Position walk = game_.position();
    std::string pv;
    for (size_t i = 0; i < res.pv.size(); ++i) {
      pv += (i ? "," : "") + q(moveToString(walk, res.pv[i]));
      walk.play(res.pv[i]);
    }
    return "{\"move\":" + q(moveToString(game_.position(), res.best)) + ",\"score\":" +
           q(scoreToString(res.score)) + ",\"depth\":" + std::to_string(res.depth) +
           ",\"nodes\":" + std::to_string(res.nodes) + ",\"winprob\":" +
           std::to_string(winProbability(res.score, *game_.position().geo)) + ",\"pv\":[" + pv + "]}";
  }

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

// Every build has both; the view still asks, so a trimmed build could say no.
static bool hasEngine() { return true; }
static bool hasRecords() { return true; }
static int defaultLevel() { return kDefaultLevel; }

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
      .function("think", &WebGame::think)
      .function("importRecord", &WebGame::importRecordText)
      .function("exportRecord", &WebGame::exportRecordText)
      .function("exportSgf", &WebGame::exportSgfText)
      .function("state", &WebGame::state);
}

// ---- hints: core/hints.h over a TableBlockCache of the blocks the page
// fetched with HTTP Range and inflated itself. The worker
// (web/hints-worker.js) feeds file headers and blocks in and reads JSON out.
// Every table check (header, index, block CRC) is core's; a damaged or
// missing table gives a message, never a value.

namespace {

TableBlockCache& hintTables() {
  static TableBlockCache t;
  return t;
}

// The proof memory of the page's game (core/proof.h): hints for the next
// position start from what the last ones learned. 2^20 entries, 24 MB.
ProofMemory& proofMemory() {
  static ProofMemory m(20);
  return m;
}
void proofMemoryClear() { proofMemory().clear(); }

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

// A game from a start position string and canonical moves, or an error.
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

// Hints (core/hints.h) as JSON:
//   {"source":"over"|"tables"|"proof", "value":..., "plies":n, "exact":bool,
//    "pliesExact":bool, "tables":bool, "best":"move",
//    "moves":[{"move":..,"value":..,"plies":n,"bound":true}],
//    "need":[{name,block,offset,size}], "pending":true, "error":"...",
//    "estimate":score, "estimateText":"...", "emptyPart":true}
std::string hintsJson(const Position& pos, const Hints& h) {
  if (h.source == Hints::Source::Over) return "{\"source\":\"over\",\"value\":\"none\",\"moves\":[],\"need\":[]}";
  std::string need = "[";
  for (size_t i = 0; i < h.need.size(); ++i)
    need += std::string(i ? "," : "") + "{\"name\":" + q(h.need[i].name) + ",\"block\":" + std::to_string(h.need[i].ref.block) +
            ",\"offset\":" + std::to_string(h.need[i].ref.fileOffset) + ",\"size\":" +
            std::to_string(h.need[i].ref.compressedSize) + "}";
  need += "]";
  std::string list;
  for (const MoveHint& mh : h.moves)
    list += std::string(list.empty() ? "" : ",") + "{\"move\":" + q(moveToString(pos, mh.move)) + "," +
            valueJson(mh.value, mh.plies) + (h.source == Hints::Source::Proof && mh.bound ? ",\"bound\":true" : "") + "}";
  if (h.source == Hints::Source::Tables) {
    if (!h.error.empty()) return "{\"source\":\"tables\",\"error\":" + q(h.error) + ",\"moves\":[],\"need\":[]}";
    if (h.pending) return "{\"source\":\"tables\",\"pending\":true,\"moves\":[],\"need\":" + need + "}";
    return "{\"source\":\"tables\"," + valueJson(h.value, h.plies) + ",\"exact\":true,\"moves\":[" + list + "],\"need\":[]}";
  }
  std::string out = "{\"source\":\"proof\"," + valueJson(h.value, h.plies) + ",\"exact\":" + (h.exact ? "true" : "false") +
                    ",\"pliesExact\":" + (h.pliesExact ? "true" : "false") + ",\"tables\":" + (h.usedTables ? "true" : "false");
  if (h.hasBest) out += ",\"best\":" + q(moveToString(pos, h.best));
  out += ",\"moves\":[" + list + "]";
  if (h.hasEstimate)
    out += ",\"estimate\":" + std::to_string(h.estimate) + ",\"estimateText\":" + q(scoreToString(h.estimate)) +
           ",\"winprob\":" + std::to_string(winProbability(h.estimate, *pos.geo));
  if (h.emptyPart) out += ",\"emptyPart\":true";
  return out + ",\"need\":" + need + "}";
}

// Hints for the game (start position string + canonical moves), or for one
// part of its root moves (part of parts: one hint worker's share; see
// HintOptions). JSON as hintsJson, or {"error":...}.
std::string hintsCompute(const std::string& start, const std::string& moves, int budgetMs, int part, int parts) {
  std::string error;
  const std::optional<Game> game = gameFrom(start, moves, error);
  if (!game) return "{\"error\":" + q(error) + "}";
  if (parts < 1 || parts > 256 || part < 0 || part >= parts)
    return "{\"error\":" +
           q("hint part " + std::to_string(part) + " of " + std::to_string(parts) + ": expected 0 <= part < parts <= 256") + "}";
  HintOptions options;
  options.budgetMs = budgetMs;
  options.memory = &proofMemory();
  options.part = part, options.parts = parts;
  return hintsJson(game->position(), computeHints(*game, &hintTables(), options));
}

// One part's hints back from its JSON (hintsJson of the same game), for
// hintsMerge. Anything malformed is an error naming the part and the field.
std::optional<Hints> hintsFromJson(const Position& pos, const val& part, const std::string& where, std::string& error) {
  auto fail = [&](const std::string& why) { error = where + ": " + why; return std::nullopt; };
  if (part.typeOf().as<std::string>() != "object" || part.isNull()) return fail("not an object");
  auto text = [&](const char* field) { return part[field].isString() ? part[field].as<std::string>() : std::string(); };
  auto flag = [&](const val& v, const char* field) { return v[field].isTrue(); };
  auto value = [&](const std::string& name, ProofValue& out) {
    for (ProofValue v : {ProofValue::Unknown, ProofValue::Win, ProofValue::Loss, ProofValue::Draw})
      if (name == proofValueName(v)) return out = v, true;
    return false;
  };
  auto plies = [](const val& v) { return v["plies"].isNumber() ? v["plies"].as<int>() : -1; };
  Hints h;
  h.error = text("error");
  const std::string source = text("source");
  if (!h.error.empty() && source.empty()) return fail(h.error);  // the part failed as a whole
  if (source == "over") return h.source = Hints::Source::Over, h;
  if (source != "tables" && source != "proof") return fail("source '" + source + "' is not over, tables or proof");
  h.source = source == "tables" ? Hints::Source::Tables : Hints::Source::Proof;
  h.pending = flag(part, "pending");
  if (!h.error.empty() || h.pending) return h;
  if (!value(text("value"), h.value)) return fail("value '" + text("value") + "' is not win, loss, draw or unknown");
  h.plies = plies(part);
  h.exact = flag(part, "exact"), h.pliesExact = flag(part, "pliesExact") || h.source == Hints::Source::Tables;
  h.usedTables = flag(part, "tables"), h.emptyPart = flag(part, "emptyPart");
  if (!text("best").empty()) {
    if (!parseLegalMove(pos, text("best"), h.best, error)) return fail("best: " + error);
    h.hasBest = true;
  }
  if (part["estimate"].isNumber()) h.hasEstimate = true, h.estimate = part["estimate"].as<int>();
  const val moves = part["moves"];
  if (!moves.isArray()) return fail("moves is not an array");
  const unsigned n = moves["length"].as<unsigned>();
  for (unsigned i = 0; i < n; ++i) {
    const val m = moves[i];
    MoveHint mh;
    const std::string name = m["move"].isString() ? m["move"].as<std::string>() : "";
    if (!parseLegalMove(pos, name, mh.move, error)) return fail("moves[" + std::to_string(i) + "]: " + error);
    if (!m["value"].isString() || !value(m["value"].as<std::string>(), mh.value))
      return fail("moves[" + std::to_string(i) + "]: bad value");
    mh.plies = plies(m), mh.bound = flag(m, "bound");
    h.moves.push_back(mh);
  }
  return h;
}

// The whole position's hints from the parts' JSON results (an array, one
// per hint worker, in any order): core's mergeHintParts. JSON as hintsJson.
std::string hintsMerge(const std::string& start, const std::string& moves, const val& parts) {
  std::string error;
  const std::optional<Game> game = gameFrom(start, moves, error);
  if (!game) return "{\"error\":" + q(error) + "}";
  if (!parts.isArray() || parts["length"].as<unsigned>() == 0)
    return "{\"error\":\"hintsMerge: expected a non-empty array of parts\"}";
  std::vector<Hints> all;
  const unsigned n = parts["length"].as<unsigned>();
  for (unsigned i = 0; i < n; ++i) {
    std::optional<Hints> h = hintsFromJson(game->position(), parts[i], "hint part " + std::to_string(i), error);
    if (!h) return "{\"error\":" + q(error) + "}";
    all.push_back(std::move(*h));
  }
  return hintsJson(game->position(), mergeHintParts(all));
}

// The proof search alone (no tables) on the game, for bench/hints_wasm.js:
//   {"value":"win"|"loss"|"draw"|"unknown", "plies":n, "nodes":n, "seconds":s}
// keep: start from and add to the page's proof memory, as hints do.
std::string proveGame(const std::string& start, const std::string& moves, int budgetMs, bool keep) {
  std::string error;
  const std::optional<Game> game = gameFrom(start, moves, error);
  if (!game) return "{\"error\":" + q(error) + "}";
  ProofLimits limits;
  limits.maxSeconds = budgetMs / 1000.0;
  const ProofResult r = prove(*game, limits, keep ? &proofMemory() : nullptr);
  return "{" + valueJson(r.value, r.plies) + ",\"nodes\":" + std::to_string(r.nodes) +
         ",\"seconds\":" + std::to_string(r.seconds) + "}";
}

}  // namespace

EMSCRIPTEN_BINDINGS(zertz_hints) {
  function("proveGame", &proveGame);
  function("proofMemoryClear", &proofMemoryClear);
  function("hintsAddFile", &hintsAddFile);
  function("hintsAddBlock", &hintsAddBlock);
  function("hintsMarkDamaged", &hintsMarkDamaged);
  function("hintsCompute", &hintsCompute);
  function("hintsMerge", &hintsMerge);
}
