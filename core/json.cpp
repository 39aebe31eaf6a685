#include "core/json.h"

#include <cstdint>
#include <cstdlib>

namespace zertz::json {

std::string quote(std::string_view s) {
  std::string o = "\"";
  for (unsigned char c : s) {
    if (c == '"' || c == '\\') o += '\\', o += char(c);
    else if (c == '\n') o += "\\n";
    else if (c < 32) {
      static const char* hex = "0123456789abcdef";
      o += "\\u00", o += hex[c >> 4], o += hex[c & 15];
    } else o += char(c);
  }
  return o + "\"";
}

const Value& Value::operator[](std::string_view name) const {
  static const Value null;
  if (kind == Kind::Object)
    for (const auto& [k, v] : fields)
      if (k == name) return v;
  return null;
}

const std::string& Value::text() const {
  static const std::string empty;
  return kind == Kind::String ? string : empty;
}

namespace {

constexpr int kMaxDepth = 64;

class Reader {
 public:
  Reader(std::string_view text, std::string& error) : s_(text), error_(error) {}

  bool document(Value& out) {
    if (!value(out, 0)) return false;
    space();
    return at_ == s_.size() || fail("unexpected text after the value");
  }

 private:
  bool fail(const std::string& why) {
    error_ = "JSON at offset " + std::to_string(at_) + ": " + why;
    return false;
  }
  void space() {
    while (at_ < s_.size() && (s_[at_] == ' ' || s_[at_] == '\t' || s_[at_] == '\n' || s_[at_] == '\r')) ++at_;
  }
  bool eat(char c) {
    space();
    if (at_ < s_.size() && s_[at_] == c) return ++at_, true;
    return false;
  }
  bool word(std::string_view w) {
    if (s_.substr(at_, w.size()) != w) return false;
    at_ += w.size();
    return true;
  }

  bool value(Value& out, int depth) {
    if (depth > kMaxDepth) return fail("nested deeper than 64 levels");
    space();
    if (at_ >= s_.size()) return fail("expected a value, found the end");
    const char c = s_[at_];
    if (c == '{') return object(out, depth);
    if (c == '[') return array(out, depth);
    if (c == '"') return out.kind = Value::Kind::String, string(out.string);
    if (word("true")) return out.kind = Value::Kind::Bool, out.boolean = true, true;
    if (word("false")) return out.kind = Value::Kind::Bool, out.boolean = false, true;
    if (word("null")) return out.kind = Value::Kind::Null, true;
    if (c == '-' || (c >= '0' && c <= '9')) return number(out);
    return fail(std::string("unexpected character '") + c + "'");
  }

  bool object(Value& out, int depth) {
    out.kind = Value::Kind::Object;
    ++at_;
    if (eat('}')) return true;
    do {
      space();
      std::string name;
      if (at_ >= s_.size() || s_[at_] != '"') return fail("expected a field name");
      if (!string(name)) return false;
      if (!eat(':')) return fail("expected ':' after field \"" + name + "\"");
      Value v;
      if (!value(v, depth + 1)) return false;
      if (!hasField(out, name)) out.fields.push_back(Field{std::move(name), std::move(v)});
    } while (eat(','));
    return eat('}') || fail("expected ',' or '}' in an object");
  }
  static bool hasField(const Value& o, const std::string& name) {
    for (const auto& f : o.fields)
      if (f.first == name) return true;
    return false;
  }

  bool array(Value& out, int depth) {
    out.kind = Value::Kind::Array;
    ++at_;
    if (eat(']')) return true;
    do {
      out.items.emplace_back();
      if (!value(out.items.back(), depth + 1)) return false;
    } while (eat(','));
    return eat(']') || fail("expected ',' or ']' in an array");
  }

  bool number(Value& out) {
    const size_t start = at_;
    if (s_[at_] == '-') ++at_;
    auto digits = [&] {
      size_t from = at_;
      while (at_ < s_.size() && s_[at_] >= '0' && s_[at_] <= '9') ++at_;
      return at_ > from;
    };
    if (!digits()) return fail("expected digits");
    if (at_ < s_.size() && s_[at_] == '.' && (++at_, !digits())) return fail("expected digits after '.'");
    if (at_ < s_.size() && (s_[at_] == 'e' || s_[at_] == 'E')) {
      ++at_;
      if (at_ < s_.size() && (s_[at_] == '+' || s_[at_] == '-')) ++at_;
      if (!digits()) return fail("expected exponent digits");
    }
    out.kind = Value::Kind::Number;
    // strtod, not stod: an out-of-range exponent gives inf, never a throw.
    out.number = std::strtod(std::string(s_.substr(start, at_ - start)).c_str(), nullptr);
    return true;
  }

  static int hexDigit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  }
  void utf8(uint32_t cp, std::string& o) {
    if (cp < 0x80) o += char(cp);
    else if (cp < 0x800) o += char(0xC0 | (cp >> 6)), o += char(0x80 | (cp & 63));
    else if (cp < 0x10000)
      o += char(0xE0 | (cp >> 12)), o += char(0x80 | ((cp >> 6) & 63)), o += char(0x80 | (cp & 63));
    else
      o += char(0xF0 | (cp >> 18)), o += char(0x80 | ((cp >> 12) & 63)), o += char(0x80 | ((cp >> 6) & 63)),
          o += char(0x80 | (cp & 63));
  }
  bool hex4(uint32_t& cp) {
    if (at_ + 4 > s_.size()) return fail("expected four hex digits after \\u");
    cp = 0;
    for (int i = 0; i < 4; ++i) {
      int d = hexDigit(s_[at_++]);
      if (d < 0) return fail("expected four hex digits after \\u");
      cp = cp * 16 + uint32_t(d);
    }
    return true;
  }

  bool string(std::string& o) {
    ++at_;  // the opening quote
    while (at_ < s_.size()) {
      const char c = s_[at_++];
      if (c == '"') return true;
      if (static_cast<unsigned char>(c) < 32) return fail("control character in a string");
      if (c != '\\') {
        o += c;
        continue;
      }
      if (at_ >= s_.size()) break;
      const char e = s_[at_++];
      switch (e) {
        case '"': case '\\': case '/': o += e; break;
        case 'b': o += '\b'; break;
        case 'f': o += '\f'; break;
        case 'n': o += '\n'; break;
        case 'r': o += '\r'; break;
        case 't': o += '\t'; break;
        case 'u': {
          uint32_t cp = 0;
          if (!hex4(cp)) return false;
          if (cp >= 0xD800 && cp < 0xDC00 && s_.substr(at_, 2) == "\\u") {
            at_ += 2;
            uint32_t low = 0;
            if (!hex4(low)) return false;
            if (low >= 0xDC00 && low < 0xE000) cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
            else utf8(0xFFFD, o), cp = low;
          }
          utf8(cp, o);
          break;
        }
        default: return fail(std::string("unknown escape '\\") + e + "'");
      }
    }
    return fail("unterminated string");
  }

  std::string_view s_;
  size_t at_ = 0;
  std::string& error_;
};

}  // namespace

bool parse(std::string_view text, Value& out, std::string& error) {
  out = Value{};
  return Reader(text, error).document(out);
}

}  // namespace zertz::json
