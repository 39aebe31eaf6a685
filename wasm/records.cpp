// The browser's game (web_game.h): records in and out. Every format is
// core/records'; this file only turns the result into JSON.
#include "core/json.h"
#include "core/json_writer.h"
#include "core/records/record.h"
#include "wasm/web_game.h"

namespace zertz::wasm {

namespace {

// "Name=value" lines; lines without a name are ignored.
std::map<std::string, std::string> parseTags(const std::string& text) {
  std::map<std::string, std::string> tags;
  size_t at = 0;
  while (at < text.size()) {
    size_t end = text.find('\n', at);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(at, end - at);
    size_t eq = line.find('=');
    if (eq != std::string::npos && eq > 0) tags[line.substr(0, eq)] = line.substr(eq + 1);
    at = end + 1;
  }
  return tags;
}

}  // namespace

std::string WebGame::importRecordText(const std::string& text, bool allowDamaged) {
  Record rec;
  std::string error;
  if (!importRecord(text, rec, error)) return "{\"error\":" + jsonString(error) + "}";
  if (rec.damaged && !allowDamaged)
    return "{\"error\":" +
           jsonString("the record is " + describeRecord(rec) + " (" + std::to_string(rec.moves.size()) + " legal moves before it)") +
           ",\"damaged\":true}";
  reset(rec.start);
  for (const Move& m : rec.moves) lastIsolated_ = game_.play(m);
  std::string tags;
  for (const auto& [k, v] : rec.tags) tags += (tags.empty() ? "" : ",") + jsonString(k) + ":" + jsonString(v);
  return "{\"summary\":" + jsonString(describeRecord(rec)) + ",\"damaged\":" + (rec.damaged ? "true" : "false") +
         ",\"tags\":{" + tags + "}}";
}

std::string WebGame::exportRecordText(const std::string& tags) const { return exportRecord(game_, parseTags(tags)); }
std::string WebGame::exportSgfText(const std::string& tags) const { return exportSgf(game_, parseTags(tags)); }

}  // namespace zertz::wasm
