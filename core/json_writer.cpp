#include "core/json_writer.h"

#include <cmath>

namespace zertz {

namespace {

// The length of the well-formed UTF-8 sequence at s[i] (2 to 4 bytes: no
// overlong form, no surrogate, nothing past U+10FFFF), or 0.
size_t utf8Sequence(std::string_view s, size_t i) {
  const auto byte = [&](size_t k) { return k < s.size() ? static_cast<unsigned char>(s[k]) : 0u; };
  const unsigned lead = byte(i);
  const size_t n = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3
                                  : lead >= 0xc2   ? 2
                                                   : 0;
  if (n == 0 || lead > 0xf4) return 0;
  for (size_t k = 1; k < n; ++k)
    if ((byte(i + k) & 0xc0) != 0x80) return 0;
  const unsigned second = byte(i + 1);
  if (lead == 0xe0 && second < 0xa0) return 0;   // overlong
  if (lead == 0xed && second >= 0xa0) return 0;  // a surrogate
  if (lead == 0xf0 && second < 0x90) return 0;   // overlong
  if (lead == 0xf4 && second >= 0x90) return 0;  // past U+10FFFF
  return n;
}

void appendString(std::string& out, std::string_view s) {
  static const char* hex = "0123456789abcdef";
  out += '"';
  for (size_t i = 0; i < s.size(); ++i) {
    const unsigned char c = s[i];
    if (c == '"' || c == '\\') out += '\\', out += char(c);
    else if (c == '\n') out += "\\n";
    else if (c < 32) out += "\\u00", out += hex[c >> 4], out += hex[c & 15];
    else if (c < 0x80) out += char(c);
    else if (const size_t n = utf8Sequence(s, i)) out.append(s.substr(i, n)), i += n - 1;
    else out += "\\u00", out += hex[c >> 4], out += hex[c & 15];  // not UTF-8: read as Latin-1
  }
  out += '"';
}

}  // namespace

std::string jsonString(std::string_view s) {
  std::string out;
  appendString(out, s);
  return out;
}

std::string jsonError(std::string_view message) { return JsonWriter().object().field("error", message).end().take(); }

void JsonWriter::separate() {
  if (!first_) out_ += ',';
  first_ = false;
}

JsonWriter& JsonWriter::open(char opener, char closer) {
  separate();
  out_ += opener;
  closers_ += closer;
  first_ = true;
  return *this;
}

JsonWriter& JsonWriter::object() { return open('{', '}'); }

JsonWriter& JsonWriter::array() { return open('[', ']'); }

JsonWriter& JsonWriter::end() {
  if (!closers_.empty()) out_ += closers_.back(), closers_.pop_back();
  first_ = false;
  return *this;
}

JsonWriter& JsonWriter::key(std::string_view name) {
  separate();
  appendString(out_, name);
  out_ += ':';
  first_ = true;  // the value that follows takes no ','
  return *this;
}

JsonWriter& JsonWriter::value(std::string_view s) {
  separate();
  appendString(out_, s);
  return *this;
}

JsonWriter& JsonWriter::value(bool b) { return raw(b ? "true" : "false"); }

JsonWriter& JsonWriter::value(double d) { return std::isfinite(d) ? raw(std::to_string(d)) : null(); }

JsonWriter& JsonWriter::null() { return raw("null"); }

JsonWriter& JsonWriter::raw(std::string_view json) {
  separate();
  out_ += json;
  return *this;
}

JsonWriter& JsonWriter::integer(long long n) { return raw(std::to_string(n)); }

JsonWriter& JsonWriter::unsignedInteger(unsigned long long n) { return raw(std::to_string(n)); }

}  // namespace zertz
