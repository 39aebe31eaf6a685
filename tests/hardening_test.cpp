// Hostile input and regressions found by fuzzing (fuzz/). Each test names the
// rule it holds the code to; a regression test names the fuzz target that
// found the bug. The fuzz inputs themselves also live in fuzz/corpus/<target>/
// (regress-*), which tests/shell/fuzz_smoke.sh replays.
#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>
#include <string>

#include "cli/protocol.h"
#include "cli/table_sources.h"
#include "cli/zip.h"
#include "core/notation.h"
#include "core/records/record.h"

using namespace zertz;

namespace {

Game gameOf(const char* variant, std::initializer_list<const char*> moves) {
  std::string_view v(variant);
  Position p;
  std::string error;
  REQUIRE(startPosition(v.substr(0, v.find(' ')), v.substr(v.find(' ') + 1), p, error));
  Game g(p);
  for (const char* text : moves) {
    Move m;
    REQUIRE(parseLegalMove(g.position(), text, m, error));
    g.play(m);
  }
  return g;
}

}  // namespace

// fuzz_record: boardspace game names such as "zertz_basic_tu;torial_02.sgf"
// were exported as [Event "...;..."] and the importer cut the line at ';'.
TEST_CASE("an exported record whose tag values hold semicolons or quotes imports back unchanged") {
  Game g = gameOf("standard 37", {"Wd4,a1", "Bb2,g1"});
  std::map<std::string, std::string> tags = {{"Event", "tu;torial \"two\"; \\ end"}, {"Player0", ";"}};
  std::string text = exportRecord(g, tags);
  Record r;
  std::string error;
  REQUIRE(importRecord(text, r, error));
  CHECK_FALSE(r.damaged);
  CHECK(r.moves == g.moves());
  CHECK(r.tags["Event"] == tags["Event"]);
  CHECK(r.tags["Player0"] == ";");
}

TEST_CASE("a semicolon on a move line still starts a comment") {
  Record r;
  std::string error;
  REQUIRE(importRecord("[Variant \"standard 37\"]\n1. Wd4,a1 ; Bb2,g1 \"quoted\n", r, error));
  CHECK_FALSE(r.damaged);
  CHECK(r.moves.size() == 1);
}

// ---------------------------------------------------------------------------
// Protocol: hostile lines in-process (the real binary: tests/shell/hostile_protocol.sh).

TEST_CASE("a 1 MB protocol line, binary garbage and unknown commands get errors and the engine keeps serving") {
  cli::Session s;
  std::string before = cli::handleLine(s, "position");
  std::string huge(1 << 20, 'a');
  std::string garbage;
  for (int i = 0; i < 4096; ++i) garbage += char((i * 131 + 7) % 256 == '\n' ? 1 : (i * 131 + 7) % 256);
  std::istringstream in(huge + "\nposition\n" + garbage + "\nposition\nfrobnicate\nposition\nplay Wd4,a1\n");
  std::ostringstream out;
  cli::serve(s, in, out);
  std::string text = out.str();
  CHECK(text.find("? line too long") == 0);
  CHECK(text.find("? line contains control or binary characters") != std::string::npos);
  CHECK(text.find("? unknown command 'frobnicate'") != std::string::npos);
  size_t positions = 0;
  for (size_t at = text.find(before); at != std::string::npos; at = text.find(before, at + 1)) ++positions;
  CHECK(positions == 3);                        // the position answered unchanged after each hostile line
  const std::string last = "\n\n= Wd4,a1\n\n";  // the move is still played at the end
  CHECK(text.compare(text.size() - last.size(), last.size(), last) == 0);
}

TEST_CASE("a NUL byte inside a protocol line is refused, not cut at the NUL") {
  cli::Session s;
  std::string reply = cli::handleLine(s, std::string("play Wd4,a1\0xyz", 15));
  CHECK(reply.rfind("? ", 0) == 0);
  CHECK(s.game.moves().empty());
}

