// A small JSON reader for the formats the browser and the core exchange
// (the game tree, review values, hints); the writer is json_writer.h.
// Objects keep their fields in order; numbers are kept as their text. Pure,
// no I/O; at the bottom of the core so that every layer may read JSON.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace zertz {

// One parsed value. Invariant: items only for Array, fields only for
// Object, text for String (unescaped, UTF-8), Number (as written) and Bool
// ("true" / "false").
struct JsonField;
struct Json {
  enum Kind { Null,
              Bool,
              Number,
              String,
              Array,
              Object } kind = Null;
  std::string text;
  std::vector<Json> items;        // Array
  std::vector<JsonField> fields;  // Object (a vector of an incomplete type: allowed since C++17)
  // The field named key (the first of duplicates), or null.
  const Json* get(std::string_view key) const;
};

// One name and value of an object. (Not a std::pair: a pair needs a complete
// Json inside Json's own definition.)
struct JsonField {
  std::string first;
  Json second;
};

// Parses the whole text as one JSON value; false with an error naming the
// byte offset (nesting deeper than 2000 levels is refused).
bool parseJson(std::string_view text, Json& out, std::string& error);

}  // namespace zertz
