#include "core/json.h"

namespace zertz {

namespace {

// JSON's whitespace: space, tab, line feed, carriage return.
bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// 'text' cut at 8 characters, for error messages.
std::string quoted(std::string_view s) {
  std::string out;
  for (char c : s.substr(0, 8)) out += (unsigned char)c < 32 ? ' ' : c;
  return "'" + out + "'";
}

class JsonReader {
 public:
  explicit JsonReader(std::string_view t) : t_(t) {}
  bool parse(Json& out, std::string& error) {
    out = Json{};  // a reused value must not keep (and shadow) fields of an earlier parse
    if (!value(out, 0)) return error = error_, false;
    space();
    if (i_ != t_.size()) return error = at("unexpected text after the JSON value"), false;
    return true;
  }

 private:
  std::string at(const std::string& what) { return "JSON at offset " + std::to_string(i_) + ": " + what; }
  bool fail(const std::string& what) {
    if (error_.empty()) error_ = at(what);
    return false;
  }
  void space() {
    while (i_ < t_.size() && isSpace(t_[i_])) ++i_;
  }
  bool literal(std::string_view word) {
    if (t_.substr(i_, word.size()) != word) return fail("unexpected " + quoted(t_.substr(i_, 8)));
    i_ += word.size();
    return true;
  }
  bool value(Json& v, int depth) {
    if (depth > 2000) return fail("nested too deeply");
    space();
    if (i_ >= t_.size()) return fail("unexpected end");
    char c = t_[i_];
    if (c == '{') return object(v, depth);
    if (c == '[') return array(v, depth);
    if (c == '"') return v.kind = Json::String, string(v.text);
    if (c == 't') return v.kind = Json::Bool, v.text = "true", literal("true");
    if (c == 'f') return v.kind = Json::Bool, v.text = "false", literal("false");
    if (c == 'n') return v.kind = Json::Null, literal("null");
    size_t start = i_;
    while (i_ < t_.size() && std::string_view("+-0123456789.eE").find(t_[i_]) != std::string_view::npos) ++i_;
    if (i_ == start) return fail("unexpected " + quoted(t_.substr(i_, 8)));
    v.kind = Json::Number;
    v.text = std::string(t_.substr(start, i_ - start));
    return true;
  }
  bool object(Json& v, int depth) {
    v.kind = Json::Object;
    ++i_;
    space();
    if (i_ < t_.size() && t_[i_] == '}') return ++i_, true;
    for (;;) {
      space();
      std::string key;
      if (i_ >= t_.size() || t_[i_] != '"') return fail("expected a field name");
      if (!string(key)) return false;
      space();
      if (i_ >= t_.size() || t_[i_] != ':') return fail("expected ':'");
      ++i_;
      v.fields.push_back(JsonField{key, Json{}});
      if (!value(v.fields.back().second, depth + 1)) return false;
      space();
      if (i_ < t_.size() && t_[i_] == ',') ++i_;
      else if (i_ < t_.size() && t_[i_] == '}') return ++i_, true;
      else return fail("expected ',' or '}'");
    }
  }
  bool array(Json& v, int depth) {
    v.kind = Json::Array;
    ++i_;
    space();
    if (i_ < t_.size() && t_[i_] == ']') return ++i_, true;
    for (;;) {
      v.items.emplace_back();
      if (!value(v.items.back(), depth + 1)) return false;
      space();
      if (i_ < t_.size() && t_[i_] == ',') ++i_;
      else if (i_ < t_.size() && t_[i_] == ']') return ++i_, true;
      else return fail("expected ',' or ']'");
    }
  }
  static void utf8(std::string& out, unsigned cp) {
    if (cp < 0x80) out += char(cp);
    else if (cp < 0x800) out += char(0xC0 | (cp >> 6)), out += char(0x80 | (cp & 63));
    else if (cp < 0x10000)
      out += char(0xE0 | (cp >> 12)), out += char(0x80 | ((cp >> 6) & 63)), out += char(0x80 | (cp & 63));
    else
      out += char(0xF0 | (cp >> 18)), out += char(0x80 | ((cp >> 12) & 63)), out += char(0x80 | ((cp >> 6) & 63)),
          out += char(0x80 | (cp & 63));
  }
  bool hex4(unsigned& cp) {
    if (i_ + 4 > t_.size()) return fail("bad \\u escape");
    cp = 0;
    for (int k = 0; k < 4; ++k) {
      char h = t_[i_++];
      int d = h >= '0' && h <= '9' ? h - '0' : h >= 'a' && h <= 'f' ? h - 'a' + 10
                                           : h >= 'A' && h <= 'F'   ? h - 'A' + 10
                                                                    : -1;
      if (d < 0) return fail("bad \\u escape");
      cp = cp * 16 + unsigned(d);
    }
    return true;
  }
  bool string(std::string& out) {
    ++i_;  // '"'
    for (;;) {
      if (i_ >= t_.size()) return fail("unterminated string");
      char c = t_[i_++];
      if (c == '"') return true;
      if ((unsigned char)c < 32) return fail("control character in a string");
      if (c != '\\') {
        out += c;
        continue;
      }
      if (i_ >= t_.size()) return fail("unterminated string");
      char e = t_[i_++];
      const char* map = "\"\"\\\\//b\bf\fn\nr\rt\t";
      const char* hit = nullptr;
      for (const char* m = map; *m; m += 2)
        if (*m == e) hit = m;
      if (hit) {
        out += hit[1];
        continue;
      }
      if (e != 'u') return fail("bad escape \\" + std::string(1, e));
      unsigned cp;
      if (!hex4(cp)) return false;
      if (cp >= 0xD800 && cp < 0xDC00 && t_.substr(i_, 2) == "\\u") {
        i_ += 2;
        unsigned low;
        if (!hex4(low)) return false;
        cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
      }
      utf8(out, cp);
    }
  }

  std::string_view t_;
  size_t i_ = 0;
  std::string error_;
};

}  // namespace

const Json* Json::get(std::string_view key) const {
  for (const JsonField& f : fields)
    if (f.first == key) return &f.second;
  return nullptr;
}

bool parseJson(std::string_view text, Json& out, std::string& error) { return JsonReader(text).parse(out, error); }

}  // namespace zertz
