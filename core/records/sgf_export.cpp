// SGF export in boardspace's style (one node per action), with our tree:
// variations in SGF's own "(;...)(;...)" syntax, comments C[], marks BM[].
#include "core/notation.h"
#include "core/records/record.h"
#include "core/records/record_internal.h"

namespace zertz {

using namespace record_detail;

namespace {

std::string escapeSgf(std::string_view v) { return escaped(v, "]\\", false); }

// The properties after GM/SU: variant, start, date, event, result, players.
// A resignation or win on time also sets closing / closer: the node
// boardspace ends such a game with.
std::string headerProps(const Record& r, std::string& closing, int& closer) {
  const Position& start = r.start;
  const Geometry& g = *start.geo;
  auto tag = [&](const char* key) {
    auto it = r.tags.find(key);
    return it == r.tags.end() ? std::string() : it->second;
  };
  bool boardspaceBoard = &g == &kLayout37 || &g == &kLayout48 || &g == &kLayout61;
  Position turnOnly = Position::start(g, start.set);
  if (start.turn) turnOnly.turn = 1, turnOnly.key = turnOnly.computeKey();
  std::string s;
  if (!boardspaceBoard || start.set != Standard) s += "ZV[" + layoutToken(start) + "]\n";
  if (!(start == turnOnly)) s += "ZS[" + toPositionString(start) + "]\n";
  if (!tag("Date").empty()) s += "DT[" + escapeSgf(tag("Date")) + "]\n";
  if (!tag("Event").empty()) s += "GN[" + escapeSgf(tag("Event")) + "]\n";
  std::string names[2] = {tag("Player0"), tag("Player1")};
  auto wonBy = [&](int w) { return "Game won by " + (names[w].empty() ? "player " + std::to_string(w) : names[w]); };
  RecordOutcome o = recordOutcome(r);
  std::string result;
  if (o.result == "draw") result = o.reason == "agreement" ? "Draw by agreement" : "Draw";
  else if (!o.result.empty()) result = wonBy(o.result[0] - '0');
  else result = tag("Result") == "none" ? "" : tag("Result");
  if (o.reason == "resign" || o.reason == "time") {
    int w = o.result[0] - '0';
    closing = o.reason == "resign" ? "Resign " : "WinOnTime ";
    closer = o.reason == "resign" ? 1 - w : w;
  }
  if (!result.empty()) s += "RE[" + escapeSgf(result) + "]\n";
  for (int p = 0; p < 2; ++p)
    if (!names[p].empty()) s += "P" + std::to_string(p) + "[id \"" + escapeSgf(names[p]) + "\"]\n";
  return s;
}

// Writes the nodes of the tree below a position. Boardspace's action
// indices run on along each line (a variation continues its branch point's).
class SgfWriter {
 public:
  // closing: the Resign / WinOnTime command by closer that ends the main line.
  SgfWriter(std::string& out, std::string closing, int closer) : s_(out), closing_(closing), closer_(closer) {}

  void line(const TreeNode& from, Position pos, int index, bool main) {
    for (const TreeNode* at = &from; !at->children.empty();) {
      if (at->children.size() > 1) {
        for (size_t c = 0; c < at->children.size(); ++c) {
          s_ += "(";
          Position next = pos;
          int i = move(at->children[c], next, index);
          line(at->children[c], next, i, main && c == 0);
          s_ += ")\n";
        }
        return;
      }
      index = move(at->children[0], pos, index);
      at = &at->children[0];
    }
    if (main && closer_ >= 0) node(closer_, closing_, index), node(closer_, "Done ", index);
  }
  void node(int player, const std::string& cmd, int& index) {
    s_ += "; P" + std::to_string(player) + "[" + std::to_string(index++) + " " + cmd + "]\n";
  }

 private:
  // Writes the move's actions, plays it on pos, returns the next index.
  int move(const TreeNode& n, Position& pos, int index) {
    const Geometry& g = *pos.geo;
    auto coords = [&](int cell) {
      return std::string(1, char('A' + g.column[cell])) + " " + std::to_string(g.row[cell] + 1);
    };
    const Move& m = n.move;
    int me = pos.turn;
    if (m.kind == Move::Place) {
      int rack = pos.poolEmpty() ? me : 2;
      node(me, "RtoB " + std::to_string(rack) + " " + std::to_string(m.color) + " " + coords(m.from), index);
      if (m.removed != kNoCell) node(me, "R- " + coords(m.removed), index);
    } else if (m.kind == Move::Capture) {
      int at = m.from;
      for (int j = 0; j < m.jumps; ++j) {
        int land = g.jumpTarget(at, m.dir(j));
        node(me, "BtoB " + coords(at) + " " + coords(land), index);
        at = land;
      }
    } else {
      node(me, "Pass", index);
    }
    s_ += "; P" + std::to_string(me) + "[" + std::to_string(index++) + " Done ]";
    if (!n.comment.empty()) s_ += "C[" + escapeSgf(n.comment) + "]";
    if (int bm = markSgfValue(n.mark)) s_ += "BM[" + std::to_string(bm) + "]";
    if (n.mark == "inaccuracy") s_ += "DO[]";
    s_ += "\n";
    pos.play(m);
    return index;
  }

  std::string& s_;
  std::string closing_;
  int closer_;
};

}  // namespace

std::string exportSgf(const Record& r) {
  const Geometry& g = *r.start.geo;
  const char* su = &g == &kLayout48 ? "Zertz+11" : &g == &kLayout61 ? "Zertz+24"
                                                                    : "Zertz";
  std::string closing;
  int closer = -1;
  std::string s = "(;\nGM[22]VV[2]\nSU[" + std::string(su) + "]\n" + headerProps(r, closing, closer);
  if (!r.root.comment.empty()) s += "C[" + escapeSgf(r.root.comment) + "]\n";
  SgfWriter w(s, closing, closer);
  int index = 0;
  w.node(r.start.turn, "Start P" + std::to_string(r.start.turn), index);
  w.line(r.root, r.start, index, true);
  s += ")\n";
  return s;
}

std::string exportSgf(const Game& game, const std::map<std::string, std::string>& tags) {
  return exportSgf(recordFromGame(game, tags));
}

}  // namespace zertz
