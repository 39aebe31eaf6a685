// SGF syntax (FF[4] game trees) as boardspace writes it: a collection of
// game trees, each a sequence of nodes followed by its variations. Knows
// nothing of Zertz; sgf_import.cpp gives the properties their meaning.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace zertz::record_detail {

struct SgfProp {
  std::string id;
  std::string value;  // escapes resolved
  int line;
};

// "(" sequence variation* ")". Node boundaries are not kept: boardspace
// spreads one turn over several nodes, and only the order of properties
// matters to its records.
struct SgfTree {
  std::vector<SgfProp> props;       // the sequence's properties, in order
  std::vector<SgfTree> variations;  // [0] continues the main line
  int line = 0;                     // line of the opening '('
};

class SgfParser {
 public:
  explicit SgfParser(std::string_view t) : text_(t) {}

  // Reads the next game tree; false at the end of text or on an error
  // (error then names the line).
  bool next(SgfTree& game, std::string& error);

 private:
  bool fail(std::string& error, const std::string& what);
  void skipSpace();
  bool tree(SgfTree& t, std::string& error, int depth);
  bool node(std::vector<SgfProp>& props, std::string& error);

  std::string_view text_;
  size_t pos_ = 0;
  int line_ = 1;
};

}  // namespace zertz::record_detail
