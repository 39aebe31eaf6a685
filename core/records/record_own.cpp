// Our own record format (see record.h): header tags, then a PGN-like move
// tree with ';' comments, "( ... )" variations and "?" / "??" marks.
#include "core/notation.h"
#include "core/records/record.h"
#include "core/records/record_internal.h"

namespace zertz {

using namespace record_detail;

namespace {

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

// A token of the move section, with the line it starts on.
struct Token {
  enum Kind { Word,
              Open,
              Close,
              Comment } kind;
  std::string text;
  int line;
};

// Splits a move-section line into words and parentheses.
void tokenizeMoves(std::string_view line, int lineNo, std::vector<Token>& out) {
  size_t i = 0;
  while (i < line.size()) {
    char c = line[i];
    if (isSpace(c)) {
      ++i;
    } else if (c == '(' || c == ')') {
      out.push_back({c == '(' ? Token::Open : Token::Close, std::string(1, c), lineNo});
      ++i;
    } else {
      size_t j = i;
      while (j < line.size() && !isSpace(line[j]) && line[j] != '(' && line[j] != ')') ++j;
      out.push_back({Token::Word, std::string(line.substr(i, j - i)), lineNo});
      i = j;
    }
  }
}

// Drops move numbers and joins the optional space of "x e3Wg3" and the
// isolation annotation "Bd7,b2 x Wa1Wa2" to the move they belong to.
std::vector<Token> joinMoveWords(const std::vector<Token>& tokens) {
  std::vector<Token> out;
  for (size_t i = 0; i < tokens.size(); ++i) {
    const Token& t = tokens[i];
    if (t.kind != Token::Word) {
      out.push_back(t);
      continue;
    }
    if (isMoveNumber(t.text)) continue;
    // The x rule of every move list (notation.h: readMoveList).
    bool joinNext = isCaptureMark(t.text) && i + 1 < tokens.size() && tokens[i + 1].kind == Token::Word;
    if (joinNext) {
      const std::string& next = tokens[i + 1].text;
      bool annotation = isIsolationAnnotation(next) && !out.empty() && out.back().kind == Token::Word;
      if (annotation) out.back().text += " x " + next;
      else out.push_back({Token::Word, t.text + next, t.line});
      ++i;
      continue;
    }
    out.push_back(t);
  }
  return out;
}

// Builds the move tree from the joined tokens. An illegal move in the main
// line ends the reading (the legal prefix is kept); one in a variation cuts
// that variation. Either marks the record damaged (the first one is named).
class TreeReader {
 public:
  TreeReader(const std::vector<Token>& t, Record& r) : t_(t), r_(r) {}

  bool read(std::string& error) {
    line(r_.root, Game(r_.start), 0, 0);
    if (!error_.empty()) return error = error_, false;
    return true;
  }

 private:
  void line(TreeNode& parent, Game game, int depth, int ply) {
    TreeNode* node = &parent;
    TreeNode* before = nullptr;  // the node the last move was played from
    Game gameBefore = game;
    size_t last = 0;  // index of that move among before->children
    while (i_ < t_.size() && !stop_) {
      const Token& tok = t_[i_];
      if (tok.kind == Token::Close) {
        if (depth == 0) return fail(tok, "')' without a '(' before it");
        ++i_;
        return;
      }
      if (tok.kind == Token::Open) {
        if (!before) return fail(tok, "'(' must follow the move it is an alternative to");
        ++i_;
        line(*before, gameBefore, depth + 1, ply - 1);
        node = &before->children[last];  // the variation may have moved the vector
        continue;
      }
      ++i_;
      if (tok.kind == Token::Comment) {
        node->comment += (node->comment.empty() ? "" : "\n") + tok.text;
        continue;
      }
      std::string text = tok.text;
      size_t glyph = text.size();
      while (glyph > 0 && (text[glyph - 1] == '?' || text[glyph - 1] == '!')) --glyph;
      const std::string mark = markOfSuffix(std::string_view(text).substr(glyph));
      text.resize(glyph);
      Move m;
      std::string why;
      bool ok = !game.result().over();
      if (!ok) why = "move after the game ended (" + describeResult(game.result(), game.position()) + ")";
      else ok = parseLegalMove(game.position(), text, m, why);
      if (!ok) return damage(tok, ply + 1, depth, why);
      before = node;
      gameBefore = game;
      last = before->children.size();
      for (size_t c = 0; c < before->children.size(); ++c)
        if (before->children[c].move == m) last = c;
      if (last == before->children.size()) before->children.push_back(TreeNode{m, "", "", {}});
      node = &before->children[last];
      if (!mark.empty()) node->mark = mark;
      game.play(m);
      ++ply;
    }
  }

  void fail(const Token& tok, const std::string& why) {
    if (error_.empty()) error_ = "line " + std::to_string(tok.line) + ": " + why;
    stop_ = true;
  }
  // Records the damage and skips the rest of the line (a variation up to
  // its ')'; the main line entirely).
  void damage(const Token& tok, int ply, int depth, const std::string& why) {
    if (!r_.damaged) {
      r_.damaged = true;
      r_.damagedTurn = ply;
      r_.damage = "line " + std::to_string(tok.line) + ": " + (depth ? "in a variation: " : "") + why;
    }
    if (depth == 0) return void(stop_ = true);
    for (int open = 0; i_ < t_.size(); ++i_) {
      if (t_[i_].kind == Token::Open) ++open;
      if (t_[i_].kind == Token::Close && open-- == 0) break;
    }
    if (i_ < t_.size()) ++i_;  // the variation's ')'
  }

