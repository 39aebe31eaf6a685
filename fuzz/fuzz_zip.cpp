// Zip archives as `zertz replay` reads them (cli/zip.h): central directory,
// stored and deflate entries, CRC-32 checks.
// Invariants: no crash, no read outside the archive, no huge allocation
// (libFuzzer's -malloc_limit_mb catches one); every failure has a message.
#include "cli/zip.h"
#include "fuzz_util.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  zertz::cli::ZipArchive zip;
  std::string error;
  if (!zip.openBytes(std::string(reinterpret_cast<const char*>(data), size), "fuzz.zip", error)) {
    FUZZ_CHECK(!error.empty(), "open failed without a message");
    return 0;
  }
  int n = 0;
  for (const auto& e : zip.entries()) {
    if (++n > 64) break;  // the directory may list 65535 entries; reading each is quadratic
    std::string out;
    error.clear();
    if (!zip.read(e, out, error)) FUZZ_CHECK(!error.empty(), "read failed without a message");
    else FUZZ_CHECK(out.size() == e.size, "read returned %zu bytes, entry says %u", out.size(), e.size);
  }
  return 0;
}
