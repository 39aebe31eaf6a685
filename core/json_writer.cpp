#include "core/json_writer.h"

#include <cmath>

namespace zertz {

namespace {

void appendString(std::string& out, std::string_view s) {
  out += '"';
  for (unsigned char c : s) {
    if (c == '"' || c == '\\') out += '\\', out += char(c);
    else if (c == '\n') out += "\\n";
    else if (c < 32) {
      static const char* hex = "0123456789abcdef";
      out += "\\u00", out += hex[c >> 4], out += hex[c & 15];
    } else out += char(c);
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
