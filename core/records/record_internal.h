// Helpers shared by record.cpp and record_sgf.cpp; not part of the public API.
#pragma once

#include <string>
#include <string_view>

#include "core/position.h"

namespace zertz {
struct Record;
}

namespace zertz::record_detail {

bool isSpace(char c);
std::string_view trim(std::string_view s);
std::string quoted(std::string_view s);  // 'text' cut at 40 characters, for error messages
std::string lower(std::string_view s);
// v with a backslash before each of `specials`; newlines become spaces when
// flattenNewlines (a value that must stay on one line).
std::string escaped(std::string_view v, std::string_view specials, bool flattenNewlines);
// Why m (built from a record) is not legal in pos, for the damage report.
std::string explainIllegal(const Position& pos, const Move& m);
std::string layoutToken(const Position& p);  // "standard 37"
// Our own format (record_own.cpp); importRecord picks it or SGF.
bool importOwnRecord(std::string_view text, Record& out, std::string& error);

}  // namespace zertz::record_detail
