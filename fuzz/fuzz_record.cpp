// Whole game records: importRecord (auto-detects boardspace SGF or our own
// tag + move-list format), importSgfCollection, and the game-tree JSON.
// Invariants: no crash; a failure has a message; an imported record's moves
// are legal from its start (Record::game replays them); describeRecord works;
// both exports of the imported game import back to the same start and
// moves, undamaged (an export we cannot read back would lose games); the
// tree exports (variations, comments, marks) and the tree JSON read back to
// the same tree.
#include <map>

#include "core/records/record.h"
#include "core/records/tree_json.h"
#include "fuzz_util.h"

using namespace zertz;

namespace {

void checkReimport(const std::string& exported, const Record& r, const char* which) {
  Record back;
  std::string error;
  FUZZ_CHECK(importRecord(exported, back, error), "%s export does not import: %s\n--- export:\n%s", which,
             error.c_str(), exported.c_str());
  FUZZ_CHECK(!back.damaged, "%s export imports damaged: %s\n--- export:\n%s", which, back.damage.c_str(),
             exported.c_str());
  FUZZ_CHECK(back.start == r.start, "%s export changes the start position\n--- export:\n%s", which,
             exported.c_str());
  FUZZ_CHECK(back.moves == r.moves, "%s export changes the moves (%zu -> %zu)\n--- export:\n%s", which,
             r.moves.size(), back.moves.size(), exported.c_str());
}

// The tree as JSON: moves, comments and marks of every node, in order.
std::string treeOf(const Record& r) {
  std::string json = treeToJson(r);
  return json.substr(json.find("\"root\":"));
}

void checkTreeReimport(const std::string& exported, const Record& r, const char* which) {
  Record back;
  std::string error;
  FUZZ_CHECK(importRecord(exported, back, error), "%s tree export does not import: %s", which, error.c_str());
  FUZZ_CHECK(treeOf(back) == treeOf(r), "%s tree export changes the tree\n--- export:\n%s", which, exported.c_str());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text = fuzz::asText(data, size);
  Record r;
  std::string error;
  if (!importRecord(text, r, error)) {
    FUZZ_CHECK(!error.empty(), "importRecord failed without a message");
  } else {
    FUZZ_CHECK(!r.damaged || !r.damage.empty(), "damaged record without a reason");
    Game g = r.game();  // replays every move; they must be legal
    FUZZ_CHECK(g.moves().size() == r.moves.size(), "replay lost moves");
    (void)describeRecord(r);
    checkReimport(exportRecord(g, r.tags), r, "own-format");
    checkReimport(exportSgf(g, r.tags), r, "SGF");
    if (!r.damaged) {
      checkTreeReimport(exportRecord(r), r, "own-format");
      checkTreeReimport(exportSgf(r), r, "SGF");
      Record back;
      FUZZ_CHECK(treeFromJson(treeToJson(r), back, error), "tree JSON does not read back: %s", error.c_str());
      FUZZ_CHECK(treeOf(back) == treeOf(r), "tree JSON changes the tree");
    }
  }
  Record fromJson;
  error.clear();
  if (!treeFromJson(text, fromJson, error)) FUZZ_CHECK(!error.empty(), "treeFromJson failed without a message");
  else checkTreeReimport(exportRecord(fromJson), fromJson, "JSON own-format");
  error.clear();
  for (const Record& c : importSgfCollection(text, error)) {
    Game g = c.game();
    (void)g;
    (void)describeRecord(c);
  }
  return 0;
}
