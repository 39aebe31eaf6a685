// The one JSON writer: every JSON text the core, the CLI and the wasm
// bindings produce is built here, so escaping, separators and the error
// shape live in one place. Pure, no I/O; beside the reader (json.h) at the
// bottom of the core so that every layer may write JSON.
//
// Invariant: a writer used as documented (keys only inside objects, every
// object and array closed) holds one well-formed JSON value; it does not
// check that use (a key outside an object is written as asked).
#pragma once

#include <concepts>
#include <string>
#include <string_view>
#include <type_traits>

namespace zertz {

// Escapes s as a JSON string literal, quotes included: '"' and '\\'
// backslashed, newline as \n, other control characters as \u00XX; other
// bytes (UTF-8 included) as they are.
std::string jsonString(std::string_view s);

// The error shape of every JSON answer: {"error":"<message>"}.
std::string jsonError(std::string_view message);

class JsonWriter {
 public:
  JsonWriter& object();  // opens '{'
  JsonWriter& array();   // opens '['
  JsonWriter& end();     // closes the innermost open object or array
  // The name of the next value in an object.
  JsonWriter& key(std::string_view name);

  JsonWriter& value(std::string_view s);
  JsonWriter& value(const std::string& s) { return value(std::string_view(s)); }
  // Without this, a string literal would convert to bool, not to a string.
  JsonWriter& value(const char* s) { return value(std::string_view(s)); }
  JsonWriter& value(bool b);
  // Fixed notation with six decimals (std::to_string); NaN and infinities,
  // which JSON cannot write, as null.
  JsonWriter& value(double d);
  template <std::integral T>
  JsonWriter& value(T n) {
    if constexpr (std::is_signed_v<T>) return integer(n);
    else return unsignedInteger(n);
  }
  JsonWriter& null();
  // A value that is already JSON text (another writer's result), as it is.
  JsonWriter& raw(std::string_view json);

  // key(name) then value(v).
  template <class T>
  JsonWriter& field(std::string_view name, const T& v) {
    return key(name).value(v);
  }

  const std::string& text() const { return out_; }
  std::string take() { return std::move(out_); }

 private:
  void separate();  // the ',' before a value or key that is not the first
  JsonWriter& open(char opener, char closer);
  JsonWriter& integer(long long n);
  JsonWriter& unsignedInteger(unsigned long long n);

  std::string out_;
  std::string closers_;  // '}' or ']' for each open object or array, innermost last
  bool first_ = true;    // nothing written yet at this level (or a key was just written)
};

}  // namespace zertz
