// What both record formats share: text helpers, results, the format
// detection. Our own format is in record_own.cpp, SGF in sgf_*.cpp.
#include "core/records/record.h"

#include <algorithm>

#include "core/notation.h"
#include "core/records/record_internal.h"

namespace zertz {

namespace record_detail {

bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v'; }

std::string_view trim(std::string_view s) {
  while (!s.empty() && isSpace(s.front())) s.remove_prefix(1);
  while (!s.empty() && isSpace(s.back())) s.remove_suffix(1);
  return s;
}

std::string quoted(std::string_view s) {
  std::string out;
  for (char c : s.substr(0, 40)) out += (unsigned char)c < 32 ? ' ' : c;
  return "'" + out + (s.size() > 40 ? "...'" : "'");
}

std::string escaped(std::string_view v, std::string_view specials, bool flattenNewlines) {
  std::string out;
  for (char c : v) {
    if (specials.find(c) != std::string_view::npos) out += '\\';
    out += (flattenNewlines && (c == '\n' || c == '\r')) ? ' ' : c;
  }
  return out;
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
  return out;
}

// Explains why m, built from a record, is not legal in pos. The capture case
// walks the jumps itself so it can name the first bad one.
std::string explainIllegal(const Position& pos, const Move& m) {
  const Geometry& g = *pos.geo;
  if (pos.winner() >= 0) return "the game is already over";
  if (m.kind == Move::Capture) {
    if (!hasCapture(pos)) return "no capture is possible here, a placement was due";
    Bitboard occ = pos.occupied();
    int at = m.from;
    if (!(occ & bit(at))) return "no marble on " + cellName(g, at) + " to capture with";
    for (int i = 0; i < m.jumps; ++i) {
      int d = m.dir(i), over = g.neighbor[at][d];
      int land = over == kNoCell ? kNoCell : g.neighbor[over][d];
      std::string step = "jump " + std::to_string(i + 1) + " " + cellName(g, at) + "-" +
                         (land == kNoCell ? std::string("?") : cellName(g, land)) + ": ";
      if (!(occ & bit(over))) return step + "no marble on " + cellName(g, over) + " to jump over";
      if (!(pos.rings & bit(land))) return step + "no ring on " + cellName(g, land);
      if (occ & bit(land)) return step + cellName(g, land) + " is occupied";
      occ = (occ & ~bit(at) & ~bit(over)) | bit(land);
      at = land;
    }
    return "the capture stops at " + cellName(g, at) + " but that marble can jump again";
  }
  Move dummy;
  std::string error;
  if (!parseLegalMove(pos, moveToString(pos, m), dummy, error)) return error;
  return "illegal move";  // not reached: parseLegalMove accepts only legal moves
}

std::string layoutToken(const Position& p) { return std::string(p.marbleSet().name) + " " + p.geo->token; }

}  // namespace record_detail

using namespace record_detail;

Game Record::game() const {
  Game g(start);
  for (const Move& m : moves) g.play(m);
  return g;
}

RecordOutcome recordOutcome(const Record& r) {
  Game g = r.game();
  const GameResult& res = g.result();
  if (res.over()) {
    const char* reason = res.reason == EndReason::WinningSet     ? "set"
                         : res.reason == EndReason::BoardEmptied ? "emptied"
                         : res.reason == EndReason::TwoPasses    ? "passes"
                                                                 : "repetition";
    return {resultToken(res), reason};
  }
  if (r.resigned >= 0) return {std::to_string(1 - r.resigned), "resign"};
  if (r.wonOnTime >= 0) return {std::to_string(r.wonOnTime), "time"};
  if (!r.claimedResult.empty()) return {r.claimedResult, r.claimedReason.empty() ? "unknown" : r.claimedReason};
  if (r.namedWinner >= 0) return {std::to_string(r.namedWinner), "unknown"};
  return {"", ""};
}

std::string resultTag(const Record& r) {
  RecordOutcome o = recordOutcome(r);
  if (o.result.empty()) {
    auto it = r.tags.find("Result");
    return it != r.tags.end() && !trim(it->second).empty() ? it->second : "none";
  }
  bool byRules = o.reason == "set" || o.reason == "emptied" || o.reason == "passes" || o.reason == "repetition";
  return byRules ? o.result : o.result + " " + o.reason;
}

bool applyResultTag(Record& r, const std::string& tag) {
  std::string_view v = trim(tag);
  size_t sp = v.find(' ');
  std::string who(v.substr(0, sp)), why(sp == std::string_view::npos ? "" : trim(v.substr(sp + 1)));
  if (who != "0" && who != "1" && who != "draw") return false;
  if (r.game().result().over()) return true;  // the rules decide
  bool player = who != "draw";
  if (player && why == "resign") r.resigned = '1' - who[0];
  else if (player && why == "time") r.wonOnTime = who[0] - '0';
  else if (why.empty() || why == "unknown" || why == "agreement") r.claimedResult = who, r.claimedReason = why.empty() ? "unknown" : why;
  else return false;
  return true;
}

Record recordFromGame(const Game& game, const std::map<std::string, std::string>& tags) {
  Record r;
  r.tags = tags;
  r.start = game.startPosition();
  r.moves = game.moves();
  addLine(r.root, r.moves);
  if (auto it = tags.find("Result"); it != tags.end()) applyResultTag(r, it->second);
  return r;
}

std::string describeRecord(const Record& r) {
  if (r.damaged) return "damaged at turn " + std::to_string(r.damagedTurn) + ": " + r.damage;
  Game g = r.game();
  std::string extra = r.ignoredTurns ? " (the record plays " + std::to_string(r.ignoredTurns) +
                                           " more turns after the end)"
                                     : "";
  if (g.result().over()) return describeResult(g.result(), g.position()) + extra;
  if (r.resigned >= 0)
    return "player " + std::to_string(r.resigned) + " resigned (player " +
           std::to_string(1 - r.resigned) + " wins)" + extra;
  if (r.wonOnTime >= 0) return "player " + std::to_string(r.wonOnTime) + " wins on time" + extra;
  return "unfinished";
}

bool importRecord(std::string_view text, Record& out, std::string& error) {
  std::string_view t = trim(text);
  if (t.size() >= 3 && (unsigned char)t[0] == 0xEF && (unsigned char)t[1] == 0xBB && (unsigned char)t[2] == 0xBF)
    t = trim(t.substr(3));  // UTF-8 byte order mark
  if (t.empty()) return error = "empty record", false;
  if (t.front() == '(' || (t.front() != '[' && t.find("GM[") != std::string_view::npos)) {
    std::string errors;
    std::vector<Record> games = importSgfCollection(t, errors);
    if (games.empty()) return error = errors.empty() ? "no game in the SGF text" : errors, false;
    out = std::move(games.front());
    return true;
  }
  return importOwnRecord(t, out, error);
}

std::map<std::string, std::string> tagsFromLines(std::string_view text) {
  std::map<std::string, std::string> tags;
  while (!text.empty()) {
    const size_t end = std::min(text.find('\n'), text.size());
    const std::string_view line = text.substr(0, end);
    const size_t eq = line.find('=');
    if (eq != std::string_view::npos && eq > 0) tags[std::string(line.substr(0, eq))] = std::string(line.substr(eq + 1));
    text.remove_prefix(std::min(end + 1, text.size()));
  }
  return tags;
}

}  // namespace zertz
