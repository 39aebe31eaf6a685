// Record import/export. The SGF side lives in record_sgf.cpp; this file has
// what both formats share and our own tag + move-list format.
#include "core/records/record.h"

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

std::string resultTag(const Record& r) {
  Game g = r.game();
  if (g.result().over()) return resultToken(g.result());
  if (r.resigned >= 0) return std::to_string(1 - r.resigned) + " resign";
  if (r.wonOnTime >= 0) return std::to_string(r.wonOnTime) + " time";
  return "none";
}

std::string describeRecord(const Record& r) {
  if (r.damaged) return "damaged at turn " + std::to_string(r.damagedTurn) + ": " + r.damage;
  Game g = r.game();
  std::string extra = r.ignoredTurns ? " (the record plays " + std::to_string(r.ignoredTurns) +
                                          " more turns after the end)" : "";
  if (g.result().over()) return describeResult(g.result(), g.position()) + extra;
  if (r.resigned >= 0)
    return "player " + std::to_string(r.resigned) + " resigned (player " +
           std::to_string(1 - r.resigned) + " wins)" + extra;
  if (r.wonOnTime >= 0) return "player " + std::to_string(r.wonOnTime) + " wins on time" + extra;
  return "unfinished";
}

// ---------------------------------------------------------------------------
// Our own format.

namespace {

std::string escapeTag(std::string_view v) {
  std::string out;
  for (char c : v) {
    if (c == '"' || c == '\\') out += '\\';
    out += (c == '\n' || c == '\r') ? ' ' : c;
  }
  return out;
}

// Parses `[Key "value"]` (the whole trimmed line).
bool parseTagLine(std::string_view line, std::string& key, std::string& value) {
  if (line.size() < 2 || line.front() != '[' || line.back() != ']') return false;
  line = trim(line.substr(1, line.size() - 2));
  size_t i = 0;
  while (i < line.size() && !isSpace(line[i]) && line[i] != '"') ++i;
  if (i == 0) return false;
  key = std::string(line.substr(0, i));
  std::string_view rest = trim(line.substr(i));
  if (rest.size() < 2 || rest.front() != '"' || rest.back() != '"') return false;
  value.clear();
  for (size_t j = 1; j + 1 < rest.size(); ++j) {
    if (rest[j] == '\\' && j + 2 < rest.size()) ++j;
    else if (rest[j] == '"') return false;
    value += rest[j];
  }
  return true;
}

bool isMoveNumber(std::string_view t) {
  size_t i = 0;
  while (i < t.size() && t[i] >= '0' && t[i] <= '9') ++i;
  if (i == 0 || i == t.size()) return false;
  for (size_t j = i; j < t.size(); ++j)
    if (t[j] != '.') return false;
  return true;
}

// Where a ';' comment starts, ignoring ';' inside a quoted value on a tag
// line (an exported [Event "a;b"] must read back).
size_t commentStart(std::string_view line) {
  if (trim(line).substr(0, 1) != "[") return line.find(';');
  bool quoted = false;
  for (size_t i = 0; i < line.size(); ++i) {
    if (quoted && line[i] == '\\') ++i;
    else if (line[i] == '"') quoted = !quoted;
    else if (line[i] == ';' && !quoted) return i;
  }
  return std::string_view::npos;
}

// A move token of our format, with the line it starts on.
struct Token {
  std::string text;
  int line;
};

bool importOwn(std::string_view text, Record& out, std::string& error) {
  Record r;
  std::vector<Token> tokens;
  int lineNo = 0;
  bool inMoves = false;
  size_t pos = 0;
  while (pos <= text.size()) {
    size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(pos, end - pos);
    pos = end + 1;
    ++lineNo;
    if (size_t c = commentStart(line); c != std::string_view::npos) line = line.substr(0, c);
    line = trim(line);
    if (line.empty()) continue;
    if (line.front() == '[') {
      std::string key, value;
      if (inMoves)
        return error = "line " + std::to_string(lineNo) + ": header tag after the moves", false;
      if (!parseTagLine(line, key, value))
        return error = "line " + std::to_string(lineNo) + ": bad header tag " + quoted(line) +
                       " (expected [Key \"value\"])", false;
      r.tags[key] = value;
      continue;
    }
    if (r.tags.empty())
      return error = "line " + std::to_string(lineNo) + ": not a Zertz record: expected SGF '(;GM[22]...' "
                     "or header tags like [Variant \"standard 37\"], got " + quoted(line), false;
    inMoves = true;
    size_t i = 0;
    while (i < line.size()) {
      while (i < line.size() && isSpace(line[i])) ++i;
      size_t j = i;
      while (j < line.size() && !isSpace(line[j])) ++j;
      if (j > i) tokens.push_back({std::string(line.substr(i, j - i)), lineNo});
      i = j;
    }
  }
  if (r.tags.empty()) return error = "empty record", false;

  if (auto it = r.tags.find("Start"); it != r.tags.end()) {
    if (!parsePositionString(it->second, r.start, error)) return error = "tag Start: " + error, false;
  } else if (auto v = r.tags.find("Variant"); v != r.tags.end()) {
    std::string_view s = trim(v->second);
    size_t sp = s.find(' ');
    if (sp == std::string_view::npos ||
        !startPosition(trim(s.substr(0, sp)), trim(s.substr(sp + 1)), r.start, error))
      return error = "tag Variant " + quoted(v->second) + ": " +
                     (sp == std::string_view::npos ? std::string("expected '<marbles> <layout>'") : error), false;
  } else {
    return error = "missing [Variant \"<marbles> <layout>\"] or [Start \"<position>\"] tag", false;
  }

  // Join the optional space of "x e3Wg3" and the isolation annotation
  // "Bd7,b2 x Wa1Wa2" to the move they belong to.
  std::vector<Token> moves;
  for (size_t i = 0; i < tokens.size(); ++i) {
    const std::string& t = tokens[i].text;
    if (isMoveNumber(t)) continue;
    if ((t == "x" || t == "X") && i + 1 < tokens.size()) {
      const std::string& next = tokens[i + 1].text;
      bool annotation = next.size() >= 2 && std::string_view("WGBwgb").find(next[0]) != std::string_view::npos &&
                        !(next[1] >= '0' && next[1] <= '9') && !moves.empty();
      if (annotation) moves.back().text += " x " + next;
      else moves.push_back({t + next, tokens[i].line});
      ++i;
      continue;
    }
    moves.push_back(tokens[i]);
  }

  Game game(r.start);
  for (size_t i = 0; i < moves.size(); ++i) {
    Move m;
    std::string why;
    bool ok = !game.result().over();
    if (!ok) why = "move after the game ended (" + describeResult(game.result(), game.position()) + ")";
    else ok = parseLegalMove(game.position(), moves[i].text, m, why);
    if (!ok) {
      r.damaged = true;
      r.damagedTurn = int(i) + 1;
      r.damage = "line " + std::to_string(moves[i].line) + ": " + why;
      break;
    }
    game.play(m);
    r.moves.push_back(m);
  }
  if (auto it = r.tags.find("Result"); it != r.tags.end() && !game.result().over() && !r.damaged) {
    const std::string& v = it->second;
    if (v == "0 resign" || v == "1 resign") r.resigned = '1' - v[0];
    if (v == "0 time" || v == "1 time") r.wonOnTime = v[0] - '0';
  }
  out = std::move(r);
  return true;
}

}  // namespace

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
  return importOwn(t, out, error);
}

