// The table block cache the browser's hints use (core/tb_cache.h): bytes
// that are not a valid table are refused with the file's name, and a probe
// never answers a value without a verified file.
#include <catch2/catch.hpp>

#include "core/notation.h"
#include "core/tables/tb_cache.h"

using namespace zertz;

TEST_CASE("the table block cache refuses a file that is not a table, naming it") {
  TableBlockCache cache;
  std::vector<uint8_t> garbage(200, 0x5a);
  std::string error = cache.addFile("blitz-3.dtm", garbage);
  CHECK(error.find("blitz-3.dtm") != std::string::npos);
  CHECK(cache.addBlock("blitz-3.dtm", 0, garbage).find("blitz-3.dtm") != std::string::npos);
}

TEST_CASE("the table block cache answers 'not in tables' when it holds no tables, never a value") {
  TableBlockCache cache;
  Position p;
  std::string error;
  REQUIRE(parsePositionString("blitz 0:3 W.B 4,7,8 0,0,0 0,0,0 0", p, error));
  auto probe = cache.probe(p);
  CHECK(probe.answer == TableBlockCache::Answer::NotInTables);
  CHECK_FALSE(probe.message.empty());
  CHECK_FALSE(cache.any());
}