// ---------------------------------------------------------------------------
// Records: truncation anywhere never yields wrong moves.

TEST_CASE("a real SGF record cut at any byte imports as an error or as a prefix of the game, never other moves") {
  std::ifstream in(std::string(ZERTZ_RECORDS_DIR) + "/games-Oct-25-2025/T-Z-Passtimer-eratos-2025-10-17-2247.sgf",
                   std::ios::binary);
  REQUIRE(in);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  Record full;
  std::string error;
  REQUIRE(importRecord(text, full, error));
  REQUIRE(full.moves.size() == 22);
  int imported = 0;
  for (size_t len = 0; len < text.size(); ++len) {
    Record r;
    error.clear();
    if (!importRecord(std::string_view(text).substr(0, len), r, error)) {
      CHECK_FALSE(error.empty());
      continue;
    }
    ++imported;
    INFO("cut at byte " << len);
    REQUIRE(r.moves.size() <= full.moves.size());
    CHECK(std::equal(r.moves.begin(), r.moves.end(), full.moves.begin()));
  }
  CHECK(imported < 8);  // only cuts in the trailing ")\n" may still import
}

// ---------------------------------------------------------------------------
// Zip archives: a flipped byte never changes what an entry reads as.

TEST_CASE("a zip archive with any one byte flipped reads each entry intact or fails with a message") {
  std::ifstream in(std::string(ZERTZ_RECORDS_DIR) + "/archive-2025/games-Apr-22-2025.zip", std::ios::binary);
  REQUIRE(in);
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  cli::ZipArchive zip;
  std::string error;
  REQUIRE(zip.openBytes(bytes, "a.zip", error));
  std::map<uint32_t, std::string> original;  // by local header offset
  for (const auto& e : zip.entries()) REQUIRE(zip.read(e, original[e.localOffset], error));
  int failures = 0, cases = 0;
  for (size_t at = 0; at < bytes.size(); at += 31) {  // every 31st byte: ~2,000 archives
    std::string damaged = bytes;
    damaged[at] = char(damaged[at] ^ 0x20);
    cli::ZipArchive z;
    error.clear();
    ++cases;
    if (!z.openBytes(damaged, "a.zip", error)) {
      CHECK_FALSE(error.empty());
      ++failures;
      continue;
    }
    for (const auto& e : z.entries()) {
      std::string out;
      error.clear();
      if (!z.read(e, out, error)) {
        CHECK(error.find("a.zip/") == 0);  // names archive and entry
        ++failures;
        continue;
      }
      auto it = original.find(e.localOffset);
      INFO("byte " << at << " flipped, entry " << e.name);
      REQUIRE(it != original.end());
      CHECK(out == it->second);
    }
  }
  CHECK(failures > cases / 2);  // most bytes are compressed data: the CRC catches them
}

// ---------------------------------------------------------------------------
// Tables: the native reader (cli/table_sources.h) over the blitz 1..3-ring
// tables in fuzz/tables/ with one byte flipped: every probe answers as the
// intact tables or an error, never another value (tests/shell/hostile_tables.sh
// does the same through `zertz engine` and `zertz-solve verify`).

namespace {

class MemTables : public cli::TableSource {
 public:
  std::map<std::string, std::string> files;
  bool read(const std::string& name, uint64_t offset, uint64_t length, std::vector<uint8_t>& out,
            std::string& error) override {
    auto it = files.find(name);
    if (it == files.end()) return error = name + ": cannot open", false;
    out.clear();
    if (offset < it->second.size())
      out.assign(it->second.begin() + offset,
                 it->second.begin() + offset + std::min<uint64_t>(length, it->second.size() - offset));
    return true;
  }
  bool exists(const std::string& name) override { return files.count(name) != 0; }
  std::string describe() const override { return "mem"; }
};

std::vector<std::string> probeAll(const std::map<std::string, std::string>& files, const std::vector<Position>& ps) {
  auto src = std::make_unique<MemTables>();
  src->files = files;
  tb::TableReader ts(std::move(src));
  std::vector<std::string> out;
  for (const Position& p : ps) {
    tb::TableProbe r = ts.probe(p);
    out.push_back(r.status == tb::ProbeStatus::Error ? "error" : tb::probeText(r));
  }
  return out;
}

}  // namespace

