// `zertz replay FILE|DIR...`: replays every game in boardspace SGF files, zip
// archives of them, and our own records; one line per game, then a summary.
// Exit code 1 when any game is damaged or unreadable, 2 on bad usage.
//
// "Engine time" is the processor time spent importing (parsing the record,
// converting each turn and checking it with isLegal, playing it); processor
// time, not wall time, because the machine is shared. Reading files and
// inflating zip entries are reported separately.
#include <algorithm>
#include <chrono>
#include <ctime>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "command.h"
#include "core/records/record.h"
#include "zip.h"

namespace zertz::cli {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

struct Stats {
  int games = 0, replayed = 0, damaged = 0, unreadable = 0, disagree = 0;
  long moves = 0;
  double engine = 0, io = 0;
  bool quiet = false;
  bool print = false;  // also print each game in our own format
};

double since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

bool hasExtension(const std::string& name, const char* ext) {
  std::string lower = name;
  for (char& c : lower) c = char(std::tolower((unsigned char)c));
  return lower.size() >= std::strlen(ext) && lower.compare(lower.size() - std::strlen(ext), std::string::npos, ext) == 0;
}

void unreadable(Stats& st, const std::string& label, const std::string& error) {
  ++st.unreadable;
  std::string why = error.rfind(label + ": ", 0) == 0 ? error.substr(label.size() + 2) : error;
  std::printf("%s  UNREADABLE  %s\n", label.c_str(), why.c_str());
}

// Replays every game in one text (a file or a zip entry).
void replayText(Stats& st, const std::string& label, const std::string& text) {
  std::string error;
  std::vector<Record> games;
  std::clock_t c0 = std::clock();
  std::string_view t(text);
  size_t first = t.find_first_not_of(" \t\r\n");
  bool sgf = first != std::string_view::npos && (t[first] == '(' || t.find("GM[") != std::string_view::npos);
  if (sgf) {
    games = importSgfCollection(t, error);
  } else {
    Record r;
    if (importRecord(t, r, error)) games.push_back(std::move(r));
  }
  st.engine += double(std::clock() - c0) / CLOCKS_PER_SEC;
  if (!error.empty()) unreadable(st, label, error);
  for (size_t i = 0; i < games.size(); ++i) {
    const Record& r = games[i];
    ++st.games;
    st.moves += long(r.moves.size());
    std::string name = label + (games.size() > 1 ? "#" + std::to_string(i + 1) : "");
    std::string note;
    if (r.damaged) {
      ++st.damaged;
    } else {
      ++st.replayed;
      Game g = r.game();
      if (g.result().over() && g.result().winner >= 0 && r.namedWinner >= 0 && r.namedWinner != g.result().winner) {
        ++st.disagree;
        note = "  [RE names player " + std::to_string(r.namedWinner) + "]";
      }
    }
    if (st.print) std::printf("%s\n", exportRecord(r).c_str());
    if (st.quiet && !r.damaged && note.empty()) continue;
    std::printf("%s  %s  %zu move%s  %s%s\n", name.c_str(),
                r.tags.count("Variant") ? r.tags.at("Variant").c_str() : "?", r.moves.size(),
                r.moves.size() == 1 ? "" : "s", describeRecord(r).c_str(), note.c_str());
  }
}

void replayZip(Stats& st, const std::string& path) {
  auto t0 = Clock::now();
  ZipArchive zip;
  std::string error;
  bool ok = zip.open(path, error);
  st.io += since(t0);
  if (!ok) return unreadable(st, path, error);
  std::vector<ZipEntry> entries = zip.entries();
  std::sort(entries.begin(), entries.end(), [](const ZipEntry& a, const ZipEntry& b) { return a.name < b.name; });
  for (const ZipEntry& e : entries) {
    if (e.isDirectory()) continue;
    std::string text;
    t0 = Clock::now();
    ok = zip.read(e, text, error);
    st.io += since(t0);
    if (!ok) unreadable(st, path + "/" + e.name, error);
    else replayText(st, path + "/" + e.name, text);
  }
}

void replayFile(Stats& st, const std::string& path) {
  if (hasExtension(path, ".zip")) return replayZip(st, path);
  auto t0 = Clock::now();
  std::ifstream in(path, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  st.io += since(t0);
  if (!in) return unreadable(st, path, "cannot read the file");
  replayText(st, path, ss.str());
}

void replayPath(Stats& st, const std::string& path) {
  std::error_code ec;
  if (!fs::is_directory(path, ec)) return replayFile(st, path);
  std::vector<std::string> files;
  for (auto it = fs::recursive_directory_iterator(path, ec); !ec && it != fs::recursive_directory_iterator();
       it.increment(ec)) {
    std::string p = it->path().string();
    if (it->is_regular_file(ec) && (hasExtension(p, ".sgf") || hasExtension(p, ".zip") || hasExtension(p, ".zertz")))
      files.push_back(p);
  }
  if (ec) unreadable(st, path, "cannot list the directory: " + ec.message());
  std::sort(files.begin(), files.end());
  for (const std::string& f : files) replayFile(st, f);
}

RegisterCommand replayCommand(
    "replay",
    "replay [--quiet] [--print] FILE|DIR...: replay .sgf, .zip of .sgf, our own records (dirs recursively); "
    "one line per game (--quiet: only problems; --print: each game in our own format) and a summary",
    [](const Args& in) {
      Args args = in;
      Stats st;
      st.quiet = takeFlag(args, "--quiet");
      st.print = takeFlag(args, "--print");
      if (args.empty()) return std::fprintf(stderr, "zertz replay: give files, zip archives or directories\n"), 2;
      for (const std::string& a : args)
        if (!a.empty() && a[0] == '-') return std::fprintf(stderr, "zertz replay: unknown option %s\n", a.c_str()), 2;
      auto t0 = Clock::now();
      for (const std::string& a : args) replayPath(st, a);
      std::printf("summary: %d games, %d replayed, %d damaged, %d unreadable, %d RE disagreements; %ld moves; "
                  "engine %.3f s cpu (%.1f us/game), reading+unzip %.3f s, total %.3f s\n",
                  st.games, st.replayed, st.damaged, st.unreadable, st.disagree, st.moves, st.engine,
                  st.games ? st.engine / st.games * 1e6 : 0.0, st.io, since(t0));
      return st.damaged || st.unreadable || st.disagree ? 1 : 0;
    });

}  // namespace
}  // namespace zertz::cli
