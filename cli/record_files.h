// Reading game records from files for the analysis commands (calibrate,
// review): .sgf files, .zip archives of them, our own records, directories
// recursively, in sorted order so runs are reproducible.
#pragma once

#include <string>
#include <vector>

#include "core/records/record.h"

namespace zertz::cli {

struct LabelledRecord {
  std::string label;  // path, path/entry for zip members, "#n" for the n-th game of a collection
  Record record;
};

// Appends every readable game under path; files or games that cannot be
// read are named in problems (one line each).
void readRecordFiles(const std::string& path, std::vector<LabelledRecord>& out, std::string& problems);

// boardspace's robots (Dumbot, SmartBot, WeakBot) and its tutorial player:
// a player name containing "bot" or "tutorial", case-insensitive.
bool hasBotPlayer(const Record& r);

}  // namespace zertz::cli
