// A small JSON reader and string escaping for the formats the browser and
// the core exchange (the game tree, review values, hints). Objects keep
// their fields in order; numbers are kept as their text. Pure, no I/O; at
// the bottom of the core so that every layer may read JSON.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace zertz {

// One parsed value. Invariant: items only for Array, fields only for
// Object, text for String (unescaped, UTF-8), Number (as written) and Bool
// ("true" / "false").
struct Json {
  enum Kind { Null, Bool, Number, String, Array, Object } kind = Null;
  std::string text;
  std::vector<Json> items;                          // Array
  std::vector<std::pair<std::string, Json>> fields;  // Object
  const Json* get(std::string_view key) const {
    for (const auto& [k, v] : fields)
      if (k == key) return &v;
    return nullptr;
  }
};

// Parses the whole text as one JSON value; false with an error naming the
// byte offset (nesting deeper than 2000 levels is refused).
bool parseJson(std::string_view text, Json& out, std::string& error);

// Escapes s as a JSON string literal, quotes included.
std::string jsonString(std::string_view s);

}  // namespace zertz
