// The browser's game (web_game.h): records in and out. Every format is
// core/records'; this file only turns the result into JSON.
#include "core/json_writer.h"
#include "core/records/record.h"
#include "wasm/web_game.h"

namespace zertz::wasm {

std::string WebGame::importRecordText(const std::string& text, bool allowDamaged) {
  Record rec;
  std::string error;
  if (!importRecord(text, rec, error)) return jsonError(error);
  if (rec.damaged && !allowDamaged) {
    const std::string why =
        "the record is " + describeRecord(rec) + " (" + std::to_string(rec.moves.size()) + " legal moves before it)";
    return JsonWriter().object().field("error", why).field("damaged", true).end().take();
  }
  reset(rec.start);
  for (const Move& m : rec.moves) lastIsolated_ = game_.play(m);
  JsonWriter w;
  w.object().field("summary", describeRecord(rec)).field("damaged", rec.damaged).key("tags").object();
  for (const auto& [name, value] : rec.tags) w.field(name, value);
  return w.end().end().take();
}

std::string WebGame::exportRecordText(const std::string& tags) const { return exportRecord(game_, tagsFromLines(tags)); }
std::string WebGame::exportSgfText(const std::string& tags) const { return exportSgf(game_, tagsFromLines(tags)); }

}  // namespace zertz::wasm
