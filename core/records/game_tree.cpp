#include "core/records/game_tree.h"

namespace zertz {

std::vector<Move> mainLine(const TreeNode& root) {
  std::vector<Move> moves;
  for (const TreeNode* n = &root; !n->children.empty(); n = &n->children[0]) moves.push_back(n->children[0].move);
  return moves;
}

void addLine(TreeNode& root, const std::vector<Move>& moves, const std::vector<std::string>& comments,
             const std::vector<std::string>& marks) {
  auto annotate = [&](TreeNode& n, size_t i) {
    if (i < comments.size() && n.comment.empty()) n.comment = comments[i];
    if (i < marks.size() && n.mark.empty()) n.mark = marks[i];
  };
  TreeNode* at = &root;
  annotate(root, 0);
  for (size_t i = 0; i < moves.size(); ++i) {
    TreeNode* next = nullptr;
    for (TreeNode& c : at->children)
      if (c.move == moves[i]) next = &c;
    if (!next) {
      at->children.push_back(TreeNode{moves[i], "", "", {}});
      next = &at->children.back();
    }
    annotate(*next, i + 1);
    at = next;
  }
}

std::string normalizeComment(const std::string& text) {
  std::string out;
  size_t pos = 0;
  while (pos <= text.size()) {
    size_t end = text.find_first_of("\r\n", pos);
    if (end == std::string::npos) end = text.size();
    size_t a = pos, b = end;
    auto space = [](char c) { return c == ' ' || c == '\t' || c == '\f' || c == '\v'; };
    while (a < b && space(text[a])) ++a;
    while (b > a && space(text[b - 1])) --b;
    if (b > a) out += (out.empty() ? "" : "\n") + text.substr(a, b - a);
    pos = end + 1;
  }
  return out;
}

bool isMark(const std::string& mark) { return mark.empty() || mark == "inaccuracy" || mark == "mistake" || mark == "decisive"; }

const char* markSuffix(const std::string& mark) {
  if (mark == "decisive") return "??";
  if (mark == "mistake") return "?";
  return mark == "inaccuracy" ? "?!" : "";
}

std::string markOfSuffix(std::string_view suffix) {
  if (suffix == "??") return "decisive";
  if (suffix == "?") return "mistake";
  return suffix == "?!" ? "inaccuracy" : "";
}

int markSgfValue(const std::string& mark) { return mark == "decisive" ? 2 : mark == "mistake" ? 1
                                                                                              : 0; }

}  // namespace zertz