  const std::vector<Token>& t_;
  Record& r_;
  size_t i_ = 0;
  bool stop_ = false;
  std::string error_;
};

bool startFromTags(Record& r, std::string& error) {
  if (auto it = r.tags.find("Start"); it != r.tags.end()) {
    if (!parsePositionString(it->second, r.start, error)) return error = "tag Start: " + error, false;
    return true;
  }
  auto v = r.tags.find("Variant");
  if (v == r.tags.end()) return error = "missing [Variant \"<marbles> <layout>\"] or [Start \"<position>\"] tag", false;
  std::string_view s = trim(v->second);
  size_t sp = s.find(' ');
  if (sp == std::string_view::npos || !startPosition(trim(s.substr(0, sp)), trim(s.substr(sp + 1)), r.start, error))
    return error = "tag Variant " + quoted(v->second) + ": " +
                   (sp == std::string_view::npos ? std::string("expected '<marbles> <layout>'") : error),
           false;
  return true;
}

}  // namespace

namespace record_detail {

bool importOwnRecord(std::string_view text, Record& out, std::string& error) {
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
    std::string_view comment;
    if (size_t c = commentStart(line); c != std::string_view::npos)
      comment = trim(line.substr(c + 1)), line = line.substr(0, c);
    line = trim(line);
    if (!line.empty() && line.front() == '[') {
      std::string key, value;
      if (inMoves) return error = "line " + std::to_string(lineNo) + ": header tag after the moves", false;
      if (!parseTagLine(line, key, value))
        return error = "line " + std::to_string(lineNo) + ": bad header tag " + quoted(line) +
                       " (expected [Key \"value\"])",
               false;
      r.tags[key] = value;
      tokens.clear();  // comments between tags belong to the header, not the game
      continue;
    }
    if (!line.empty() && r.tags.empty())
      return error = "line " + std::to_string(lineNo) +
                     ": not a Zertz record: expected SGF '(;GM[22]...' "
                     "or header tags like [Variant \"standard 37\"], got " +
                     quoted(line),
             false;
    if (!line.empty()) inMoves = true, tokenizeMoves(line, lineNo, tokens);
    std::string note = normalizeComment(std::string(comment));
    if (!r.tags.empty() && !note.empty()) tokens.push_back({Token::Comment, note, lineNo});
  }
  if (r.tags.empty()) return error = "empty record", false;
  if (!startFromTags(r, error)) return false;
  if (!TreeReader(joinMoveWords(tokens), r).read(error)) return false;
  r.moves = mainLine(r.root);
  if (auto it = r.tags.find("Result"); it != r.tags.end() && !r.damaged) applyResultTag(r, it->second);
  out = std::move(r);
  return true;
}

}  // namespace record_detail

namespace {

// Writes the tree PGN-style: a move number before player 0's moves and
// wherever a comment or variation interrupted the line ("12..."), a
// variation in parentheses after the main move it replaces.
class TreeWriter {
 public:
  std::string text() {
    flush();
    return out_;
  }
  void comment(const std::string& c) {
    if (c.empty()) return;
    flush();
    size_t pos = 0;
    while (pos <= c.size()) {
      size_t end = c.find('\n', pos);
      if (end == std::string::npos) end = c.size();
      out_ += "; " + c.substr(pos, end - pos) + "\n";
      pos = end + 1;
    }
  }
  void word(const std::string& w) {
    if (!line_.empty() && line_.size() + 1 + w.size() > 78) flush();
    bool glue = !line_.empty() && (line_.back() == '(' || w == ")");
    line_ += (line_.empty() || glue ? "" : " ") + w;
  }
  // The line of play from node (whose position is pos, ply plies from the start).
  void line(const TreeNode& node, Position pos, int ply, bool number) {
    for (const TreeNode* at = &node; !at->children.empty();) {
      const TreeNode& main = at->children[0];
      move(main, pos, ply, number);
      number = !main.comment.empty();
      for (size_t v = 1; v < at->children.size(); ++v) {
        word("(");
        const TreeNode& alt = at->children[v];
        move(alt, pos, ply, true);
        Position next = pos;
        next.play(alt.move);
        line(alt, next, ply + 1, !alt.comment.empty());
        word(")");
        number = true;
      }
      pos.play(main.move);
      ++ply;
      at = &main;
    }
  }

 private:
  void move(const TreeNode& n, const Position& pos, int ply, bool number) {
    std::string w = moveToString(pos, n.move) + markSuffix(n.mark);
    if (ply % 2 == 0) w = std::to_string(ply / 2 + 1) + ". " + w;
    else if (number) w = std::to_string(ply / 2 + 1) + "... " + w;
    word(w);
    comment(n.comment);
  }
  void flush() {
    if (!line_.empty()) out_ += line_ + "\n";
    line_.clear();
  }
  std::string out_, line_;
};

}  // namespace

std::string exportRecord(const Record& r) {
  const Position& start = r.start;
  std::string s = "[Variant \"" + layoutToken(start) + "\"]\n";
  for (const auto& [key, value] : r.tags) {
    if (key == "Variant" || key == "Start" || key == "Result" || key.empty()) continue;
    bool plain = true;
    for (char c : key) plain = plain && !isSpace(c) && c != '"' && c != ']';
    if (plain) s += "[" + key + " \"" + escaped(value, "\"\\", true) + "\"]\n";
  }
  if (!(start == Position::start(*start.geo, start.set))) s += "[Start \"" + toPositionString(start) + "\"]\n";
  s += "[Result \"" + escaped(resultTag(r), "\"\\", true) + "\"]\n\n";
  TreeWriter w;
  w.comment(r.root.comment);
  w.line(r.root, start, 0, false);
  return s + w.text();
}

std::string exportRecord(const Game& game, const std::map<std::string, std::string>& tags) {
  return exportRecord(recordFromGame(game, tags));
}

}  // namespace zertz
