// Where the native tools' endgame tables come from: a local directory, or a
// static web server with HTTP Range requests (cli/http_source.cpp). Both are
// byte sources under the core's one table reader (core/tables/tb_reader.h):
// they read byte ranges and inflate blocks with zlib; every check is the
// reader's.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/engine/search.h"
#include "core/proof/proof.h"
#include "core/tables/tb_reader.h"

namespace zertz::cli {

// Random access to the files of one table set: a directory, a URL, or (in
// tests and the fuzzer) memory.
class TableSource : public tb::ByteSource {
 public:
  // Bytes [offset, offset + length) of file `name`; fewer at the end of the
  // file. False with a message when the file cannot be read.
  virtual bool read(const std::string& name, uint64_t offset, uint64_t length, std::vector<uint8_t>& out,
                    std::string& error) = 0;
  virtual bool exists(const std::string& name) = 0;
  virtual std::string describe() const = 0;  // "DIR" or "URL/", for messages

  Got head(const std::string& name, uint64_t length, std::vector<uint8_t>& out, std::string& error) override;
  // Reads the block's compressed bytes and inflates them (zlib).
  Got block(const std::string& name, const tb::BlockRef& ref, std::vector<uint8_t>& raw,
            std::string& error) override;
  std::string label(const std::string& name) const override { return describe() + "/" + name; }
};

std::unique_ptr<TableSource> openLocalTables(const std::string& dir, std::string& error);
// A directory, or an http(s) URL once a Range loader is registered.
std::unique_ptr<TableSource> openTables(const std::string& spec, std::string& error);
// The Range loader for URLs (cli/http_source.cpp registers one at start-up).
using UrlTableOpener = std::unique_ptr<TableSource> (*)(const std::string& url, std::string& error);
UrlTableOpener& urlTableOpener();

// The reader of the tables at `spec` (openTables), or null with a message.
std::shared_ptr<tb::TableReader> openTableReader(const std::string& spec, std::string& error);

// The tables as exact leaves: for proof search (the position's value), and
// for the engine's search (the value as a score, exactScore). Both keep the
// reader alive and answer false where the tables do not know the value.
ProofProbeFn tablesProofProbe(std::shared_ptr<tb::TableReader> tables);
ProbeFn tablesSearchProbe(std::shared_ptr<tb::TableReader> tables);

}  // namespace zertz::cli
