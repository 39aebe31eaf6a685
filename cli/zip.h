// Reading .zip archives (native only; the core never does I/O).
//
// Supports what game archives use: the central directory, "stored" (0) and
// "deflate" (8) entries, CRC-32 checked on every read. Not supported, and
// reported as errors: ZIP64, encryption, multi-disk archives, other methods.
// Entry names are UTF-8 whatever the archive wrote (see ZipEntry::name).
// Every failure is an error message naming the archive and the entry; no
// input makes it crash or read outside the archive.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace zertz::cli {

struct ZipEntry {
  // Always UTF-8: taken as it is when flag bit 11 says UTF-8 (and refused if it
  // is not well-formed), otherwise decoded from code page 437 (APPNOTE 4.4.4).
  std::string name;
  uint16_t method = 0;
  uint16_t flags = 0;
  uint32_t crc = 0;
  uint32_t compressedSize = 0;
  uint32_t size = 0;
  uint32_t localOffset = 0;
  bool isDirectory() const { return !name.empty() && name.back() == '/'; }
};

class ZipArchive {
 public:
  // Reads the whole file and its central directory.
  bool open(const std::string& path, std::string& error);
  // The same from bytes already in memory (tests, embedded data).
  bool openBytes(std::string bytes, const std::string& label, std::string& error);

  const std::vector<ZipEntry>& entries() const { return entries_; }
  // Uncompressed contents of an entry, CRC-checked.
  bool read(const ZipEntry& entry, std::string& out, std::string& error) const;

 private:
  bool parseDirectory(std::string& error);
  std::string label_;
  std::string bytes_;
  std::vector<ZipEntry> entries_;
};

}  // namespace zertz::cli