std::string exportRecord(const Game& game, const std::map<std::string, std::string>& tags) {
  const Position& start = game.startPosition();
  std::string s = "[Variant \"" + layoutToken(start) + "\"]\n";
  for (const auto& [key, value] : tags) {
    if (key == "Variant" || key == "Start" || key == "Result" || key.empty()) continue;
    bool plain = true;
    for (char c : key) plain = plain && !isSpace(c) && c != '"' && c != ']';
    if (plain) s += "[" + key + " \"" + escapeTag(value) + "\"]\n";
  }
  if (!(start == Position::start(*start.geo, start.set)))
    s += "[Start \"" + toPositionString(start) + "\"]\n";
  std::string result = resultToken(game.result());
  if (!game.result().over())
    if (auto it = tags.find("Result"); it != tags.end()) result = it->second;
  s += "[Result \"" + escapeTag(result) + "\"]\n\n";
  std::string line;
  const auto& moves = game.moves();
  for (size_t i = 0; i < moves.size(); ++i) {
    std::string word = moveToString(game.positions()[i], moves[i]);
    if (i % 2 == 0) word = std::to_string(i / 2 + 1) + ". " + word;
    if (!line.empty() && line.size() + 1 + word.size() > 78) s += line + "\n", line.clear();
    line += (line.empty() ? "" : " ") + word;
  }
  if (!line.empty()) s += line + "\n";
  return s;
}

}  // namespace zertz
