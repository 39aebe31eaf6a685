#include "tables_set.h"

#include <zlib.h>

#include <filesystem>
#include <fstream>

namespace zertz::cli {

namespace fs = std::filesystem;

namespace {

constexpr size_t kBlockCache = 64;

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

TableSet::TableSet(std::unique_ptr<TableSource> source) : source_(std::move(source)) {}
TableSet::TableSet(std::unique_ptr<TableSource> source, IndexerFactory indexers)
    : source_(std::move(source)), indexers_(std::move(indexers)) {}

TableSet::SetTables& TableSet::tables(MarbleSetId set) {
  SetTables& t = sets_[set];
  if (t.probed) return t;
  t.probed = true;
  // N comes from the level-1 WDL header; every other file is checked
  // against the Indexer built for it.
  std::string name = tb::tableFileName(set, 1, tb::FileKind::Wdl);
  if (!source_->exists(name)) return t;
  std::vector<uint8_t> head;
  std::string error;
  if (!source_->read(name, 0, tb::kHeaderSize, head, error)) return t.error = error, t;
  tb::TableHeader h;
  if (tb::TbStatus s = tb::parseHeader(head.data(), head.size(), h); s != tb::TbStatus::Ok)
    return t.error = source_->describe() + "/" + name + ": " + tb::statusText(s), t;
  t.ix = indexers_ ? indexers_(set, int(h.maxRings)) : std::make_shared<const tb::Indexer>(set, int(h.maxRings));
  return t;
}

int TableSet::maxRings(MarbleSetId set) {
  SetTables& t = tables(set);
  return t.ix ? t.ix->maxRings() : 0;
}

TableSet::File& TableSet::file(MarbleSetId set, int level, tb::FileKind kind, const tb::Indexer& ix) {
  std::string name = tb::tableFileName(set, level, kind);
  File& f = files_[name];
  if (f.loaded) return f;
  f.loaded = true;
  auto fail = [&](const std::string& why) -> File& {
    f.status = tb::TbStatus::BadHeader;
    f.error = source_->describe() + "/" + name + ": " + why;
    return f;
  };
  std::vector<uint8_t> head;
  std::string error;
  if (!source_->read(name, 0, tb::kHeaderSize, head, error)) return fail(error);
  if (tb::TbStatus s = tb::parseHeader(head.data(), head.size(), f.header); s != tb::TbStatus::Ok)
    return fail(std::string("header: ") + tb::statusText(s));
  if (tb::TbStatus s = tb::checkHeader(f.header, ix, level, kind); s != tb::TbStatus::Ok)
    return fail(std::string("header: ") + tb::statusText(s));
  std::vector<uint8_t> index;
  uint64_t bytes = uint64_t(f.header.numBlocks) * tb::kIndexEntrySize;
  if (!source_->read(name, tb::kHeaderSize, bytes, index, error)) return fail(error);
  if (tb::TbStatus s = tb::parseIndex(f.header, index.data(), index.size(), f.index); s != tb::TbStatus::Ok)
    return fail(std::string("block index: ") + tb::statusText(s));
  return f;
}

bool TableSet::value(MarbleSetId set, int level, tb::FileKind kind, uint64_t idx, uint8_t& out,
                     std::string& error) {
  SetTables& t = tables(set);
  File& f = file(set, level, kind, *t.ix);
  if (!f.error.empty()) return error = f.error, false;
  std::string name = tb::tableFileName(set, level, kind);
  tb::BlockRef ref;
  if (tb::TbStatus s = tb::locate(f.header, f.index, idx, ref); s != tb::TbStatus::Ok)
    return error = source_->describe() + "/" + name + ": " + tb::statusText(s), false;
  auto key = std::make_pair(name, ref.block);
  auto it = blocks_.find(key);
  if (it == blocks_.end()) {
    std::vector<uint8_t> packed;
    if (!source_->read(name, ref.fileOffset, ref.compressedSize, packed, error)) return false;
    if (packed.size() != ref.compressedSize)
      return error = source_->describe() + "/" + name + ": block " + std::to_string(ref.block) + ": " +
                     tb::statusText(tb::TbStatus::Truncated), false;
    std::vector<uint8_t> raw(ref.rawSize);
    uLongf size = ref.rawSize;
    if (uncompress(raw.data(), &size, packed.data(), uLong(packed.size())) != Z_OK)
      return error = source_->describe() + "/" + name + ": block " + std::to_string(ref.block) +
                     ": zlib stream damaged", false;
    raw.resize(size);
    ++blocksRead_;
    if (blocks_.size() >= kBlockCache) blocks_.erase(blocks_.begin());
    it = blocks_.emplace(key, std::move(raw)).first;
  }
  if (tb::TbStatus s = tb::readValue(f.header, ref, it->second.data(), it->second.size(), out);
      s != tb::TbStatus::Ok) {
    blocks_.erase(it);
    return error = source_->describe() + "/" + name + ": block " + std::to_string(ref.block) + ": " +
                   tb::statusText(s), false;
  }
  return true;
}

tb::ProbeResult TableSet::probe(const Position& pos) {
  tb::ProbeResult r;
  SetTables& t = tables(pos.set);
  if (!t.error.empty()) return r.value = tb::ProbeValue::Error, r.message = t.error, r;
  if (!t.ix) return r.message = std::string("no tables for ") + kMarbleSets[pos.set].name, r;
  int level;
  uint64_t idx;
  if (!t.ix->index(pos, level, idx, &r.message)) return r;
  uint8_t wdl = 0, code = 0;
  if (!value(pos.set, level, tb::FileKind::Wdl, idx, wdl, r.message))
    return r.value = tb::ProbeValue::Error, r;
  switch (tb::Wdl(wdl)) {
    case tb::Wdl::Invalid: return r.message = "no legal move in this position", r;
    case tb::Wdl::Draw: return r.value = tb::ProbeValue::Draw, r;
    default: break;
  }
  if (!value(pos.set, level, tb::FileKind::Dtm, idx, code, r.message))
    return r.value = tb::ProbeValue::Error, r;
  if (tb::wdlOfCode(code) != tb::Wdl(wdl))
    return r.value = tb::ProbeValue::Error,
           r.message = "WDL and DTM files disagree for this position (tables damaged)", r;
  r.value = tb::codeIsWin(code) ? tb::ProbeValue::Win : tb::ProbeValue::Loss;
  r.plies = tb::codePlies(code);
  return r;
}

ProofProbeFn tablesProofProbe(std::shared_ptr<TableSet> tables) {
  return [tables](const Position& pos, GameValue& out) {
    out = tables->probe(pos).gameValue();
    return out.known();
  };
}

ProbeFn tablesSearchProbe(std::shared_ptr<TableSet> tables) {
  return [tables](const Position& pos, int& score) {
    const GameValue v = tables->probe(pos).gameValue();
    if (!v.known()) return false;
    score = exactScore(v);
    return true;
  };
}

}  // namespace zertz::cli
