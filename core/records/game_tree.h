// The variation tree of a record: every move ever played from a position,
// with its comment and review mark. Pure data plus the walks both record
// formats and the tree JSON share.
//
// Invariant: children[0] continues the main line; later children are
// variations, in the order they were added. Every node's move is legal in
// the position reached by the moves from the root to its parent (importers
// and treeFromJson check this with the core before a node is created).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/types.h"

namespace zertz {

struct TreeNode {
  Move move;                       // the move leading here (unused at the root)
  std::string comment;             // shown at the position after the move (root: before the first)
  std::string mark;                // "", "mistake" or "decisive" (review marks)
  std::vector<TreeNode> children;  // children[0]: main line
};

// The moves along children[0] from node.
std::vector<Move> mainLine(const TreeNode& root);

// Walks moves from root, reusing children that hold the same move and adding
// a new child (a variation when the node already had one) where they differ.
// comments[i] / marks[i] (when present) go to the node after moves[i-1]
// (index 0: the root) but only on nodes this call creates or whose text is
// empty, so a shared prefix read twice is not duplicated.
void addLine(TreeNode& root, const std::vector<Move>& moves, const std::vector<std::string>& comments = {},
             const std::vector<std::string>& marks = {});

// A comment as every format keeps it: lines trimmed, empty lines dropped
// ("\r" counts as a line end), so it reads back the same from ours, SGF and
// the tree JSON.
std::string normalizeComment(const std::string& text);

// The review marks and their symbols in our format (lichess's "?!" / "?" /
// "??") and SGF (DO[] "doubtful", BM[1] / BM[2] "bad move" / "very bad move").
bool isMark(const std::string& mark);
const char* markSuffix(const std::string& mark);    // "?!", "?", "??" or ""
std::string markOfSuffix(std::string_view suffix);  // a move's trailing ?/! glyph: its mark, "" for others ("!", "!?")
int markSgfValue(const std::string& mark);          // BM's value: 1, 2, or 0 (none)

}  // namespace zertz
