#include "zip.h"

#include <zlib.h>

#include <fstream>
#include <sstream>

namespace zertz::cli {

namespace {

constexpr uint32_t kEndOfDirectory = 0x06054b50;
constexpr uint32_t kDirectoryEntry = 0x02014b50;
constexpr uint32_t kLocalHeader = 0x04034b50;
constexpr size_t kEndSize = 22;
constexpr size_t kMaxComment = 0xFFFF;
constexpr uint32_t kMaxEntrySize = 256u << 20;  // refuse absurd sizes instead of allocating them

uint16_t u16(const std::string& b, size_t at) {
  return uint16_t((unsigned char)b[at] | ((unsigned char)b[at + 1] << 8));
}
uint32_t u32(const std::string& b, size_t at) {
  return uint32_t(u16(b, at)) | (uint32_t(u16(b, at + 2)) << 16);
}

}  // namespace

bool ZipArchive::open(const std::string& path, std::string& error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return error = path + ": cannot open", false;
  std::ostringstream ss;
  ss << in.rdbuf();
  if (in.bad()) return error = path + ": read error", false;
  return openBytes(ss.str(), path, error);
}

bool ZipArchive::openBytes(std::string bytes, const std::string& label, std::string& error) {
  label_ = label;
  bytes_ = std::move(bytes);
  entries_.clear();
  return parseDirectory(error);
}

bool ZipArchive::parseDirectory(std::string& error) {
  const std::string& b = bytes_;
  auto fail = [&](const std::string& what) { return error = label_ + ": " + what, false; };
  if (b.size() < kEndSize) return fail("not a zip archive (too short, truncated?)");
  // The end record sits at the end, followed by a comment of up to 64 KiB.
  size_t end = std::string::npos;
  size_t lowest = b.size() > kEndSize + kMaxComment ? b.size() - kEndSize - kMaxComment : 0;
  for (size_t at = b.size() - kEndSize + 1; at-- > lowest;)
    if (u32(b, at) == kEndOfDirectory && at + kEndSize + u16(b, at + 20) <= b.size()) {
      end = at;
      break;
    }
  if (end == std::string::npos) return fail("not a zip archive (no end of central directory; truncated?)");
  uint16_t disk = u16(b, end + 4), dirDisk = u16(b, end + 6);
  uint16_t count = u16(b, end + 10);
  uint32_t dirSize = u32(b, end + 12), dirOffset = u32(b, end + 16);
  if (disk != 0 || dirDisk != 0 || u16(b, end + 8) != count) return fail("multi-disk archives are not supported");
  if (count == 0xFFFF || dirOffset == 0xFFFFFFFFu) return fail("ZIP64 archives are not supported");
  if (size_t(dirOffset) + dirSize > end) return fail("central directory lies outside the archive (truncated?)");
  size_t at = dirOffset;
  for (int i = 0; i < count; ++i) {
    std::string which = "central directory entry " + std::to_string(i + 1);
    if (at + 46 > end || u32(b, at) != kDirectoryEntry) return fail(which + " is damaged");
    ZipEntry e;
    e.flags = u16(b, at + 8);
    e.method = u16(b, at + 10);
    e.crc = u32(b, at + 16);
    e.compressedSize = u32(b, at + 20);
    e.size = u32(b, at + 24);
    uint16_t nameLen = u16(b, at + 28), extraLen = u16(b, at + 30), commentLen = u16(b, at + 32);
    e.localOffset = u32(b, at + 42);
    if (at + 46 + nameLen + extraLen + commentLen > end) return fail(which + " runs past the directory");
    e.name = b.substr(at + 46, nameLen);
    at += 46 + size_t(nameLen) + extraLen + commentLen;
    entries_.push_back(std::move(e));
  }
  return true;
}

bool ZipArchive::read(const ZipEntry& e, std::string& out, std::string& error) const {
  const std::string& b = bytes_;
  auto fail = [&](const std::string& what) { return error = label_ + "/" + e.name + ": " + what, false; };
  if (e.flags & 1) return fail("encrypted entries are not supported");
  if (e.compressedSize == 0xFFFFFFFFu || e.size == 0xFFFFFFFFu) return fail("ZIP64 entries are not supported");
  if (e.size > kMaxEntrySize) return fail("entry too large (" + std::to_string(e.size) + " bytes)");
  size_t at = e.localOffset;
  if (at + 30 > b.size() || u32(b, at) != kLocalHeader) return fail("local header missing or damaged");
  size_t data = at + 30 + u16(b, at + 26) + u16(b, at + 28);
  if (data > b.size() || b.size() - data < e.compressedSize) return fail("data runs past the end of the archive (truncated?)");
  out.clear();
  if (e.method == 0) {
    if (e.compressedSize != e.size) return fail("stored entry with different sizes");
    out.assign(b, data, e.size);
  } else if (e.method == 8) {
    out.resize(e.size);
    z_stream z{};
    if (inflateInit2(&z, -MAX_WBITS) != Z_OK) return fail("zlib initialisation failed");
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(b.data() + data));
    z.avail_in = e.compressedSize;
    z.next_out = reinterpret_cast<Bytef*>(out.data());
    z.avail_out = e.size;
    int rc = inflate(&z, Z_FINISH);
    uLong produced = z.total_out;
    inflateEnd(&z);
    if (rc != Z_STREAM_END)
      return fail(rc == Z_BUF_ERROR && produced == e.size ? "more data than the declared size"
                  : rc == Z_DATA_ERROR                    ? "corrupt deflate data"
                                                          : "deflate data ends early (truncated?)");
    if (produced != e.size) return fail("size mismatch after inflating");
  } else {
    return fail("compression method " + std::to_string(e.method) + " is not supported (only stored and deflate)");
  }
  uLong crc = crc32(0L, Z_NULL, 0);
  crc = crc32(crc, reinterpret_cast<const Bytef*>(out.data()), uInt(out.size()));
  if (uint32_t(crc) != e.crc) return fail("CRC mismatch (damaged entry)");
  return true;
}

}  // namespace zertz::cli
