// embind bindings for the game tree (core/records/tree_json.h): the browser
// keeps the tree JSON as view state and converts records through these.
#include <emscripten/bind.h>

#include <string>

#include "core/records/record_header.h"
#include "core/records/tree_json.h"

namespace {

// Our record or SGF text -> tree JSON, or {"error": ...}. A damaged record
// gives its legal part plus "damage" (what and where) in the same object.
std::string recordToTree(const std::string& text) { return zertz::recordTextToTreeJson(text); }

// Tree JSON -> text in format "record" (ours) or "sgf"; {"error": ...} (a
// JSON object, never a record text) when the tree or the format is wrong.
std::string treeToRecord(const std::string& json, const std::string& format) {
  return zertz::treeJsonToRecordText(json, format);
}

// A header's Date and Event tags read for people (record_header.h):
// {"date":"YYYY-MM-DD" or "","time","zone","event","rawDate","rawEvent"}.
std::string recordHeader(const std::string& date, const std::string& event, const std::string& player0,
                         const std::string& player1) {
  return zertz::recordHeaderJson(zertz::readRecordHeader(date, event, player0, player1));
}

}  // namespace

EMSCRIPTEN_BINDINGS(zertz_records) {
  emscripten::function("recordToTree", &recordToTree);
  emscripten::function("treeToRecord", &treeToRecord);
  emscripten::function("recordHeader", &recordHeader);
}
