// Native access to an endgame-table directory: where the bytes come from
// (TableSource: a local directory now; an HTTP Range client can implement
// the same interface), zlib decompression, and a small block cache around
// the core probe API (core/tb_probe.h).
//
// What it does not do: decide anything about values; every check (header,
// index, block CRC) is core's, and any failure is an Error, never a value.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/engine/search.h"
#include "core/proof/proof.h"
#include "core/tables/tb_probe.h"

namespace zertz::cli {

// Random access to the files of one table set.
class TableSource {
 public:
  virtual ~TableSource() = default;
  // Bytes [offset, offset + length) of file `name`; fewer at the end of the
  // file. False with a message when the file cannot be read.
  virtual bool read(const std::string& name, uint64_t offset, uint64_t length, std::vector<uint8_t>& out,
                    std::string& error) = 0;
  virtual bool exists(const std::string& name) = 0;
  virtual std::string describe() const = 0;  // "DIR" or "URL", for messages
};

std::unique_ptr<TableSource> openLocalTables(const std::string& dir, std::string& error);
// A directory, or an http(s) URL once a Range loader is registered.
std::unique_ptr<TableSource> openTables(const std::string& spec, std::string& error);
// The Range loader for URLs (cli/http_source.cpp registers one at start-up).
using UrlTableOpener = std::unique_ptr<TableSource> (*)(const std::string& url, std::string& error);
UrlTableOpener& urlTableOpener();

// Builds the Indexer of a marble set's tables with `maxRings` rings (from the
// level-1 WDL header). Indexers are immutable and depend only on these two
// values, so a process opening many table sets (the fuzzer) may share them.
using IndexerFactory = std::function<std::shared_ptr<const tb::Indexer>(MarbleSetId set, int maxRings)>;

class TableSet {
 public:
  explicit TableSet(std::unique_ptr<TableSource> source);
  // Same, taking Indexers from `indexers` instead of building its own.
  TableSet(std::unique_ptr<TableSource> source, IndexerFactory indexers);
  // The value for the side to move. NotInTables when the position is over,
  // has too many rings or no tables exist for its marble set; Error (with
  // file and reason) when a file is missing or damaged.
  tb::ProbeResult probe(const Position& pos);
  // Largest ring count covered for a marble set, 0 when none.
  int maxRings(MarbleSetId set);
  uint64_t blocksRead() const { return blocksRead_; }

 private:
  struct File {
    bool loaded = false;
    tb::TbStatus status = tb::TbStatus::Ok;
    std::string error;
    tb::TableHeader header;
    std::vector<tb::BlockEntry> index;
  };
  struct SetTables {
    bool probed = false;
    std::shared_ptr<const tb::Indexer> ix;  // null: no tables for this set
    std::string error;
  };
  SetTables& tables(MarbleSetId set);
  File& file(MarbleSetId set, int level, tb::FileKind kind, const tb::Indexer& ix);
  // Reads one value; false with a message on any error.
  bool value(MarbleSetId set, int level, tb::FileKind kind, uint64_t idx, uint8_t& out, std::string& error);

  std::unique_ptr<TableSource> source_;
  IndexerFactory indexers_;  // empty: build one per set
  SetTables sets_[2];
  std::map<std::string, File> files_;
  std::map<std::pair<std::string, uint32_t>, std::vector<uint8_t>> blocks_;  // small cache
  uint64_t blocksRead_ = 0;
};

// The tables as exact leaves: for proof search (the position's value), and
// for the engine's search (the value as a score, exactScore). Both keep the
// table set alive and answer false where the tables do not know the value.
ProofProbeFn tablesProofProbe(std::shared_ptr<TableSet> tables);
ProbeFn tablesSearchProbe(std::shared_ptr<TableSet> tables);

}  // namespace zertz::cli
