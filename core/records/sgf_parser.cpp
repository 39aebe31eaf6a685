#include "core/records/sgf_parser.h"

#include "core/records/record_internal.h"

namespace zertz::record_detail {

bool SgfParser::next(SgfTree& game, std::string& error) {
  skipSpace();
  if (pos_ >= text_.size()) return false;
  if (text_[pos_] != '(') return fail(error, "expected '(' to start a game, got " + quoted(text_.substr(pos_)));
  game = SgfTree{};
  return tree(game, error, 0);
}

bool SgfParser::fail(std::string& error, const std::string& what) {
  error = "line " + std::to_string(line_) + ": " + what;
  return false;
}

void SgfParser::skipSpace() {
  while (pos_ < text_.size() && isSpace(text_[pos_])) {
    if (text_[pos_] == '\n') ++line_;
    ++pos_;
  }
}

// At '('.
bool SgfParser::tree(SgfTree& t, std::string& error, int depth) {
  if (depth > 1000) return fail(error, "variations nested too deeply");
  t.line = line_;
  ++pos_;  // '('
  for (;;) {
    skipSpace();
    if (pos_ >= text_.size()) return fail(error, "unexpected end of text: missing ')' (truncated file?)");
    char c = text_[pos_];
    if (c == ')') return ++pos_, true;
    if (c == ';') {
      ++pos_;
      if (!t.variations.empty()) return fail(error, "node after a variation");
      if (!node(t.props, error)) return false;
    } else if (c == '(') {
      t.variations.emplace_back();
      if (!tree(t.variations.back(), error, depth + 1)) return false;
    } else {
      return fail(error, "unexpected " + quoted(text_.substr(pos_, 1)) + " (expected ';', '(' or ')')");
    }
  }
}

bool SgfParser::node(std::vector<SgfProp>& props, std::string& error) {
  for (;;) {
    skipSpace();
    if (pos_ >= text_.size()) return true;  // the caller reports the missing ')'
    size_t start = pos_;
    // Letters and digits; boardspace also writes "P-1[...]" for the viewer.
    while (pos_ < text_.size() && ((text_[pos_] >= 'A' && text_[pos_] <= 'Z') || text_[pos_] == '-' ||
                                   (text_[pos_] >= 'a' && text_[pos_] <= 'z') ||
                                   (text_[pos_] >= '0' && text_[pos_] <= '9')))
      ++pos_;
    if (start == pos_) {
      char c = text_[pos_];
      if (c == ';' || c == '(' || c == ')') return true;
      return fail(error, "unexpected " + quoted(text_.substr(pos_, 1)) + " in a node (expected a property)");
    }
    std::string id(text_.substr(start, pos_ - start));
    skipSpace();
    if (pos_ >= text_.size() || text_[pos_] != '[') return fail(error, "property " + id + " has no value '[...]'");
    while (pos_ < text_.size() && text_[pos_] == '[') {
      int valueLine = line_;
      ++pos_;
      std::string value;
      for (;;) {
        if (pos_ >= text_.size()) {
          line_ = valueLine;
          return fail(error, "unterminated value of property " + id + " (missing ']', truncated file?)");
        }
        char c = text_[pos_++];
        if (c == '\n') ++line_;
        if (c == ']') break;
        if (c == '\\' && pos_ < text_.size()) {
          c = text_[pos_++];
          if (c == '\n') ++line_;
        }
        value += c;
      }
      props.push_back({id, std::move(value), valueLine});
      skipSpace();
    }
  }
}

}  // namespace zertz::record_detail
