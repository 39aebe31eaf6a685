// The one reader of endgame tables: loads and checks each file's header and
// block index, caches verified blocks and answers probes as a GameValue.
// Where the bytes come from is a ByteSource under it: a directory or an
// HTTP server with Range requests (cli/table_sources.h), or the blocks the
// browser fetched, inflated and pushed (PushedBytes, wasm/hints.cpp).
//
// Contract: a value only comes from a file whose header, block index and
// block checksums were verified (tb_probe.h); a missing or damaged file
// gives Error with the file's label and what is wrong, never a value.
//
// What it does not do: I/O or decompression (its sources do), and it is not
// thread-safe (callers that share one serialize their probes).
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/tables/tb_index.h"
#include "core/tables/tb_probe.h"
#include "core/value.h"

namespace zertz::tb {

// Bytes of the files of one table set.
class ByteSource {
 public:
  enum class Got : uint8_t {
    Bytes,    // out holds the bytes
    Absent,   // the file does not exist (final: the reader remembers it)
    Pending,  // not here yet; the caller may bring it and probe again
    Failed,   // error says why
  };
  virtual ~ByteSource() = default;
  // The first `length` bytes of file `name`, fewer when the file is shorter.
  virtual Got head(const std::string& name, uint64_t length, std::vector<uint8_t>& out, std::string& error) = 0;
  // Block ref.block of file `name`, decompressed. The reader checks its
  // size and checksum.
  virtual Got block(const std::string& name, const BlockRef& ref, std::vector<uint8_t>& raw, std::string& error) = 0;
  // How messages name a file: "DIR/blitz-3.dtm", a URL, or the bare name.
  virtual std::string label(const std::string& name) const { return name; }
};

// A source filled by its owner: file heads (header and block index) and
// decompressed blocks that someone else fetched (the browser, with HTTP
// Range and DecompressionStream). What was not given is Pending.
class PushedBytes : public ByteSource {
 public:
  void putHead(const std::string& name, std::vector<uint8_t> bytes) { heads_[name] = std::move(bytes); }
  void putBlock(const std::string& name, uint32_t block, std::vector<uint8_t> raw) {
    blocks_[{name, block}] = std::move(raw);
  }
  Got head(const std::string& name, uint64_t length, std::vector<uint8_t>& out, std::string& error) override;
  Got block(const std::string& name, const BlockRef& ref, std::vector<uint8_t>& raw, std::string& error) override;

 private:
  std::map<std::string, std::vector<uint8_t>> heads_;
  std::map<std::pair<std::string, uint32_t>, std::vector<uint8_t>> blocks_;
};

// The answer of a probe, for the side to move.
enum class ProbeStatus : uint8_t {
  Found,        // value holds the exact value
  NotInTables,  // the tables do not cover the position (message says why)
  Pending,      // needName/needRef: the block the source must get first
  Error,        // a file is missing or damaged (message names it)
};
struct TableProbe {
  ProbeStatus status = ProbeStatus::NotInTables;
  GameValue value;  // Found: exact; plies known for a win or a loss
  std::string message;
  std::string needName;
  BlockRef needRef;
  bool found() const { return status == ProbeStatus::Found; }
};
// "win 5", "loss 4", "draw", "not in tables", "pending <file>", "error: ...".
std::string probeText(const TableProbe& p);

// Parses and verifies a file's first kHeaderSize bytes; "" or
// "header: <what is wrong>".
std::string readHeader(const std::vector<uint8_t>& bytes, TableHeader& out);

// Builds the Indexer of a marble set's tables with `maxRings` rings.
// Indexers are immutable and depend only on these two values, so a process
// opening many table sets (the fuzzer) may share them.
using IndexerFactory = std::function<std::shared_ptr<const Indexer>(MarbleSetId set, int maxRings)>;

class TableReader {
 public:
  // Which files a probe reads. WdlAndDtm: the WDL value, then for a win or
  // a loss the DTM distance, checked against each other. DtmOnly: one block
  // of one file per probe (the browser: one Range request).
  enum class Files : uint8_t { WdlAndDtm,
                               DtmOnly };

  explicit TableReader(std::unique_ptr<ByteSource> source, Files files = Files::WdlAndDtm,
                       IndexerFactory indexers = {});

  // The value for the side to move. NotInTables when the game is over, the
  // position has too many rings or its marble set has no tables.
  TableProbe probe(const Position& pos);
  // Largest ring count covered for a marble set, 0 when none (yet).
  int maxRings(MarbleSetId set);
  bool any() { return maxRings(MarbleSetId(0)) > 0 || maxRings(MarbleSetId(1)) > 0; }

  // Reads file `name` afresh (header and block index, all checks); "" or
  // the error. For sources whose files arrive later (PushedBytes).
  std::string load(const std::string& name);
  // Checks a decompressed block of a loaded file against its index; "" or
  // the error. The file stays usable: a stale copy is not a damaged file.
  std::string checkBlock(const std::string& name, uint32_t block, const std::vector<uint8_t>& raw);
  // Every later probe that needs the file answers Error with `why`.
  void markDamaged(const std::string& name, const std::string& why);

  ByteSource& source() { return *source_; }
  uint64_t blocksRead() const { return blocksRead_; }

 private:
  struct File {
    TableHeader header;
    std::vector<BlockEntry> index;
    std::string error;  // set: missing or damaged
  };
  struct SetTables {
    bool known = false;                 // the source's answer is final
    std::shared_ptr<const Indexer> ix;  // null: no tables for this set
    std::string error;
  };
  SetTables& tables(MarbleSetId set);
  // The loaded file, or null with status Pending (not cached) or an error.
  const File* file(const std::string& name, int level, FileKind kind, const Indexer& ix, TableProbe& p);
  File readFile(const std::string& name, int level, FileKind kind, const Indexer& ix, bool& pending);
  // One value of the file (the DTM code, or the Wdl as uint8_t); false with
  // p's status Pending or Error.
  bool value(MarbleSetId set, int level, FileKind kind, uint64_t idx, uint8_t& out, TableProbe& p);
  FileKind firstKind() const { return files_ == Files::DtmOnly ? FileKind::Dtm : FileKind::Wdl; }

  std::unique_ptr<ByteSource> source_;
  Files files_;
  IndexerFactory indexers_;  // empty: build one per set
  SetTables sets_[2];
  std::map<std::string, File> loaded_;
  std::map<std::pair<std::string, uint32_t>, std::vector<uint8_t>> blocks_;  // verified, bounded
  uint64_t blocksRead_ = 0;
};

// The browser's tables: a DTM-only reader (one Range request per probe)
// over a PushedBytes that the page fills. addFile and addBlock check what
// they are given and refuse it with a message naming the file.
class PushedTables {
 public:
  PushedTables();
  // A file's header and block index; "" or why it is refused.
  std::string addFile(const std::string& name, std::vector<uint8_t> bytes);
  // A decompressed block, kept only when it checks; "" or why it is refused.
  std::string addBlock(const std::string& name, uint32_t block, std::vector<uint8_t> raw);
  void markDamaged(const std::string& name, const std::string& why) { reader_.markDamaged(name, why); }
  TableReader& reader() { return reader_; }

 private:
  PushedBytes* pushed_;  // owned by reader_
  TableReader reader_;
};

}  // namespace zertz::tb
