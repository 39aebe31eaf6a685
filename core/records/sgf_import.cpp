// boardspace.net SGF records (GM[22]): each turn's actions become a core
// Move checked with isLegal; variations, C[] comments and BM[] marks become
// the record's tree. See record.h for the format.
#include <algorithm>

#include "core/notation.h"
#include "core/records/record.h"
#include "core/records/record_internal.h"
#include "core/records/sgf_parser.h"

namespace zertz {

using namespace record_detail;

namespace {

// ---------------------------------------------------------------------------
// Turn conversion.

// One player action "P<n>[<index> <command> <args>]".
struct Action {
  int player;
  std::string cmd;  // lower case
  std::vector<std::string> args;
  int line;
};

bool isNumber(std::string_view s) {
  if (s.empty() || s.size() > 9) return false;
  return std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

constexpr std::string_view kCommands[] = {"start", "edit", "done", "rtob", "r-", "r+", "btob", "rtor",
                                          "btor", "resign", "winontime", "setboard", "swap", "pass"};

bool isCommand(std::string_view c) {
  return std::find(std::begin(kCommands), std::end(kCommands), c) != std::end(kCommands);
}

// Player name from "id \"name\"" or " id name".
std::string playerId(std::string_view v) {
  auto w = splitWords(v);
  if (w.size() < 2 || lower(w[0]) != "id") return "";
  std::string_view rest = trim(v);
  rest = trim(rest.substr(2));
  if (rest.size() >= 2 && rest.front() == '"' && rest.back() == '"') rest = rest.substr(1, rest.size() - 2);
  return std::string(rest);
}

// Which player's id RE[] names (it is often localized: "Game won by X",
// "Игру выиграл(а) X."), or -1 when it names neither or both. Without ids,
// our export's "Game won by player 1".
int namedWinner(const std::string& re, const std::string& p0In, const std::string& p1In) {
  bool anonymous = p0In.empty() && p1In.empty();
  const std::string p0 = anonymous ? "player 0" : p0In, p1 = anonymous ? "player 1" : p1In;
  auto names = [&](const std::string& id) { return !id.empty() && re.find(id) != std::string::npos; };
  bool a = names(p0), b = names(p1);
  if (a && b) {  // one id inside the other ("bob", "bobby"): the longer one decides
    if (p0.size() != p1.size() && (p0.find(p1) != std::string::npos || p1.find(p0) != std::string::npos))
      return p0.size() > p1.size() ? 0 : 1;
    return -1;
  }
  return a ? 0 : b ? 1
                   : -1;
}

// boardspace's Zertz+xx: the first player lays out rings ("R+ COL row") on a
// 17 x 12 grid whose columns start at heights 1, 2, 1, 2, ...; we build the
// smallest custom layout holding them, and translate coordinates.
struct CustomBoard {
  static constexpr int kColumns = 17, kRows = 12;
  int colShift = 0, hShift = 0;

  static int height(int col, int row) { return (col % 2 ? 2 : 1) + 2 * (row - 1); }
  static bool parse(const std::string& letter, const std::string& row, int& col, int& r) {
    if (letter.size() != 1 || !isNumber(row)) return false;
    col = (letter[0] | 0x20) - 'a';
    r = std::stoi(row);
    return col >= 0 && col < kColumns && r >= 1 && r <= kRows;
  }
  int cell(const Geometry& g, const std::string& letter, const std::string& row) const {
    int col, r;
    if (!parse(letter, row, col, r)) return kNoCell;
    return g.cellAtHeight(col - colShift, height(col, r) - hShift);
  }
  // Start position from the R+ actions; false with an error when unusable.
  bool build(const std::vector<Action>& actions, Position& start, std::string& error) {
    bool ring[kColumns][kRows + 1] = {};
    int minCol = kColumns, maxCol = -1, minH = 99;
    for (const Action& a : actions) {
      if (a.cmd != "r+") continue;
      int col, r;
      if (a.args.size() != 2 || !parse(a.args[0], a.args[1], col, r))
        return error = "line " + std::to_string(a.line) + ": R+ needs a cell of the 17 x 12 Zertz+xx grid", false;
      ring[col][r] = true;
      minCol = std::min(minCol, col), maxCol = std::max(maxCol, col);
      minH = std::min(minH, height(col, r));
    }
    if (maxCol < 0) return error = "Zertz+xx record without rings (R+)", false;
    int rings = 0;
    for (auto& column : ring) rings += int(std::count(std::begin(column), std::end(column), true));
    if (rings > kMaxCells)
      return error = "Zertz+xx board of " + std::to_string(rings) + " rings: the core supports at most " +
                     std::to_string(kMaxCells),
             false;
    colShift = minCol;
    hShift = minH & ~1;  // even, so parities (and adjacency) are kept
    std::vector<ColumnSpec> cols;
    for (int c = minCol; c <= maxCol; ++c) {
      int lo = 0, hi = 0;
      for (int r = 1; r <= kRows; ++r)
        if (ring[c][r]) hi = r, lo = lo ? lo : r;
      // An empty column gets one position (removed below) at height 0 or 1,
      // whichever keeps the column's parity.
      int off = lo ? height(c, lo) - hShift : (height(c, 1) - hShift) & 1;
      if (!lo) lo = hi = 1;
      cols.push_back({int8_t(off), int8_t(hi - lo + 1)});
    }
    const Geometry* g = layoutFromToken(layoutTokenFor(cols.data(), int(cols.size())), error);
    if (!g) return error = "Zertz+xx board: " + error, false;
    start = Position::start(*g, Standard);
    for (int cell = 0; cell < g->numCells; ++cell) {
      int col = g->column[cell] + colShift, h = g->h[cell] + hShift;
      int r = (h - height(col, 1)) / 2 + 1;
      if (r < 1 || r > kRows || !ring[col][r]) start.removeRing(cell);
    }
    return true;
  }
};

// Replays the actions of one line of play into a Record. A value: at a
// variation the converter is copied and each copy follows one branch.
// Invariant: once the record is damaged, nothing else is applied;
// comments_.size() == marks_.size() == moves.size() + 1.
class Converter {
 public:
  Converter(const Position& start, const CustomBoard* custom) : game_(start), custom_(custom) { r_.start = start; }

  Record& record() { return r_; }
  const std::vector<std::string>& comments() const { return comments_; }
  const std::vector<std::string>& marks() const { return marks_; }

  // C[]: belongs to the turn in progress, else to the last move (or the start).
  void comment(const std::string& text) {
    std::string t = normalizeComment(text);
    if (t.empty()) return;
    std::string& to = turn_.active ? turn_.comment : comments_.back();
    to += (to.empty() ? "" : "\n") + t;
  }
  // BM[1] / BM[2]: a mistake / decisive mark, DO[] (value "DO" here) an
  // inaccuracy, placed like a comment.
  void mark(const std::string& value) {
    const std::string_view v = trim(value);
    std::string m = v == "2" ? "decisive" : v == "1" ? "mistake"
                                        : v == "DO"  ? "inaccuracy"
                                                     : "";
    if (!m.empty()) (turn_.active ? turn_.mark : marks_.back()) = m;
  }

  void apply(const Action& a) {
    if (r_.damaged) return;
    const std::string& c = a.cmd;
    if (!isCommand(c)) return damage("unknown command " + quoted(c), a.line);
    if (c == "done") {
      sawDone_ = true;
      return finishTurn();
    }
    if (c == "start" || c == "swap" || c == "edit" || c == "setboard" || c == "rtor" || c == "btor" ||
        c == "r+")
      return bookkeeping(a);
    if (c == "resign" || c == "winontime") {
      // A turn not confirmed with Done is abandoned by the resignation.
      if (turn_.player != a.player) finishTurn();
      dropTurn();
      if (r_.damaged || game_.result().over() || r_.resigned >= 0 || r_.wonOnTime >= 0) return;
      (c == "resign" ? r_.resigned : r_.wonOnTime) = a.player;
      return;
    }
    if (editing_ && r_.moves.empty() && !turn_.active) return editStart(a);
    if (editing_ && !r_.moves.empty())
      return damage("the position was edited during the game (Edit, then " + a.cmd + ")", a.line);
    // A move action: a change of player ends the previous turn.
    if (turn_.active && a.player != turn_.player) finishTurn();
    if (r_.damaged) return;
    if (!turn_.active) turn_ = Turn{}, turn_.active = true, turn_.player = a.player, turn_.line = a.line;
    if (c == "rtob") return place(a);
    if (c == "r-") return removeRing(a);
    if (c == "btob") return jump(a);
    if (c == "pass") return void(turn_.pass = true);
  }
  // End of the record. Where turns end with Done, a last turn without it was
  // never confirmed (boardspace did not play it); old records without any
  // Done end their turns by the change of player, so theirs counts.
  void finish() {
    if (sawDone_) dropTurn();
    finishTurn();
  }

 private:
  struct Turn {
    bool active = false;
    int player = -1, line = 0;
    bool placed = false, removed = false, pass = false;
    int rack = 0, color = 0, target = kNoCell, ring = kNoCell;
    Move capture;
    int at = kNoCell;       // where the capturing marble stands
    std::vector<int> path;  // cells the capturing marble visited, start first
    std::string comment, mark;
  };

  // A turn that plays no move: its notes go to the last move.
  void dropTurn() {
    if (!turn_.comment.empty())
      comments_.back() += (comments_.back().empty() ? "" : "\n") + turn_.comment;
    if (!turn_.mark.empty()) marks_.back() = turn_.mark;
    turn_ = Turn{};
  }

  const Position& pos() const { return game_.position(); }
  int turnNumber() const { return int(r_.moves.size()) + 1; }

  void damage(const std::string& why, int line) {
    r_.damaged = true;
    r_.damagedTurn = turnNumber();
    r_.damage = why + " (line " + std::to_string(line) + ")";
    turn_ = Turn{};
  }

  int cell(const Action& a, size_t i) {
    if (i + 1 >= a.args.size()) return damage(a.cmd + ": missing coordinates", a.line), -1;
    std::string name = a.args[i] + a.args[i + 1];
    int c = custom_ ? custom_->cell(*pos().geo, a.args[i], a.args[i + 1]) : parseCell(*pos().geo, name);
    if (c == kNoCell || a.args[i].size() != 1)
      return damage(a.cmd + ": bad coordinates '" + a.args[i] + " " + a.args[i + 1] + "' on the " +
                        pos().geo->token + " board",
                    a.line),
             -1;
    return c;
  }
  static int number(const Action& a, size_t i, int max) {
    if (i >= a.args.size() || !isNumber(a.args[i])) return -1;
    int v = std::stoi(a.args[i]);
    return v <= max ? v : -1;
  }

  // Start, Swap, Edit, SetBoard, RtoR, BtoR, R+: set-up before the first
  // move, no-ops (or damage, if they would change the position) after it.
  void bookkeeping(const Action& a) {
    const std::string& c = a.cmd;
    bool setup = r_.moves.empty() && !turn_.active;
    if (c == "start") {
      editing_ = false;
      if (setup && a.args.size() == 1 && (a.args[0] == "P0" || a.args[0] == "P1")) setStartTurn(a.args[0][1] - '0');
      return;
    }
    if (c == "swap") return;
    if (c == "r+" && custom_ && setup) return;  // rings of the custom board, already built
    if (c == "edit") return void(editing_ = true);
    if (c == "setboard") {
      const Geometry* g = a.args.empty() ? nullptr : boardspaceLayout(a.args[0]);
      if (!g) return damage("SetBoard: unknown board " + quoted(a.args.empty() ? "" : a.args[0]), a.line);
      if (!setup) return damage("SetBoard after the game started", a.line);
      return resetStart(Position::start(*g, Standard));
    }
    if (c == "rtor") {
      int from = number(a, 0, 2), color = number(a, 1, 2), to = number(a, 2, 2);
      if (from < 0 || color < 0 || to < 0) return damage("RtoR: bad arguments", a.line);
      if (from == to) return;  // picked up and put back
      if (!setup || !editing_) return damage("rack transfer RtoR during play", a.line);
      Position p = r_.start;
      auto count = [&](int rack) -> int { return rack == 2 ? p.pool[color] : p.captures[rack][color]; };
      auto set = [&](int rack, int n) { rack == 2 ? p.setPool(color, n) : p.setCaptures(rack, color, n); };
      if (count(from) == 0) return damage("RtoR: rack " + std::to_string(from) + " has no such marble", a.line);
      set(from, count(from) - 1);
      set(to, count(to) + 1);
      return resetStart(p);
    }
    // BtoR (board to rack) and R+ (add a ring) only make sense while editing
    // a custom board; we do not rebuild positions from them.
    damage(a.cmd + ": board editing is not supported", a.line);
  }

  // RtoB / R- / BtoB while editing, before any move: change the start.
  void editStart(const Action& a) {
    Position p = r_.start;
    if (a.cmd == "rtob") {
      int rack = number(a, 0, 2), color = number(a, 1, 2), c = cell(a, 2);
      if (r_.damaged) return;
      if (rack < 0 || color < 0) return damage("RtoB: bad rack or colour", a.line);
      int have = rack == 2 ? p.pool[color] : p.captures[rack][color];
      if (!have || p.marbleAt(c) >= 0 || !(p.rings & bit(c))) return damage("RtoB: impossible set-up", a.line);
      rack == 2 ? p.setPool(color, have - 1) : p.setCaptures(rack, color, have - 1);
      p.putMarble(c, color);
    } else if (a.cmd == "r-") {
      int c = cell(a, 0);
      if (r_.damaged) return;
      if (p.marbleAt(c) >= 0 || !(p.rings & bit(c))) return damage("R-: impossible set-up", a.line);
      p.removeRing(c);
    } else {
      return damage(a.cmd + ": board editing is not supported", a.line);
    }
    resetStart(p);
  }

  void resetStart(const Position& p) {
    r_.start = p;
    game_ = Game(p);
  }
  void setStartTurn(int player) {
    Position p = r_.start;
    if (p.turn != player) p.turn = uint8_t(player), p.key = p.computeKey();
    resetStart(p);
  }

  void place(const Action& a) {
    int rack = number(a, 0, 2), color = number(a, 1, 2);
    if (rack < 0 || color < 0) return damage("RtoB: bad rack or colour", a.line);
    int c = cell(a, 2);
    if (r_.damaged) return;
    if (turn_.placed) return damage("two placements in one turn", a.line);
    if (turn_.capture.jumps) return damage("a placement in a capture turn", a.line);
    turn_.placed = true, turn_.rack = rack, turn_.color = color, turn_.target = c;
  }
  void removeRing(const Action& a) {
    int c = cell(a, 0);
    if (r_.damaged) return;
    if (turn_.removed) return damage("two ring removals in one turn", a.line);
    if (turn_.capture.jumps) return damage("a ring removal in a capture turn", a.line);
    turn_.removed = true, turn_.ring = c;
  }
  void jump(const Action& a) {
    int from = cell(a, 0);
    if (r_.damaged) return;
    int to = cell(a, 2);
    if (r_.damaged || from == to) return;  // a marble picked up and dropped back
    const Geometry& g = *pos().geo;
    if (turn_.placed && !turn_.capture.jumps) {
      // boardspace lets the mover shift the marble just placed before Done.
      if (from != turn_.target) return damage("a jump in a placement turn", a.line);
      turn_.target = to;
      return;
    }
    if (turn_.removed) return damage("a jump in a placement turn", a.line);
    std::vector<int>& path = turn_.path;
    if (turn_.capture.jumps && from == turn_.at && path.size() >= 2 && to == path[path.size() - 2]) {
      // Jumping back over the marble just taken puts it back (boardspace's
      // undo, common in old records without Done): drop the last jump.
      path.pop_back();
      Move m = Move::captureStart(path[0]);
      for (int i = 0; i + 1 < int(path.size()); ++i) m.pushJump(turn_.capture.dir(i));
      turn_.capture = m;
      turn_.at = path.back();
      if (!m.jumps) path.clear();
      return;
    }
    if (!turn_.capture.jumps) turn_.capture = Move::captureStart(from), turn_.at = from, path = {from};
    else if (from != turn_.at) {
      bool repeated = to == turn_.at;
      return damage(repeated ? "duplicated jump " + cellName(g, from) + "-" + cellName(g, to)
                             : "jump from " + cellName(g, from) + " but the capturing marble is on " +
                                   cellName(g, turn_.at),
                    a.line);
    }
    int dir = -1;
    for (int d = 0; d < kDirections; ++d)
      if (g.jumpTarget(from, d) == to) dir = d;
    if (dir < 0)
      return damage("jump " + cellName(g, from) + "-" + cellName(g, to) + ": not two rings away in a line",
                    a.line);
    if (turn_.capture.jumps >= Move::kMaxJumps) return damage("too many jumps", a.line);
    turn_.capture.pushJump(dir);
    turn_.at = to;
    path.push_back(to);
  }

  void finishTurn() {
    if (!turn_.active || r_.damaged) return dropTurn();
    Turn t = turn_;
    if (playTurn(t)) {
      comments_.push_back(t.comment);
      marks_.push_back(t.mark);
      turn_ = Turn{};
    } else {
      turn_ = t;  // damage() may have cleared it; the notes still belong to the last move
      dropTurn();
    }
  }

  // The turn's move, checked and played; false when it plays none.
  bool playTurn(const Turn& t) {
    Move m;
    if (t.capture.jumps) m = t.capture;
    else if (t.placed) m = Move::place(t.color, t.target, t.removed ? t.ring : kNoCell);
    else if (t.pass) m = Move::pass();
    else if (t.removed) return damage("a ring removal without a placement", t.line), false;
    else return false;
    // Some records play on after a resignation, a win on time or a draw by
    // repetition (which boardspace leaves to the players to accept): the game
    // ended there; the extra turns are counted, not played. Play after a
    // winning set or an emptied board cannot happen on boardspace: damage.
    if (r_.resigned >= 0 || r_.wonOnTime >= 0 || game_.result().reason == EndReason::Repetition)
      return ++r_.ignoredTurns, false;
    if (game_.result().over())
      return damage("move after the game ended (" + describeResult(game_.result(), pos()) + ")", t.line), false;
    if (r_.moves.empty() && t.player != pos().turn) setStartTurn(t.player);
    if (t.player != pos().turn)
      return damage("turn by player " + std::to_string(t.player) + " but player " +
                        std::to_string(pos().turn) + " is to move",
                    t.line),
             false;
    if (m.kind == Move::Place) {
      int expected = pos().poolEmpty() ? pos().turn : 2;
      if (t.rack != expected)
        return damage("marble taken from rack " + std::to_string(t.rack) + ", but it must come from " +
                          (expected == 2 ? std::string("the pool (rack 2)") : "the mover's captures"),
                      t.line),
               false;
    }
    if (!isLegal(pos(), m)) return damage("illegal move: " + explainIllegal(pos(), m), t.line), false;
    game_.play(m);
    r_.moves.push_back(m);
    return true;
  }

  Record r_;
  Game game_;
  const CustomBoard* custom_;
  Turn turn_;
  bool editing_ = false;
  bool sawDone_ = false;
  std::vector<std::string> comments_ = {""}, marks_ = {""};
};

// The header properties of a game (read along its main line).
struct Header {
  std::string gm, su, zv, zs, p0, p1;
};

// A property as an action of the game: a command "P<n>[<index> <command>
// <args>]", a comment "C[...]" or a mark "BM[...]" (cmd "#c" / "#bm", the
// value in args[0]). Header properties fill header when it is given.
void collectActions(const std::vector<SgfProp>& props, std::vector<Action>& out, Header* header, Record* r) {
  for (const SgfProp& p : props) {
    if (p.id == "C" || p.id == "BM" || p.id == "DO") {
      out.push_back({-1, p.id == "C" ? "#c" : "#bm", {p.id == "DO" ? "DO" : p.value}, p.line});
    } else if (p.id == "P0" || p.id == "P1") {
      int player = p.id[1] - '0';
      auto w = splitWords(p.value);
      if (w.empty()) continue;
      bool indexed = isNumber(w[0]);
      if (indexed) w.erase(w.begin());
      std::string cmd = w.empty() ? "" : lower(w[0]);
      if (isCommand(cmd)) {
        out.push_back({player, cmd, std::vector<std::string>(w.begin() + 1, w.end()), p.line});
      } else if (indexed) {
        out.push_back({player, cmd.empty() ? "(empty)" : cmd, {}, p.line});
      } else if (cmd == "id" && header) {
        (player ? header->p1 : header->p0) = playerId(p.value);
      }  // else "time ...", "ranking ...": information we do not use
    } else if (header) {
      if (p.id == "GM") header->gm = std::string(trim(p.value));
      else if (p.id == "SU") header->su = std::string(trim(p.value));
      else if (p.id == "ZV") header->zv = std::string(trim(p.value));
      else if (p.id == "ZS") header->zs = std::string(trim(p.value));
      else if (p.id == "RE") r->tags["SgfResult"] = p.value;
      else if (p.id == "DT") r->tags["Date"] = p.value;
      else if (p.id == "GN") r->tags["Event"] = p.value;
    }
  }
}

// Follows one line of play through t and its variations; every finished
// line (main line first) is appended to lines.
void walk(const SgfTree& t, Converter conv, std::vector<Converter>& lines) {
  std::vector<Action> actions;
  collectActions(t.props, actions, nullptr, nullptr);
  for (const Action& a : actions) {
    if (a.cmd == "#c") conv.comment(a.args[0]);
    else if (a.cmd == "#bm") conv.mark(a.args[0]);
    else conv.apply(a);
  }
  if (t.variations.empty()) {
    conv.finish();
    lines.push_back(std::move(conv));
    return;
  }
  for (const SgfTree& v : t.variations) walk(v, conv, lines);
}

// The start position the header describes; false with error when unusable.
bool startFromHeader(const Header& h, const std::vector<Action>& mainActions, CustomBoard& custom, Position& start,
                     std::string& error) {
  if (!h.zs.empty()) {
    if (!parsePositionString(h.zs, start, error)) return error = "ZS[]: " + error, false;
  } else if (!h.zv.empty()) {
    size_t sp = h.zv.find(' ');
    if (sp == std::string::npos || !startPosition(h.zv.substr(0, sp), trim(h.zv.substr(sp + 1)), start, error))
      return error = "ZV[" + h.zv + "]: " + (sp == std::string::npos ? "expected '<marbles> <layout>'" : error), false;
  } else if (lower(h.su) == "zertz+xx") {
    return custom.build(mainActions, start, error);
  } else {
    const Geometry* g = boardspaceLayout(h.su.empty() ? "Zertz" : h.su);
    if (!g)
      return error = "SU[" + h.su + "]: unsupported variant (Zertz, Zertz+11, Zertz+24, Zertz+H, Zertz+xx)", false;
    start = Position::start(*g, Standard);
  }
  return true;
}

// Converts one parsed game. False (with error) when it cannot be used at all.
bool convertGame(const SgfTree& sg, Record& out, std::string& error) {
  auto where = [&] { return "game at line " + std::to_string(sg.line) + ": "; };
  Record header;
  Header h;
  std::vector<Action> mainActions;
  for (const SgfTree* t = &sg; t; t = t->variations.empty() ? nullptr : &t->variations[0])
    collectActions(t->props, mainActions, &h, &header);
  if (h.gm != "22")
    return error = where() + (h.gm.empty() ? "no GM[] property" : "GM[" + h.gm + "] is not Zertz (GM[22])"), false;
  Position start;
  CustomBoard custom;
  if (!startFromHeader(h, mainActions, custom, start, error)) return error = where() + error, false;
  bool isCustom = lower(h.su) == "zertz+xx" && h.zs.empty() && h.zv.empty();

  std::vector<Converter> lines;
  walk(sg, Converter(start, isCustom ? &custom : nullptr), lines);
  Record r = std::move(lines[0].record());
  for (auto& [key, value] : header.tags) r.tags[key] = value;
  if (!h.p0.empty()) r.tags["Player0"] = h.p0;
  if (!h.p1.empty()) r.tags["Player1"] = h.p1;
  r.sourceLine = sg.line;
  r.tags["Variant"] = layoutToken(r.start);
  addLine(r.root, r.moves, lines[0].comments(), lines[0].marks());
  for (size_t i = 1; i < lines.size(); ++i) {
    Record& v = lines[i].record();
    if (v.damaged && !r.damaged)
      r.damaged = true, r.damagedTurn = v.damagedTurn, r.damage = "in a variation: " + v.damage;
    if (v.start == r.start) addLine(r.root, v.moves, lines[i].comments(), lines[i].marks());
    else if (!r.damaged)
      r.damaged = true, r.damagedTurn = 1, r.damage = "a variation changes the set-up (line " + std::to_string(sg.line) + ")";
  }
  if (auto re = r.tags.find("SgfResult"); re != r.tags.end()) {
    r.namedWinner = namedWinner(re->second, h.p0, h.p1);
    std::string text = lower(re->second);
    if (r.namedWinner < 0 && text.find("draw") != std::string::npos)
      r.claimedResult = "draw", r.claimedReason = text.find("agreement") != std::string::npos ? "agreement" : "unknown";
  }
  out = std::move(r);
  return true;
}

}  // namespace

const Geometry* boardspaceLayout(std::string_view su) {
  std::string s = lower(trim(su));
  if (s == "zertz") return &kLayout37;
  if (s == "zertz+11" || s == "zertz+h") return &kLayout48;
  if (s == "zertz+24") return &kLayout61;
  return nullptr;
}

std::vector<Record> importSgfCollection(std::string_view text, std::string& error) {
  std::vector<Record> games;
  error.clear();
  SgfParser parser(text);
  SgfTree sg;
  std::string why;
  while (parser.next(sg, why)) {
    Record r;
    std::string e;
    if (convertGame(sg, r, e)) games.push_back(std::move(r));
    else error += (error.empty() ? "" : "\n") + e;
  }
  if (!why.empty()) error += (error.empty() ? "" : "\n") + why;
  return games;
}

}  // namespace zertz
