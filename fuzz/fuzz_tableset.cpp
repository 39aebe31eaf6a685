// The native table reader (cli/tables_set.h TableSet) over a table set in
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

#include "cli/tables_set.h"
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

class MemSource : public cli::TableSource {
 public:
  std::map<std::string, std::string> files;
  bool read(const std::string& name, uint64_t offset, uint64_t length, std::vector<uint8_t>& out,
            std::string& error) override {
    auto it = files.find(name);
    if (it == files.end()) return error = name + ": cannot open", false;
    const std::string& f = it->second;
    out.clear();
    if (offset >= f.size()) return true;
    uint64_t n = std::min<uint64_t>(length, f.size() - offset);
    out.assign(f.begin() + offset, f.begin() + offset + n);
    return true;
  }
  bool exists(const std::string& name) override { return files.count(name) != 0; }
  std::string describe() const override { return "mem"; }
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

std::unique_ptr<cli::TableSet> tableSet(const std::map<std::string, std::string>& files) {
  auto src = std::make_unique<MemSource>();
  src->files = files;
  return std::make_unique<cli::TableSet>(std::move(src));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  static const std::vector<Position> probes = positions();
  static const std::vector<std::string> expected = [] {
    std::vector<std::string> e;
    auto ts = tableSet(intactFiles());
    for (const Position& p : probes) e.push_back(tb::probeText(ts->probe(p)));
    return e;
  }();
  auto files = intactFiles();
  const char* name = kFiles[data[0] % 6];
  files[name] = std::string(reinterpret_cast<const char*>(data + 1), size - 1);
  auto ts = tableSet(files);
  for (size_t i = 0; i < probes.size(); ++i) {
    tb::ProbeResult r = ts->probe(probes[i]);
    std::string got = tb::probeText(r);
    FUZZ_CHECK(got == expected[i] || r.value == tb::ProbeValue::Error,
               "damaged %s: probe %zu answered '%s', intact tables say '%s'", name, i, got.c_str(),
               expected[i].c_str());
  }
  return 0;
}
