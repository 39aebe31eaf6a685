// The core's JSON writer (core/json_writer.h): every JSON answer of the
// core, the CLI and the bindings is written with it, so what it writes must
// read back (core/json.h) as the values given, in the order given.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <limits>

#include "core/json.h"
#include "core/json_writer.h"

using namespace zertz;

namespace {

Json readBack(const std::string& text) {
  Json v;
  std::string error;
  INFO(text);
  REQUIRE(parseJson(text, v, error));
  return v;
}

}  // namespace

TEST_CASE("json writer: quotes and backslashes are escaped, control characters written as u00XX escapes") {
  CHECK(jsonString("plain") == "\"plain\"");
  CHECK(jsonString("say \"hi\" \\ bye") == R"("say \"hi\" \\ bye")");
  CHECK(jsonString("line\nnext") == R"("line\nnext")");
  CHECK(jsonString(std::string("tab\tbell\x07nul\0end", 16)) == R"("tab\u0009bell\u0007nul\u0000end")");
  CHECK(jsonString("\xc3\xa9t\xc3\xa9") == "\"\xc3\xa9t\xc3\xa9\"");  // UTF-8 passes through
  const std::string every = [] {
    std::string s;
    for (int c = 1; c < 256; ++c) s += char(c);
    return s;
  }();
  CHECK(readBack(jsonString(every)).text == every);
}

TEST_CASE("json writer: values in objects and arrays are separated by commas, keys by colons") {
  JsonWriter w;
  w.object().field("a", 1).key("list").array().value("x").value(true).null().end().field("b", false).end();
  CHECK(w.text() == R"({"a":1,"list":["x",true,null],"b":false})");
  CHECK(JsonWriter().object().end().take() == "{}");
  CHECK(JsonWriter().array().end().take() == "[]");
}

TEST_CASE("json writer: objects and arrays nest to any depth and read back in order") {
  JsonWriter w;
  w.array();
  for (int i = 0; i < 3; ++i) w.object().field("i", i).key("inner").array().array().end().value(i * 2).end().end();
  w.end();
  CHECK(w.text() == R"([{"i":0,"inner":[[],0]},{"i":1,"inner":[[],2]},{"i":2,"inner":[[],4]}])");
  const Json v = readBack(w.text());
  REQUIRE(v.items.size() == 3);
  CHECK(v.items[2].fields[0].first == "i");
  CHECK(v.items[2].get("inner")->items[1].text == "4");
}

TEST_CASE("json writer: integers are written exactly, doubles with six decimals, non-finite doubles as null") {
  JsonWriter w;
  w.array().value(-7).value(uint8_t(200)).value(std::numeric_limits<int64_t>::min());
  w.value(std::numeric_limits<uint64_t>::max()).value(0.5).value(-1.25).value(2.0 / 3);
  w.value(std::nan("")).value(std::numeric_limits<double>::infinity()).end();
  CHECK(w.text() == "[-7,200,-9223372036854775808,18446744073709551615,0.500000,-1.250000,0.666667,null,null]");
  CHECK(readBack(w.text()).items.size() == 9);
}

TEST_CASE("json writer: a string literal is written as a string, never as a bool") {
  CHECK(JsonWriter().object().field("k", "text").end().take() == R"({"k":"text"})");
  CHECK(JsonWriter().object().field("k", std::string("s")).field("b", true).end().take() == R"({"k":"s","b":true})");
}

TEST_CASE("json writer: raw JSON is embedded as a value, with the separators around it") {
  const std::string inner = JsonWriter().object().field("x", 1).end().take();
  CHECK(JsonWriter().array().raw(inner).raw(inner).end().take() == R"([{"x":1},{"x":1}])");
  CHECK(JsonWriter().object().key("a").raw(inner).field("b", 2).end().take() == R"({"a":{"x":1},"b":2})");
}

TEST_CASE("json writer: an error is the object {\"error\": message}, the message escaped") {
  CHECK(jsonError("move 3: \"Zq9\" is not a cell") == R"({"error":"move 3: \"Zq9\" is not a cell"})");
  const Json v = readBack(jsonError("two\nlines"));
  REQUIRE(v.kind == Json::Object);
  REQUIRE(v.fields.size() == 1);
  CHECK(v.get("error")->text == "two\nlines");
}
