// The core's JSON reader (core/json.h): what hint parts and game trees are
// read with. Every malformed text is an error naming the offset, never a
// crash or a partial value taken as whole.
#include <catch2/catch.hpp>

#include "core/json.h"
#include "core/json_writer.h"

using namespace zertz;

namespace {

Json parsed(const std::string& text) {
  Json v;
  std::string error;
  INFO(text);
  REQUIRE(parseJson(text, v, error));
  return v;
}

std::string errorOf(const std::string& text) {
  Json v;
  std::string error;
  CHECK(!parseJson(text, v, error));
  return error;
}

}  // namespace

TEST_CASE("json: objects, arrays, strings, numbers and literals read as written") {
  const Json v = parsed(R"( {"a": [1, -2.5e1, true, false, null], "s": "x\"\\\n\u00e9\ud83d\ude00", "o": {}} )");
  REQUIRE(v.kind == Json::Object);
  REQUIRE(v.get("a"));
  const Json& a = *v.get("a");
  REQUIRE(a.kind == Json::Array);
  REQUIRE(a.items.size() == 5);
  CHECK(a.items[0].text == "1");
  CHECK(a.items[1].text == "-2.5e1");
  CHECK(a.items[2].text == "true");
  CHECK(a.items[3].text == "false");
  CHECK(a.items[4].kind == Json::Null);
  CHECK(v.get("s")->text == "x\"\\\n\xc3\xa9\xf0\x9f\x98\x80");
  CHECK(v.get("o")->kind == Json::Object);
  CHECK(v.get("missing") == nullptr);
}

TEST_CASE("json: a quoted string reads back as itself") {
  const std::string s = std::string("tab\there \"quoted\" back\\slash newline\n bell\x07 end");
  CHECK(parsed(jsonString(s)).text == s);
}

TEST_CASE("json: malformed text is an error naming the offset") {
  CHECK(errorOf("") == "JSON at offset 0: unexpected end");
  CHECK(errorOf("[1,]").find("offset 3") != std::string::npos);
  CHECK(errorOf("{\"a\" 1}").find("expected ':'") != std::string::npos);
  CHECK(errorOf("\"open").find("unterminated string") != std::string::npos);
  CHECK(errorOf("[1] 2").find("unexpected text after the JSON value") != std::string::npos);
  CHECK(errorOf("\"\\q\"").find("bad escape") != std::string::npos);
  CHECK(errorOf("\"\\u12\"").find("bad \\u escape") != std::string::npos);
  CHECK(errorOf("tru").find("unexpected 'tru'") != std::string::npos);
}

TEST_CASE("json: deep nesting is refused, not a stack overflow") {
  CHECK(errorOf(std::string(100000, '[')).find("nested too deeply") != std::string::npos);
  parsed(std::string(60, '[') + std::string(60, ']'));
}

TEST_CASE("json: reading into a value that held another document replaces it") {
  Json v;
  std::string error;
  REQUIRE(parseJson(R"({"a": 1, "b": [2]})", v, error));
  REQUIRE(parseJson(R"({"b": "new"})", v, error));
  CHECK(v.get("a") == nullptr);
  REQUIRE(v.get("b") != nullptr);
  CHECK(v.get("b")->kind == Json::String);
  CHECK(v.get("b")->text == "new");
  REQUIRE(parseJson("[3]", v, error));
  CHECK(v.kind == Json::Array);
  CHECK(v.fields.empty());
  CHECK(v.items.size() == 1);
}
