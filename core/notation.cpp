#include "core/notation.h"

#include <algorithm>
#include <charconv>
#include <vector>

#include "core/movegen.h"

namespace zertz {

namespace {

int colorFromChar(char ch) {
  switch (ch) {
    case 'W':
    case 'w': return White;
    case 'G':
    case 'g': return Grey;
    case 'B':
    case 'b': return Black;
    default: return -1;
  }
}

bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

std::string_view trim(std::string_view s) {
  while (!s.empty() && isSpace(s.front())) s.remove_prefix(1);
  while (!s.empty() && isSpace(s.back())) s.remove_suffix(1);
  return s;
}

std::string quoted(std::string_view s) {
  if (s.size() > 40) return "'" + std::string(s.substr(0, 40)) + "...'";
  return "'" + std::string(s) + "'";
}

// Reads a cell name ("d4", "D12") at the front of s; advances s on success.
int takeCell(const Geometry& g, std::string_view& s) {
  size_t i = 0;
  if (i < s.size() && ((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z'))) ++i;
  else return kNoCell;
  size_t digits = i;
  while (i < s.size() && s[i] >= '0' && s[i] <= '9' && i - digits < 3) ++i;
  if (i == digits) return kNoCell;
  int cell = parseCell(g, s.substr(0, i));
  if (cell != kNoCell) s.remove_prefix(i);
  return cell;
}

std::vector<std::string_view> split(std::string_view s, char sep) {
  std::vector<std::string_view> parts;
  size_t start = 0;
  for (size_t i = 0; i <= s.size(); ++i)
    if (i == s.size() || s[i] == sep) {
      parts.push_back(s.substr(start, i - start));
      start = i + 1;
    }
  return parts;
}

bool parseSmallInt(std::string_view s, int maxValue, int& out) {
  if (s.empty() || s.size() > 3) return false;
  int v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
    v = v * 10 + (c - '0');
  }
  if (v > maxValue) return false;
  out = v;
  return true;
}

bool parseTriple(std::string_view s, uint8_t out[kColors], const char* what, std::string& error) {
  auto parts = split(s, ',');
  int v[kColors];
  if (parts.size() != 3 || !parseSmallInt(parts[0], kMaxMarbles, v[0]) ||
      !parseSmallInt(parts[1], kMaxMarbles, v[1]) || !parseSmallInt(parts[2], kMaxMarbles, v[2])) {
    error = std::string(what) + " must be three counts 'w,g,b', got " + quoted(s);
    return false;
  }
  for (int c = 0; c < kColors; ++c) out[c] = uint8_t(v[c]);
  return true;
}

std::string triple(const uint8_t v[kColors]) {
  return std::to_string(v[0]) + "," + std::to_string(v[1]) + "," + std::to_string(v[2]);
}

}  // namespace

std::string cellName(const Geometry& g, int cell) {
  if (cell < 0 || cell >= g.numCells) return "??";
  // Built in place: legal_moves formats thousands of cells per call.
  char buf[16] = {char('a' + g.column[cell])};
  char* end = std::to_chars(buf + 1, buf + sizeof buf, g.row[cell] + 1).ptr;
  return std::string(buf, end);
}

int parseCell(const Geometry& g, std::string_view name) {
  name = trim(name);
  if (name.size() < 2 || name.size() > 4) return kNoCell;
  char c = name[0];
  int col = (c >= 'a' && c <= 'z') ? c - 'a' : (c >= 'A' && c <= 'Z') ? c - 'A'
                                                                      : -1;
  int row = 0;
  if (col < 0 || !parseSmallInt(name.substr(1), 99, row) || row < 1) return kNoCell;
  return g.cellAt(col, row - 1);
}

std::string moveToString(const Position& pos, const Move& m) {
  const Geometry& g = *pos.geo;
  if (m.kind == Move::Pass) return "-";
  if (m.kind == Move::Place) {
    std::string s(1, kColorChar[m.color]);
    s += cellName(g, m.from);
    if (m.removed != kNoCell) s += ',', s += cellName(g, m.removed);
    return s;
  }
  std::string s = "x" + cellName(g, m.from);
  int at = m.from;
  Bitboard removedSoFar = 0;
  for (int i = 0; i < m.jumps; ++i) {
    int d = m.dir(i);
    int over = g.neighbor[at][d];
    int land = over == kNoCell ? kNoCell : g.neighbor[over][d];
    int c = over == kNoCell || (removedSoFar & bit(over)) ? -1 : pos.marbleAt(over);
    s += (c < 0 ? '?' : kColorChar[c]) + cellName(g, land);
    if (over != kNoCell) removedSoFar |= bit(over);
    at = land == kNoCell ? at : land;
  }
  return s;
}

std::string isolationSuffix(const Position& before, Bitboard isolated) {
  if (!isolated) return "";
  std::string s = " x ";
  for (Bitboard b = isolated; b;) {
    int cell = popLsb(b);
    int c = before.marbleAt(cell);
    // The placed marble itself is not on `before`; callers pass the position
    // after the placement but before isolation when they need it exact.
    if (c >= 0) s += kColorChar[c] + cellName(*before.geo, cell);
  }
  return s;
}

std::string moveListString(const Game& game) {
  std::string s;
  for (size_t i = 0; i < game.moves().size(); ++i)
    s += (i ? " " : "") + moveToString(game.positions()[i], game.moves()[i]);
  return s;
}

bool parseMove(const Position& pos, std::string_view text, Move& out, std::string& error) {
  const Geometry& g = *pos.geo;
  std::string_view s = trim(text);
  const std::string where = "move " + quoted(text) + ": ";
  if (s.empty()) return error = "empty move", false;
  if (s == "-") return out = Move::pass(), true;
  if (s[0] == 'x' || s[0] == 'X') {
    s.remove_prefix(1);
    s = trim(s);
    int at = takeCell(g, s);
    if (at == kNoCell) return error = where + "expected the capturing marble's cell after 'x'", false;
    if (!(pos.rings & bit(at)) || pos.marbleAt(at) < 0)
      return error = where + "no marble on " + cellName(g, at) + " to capture with", false;
    Move m = Move::captureStart(at);
    Bitboard occ = pos.occupied();
    while (!s.empty()) {
      int c = colorFromChar(s[0]);
      if (c < 0) return error = where + "expected a captured colour W/G/B at " + quoted(s), false;
      s.remove_prefix(1);
      int land = takeCell(g, s);
      if (land == kNoCell) return error = where + "expected a landing cell after the colour", false;
      int dir = -1;
      for (int d = 0; d < kDirections; ++d)
        if (g.jumpTarget(at, d) == land) dir = d;
      if (dir < 0)
        return error = where + cellName(g, land) + " is not a jump (two rings in a line) from " +
                       cellName(g, at),
               false;
      int over = g.neighbor[at][dir];
      if (!(occ & bit(over)) || pos.marbleAt(over) != c)
        return error = where + "no " + kColorChar[c] + " marble on " + cellName(g, over) +
                       " to jump",
               false;
      if (!(pos.rings & bit(land)) || (occ & bit(land)))
        return error = where + "landing ring " + cellName(g, land) + " is not vacant", false;
      if (m.jumps >= Move::kMaxJumps) return error = where + "too many jumps", false;
      m.pushJump(dir);
      occ = (occ & ~bit(at) & ~bit(over)) | bit(land);
      at = land;
      s = trim(s);
    }
    if (m.jumps == 0) return error = where + "a capture needs at least one jump", false;
    out = m;
    return true;
  }
  int c = colorFromChar(s[0]);
  if (c < 0) return error = where + "expected W, G or B, 'x' for a capture, or '-'", false;
  s.remove_prefix(1);
  int target = takeCell(g, s);
  if (target == kNoCell) return error = where + "expected a target ring after the colour", false;
  int removed = kNoCell;
  s = trim(s);
  if (!s.empty() && s[0] == ',') {
    s.remove_prefix(1);
    s = trim(s);
    removed = takeCell(g, s);
    if (removed == kNoCell) return error = where + "expected the removed ring after ','", false;
  }
  s = trim(s);
  if (!s.empty()) {  // optional isolation annotation " x Wa1Wa2"
    if (s[0] != 'x' && s[0] != 'X') return error = where + "unexpected text " + quoted(s), false;
    s.remove_prefix(1);
    s = trim(s);
    if (s.empty()) return error = where + "empty isolation annotation after 'x'", false;
    while (!s.empty()) {
      if (colorFromChar(s[0]) < 0) return error = where + "bad isolation annotation " + quoted(s), false;
      s.remove_prefix(1);
      if (takeCell(g, s) == kNoCell) return error = where + "bad cell in isolation annotation", false;
      s = trim(s);
    }
  }
  out = Move::place(c, target, removed);
  return true;
}

bool parseLegalMove(const Position& pos, std::string_view text, Move& out, std::string& error) {
  Move m;
  if (!parseMove(pos, text, m, error)) return false;
  if (pos.winner() >= 0) return error = "the game is over", false;
  if (isLegal(pos, m)) return out = m, true;
  const Geometry& g = *pos.geo;
  std::string where = "illegal move " + quoted(text) + ": ";
  bool capture = hasCapture(pos);
  if (m.kind == Move::Pass)
    error = where + (capture ? "a capture is compulsory" : "a pass is only legal with nothing to place");
  else if (m.kind == Move::Place) {
    if (capture) error = where + "a capture is compulsory";
    else if (!(placeableColors(pos) & (1u << m.color)))
      error = where + std::string(pos.poolEmpty() ? "you have no captured " : "the pool has no ") +
              kColorChar[m.color] + " marble";
    else if (!(pos.vacant() & bit(m.from))) error = where + cellName(g, m.from) + " is not a vacant ring";
    else if (m.removed == kNoCell) error = where + "a ring must be removed";
    else if (m.removed == m.from) error = where + "cannot remove the ring just filled";
    else error = where + cellName(g, m.removed) + " is not a removable ring (vacant, two adjacent open sides)";
  } else {
    error = where + "the capture must continue while the marble can jump again";
  }
  return false;
}

std::string toPositionString(const Position& pos) {
  const Geometry& g = *pos.geo;
  std::string cells;
  for (int col = 0; col < g.numColumns; ++col) {
    if (col) cells += '/';
    for (int r = 0; r < g.columns[col].height; ++r) {
      int cell = g.cellAt(col, r);
      int c = pos.marbleAt(cell);
      cells += !(pos.rings & bit(cell)) ? '-' : c < 0 ? '.'
                                                      : kColorChar[c];
    }
  }
  return std::string(pos.marbleSet().name) + " " + g.token + " " + cells + " " + triple(pos.pool) +
         " " + triple(pos.captures[0]) + " " + triple(pos.captures[1]) + " " +
         std::to_string(pos.turn);
}

bool parsePositionString(std::string_view text, Position& out, std::string& error) {
  std::vector<std::string_view> f;
  for (auto part : split(trim(text), ' '))
    if (!part.empty()) f.push_back(part);
  if (f.size() != 7)
    return error =
               "position: expected 7 fields '<marbles> <layout> <cells> <pool> <caps0> <caps1> "
               "<turn>', got " +
               std::to_string(f.size()),
           false;
  Position p;
  if (!startPosition(f[0], f[1], p, error)) return error = "position: " + error, false;
  const Geometry& g = *p.geo;
  auto columns = split(f[2], '/');
  if (int(columns.size()) != g.numColumns)
    return error = "position: cells: layout " + std::string(g.token) + " has " +
                   std::to_string(g.numColumns) + " columns, got " + std::to_string(columns.size()),
           false;
  int onBoard[kColors] = {};
  for (int col = 0; col < g.numColumns; ++col) {
    if (int(columns[col].size()) != g.columns[col].height)
      return error = "position: cells: column " + std::string(1, char('a' + col)) + " needs " +
                     std::to_string(g.columns[col].height) + " characters, got " +
                     quoted(columns[col]),
             false;
    for (int r = 0; r < g.columns[col].height; ++r) {
      int cell = g.cellAt(col, r);
      char ch = columns[col][r];
      if (ch == '-') p.removeRing(cell);
      else if (int c = colorFromChar(ch); c >= 0 && ch >= 'A' && ch <= 'Z') p.putMarble(cell, c), ++onBoard[c];
      else if (ch != '.')
        return error = "position: cells: bad character '" + std::string(1, ch) + "' at " +
                       cellName(g, cell) + " (use . - W G B)",
               false;
    }
  }
  uint8_t pool[kColors], caps0[kColors], caps1[kColors];
  if (!parseTriple(f[3], pool, "position: pool", error) ||
      !parseTriple(f[4], caps0, "position: captures of player 0", error) ||
      !parseTriple(f[5], caps1, "position: captures of player 1", error))
    return false;
  if (f[6] != "0" && f[6] != "1") return error = "position: turn must be 0 or 1, got " + quoted(f[6]), false;
  for (int c = 0; c < kColors; ++c) {
    int sum = onBoard[c] + pool[c] + caps0[c] + caps1[c];
    if (sum != p.marbleSet().total[c])
      return error = "position: " + std::string(1, kColorChar[c]) + " marbles on board + pool + captures = " +
                     std::to_string(sum) + ", but the " + p.marbleSet().name + " set has " +
                     std::to_string(p.marbleSet().total[c]),
             false;
    p.setPool(c, pool[c]);
    p.setCaptures(0, c, caps0[c]);
    p.setCaptures(1, c, caps1[c]);
  }
  if (f[6] == "1") p.turn = 1, p.key ^= zobrist::kKeys.side;
  if (p.hasWinningSet(0) && p.hasWinningSet(1))
    return error = "position: both players hold a winning set", false;
  if (Bitboard full = fullyOccupiedGroups(p); full & p.occupied())
    return error = "position: the group containing " + cellName(g, lsb(full)) +
                   " has no vacant ring; isolation would have captured it",
           false;
  out = p;
  return true;
}

const Geometry* layoutFromToken(std::string_view token, std::string& error) {
  if (const Geometry* g = builtinLayout(token)) return g;
  std::vector<ColumnSpec> cols;
  for (auto part : split(token, ',')) {
    auto colon = part.find(':');
    int off = 0, height = 0;
    if (colon == std::string_view::npos || !parseSmallInt(part.substr(0, colon), 60, off) ||
        !parseSmallInt(part.substr(colon + 1), 64, height) || height == 0) {
      error = "unknown layout " + quoted(token) +
              " (use " + builtinLayoutTokens() + " or a custom 'off:height,...' per column)";
      return nullptr;
    }
    cols.push_back({int8_t(off), int8_t(height)});
  }
  if (cols.size() > size_t(kMaxColumns)) return error = "custom layout: more than 26 columns", nullptr;
  CustomLayoutError why;
  if (const Geometry* g = customLayout(cols.data(), int(cols.size()), why)) return g;
  if (why == CustomLayoutError::TooMany)
    error = "custom layout " + quoted(token) + ": too many different custom layouts in one session (limit " +
            std::to_string(kMaxCustomLayouts) + ")";
  else
    error = "custom layout " + quoted(token) +
            ": needs at most 64 rings and offsets alternating in parity column to column";
  return nullptr;
}

bool startPosition(std::string_view marbles, std::string_view layout, Position& out,
                   std::string& error) {
  MarbleSetId set;
  if (!parseMarbleSet(marbles, set))
    return error = "unknown marble set " + quoted(marbles) + " (use blitz or standard)", false;
  const Geometry* g = layoutFromToken(layout, error);
  if (!g) return false;
  out = Position::start(*g, set);
  return true;
}

std::vector<std::string_view> splitWords(std::string_view text, std::string_view separators) {
  std::vector<std::string_view> words;
  for (size_t i = 0; i < text.size();) {
    const size_t start = text.find_first_not_of(separators, i);
    if (start == std::string_view::npos) break;
    const size_t end = std::min(text.find_first_of(separators, start), text.size());
    words.push_back(text.substr(start, end - start));
    i = end;
  }
  return words;
}

bool isCaptureMark(std::string_view word) { return word == "x" || word == "X"; }

bool isIsolationAnnotation(std::string_view word) {
  return word.size() >= 2 && colorFromChar(word[0]) >= 0 && !(word[1] >= '0' && word[1] <= '9');
}

std::vector<std::string> readMoveList(std::string_view text) {
  const std::vector<std::string_view> words = splitWords(text);
  std::vector<std::string> moves;
  for (size_t i = 0; i < words.size(); ++i) {
    if (isCaptureMark(words[i]) && i + 1 < words.size()) {
      const std::string_view next = words[++i];
      if (isIsolationAnnotation(next) && !moves.empty())
        moves.back() += " x " + std::string(next);
      else
        moves.push_back(std::string(words[i - 1]) + std::string(next));
    } else {
      moves.emplace_back(words[i]);
    }
  }
  return moves;
}

bool playMoveList(Game& game, std::string_view text, std::string& error, Bitboard* isolated) {
  Game trial = game;
  Bitboard last = isolated ? *isolated : 0;
  const std::vector<std::string> moves = readMoveList(text);
  for (size_t i = 0; i < moves.size(); ++i) {
    const std::string where = "move " + std::to_string(i + 1) + ": ";
    Move m;
    if (!parseLegalMove(trial.position(), moves[i], m, error)) return error = where + error, false;
    if (trial.result().over()) return error = where + "the game is already over", false;
    last = trial.play(m);
  }
  game = std::move(trial);
  if (isolated) *isolated = last;
  return true;
}

std::optional<Game> gameFromMoveList(std::string_view start, std::string_view moves, std::string& error) {
  Position p;
  if (!parsePositionString(start, p, error)) return std::nullopt;
  Game game(p);
  if (!playMoveList(game, moves, error)) return std::nullopt;
  return game;
}

}  // namespace zertz