TEST_CASE("a table file with any one byte flipped never changes a probe's value") {
  const char* names[] = {"blitz-1.wdl", "blitz-1.dtm", "blitz-2.wdl", "blitz-2.dtm", "blitz-3.wdl", "blitz-3.dtm"};
  std::map<std::string, std::string> files;
  for (const char* n : names) {
    std::ifstream in(std::string(ZERTZ_SOURCE_DIR) + "/fuzz/tables/" + n, std::ios::binary);
    REQUIRE(in);
    files[n] = std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  }
  // Wins and losses on 1, 2 and 3 rings.
  std::vector<Position> ps;
  for (const char* t : {"blitz 0:1 . 1,2,7 2,3,1 2,2,1 1", "blitz 0:2 .. 1,3,6 2,3,1 2,1,2 0",
                        "blitz 0:3 ... 2,3,9 1,2,0 2,2,0 0", "blitz 1:2,0:1 ../. 2,6,7 2,1,2 1,0,0 1",
                        "blitz 0:1,1:2 ./.. 3,3,8 0,2,0 2,2,1 0", "blitz 0:1,1:1,0:1 ././. 2,2,9 2,3,0 1,2,0 1"}) {
    Position p;
    std::string error;
    REQUIRE(parsePositionString(t, p, error));
    ps.push_back(p);
  }
  const std::vector<std::string> intact = probeAll(files, ps);
  for (const std::string& v : intact) REQUIRE((v.rfind("win ", 0) == 0 || v.rfind("loss ", 0) == 0));
  int errors = 0;
  for (const char* n : names) {
    const std::string& f = files[n];
    size_t step = f.size() > 2000 ? 7 : 1;  // every byte of the small files
    for (size_t at = 0; at < f.size(); at += step) {
      auto damaged = files;
      damaged[n][at] = char(damaged[n][at] ^ 0x01);
      std::vector<std::string> got = probeAll(damaged, ps);
      for (size_t i = 0; i < ps.size(); ++i) {
        INFO(n << " byte " << at << " flipped, probe " << i);
        if (got[i] == "error") ++errors;
        else CHECK(got[i] == intact[i]);
      }
    }
  }
  CHECK(errors > 0);
}

// crc32 folds eight bytes at a time (sliced tables); every table file and
// block carries CRCs written by it, so it must equal the one-byte-at-a-time
// definition (zlib's CRC-32) at every length and every alignment.
TEST_CASE("the table CRC-32 equals the bytewise definition at every length and alignment") {
  auto bytewise = [](const uint8_t* data, size_t size, uint32_t crc) {
    crc = ~crc;
    for (size_t i = 0; i < size; ++i) {
      crc ^= data[i];
      for (int k = 0; k < 8; ++k) crc = (crc & 1) ? 0xedb88320u ^ (crc >> 1) : crc >> 1;
    }
    return ~crc;
  };
  const uint8_t check[] = {'1', '2', '3', '4', '5', '6', '7', '8', '9'};
  CHECK(tb::crc32(check, sizeof check) == 0xcbf43926u);  // the standard check value
  std::vector<uint8_t> data(300);
  uint32_t x = 12345;
  for (uint8_t& b : data) b = uint8_t((x = x * 1103515245u + 12345u) >> 16);
  for (size_t offset = 0; offset < 8; ++offset)
    for (size_t size = 0; offset + size <= data.size(); ++size)
      for (uint32_t start : {0u, 0xdeadbeefu})
        REQUIRE(tb::crc32(data.data() + offset, size, start) == bytewise(data.data() + offset, size, start));
}
