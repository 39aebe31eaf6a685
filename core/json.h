// A small JSON reader and the one string quoter, for the few JSON texts the
// core reads and writes (hints, game trees). Not a general library: numbers
// are doubles, object fields keep their order, and duplicate names keep the
// first. Pure and total: parse() never throws, and on bad input it returns
// false with a message naming the offset and what was expected.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace zertz::json {

// s as a JSON string literal, quotes included.
std::string quote(std::string_view s);

struct Field;

struct Value {
  enum class Kind { Null, Bool, Number, String, Array, Object };
  Kind kind = Kind::Null;
  bool boolean = false;
  double number = 0;
  std::string string;
  std::vector<Value> items;                            // Array
  std::vector<Field> fields;                           // Object, in text order

  bool isObject() const { return kind == Kind::Object; }
  bool isArray() const { return kind == Kind::Array; }
  bool isString() const { return kind == Kind::String; }
  bool isNumber() const { return kind == Kind::Number; }
  bool isTrue() const { return kind == Kind::Bool && boolean; }
  // The field's value, or a shared Null when absent or when this is not an
  // object (so lookups chain without checks).
  const Value& operator[](std::string_view name) const;
  // The string, or "" when this is not a string.
  const std::string& text() const;
};

// One object member. A named struct rather than std::pair: a pair of an
// incomplete Value is ill-formed under libstdc++ with clang.
struct Field {
  std::string first;
  Value second;
};

// Parses one JSON value filling the whole text (whitespace aside). Nesting
// deeper than 64 levels is refused, so hostile input cannot exhaust the stack.
bool parse(std::string_view text, Value& out, std::string& error);

}  // namespace zertz::json
