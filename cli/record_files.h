// Reading game records from files, for every command that takes record
// files (replay, solve-records, calibrate, review): .sgf files, .zip
// archives of them, our own records, directories recursively (their .sgf,
// .zip and .zertz files in sorted order).
#pragma once

#include <functional>
#include <initializer_list>
#include <string>
#include <vector>

#include "core/records/record.h"

namespace zertz::cli {

// How a zip archive is walked.
struct RecordWalk {
  // false: the archive's own order (the samples of solve-records, calibrate
  // and review depend on it); true: by entry name (replay's listing).
  bool entriesByName = false;
  // true: only .sgf entries; false: every entry (replay reports a stray
  // file as unreadable).
  bool sgfEntriesOnly = true;
};

// One record file's text (a file, or a zip entry labelled "path/entry").
using RecordTextFn = std::function<void(const std::string& label, const std::string& text)>;
// Something that could not be read: its label and a message that names it.
using RecordProblemFn = std::function<void(const std::string& label, const std::string& message)>;

// Calls text() for each record text under path, problem() for each file,
// entry or directory that cannot be read.
void walkRecordFiles(const std::string& path, const RecordWalk& walk, const RecordTextFn& text,
                     const RecordProblemFn& problem);

// The games of one record text: a boardspace SGF collection, or one record
// in our own format (told apart by the text). error: what could not be read.
std::vector<Record> importRecordText(const std::string& text, std::string& error);

struct LabelledRecord {
  std::string label;  // path, path/entry for zip members, "#n" for the n-th game of a collection
  Record record;
};

// Appends every readable game under path (archive order in zips); files or
// games that cannot be read are named in problems (one line each).
void readRecordFiles(const std::string& path, std::vector<LabelledRecord>& out, std::string& problems);

// A player whose name contains one of `parts`, case-insensitive.
bool hasPlayerNamed(const Record& r, std::initializer_list<const char*> parts);
// boardspace's robots (Dumbot, SmartBot, WeakBot) and its tutorial player:
// a player name containing "bot" or "tutorial".
inline bool hasBotPlayer(const Record& r) { return hasPlayerNamed(r, {"bot", "tutorial"}); }

}  // namespace zertz::cli
