#include "record_files.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "zip.h"

namespace zertz::cli {

namespace {

void addText(const std::string& text, const std::string& label, std::vector<LabelledRecord>& out,
             std::string& problems) {
  std::string error;
  std::vector<Record> games;
  size_t first = text.find_first_not_of(" \t\r\n");
  bool sgf = first != std::string::npos && (text[first] == '(' || text.find("GM[") != std::string::npos);
  Record one;
  if (sgf) games = importSgfCollection(text, error);
  else if (importRecord(text, one, error)) games.push_back(std::move(one));
  if (!error.empty()) problems += label + ": " + error + "\n";
  for (size_t i = 0; i < games.size(); ++i)
    out.push_back({label + (games.size() > 1 ? "#" + std::to_string(i + 1) : ""), std::move(games[i])});
}

bool endsWith(const std::string& s, const char* ext) {
  std::string lower = s;
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
  return lower.ends_with(ext);
}

}  // namespace

void readRecordFiles(const std::string& path, std::vector<LabelledRecord>& out, std::string& problems) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (fs::is_directory(path, ec)) {
    std::vector<std::string> files;
    for (auto it = fs::recursive_directory_iterator(path, ec); !ec && it != fs::recursive_directory_iterator();
         it.increment(ec))
      if (it->is_regular_file(ec)) files.push_back(it->path().string());
    if (ec) problems += path + ": cannot list the directory: " + ec.message() + "\n";
    std::sort(files.begin(), files.end());
    for (const std::string& f : files)
      if (endsWith(f, ".zip") || endsWith(f, ".sgf") || endsWith(f, ".zertz")) readRecordFiles(f, out, problems);
    return;
  }
  std::string error;
  if (endsWith(path, ".zip")) {
    ZipArchive zip;
    if (!zip.open(path, error)) return void(problems += error + "\n");
    std::vector<ZipEntry> entries = zip.entries();
    std::sort(entries.begin(), entries.end(), [](const ZipEntry& a, const ZipEntry& b) { return a.name < b.name; });
    for (const ZipEntry& e : entries) {
      std::string text;
      if (e.isDirectory() || !endsWith(e.name, ".sgf")) continue;
      if (!zip.read(e, text, error)) problems += error + "\n";
      else addText(text, path + "/" + e.name, out, problems);
    }
    return;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) return void(problems += path + ": cannot read the file\n");
  std::stringstream ss;
  ss << in.rdbuf();
  addText(ss.str(), path, out, problems);
}

bool hasBotPlayer(const Record& r) {
  for (const char* tag : {"Player0", "Player1"}) {
    auto it = r.tags.find(tag);
    if (it == r.tags.end()) continue;
    std::string name = it->second;
    std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return std::tolower(c); });
    if (name.find("bot") != std::string::npos || name.find("tutorial") != std::string::npos) return true;
  }
  return false;
}

}  // namespace zertz::cli
