// A record's header read for people: when the game was played and what it
// was, from the raw Date and Event tags (boardspace's DT and GN, or our own
// record's tags). Pure text work; the browser formats the structured date in
// the reader's locale and shows the event as given here.
//
// Not a general date parser: it reads the forms records hold (ISO
// "2025-10-09", Java's "Mon Apr 07 23:44:26 CDT 2025" with any zone token,
// "April 17, 2025") and says "not a date" for anything else, which the
// caller then shows as written.
#pragma once

#include <string>
#include <string_view>

namespace zertz {

struct RecordDate {
  int year = 0, month = 0, day = 0;  // month 1..12, day 1..31
  int hour = -1, minute = -1;        // -1 when the text has no time
  std::string zone;                  // as written ("CDT", "GMT+01:00"), may be empty
};

// False (out unchanged) when text is none of the forms above or names an
// impossible day.
bool parseRecordDate(std::string_view text, RecordDate& out);

// What the browser shows of a header:
//   date   the game's day as "YYYY-MM-DD" (from the Date tag, else from a
//          boardspace game name), "" when neither holds one;
//   time   "HH:MM" when the Date tag has it, with zone its zone as written;
//   event  a readable event: boardspace's game names ("U!Z11-alice-bob-
//          2025-04-08-0444", or just "alice-bob") become "boardspace.net"
//          (with "tournament" / "unranked" when the name says so); any other
//          text is kept as written (trimmed);
//   rawDate / rawEvent  the tags as given, for a tooltip.
struct RecordHeader {
  std::string date, time, zone, event, rawDate, rawEvent;
};
RecordHeader readRecordHeader(std::string_view date, std::string_view event, std::string_view player0,
                              std::string_view player1);

// RecordHeader as JSON: {"date","time","zone","event","rawDate","rawEvent"}.
std::string recordHeaderJson(const RecordHeader& h);

}  // namespace zertz
