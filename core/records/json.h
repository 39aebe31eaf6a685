// A small JSON reader and string escaping for the formats the browser and
// the core exchange (the game tree, review values). Objects keep their
// fields in order; numbers are kept as their text. Pure, no I/O.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace zertz {

// One parsed value (parallel keys and items: a std::pair would need Json
// complete inside its own definition). Invariant: keys.size() ==
// items.size() for Object, keys empty otherwise; text for String
// (unescaped, UTF-8), Number (as written) and Bool ("true" / "false").
struct Json {
  enum Kind { Null, Bool, Number, String, Array, Object } kind = Null;
  std::string text;
  std::vector<Json> items;       // Array; Object: the values, in order
  std::vector<std::string> keys;  // Object: keys[i] names items[i]
  const Json* get(std::string_view key) const {
    for (size_t i = 0; i < keys.size(); ++i)
      if (keys[i] == key) return &items[i];
    return nullptr;
  }
};

// Parses the whole text as one JSON value; false with an error naming the
// byte offset (nesting deeper than 2000 levels is refused).
bool parseJson(std::string_view text, Json& out, std::string& error);

// Escapes s as a JSON string literal, quotes included.
std::string jsonString(std::string_view s);

}  // namespace zertz
