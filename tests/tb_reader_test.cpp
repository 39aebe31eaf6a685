// The core's table reader (core/tables/tb_reader.h) over the bytes the
// browser pushes (tb::PushedTables): bytes that are not a valid table are
// refused with the file's name, a probe never answers a value without a
// verified file, and what has not arrived yet is asked for, not guessed.
#include <catch2/catch.hpp>
#include <zlib.h>

#include "cli/table_sources.h"
#include "core/notation.h"
#include "core/tables/tb_reader.h"
#include "test_helpers.h"

using namespace zertz;

namespace {

std::vector<uint8_t> tableBytes(const std::string& name) { return testing::fileBytes(testing::kSmallTablesDir + "/" + name); }

}  // namespace

TEST_CASE("pushed table bytes that are not a table are refused, naming the file") {
  tb::PushedTables tables;
  std::vector<uint8_t> garbage(200, 0x5a);
  std::string error = tables.addFile("blitz-3.dtm", garbage);
  CHECK(error.find("blitz-3.dtm") != std::string::npos);
  CHECK(error.find("header") != std::string::npos);
  CHECK(tables.addBlock("blitz-3.dtm", 0, garbage).find("blitz-3.dtm") != std::string::npos);
}

TEST_CASE("a pushed file under another file's name is refused") {
  tb::PushedTables tables;
  REQUIRE(tables.addFile("blitz-1.dtm", tableBytes("blitz-1.dtm")) == "");
  CHECK(tables.addFile("blitz-3.dtm", tableBytes("blitz-2.dtm")).find("does not match its header") != std::string::npos);
}

TEST_CASE("with no tables pushed the reader answers 'not in tables', never a value") {
  tb::PushedTables tables;
  const tb::TableProbe probe = tables.reader().probe(testing::positionFrom("blitz 0:3 W.B 4,7,8 0,0,0 0,0,0 0"));
  CHECK(probe.status == tb::ProbeStatus::NotInTables);
  CHECK_FALSE(probe.message.empty());
  CHECK_FALSE(tables.reader().any());
}

TEST_CASE("a probe names the block it needs, and answers as the native reader once the block is pushed") {
  tb::PushedTables tables;
  for (const char* name : {"blitz-1.dtm", "blitz-2.dtm", "blitz-3.dtm"}) REQUIRE(tables.addFile(name, tableBytes(name)) == "");
  CHECK(tables.reader().any());
  const Position p = testing::positionFrom("blitz 0:3 ... 2,3,9 1,2,0 2,2,0 0");
  const tb::TableProbe first = tables.reader().probe(p);
  REQUIRE(first.status == tb::ProbeStatus::Pending);
  CHECK(first.needName == "blitz-3.dtm");
  // A block of the wrong size is refused and the file stays usable (a stale
  // cached copy is not a damaged file).
  CHECK(tables.addBlock("blitz-3.dtm", first.needRef.block, std::vector<uint8_t>(7, 1)).find("wrong size") !=
        std::string::npos);
  CHECK(tables.reader().probe(p).status == tb::ProbeStatus::Pending);

  const std::vector<uint8_t> file = tableBytes("blitz-3.dtm");
  REQUIRE(first.needRef.fileOffset + first.needRef.compressedSize <= file.size());
  std::vector<uint8_t> raw(first.needRef.rawSize);
  uLongf size = raw.size();
  REQUIRE(uncompress(raw.data(), &size, file.data() + first.needRef.fileOffset, first.needRef.compressedSize) == Z_OK);
  REQUIRE(tables.addBlock("blitz-3.dtm", first.needRef.block, raw) == "");
  const tb::TableProbe pushed = tables.reader().probe(p);
  std::string error;
  tb::TableReader native(cli::openLocalTables(testing::kSmallTablesDir, error));
  const tb::TableProbe local = native.probe(p);
  REQUIRE(local.found());
  CHECK(tb::probeText(pushed) == tb::probeText(local));

  // Marked damaged (what the hint worker does when a fetched block fails):
  // every probe of the file is an error naming it.
  tables.markDamaged("blitz-3.dtm", "block 0: deflate stream damaged");
  const tb::TableProbe damaged = tables.reader().probe(p);
  CHECK(damaged.status == tb::ProbeStatus::Error);
  CHECK(damaged.message.find("blitz-3.dtm") != std::string::npos);
}
