// The core's JSON reader (core/json.h): what hint parts and game trees are
// read with. Every malformed text is an error naming the offset, never a
// crash or a partial value taken as whole.
#include <catch2/catch.hpp>

#include "core/json.h"

using namespace zertz;

namespace {

json::Value parsed(const std::string& text) {
  json::Value v;
  std::string error;
  INFO(text);
  REQUIRE(json::parse(text, v, error));
  return v;
}

std::string errorOf(const std::string& text) {
  json::Value v;
  std::string error;
  CHECK(!json::parse(text, v, error));
  return error;
}

}  // namespace

TEST_CASE("json: objects, arrays, strings, numbers and literals read as written") {
  const json::Value v = parsed(R"( {"a": [1, -2.5e1, true, false, null], "s": "x\"\\\n\u00e9\ud83d\ude00", "o": {}} )");
  REQUIRE(v.isObject());
  REQUIRE(v["a"].isArray());
  REQUIRE(v["a"].items.size() == 5);
  CHECK(v["a"].items[0].number == 1);
  CHECK(v["a"].items[1].number == -25);
  CHECK(v["a"].items[2].isTrue());
  CHECK(!v["a"].items[3].isTrue());
  CHECK(v["a"].items[4].kind == json::Value::Kind::Null);
  CHECK(v["s"].text() == "x\"\\\n\xc3\xa9\xf0\x9f\x98\x80");
  CHECK(v["o"].isObject());
  CHECK(v["missing"].kind == json::Value::Kind::Null);
  CHECK(v["a"]["not an object"].text().empty());
}

TEST_CASE("json: a quoted string reads back as itself") {
  const std::string s = std::string("tab\there \"quoted\" back\\slash newline\n bell\x07 end");
  CHECK(parsed(json::quote(s)).text() == s);
}

TEST_CASE("json: the first of duplicate field names is kept") { CHECK(parsed(R"({"a":1,"a":2})")["a"].number == 1); }

TEST_CASE("json: malformed text is an error naming the offset") {
  CHECK(errorOf("") == "JSON at offset 0: expected a value, found the end");
  CHECK(errorOf("[1,]").find("offset 3") != std::string::npos);
  CHECK(errorOf("{\"a\" 1}").find("expected ':'") != std::string::npos);
  CHECK(errorOf("\"open").find("unterminated string") != std::string::npos);
  CHECK(errorOf("[1] 2").find("unexpected text after the value") != std::string::npos);
  CHECK(errorOf("\"\\q\"").find("unknown escape") != std::string::npos);
  CHECK(errorOf("\"\\u12\"").find("four hex digits") != std::string::npos);
  CHECK(errorOf("-").find("expected digits") != std::string::npos);
  CHECK(errorOf("tru").find("unexpected character 't'") != std::string::npos);
}

TEST_CASE("json: nesting deeper than 64 levels is refused, not a stack overflow") {
  CHECK(errorOf(std::string(100000, '[')).find("nested deeper than 64 levels") != std::string::npos);
  parsed(std::string(60, '[') + std::string(60, ']'));
}

TEST_CASE("json: a huge exponent reads as infinity, not an exception") {
  CHECK(parsed("1e999").number > 1e308);
}
