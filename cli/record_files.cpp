#include "record_files.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "zip.h"

namespace zertz::cli {

namespace {

bool endsWith(const std::string& s, const char* ext) {
  std::string lower = s;
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
  return lower.ends_with(ext);
}

void walkZip(const std::string& path, const RecordWalk& walk, const RecordTextFn& text,
             const RecordProblemFn& problem) {
  ZipArchive zip;
  std::string error;
  if (!zip.open(path, error)) return problem(path, error);
  std::vector<ZipEntry> entries = zip.entries();
  if (walk.entriesByName)
    std::sort(entries.begin(), entries.end(), [](const ZipEntry& a, const ZipEntry& b) { return a.name < b.name; });
  for (const ZipEntry& e : entries) {
    if (e.isDirectory() || (walk.sgfEntriesOnly && !endsWith(e.name, ".sgf"))) continue;
    std::string contents;
    if (!zip.read(e, contents, error)) problem(path + "/" + e.name, error);
    else text(path + "/" + e.name, contents);
  }
}

}  // namespace

void walkRecordFiles(const std::string& path, const RecordWalk& walk, const RecordTextFn& text,
                     const RecordProblemFn& problem) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (fs::is_directory(path, ec)) {
    std::vector<std::string> files;
    for (auto it = fs::recursive_directory_iterator(path, ec); !ec && it != fs::recursive_directory_iterator();
         it.increment(ec)) {
      const std::string f = it->path().string();
      if (it->is_regular_file(ec) && (endsWith(f, ".zip") || endsWith(f, ".sgf") || endsWith(f, ".zertz")))
        files.push_back(f);
    }
    if (ec) problem(path, path + ": cannot list the directory: " + ec.message());
    std::sort(files.begin(), files.end());
    for (const std::string& f : files) walkRecordFiles(f, walk, text, problem);
    return;
  }
  if (endsWith(path, ".zip")) return walkZip(path, walk, text, problem);
  std::ifstream in(path, std::ios::binary);
  if (!in) return problem(path, path + ": cannot read the file");
  std::stringstream ss;
  ss << in.rdbuf();
  text(path, ss.str());
}

std::vector<Record> importRecordText(const std::string& text, std::string& error) {
  const size_t first = text.find_first_not_of(" \t\r\n");
  const bool sgf = first != std::string::npos && (text[first] == '(' || text.find("GM[") != std::string::npos);
  if (sgf) return importSgfCollection(text, error);
  std::vector<Record> games;
  Record one;
  if (importRecord(text, one, error)) games.push_back(std::move(one));
  return games;
}

void readRecordFiles(const std::string& path, std::vector<LabelledRecord>& out, std::string& problems) {
  auto text = [&](const std::string& label, const std::string& contents) {
    std::string error;
    std::vector<Record> games = importRecordText(contents, error);
    if (!error.empty()) problems += label + ": " + error + "\n";
    for (size_t i = 0; i < games.size(); ++i)
      out.push_back({label + (games.size() > 1 ? "#" + std::to_string(i + 1) : ""), std::move(games[i])});
  };
  walkRecordFiles(path, RecordWalk{}, text,
                  [&](const std::string&, const std::string& message) { problems += message + "\n"; });
}

bool hasPlayerNamed(const Record& r, std::initializer_list<const char*> parts) {
  for (const char* tag : {"Player0", "Player1"}) {
    auto it = r.tags.find(tag);
    if (it == r.tags.end()) continue;
    std::string name = it->second;
    std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return std::tolower(c); });
    for (const char* part : parts)
      if (name.find(part) != std::string::npos) return true;
  }
  return false;
}

}  // namespace zertz::cli
