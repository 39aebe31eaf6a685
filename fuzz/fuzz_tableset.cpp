// The core's table reader (core/tables/tb_reader.h) over a table set in
// which one file is replaced by the fuzz input: header and index reads,
// block reads at the offsets the file claims, zlib inflation, the cache.
// Input: one selector byte (which of the six files of the blitz 1..3-ring
// tables in fuzz/tables/ to replace), then that file's bytes.
// Invariant (the tables' promise): every probe answers exactly what the
// intact tables answer, or an Error; never another value.
#include <fstream>
#include <map>
#include <memory>
#include <sstream>

#include "cli/table_sources.h"
#include "fuzz_util.h"

using namespace zertz;

namespace {

const char* const kFiles[] = {"blitz-1.wdl", "blitz-1.dtm", "blitz-2.wdl", "blitz-2.dtm", "blitz-3.wdl", "blitz-3.dtm"};

// Positions on 1, 2 and 3 rings (custom layouts), both sides to move, wins
// and losses (values checked against `zertz engine --tables`).
const char* const kPositions[] = {
    "blitz 0:1 . 1,2,7 2,3,1 2,2,1 1",
    "blitz 0:2 .. 1,3,6 2,3,1 2,1,2 0",
    "blitz 0:1,1:1 ./. 1,2,8 2,2,0 2,3,1 0",
    "blitz 0:3 ... 2,3,9 1,2,0 2,2,0 0",
    "blitz 0:3 ... 1,5,8 2,0,0 2,2,1 0",
    "blitz 1:2,0:1 ../. 2,6,7 2,1,2 1,0,0 1",
    "blitz 1:2,0:1 ../. 1,3,8 2,3,0 2,1,1 1",
    "blitz 0:1,1:2 ./.. 3,3,8 0,2,0 2,2,1 0",
    "blitz 0:1,1:1,0:1 ././. 2,2,9 2,3,0 1,2,0 1",
    "blitz 0:1,1:1,0:1 ././. 1,3,8 2,1,0 2,3,1 1",
};

// The intact files, read once (they never change), plus at most one file
// replaced by the input: no per-input copy of the whole set.
class MemSource : public cli::TableSource {
 public:
  MemSource(const std::map<std::string, std::string>& intact, const char* replaced, std::string_view bytes)
      : intact_(intact), replaced_(replaced ? replaced : ""), bytes_(bytes) {}
  bool read(const std::string& name, uint64_t offset, uint64_t length, std::vector<uint8_t>& out,
            std::string& error) override {
    std::string_view f;
    if (name == replaced_) {
      f = bytes_;
    } else {
      auto it = intact_.find(name);
      if (it == intact_.end()) return error = name + ": cannot open", false;
      f = it->second;
    }
    out.clear();
    if (offset >= f.size()) return true;
    uint64_t n = std::min<uint64_t>(length, f.size() - offset);
    out.assign(f.begin() + offset, f.begin() + offset + n);
    return true;
  }
  bool exists(const std::string& name) override { return name == replaced_ || intact_.count(name) != 0; }
  std::string describe() const override { return "mem"; }

 private:
  const std::map<std::string, std::string>& intact_;
  std::string replaced_;
  std::string_view bytes_;
};

const std::map<std::string, std::string>& intactFiles() {
  static const std::map<std::string, std::string> files = [] {
    std::map<std::string, std::string> m;
    for (const char* name : kFiles) {
      std::ifstream in(std::string(FUZZ_TABLES_DIR) + "/" + name, std::ios::binary);
      std::ostringstream ss;
      ss << in.rdbuf();
      if (!in || ss.str().empty()) {
        std::fprintf(stderr, "fuzz setup: cannot read %s/%s\n", FUZZ_TABLES_DIR, name);
        std::abort();
      }
      m[name] = ss.str();
    }
    return m;
  }();
  return files;
}

// One Indexer per (marble set, ring count) for the whole run: an Indexer is
// immutable and a function of those two values only (a damaged level-1 WDL
// header may ask for another ring count; that one is built once and kept).
// Building it per input was a quarter of the run time.
std::shared_ptr<const tb::Indexer> sharedIndexer(MarbleSetId set, int maxRings) {
  static std::map<std::pair<int, int>, std::shared_ptr<const tb::Indexer>> cache;
  auto& ix = cache[{int(set), maxRings}];
  if (!ix) ix = std::make_shared<const tb::Indexer>(set, maxRings);
  return ix;
}

std::vector<Position> positions() {
  std::vector<Position> out;
  for (const char* text : kPositions) {
    Position p;
    std::string error;
    if (!parsePositionString(text, p, error)) {
      std::fprintf(stderr, "fuzz setup: %s: %s\n", text, error.c_str());
      std::abort();
    }
    out.push_back(p);
  }
  return out;
}

std::unique_ptr<tb::TableReader> tableSet(const char* replaced, std::string_view bytes) {
  return std::make_unique<tb::TableReader>(std::make_unique<MemSource>(intactFiles(), replaced, bytes),
                                           tb::TableReader::Files::WdlAndDtm,
                                           sharedIndexer);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  static const std::vector<Position> probes = positions();
  static const std::vector<std::string> expected = [] {
    std::vector<std::string> e;
    // The reference: intact files and an Indexer of its own (the default
    // TableReader), so the shared Indexers are checked against it too.
    tb::TableReader ts(std::make_unique<MemSource>(intactFiles(), nullptr, std::string_view()));
    for (const Position& p : probes) {
      e.push_back(tb::probeText(ts.probe(p)));
      FUZZ_CHECK(e.back().rfind("error", 0) != 0, "fuzz setup: intact tables answer '%s'", e.back().c_str());
    }
    return e;
  }();
  const char* name = kFiles[data[0] % 6];
  auto ts = tableSet(name, fuzz::asText(data + 1, size - 1));
  for (size_t i = 0; i < probes.size(); ++i) {
    const tb::TableProbe r = ts->probe(probes[i]);
    std::string got = tb::probeText(r);
    FUZZ_CHECK(got == expected[i] || r.status == tb::ProbeStatus::Error,
               "damaged %s: probe %zu answered '%s', intact tables say '%s'", name, i, got.c_str(),
               expected[i].c_str());
  }
  return 0;
}
