#include "solver/retro/shape_store.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <stdexcept>

#include "core/tables/tb_probe.h"

namespace zertz::solver {

namespace fs = std::filesystem;

namespace {
constexpr uint32_t kShapeMagic = 0x5048535a;  // "ZSHP"
constexpr size_t kTrailer = 16;

void put(uint8_t* p, uint64_t v, int bytes) {
  for (int i = 0; i < bytes; ++i) p[i] = uint8_t(v >> (8 * i));
}
uint64_t get(const uint8_t* p, int bytes) {
  uint64_t v = 0;
  for (int i = bytes - 1; i >= 0; --i) v = v << 8 | p[i];
  return v;
}

void writeAll(int fd, const uint8_t* data, size_t n, const std::string& path) {
  while (n) {
    ssize_t w = ::write(fd, data, n);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) {
      std::string why = w < 0 ? std::strerror(errno) : "short write";
      ::close(fd);
      throw std::runtime_error("cannot write " + path + ": " + why);
    }
    data += w, n -= size_t(w);
  }
}
}  // namespace

std::string ShapeFiles::path(int level, int shape) const {
  return (fs::path(dir_) / ("L" + std::to_string(level)) / ("S" + std::to_string(shape) + ".bin")).string();
}

void ShapeFiles::write(int level, int shape, const std::vector<uint8_t>& values) const {
  const std::string final = path(level, shape), tmp = final + ".tmp";
  std::error_code ec;
  fs::create_directories(fs::path(final).parent_path(), ec);
  if (ec) throw std::runtime_error("cannot write " + fs::path(final).parent_path().string() + ": " + ec.message());
  int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0) throw std::runtime_error("cannot write " + tmp + ": " + std::strerror(errno));
  uint8_t trailer[kTrailer];
  put(trailer, kShapeMagic, 4);
  put(trailer + 4, tb::crc32(values.data(), values.size()), 4);
  put(trailer + 8, values.size(), 8);
  writeAll(fd, values.data(), values.size(), tmp);
  writeAll(fd, trailer, kTrailer, tmp);
  if (::close(fd) != 0) throw std::runtime_error("cannot write " + tmp + ": " + std::strerror(errno));
  if (::rename(tmp.c_str(), final.c_str()) != 0)
    throw std::runtime_error("cannot write " + final + ": " + std::strerror(errno));
}

bool ShapeFiles::present(int level, int shape) const {
  const std::string p = path(level, shape);
  int fd = ::open(p.c_str(), O_RDONLY);
  if (fd < 0) return false;
  const uint64_t size = ix_.shapeStride(level);
  uint8_t trailer[kTrailer];
  bool ok = ::pread(fd, trailer, kTrailer, off_t(size)) == ssize_t(kTrailer) && get(trailer, 4) == kShapeMagic &&
            get(trailer + 8, 8) == size;
  struct stat st;
  ok = ok && ::fstat(fd, &st) == 0 && uint64_t(st.st_size) == size + kTrailer;
  ::close(fd);
  return ok;
}

// A shape's codes against its trailer (magic, size, CRC-32): read() and map()
// take a file only when this holds; else why names the file and the fault.
static bool checked(const std::string& p, const uint8_t* codes, uint64_t size, const uint8_t* trailer, std::string& why) {
  if (get(trailer, 4) != kShapeMagic || get(trailer + 8, 8) != size) return why = p + ": bad trailer", false;
  if (get(trailer + 4, 4) != tb::crc32(codes, size)) return why = p + ": checksum mismatch (file damaged)", false;
  return true;
}

bool ShapeFiles::read(int level, int shape, uint8_t* out, std::string& why) const {
  const std::string p = path(level, shape);
  const uint64_t size = ix_.shapeStride(level);
  int fd = ::open(p.c_str(), O_RDONLY);
  if (fd < 0) return why = p + ": " + std::strerror(errno), false;
  uint64_t done = 0;
  while (done < size) {
    ssize_t r = ::pread(fd, out + done, size - done, off_t(done));
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) break;
    done += uint64_t(r);
  }
  uint8_t trailer[kTrailer];
  bool whole = done == size && ::pread(fd, trailer, kTrailer, off_t(size)) == ssize_t(kTrailer);
  ::close(fd);
  bytesRead_ += done;
  if (!whole) return why = p + ": truncated", false;
  return checked(p, out, size, trailer, why);
}

const uint8_t* ShapeFiles::map(int level, int shape, std::string& why) const {
  const std::string p = path(level, shape);
  const uint64_t size = ix_.shapeStride(level);
  int fd = ::open(p.c_str(), O_RDONLY);
  if (fd < 0) return why = p + ": " + std::strerror(errno), nullptr;
  struct stat st;
  if (::fstat(fd, &st) != 0 || uint64_t(st.st_size) != size + kTrailer) {
    ::close(fd);
    return why = p + ": truncated", nullptr;
  }
  void* m = ::mmap(nullptr, size + kTrailer, PROT_READ, MAP_SHARED | MAP_POPULATE, fd, 0);
  ::close(fd);  // the mapping keeps the file
  if (m == MAP_FAILED) return why = p + ": cannot map: " + std::strerror(errno), nullptr;
  const uint8_t* codes = static_cast<const uint8_t*>(m);
  bytesRead_ += size;
  if (checked(p, codes, size, codes + size, why)) return codes;
  unmap(codes, size);
  return nullptr;
}

void ShapeFiles::unmap(const uint8_t* codes, uint64_t size) {
  ::munmap(const_cast<uint8_t*>(codes), size + kTrailer);
}

LowerCache::~LowerCache() {
  for (auto& [k, e] : entries_) ShapeFiles::unmap(e.codes, e.size);
}

const uint8_t* LowerCache::shape(int level, int shapeId) {
  const auto key = std::make_pair(level, shapeId);
  auto it = entries_.find(key);
  if (it == entries_.end()) {
    Entry e;
    e.size = files_.shapeSize(level);
    std::string why;
    e.codes = files_.map(level, shapeId, why);
    if (!e.codes) throw std::runtime_error("lower level: " + why);
    held_ += e.size;
    it = entries_.emplace(key, std::move(e)).first;
    lru_.push_front(key);
    it->second.lru = lru_.begin();
  } else {
    lru_.splice(lru_.begin(), lru_, it->second.lru);
  }
  Entry& e = it->second;
  e.pinned = true;
  return e.codes;
}

void LowerCache::release() {
  for (auto& [k, e] : entries_) e.pinned = false;
  while (held_ > budget_ && !lru_.empty()) {
    auto key = lru_.back();
    lru_.pop_back();
    auto it = entries_.find(key);
    held_ -= it->second.size;
    ShapeFiles::unmap(it->second.codes, it->second.size);
    entries_.erase(it);
  }
}

void LevelReader::read(uint64_t first, uint64_t n, uint8_t* out) {
  const uint64_t stride = ix_.shapeStride(level_);
  while (n) {
    const int shape = int(first / stride);
    if (shape != loaded_) {
      shape_.resize(stride);
      std::string why;
      if (!files_.read(level_, shape, shape_.data(), why)) throw std::runtime_error(why);
      loaded_ = shape;
    }
    const uint64_t off = first % stride, k = std::min(n, stride - off);
    std::memcpy(out, shape_.data() + off, k);
    out += k, first += k, n -= k;
  }
}

}  // namespace zertz::solver
