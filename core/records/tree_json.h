// The game-tree JSON the browser keeps as view state (shared interface):
//   { "meta": {"player0","player1","date","event","result","resultReason",
//              "variant":{"marbles","layout"}, "start":"<position or empty>"},
//     "root": {"comment", "children":[node...]} }
//   node = {"move":"<our notation>", "comment", "mark", "children":[node...]}
// children[0] is the main line. result is "0", "1", "draw" or ""; resultReason
// as RecordOutcome (record.h). Moves are canonical on output; on input any
// notation parseLegalMove reads, each checked in its node's position.
#pragma once

#include <string>
#include <string_view>

#include "core/json.h"
#include "core/records/record.h"

namespace zertz {

std::string treeToJson(const Record& r);

// False with an error naming the field or node ("root.children[0].children[2]:
// ...") when the text is not such a tree or a move is not legal where it stands.
bool treeFromJson(std::string_view json, Record& out, std::string& error);

// Our record or SGF text -> its tree JSON, or {"error": ...}. A damaged
// record gives its legal part plus "damage" (what and where, describeRecord)
// in the same object.
std::string recordTextToTreeJson(std::string_view text);
// Tree JSON -> text in format "record" (ours) or "sgf"; {"error": ...} (a
// JSON object, never a record text) when the tree or the format is wrong.
std::string treeJsonToRecordText(std::string_view json, std::string_view format);

}  // namespace zertz
