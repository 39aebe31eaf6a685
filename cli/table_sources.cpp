#include "table_sources.h"

#include <zlib.h>

#include <filesystem>
#include <fstream>

namespace zertz::cli {

namespace fs = std::filesystem;

namespace {

class LocalSource : public TableSource {
 public:
  explicit LocalSource(std::string dir) : dir_(std::move(dir)) {}
  bool read(const std::string& name, uint64_t offset, uint64_t length, std::vector<uint8_t>& out,
            std::string& error) override {
    fs::path path = fs::path(dir_) / name;
    std::ifstream in(path, std::ios::binary);
    if (!in) return error = path.string() + ": cannot open", false;
    in.seekg(std::streamoff(offset));
    out.resize(length);
    in.read(reinterpret_cast<char*>(out.data()), std::streamsize(length));
    out.resize(size_t(std::max<std::streamsize>(in.gcount(), 0)));
    return true;
  }
  bool exists(const std::string& name) override { return fs::exists(fs::path(dir_) / name); }
  std::string describe() const override { return dir_; }

 private:
  std::string dir_;
};

}  // namespace

tb::ByteSource::Got TableSource::head(const std::string& name, uint64_t length, std::vector<uint8_t>& out,
                                      std::string& error) {
  if (read(name, 0, length, out, error)) return Got::Bytes;
  // Only a clear "no such file" is Absent; anything else names the failure.
  return exists(name) ? Got::Failed : Got::Absent;
}

tb::ByteSource::Got TableSource::block(const std::string& name, const tb::BlockRef& ref, std::vector<uint8_t>& raw,
                                       std::string& error) {
  std::vector<uint8_t> packed;
  if (!read(name, ref.fileOffset, ref.compressedSize, packed, error)) return Got::Failed;
  const std::string where = label(name) + ": block " + std::to_string(ref.block) + ": ";
  if (packed.size() != ref.compressedSize)
    return error = where + tb::statusText(tb::TbStatus::Truncated), Got::Failed;
  raw.resize(ref.rawSize);
  uLongf size = ref.rawSize;
  if (uncompress(raw.data(), &size, packed.data(), uLong(packed.size())) != Z_OK)
    return error = where + "zlib stream damaged", Got::Failed;
  raw.resize(size);
  return Got::Bytes;
}

std::unique_ptr<TableSource> openLocalTables(const std::string& dir, std::string& error) {
  if (!fs::is_directory(dir)) return error = "tables: '" + dir + "' is not a directory", nullptr;
  return std::make_unique<LocalSource>(dir);
}

UrlTableOpener& urlTableOpener() {
  static UrlTableOpener opener = nullptr;
  return opener;
}

std::unique_ptr<TableSource> openTables(const std::string& spec, std::string& error) {
  if ((spec.rfind("http://", 0) == 0 || spec.rfind("https://", 0) == 0) && urlTableOpener())
    return urlTableOpener()(spec, error);
  if (spec.rfind("http://", 0) == 0 || spec.rfind("https://", 0) == 0)
    return error = "tables: URL sources are not supported by this build yet ('" + spec + "'); use a directory",
           nullptr;
  return openLocalTables(spec, error);
}

std::shared_ptr<tb::TableReader> openTableReader(const std::string& spec, std::string& error) {
  std::unique_ptr<TableSource> source = openTables(spec, error);
  if (!source) return nullptr;
  return std::make_shared<tb::TableReader>(std::move(source));
}

ProofProbeFn tablesProofProbe(std::shared_ptr<tb::TableReader> tables) {
  return [tables](const Position& pos, GameValue& out) {
    out = tables->probe(pos).value;
    return out.known();
  };
}

ProbeFn tablesSearchProbe(std::shared_ptr<tb::TableReader> tables) {
  return [tables](const Position& pos, int& score) {
    const GameValue v = tables->probe(pos).value;
    if (!v.known()) return false;
    score = exactScore(v);
    return true;
  };
}

}  // namespace zertz::cli
