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

// General-purpose flag bit 11 (APPNOTE 4.4.4): the name and comment are UTF-8.
constexpr uint16_t kUtf8Flag = 1u << 11;

// Code page 437 for bytes 0x80..0xFF, the encoding APPNOTE appendix D gives names
// without bit 11 (boardspace's old archives wrote Latin-1 bytes under it).
// clang-format off
constexpr uint16_t kCp437High[128] = {
    0x00C7, 0x00FC, 0x00E9, 0x00E2, 0x00E4, 0x00E0, 0x00E5, 0x00E7,
    0x00EA, 0x00EB, 0x00E8, 0x00EF, 0x00EE, 0x00EC, 0x00C4, 0x00C5,
    0x00C9, 0x00E6, 0x00C6, 0x00F4, 0x00F6, 0x00F2, 0x00FB, 0x00F9,
    0x00FF, 0x00D6, 0x00DC, 0x00A2, 0x00A3, 0x00A5, 0x20A7, 0x0192,
    0x00E1, 0x00ED, 0x00F3, 0x00FA, 0x00F1, 0x00D1, 0x00AA, 0x00BA,
    0x00BF, 0x2310, 0x00AC, 0x00BD, 0x00BC, 0x00A1, 0x00AB, 0x00BB,
    0x2591, 0x2592, 0x2593, 0x2502, 0x2524, 0x2561, 0x2562, 0x2556,
    0x2555, 0x2563, 0x2551, 0x2557, 0x255D, 0x255C, 0x255B, 0x2510,
    0x2514, 0x2534, 0x252C, 0x251C, 0x2500, 0x253C, 0x255E, 0x255F,
    0x255A, 0x2554, 0x2569, 0x2566, 0x2560, 0x2550, 0x256C, 0x2567,
    0x2568, 0x2564, 0x2565, 0x2559, 0x2558, 0x2552, 0x2553, 0x256B,
    0x256A, 0x2518, 0x250C, 0x2588, 0x2584, 0x258C, 0x2590, 0x2580,
    0x03B1, 0x00DF, 0x0393, 0x03C0, 0x03A3, 0x03C3, 0x00B5, 0x03C4,
    0x03A6, 0x0398, 0x03A9, 0x03B4, 0x221E, 0x03C6, 0x03B5, 0x2229,
    0x2261, 0x00B1, 0x2265, 0x2264, 0x2320, 0x2321, 0x00F7, 0x2248,
    0x00B0, 0x2219, 0x00B7, 0x221A, 0x207F, 0x00B2, 0x25A0, 0x00A0,
};
// clang-format on

// Decodes one well-formed UTF-8 sequence at s[at], advancing at; false for a
// stray or truncated byte, an overlong form, a surrogate or a code point above U+10FFFF.
bool utf8Step(const std::string& s, size_t& at) {
  const unsigned char c = (unsigned char)s[at];
  const int more = c < 0x80 ? 0 : c >= 0xC2 && c <= 0xDF ? 1
                              : (c & 0xF0) == 0xE0       ? 2
                              : c >= 0xF0 && c <= 0xF4   ? 3
                                                         : -1;
  if (more < 0 || at + more >= s.size()) return false;
  uint32_t cp = more == 0 ? c : c & (0x3F >> more);
  for (int k = 1; k <= more; ++k) {
    const unsigned char t = (unsigned char)s[at + k];
    if ((t & 0xC0) != 0x80) return false;
    cp = cp << 6 | (t & 0x3F);
  }
  const uint32_t lowest[] = {0, 0x80, 0x800, 0x10000};
  if (cp < lowest[more] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return false;
  at += more + 1;
  return true;
}

bool wellFormedUtf8(const std::string& s) {
  for (size_t at = 0; at < s.size();)
    if (!utf8Step(s, at)) return false;
  return true;
}

std::string cp437ToUtf8(const std::string& raw) {
  std::string out;
  for (unsigned char c : raw) {
    const uint32_t cp = c < 0x80 ? c : kCp437High[c - 0x80];
    if (cp < 0x80) {
      out += char(cp);
    } else if (cp < 0x800) {
      out += char(0xC0 | cp >> 6), out += char(0x80 | (cp & 0x3F));
    } else {
      out += char(0xE0 | cp >> 12), out += char(0x80 | (cp >> 6 & 0x3F)), out += char(0x80 | (cp & 0x3F));
    }
  }
  return out;
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
    const std::string raw = b.substr(at + 46, nameLen);
    if (!(e.flags & kUtf8Flag)) e.name = cp437ToUtf8(raw);
    else if (wellFormedUtf8(raw)) e.name = raw;
    else return fail(which + ": its name is flagged UTF-8 but is not well-formed UTF-8");
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
