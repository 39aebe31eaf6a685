// `zertz features --out FILE PATH...`: the learned evaluation's training
// data from game records (format: feature_data.h; pipeline: docs/engine.md).
//
// For every readable, undamaged game with a result (recordOutcome), every
// quiet position of its main line (no capture for the side to move) becomes
// a row labelled with the game's result from the side to move's view. Games
// between two people (no player and no file name naming a robot or the
// tutorial) are flagged; the split (held out or not) is gameSplit of the
// hash of the game's file name. The rows come in the order the games are
// read (directories sorted, zips in archive order), so the file is the same
// on every run.
#include <algorithm>
#include <cstdio>
#include <fstream>

#include "command.h"
#include "core/movegen.h"
#include "feature_data.h"
#include "record_files.h"

namespace zertz::cli {
namespace {

struct Counts {
  long games = 0, human = 0, heldOut = 0, rows = 0, damaged = 0, unfinished = 0, unreadable = 0;
};

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
  return s;
}

// The SGF file's own name (the label without directories or zip path), with
// "#n" for the n-th game of a collection.
std::string gameName(const std::string& label, size_t index, size_t count) {
  const size_t slash = label.find_last_of('/');
  std::string name = slash == std::string::npos ? label : label.substr(slash + 1);
  return count > 1 ? name + "#" + std::to_string(index + 1) : name;
}

void addGame(const Record& r, const std::string& name, std::string& out, Counts& n) {
  if (r.damaged) return void(++n.damaged);
  const RecordOutcome o = recordOutcome(r);
  if (o.result.empty()) return void(++n.unfinished);
  const std::string lname = lower(name);
  const bool human = !hasBotPlayer(r) && lname.find("bot") == std::string::npos && lname.find("tutorial") == std::string::npos;
  FeatureRow row;
  row.game = gameHash(name);
  row.split = gameSplit(row.game, human);
  ++n.games, n.human += human, n.heldOut += row.split & 1;
  Game game(r.start);
  for (const Move& m : r.moves) {
    const Position& pos = game.position();
    std::string error;
    if (!hasCapture(pos) && pos.winner() < 0 && describePosition(pos, row, error)) {
      row.ply = uint16_t(std::min<size_t>(game.moves().size(), 65535));
      row.result = int8_t(o.result == "draw" ? 0 : (o.result[0] - '0') == pos.turn ? 1
                                                                                   : -1);
      appendFeatureRow(out, row);
      ++n.rows;
    } else if (!error.empty()) {
      std::fprintf(stderr, "zertz features: %s, ply %zu: %s\n", name.c_str(), game.moves().size(), error.c_str());
    }
    game.play(m);
  }
}

RegisterCommand featuresCommand(
    "features",
    "features --out FILE PATH...: training rows (features of every quiet position, the game's result) of the "
    "undamaged finished games in PATH (docs/engine.md)",
    [](const Args& in) {
      Args args = in;
      const std::string outPath = takeOption(args, "--out");
      if (outPath.empty()) return std::fprintf(stderr, "zertz features: --out FILE is required\n"), 2;
      if (args.empty()) return std::fprintf(stderr, "zertz features: give record files or directories\n"), 2;
      for (const std::string& a : args)
        if (!a.empty() && a[0] == '-') return std::fprintf(stderr, "zertz features: unknown option %s\n", a.c_str()), 2;
      std::ofstream out(outPath, std::ios::binary);
      if (!out) return std::fprintf(stderr, "zertz features: cannot write %s\n", outPath.c_str()), 1;
      out << featureFileHeader();
      Counts n;
      auto text = [&](const std::string& label, const std::string& contents) {
        std::string error, rows;
        std::vector<Record> games = importRecordText(contents, error);
        if (!error.empty()) ++n.unreadable;
        for (size_t i = 0; i < games.size(); ++i) addGame(games[i], gameName(label, i, games.size()), rows, n);
        out << rows;
      };
      for (const std::string& a : args)
        walkRecordFiles(a, RecordWalk{}, text, [&](const std::string&, const std::string&) { ++n.unreadable; });
      out.close();
      if (!out) return std::fprintf(stderr, "zertz features: writing %s failed\n", outPath.c_str()), 1;
      std::fprintf(stderr,
                   "zertz features: %ld games (%ld between two people, %ld held out), %ld rows; skipped %ld damaged, "
                   "%ld without a result, %ld unreadable files or entries\n",
                   n.games, n.human, n.heldOut, n.rows, n.damaged, n.unfinished, n.unreadable);
      return 0;
    });

}  // namespace
}  // namespace zertz::cli
