// `zertz replay FILE|DIR...`: replays every game in boardspace SGF files, zip
// archives of them, and our own records; one line per game, then a summary.
// Exit code 1 when any game is damaged or unreadable, 2 on bad usage.
//
// "Engine time" is the processor time spent importing (parsing the record,
// converting each turn and checking it with isLegal, playing it); processor
// time, not wall time, because the machine is shared. Reading files and
// inflating zip entries are reported separately.
#include <chrono>
#include <ctime>
#include <cstdio>

#include "command.h"
#include "core/records/record.h"
#include "record_files.h"

namespace zertz::cli {
namespace {

using Clock = std::chrono::steady_clock;

struct Stats {
  int games = 0, replayed = 0, damaged = 0, unreadable = 0, disagree = 0;
  long moves = 0;
  double engine = 0, io = 0;
  bool quiet = false;
  bool print = false;  // also print each game in our own format
};

double since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

void unreadable(Stats& st, const std::string& label, const std::string& error) {
  ++st.unreadable;
  std::string why = error.rfind(label + ": ", 0) == 0 ? error.substr(label.size() + 2) : error;
  std::printf("%s  UNREADABLE  %s\n", label.c_str(), why.c_str());
}

// Replays every game in one text (a file or a zip entry).
void replayText(Stats& st, const std::string& label, const std::string& text) {
  std::string error;
  std::clock_t c0 = std::clock();
  const std::vector<Record> games = importRecordText(text, error);
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

// Every record text under path; reading and unzipping count as io, the
// time spent in replayText (import and printing) does not.
void replayPath(Stats& st, const std::string& path) {
  const auto t0 = Clock::now();
  double inside = 0;
  RecordWalk walk;
  walk.entriesByName = true;
  walk.sgfEntriesOnly = false;
  walkRecordFiles(
      path, walk,
      [&](const std::string& label, const std::string& text) {
        const auto t1 = Clock::now();
        replayText(st, label, text);
        inside += since(t1);
      },
      [&](const std::string& label, const std::string& message) { unreadable(st, label, message); });
  st.io += since(t0) - inside;
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
      std::printf(
          "summary: %d games, %d replayed, %d damaged, %d unreadable, %d RE disagreements; %ld moves; "
          "engine %.3f s cpu (%.1f us/game), reading+unzip %.3f s, total %.3f s\n",
          st.games, st.replayed, st.damaged, st.unreadable, st.disagree, st.moves, st.engine,
          st.games ? st.engine / st.games * 1e6 : 0.0, st.io, since(t0));
      return st.damaged || st.unreadable || st.disagree ? 1 : 0;
    });

}  // namespace
}  // namespace zertz::cli
