// A record's header read for people (core/records/record_header.h): the
// date forms real records hold, boardspace's game names as the event, and
// text that is neither kept as written.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

#include "core/records/record.h"
#include "core/records/record_header.h"
#include "test_helpers.h"

using namespace zertz;

TEST_CASE("RecordDateReadsIsoJavaAndWrittenForms", "[records][header]") {
  RecordDate d;
  REQUIRE(parseRecordDate("2025-10-09", d));
  CHECK((d.year == 2025 && d.month == 10 && d.day == 9 && d.hour == -1));
  REQUIRE(parseRecordDate("Mon Apr 07 23:44:26 CDT 2025", d));
  CHECK((d.year == 2025 && d.month == 4 && d.day == 7 && d.hour == 23 && d.minute == 44 && d.zone == "CDT"));
  REQUIRE(parseRecordDate("Fri Mar 19 09:22:43 GMT+01:00 2004", d));
  CHECK((d.year == 2004 && d.month == 3 && d.day == 19 && d.zone == "GMT+01:00"));
  REQUIRE(parseRecordDate("April 17, 2025", d));
  CHECK((d.year == 2025 && d.month == 4 && d.day == 17 && d.hour == -1));
}

TEST_CASE("RecordDateRefusesTextThatIsNotADay", "[records][header]") {
  RecordDate d;
  for (const char* text : {"", "club night", "2025-02-30", "2025-13-01", "Mon Foo 07 23:44:26 CDT 2025",
                           "April 31, 2025", "Mon Apr 07 25:44:26 CDT 2025", "2025-10-09T"})
    CHECK_FALSE(parseRecordDate(text, d));
  CHECK(parseRecordDate("2024-02-29", d));
  CHECK_FALSE(parseRecordDate("2023-02-29", d));
}

TEST_CASE("BoardspaceGameNamesReadAsTheSiteWithTheirKind", "[records][header]") {
  auto h = readRecordHeader("Mon Apr 07 23:44:26 CDT 2025", "Z-Bohren-Dumbot-2025-04-08-0444", "Bohren", "Dumbot");
  CHECK(h.event == "boardspace.net");
  CHECK(h.date == "2025-04-07");  // the Date tag's day, not the name's (another zone)
  CHECK((h.time == "23:44" && h.zone == "CDT"));
  CHECK(readRecordHeader("", "U!Z11-guest-Dumbot-2025-10-09-1200", "guest", "Dumbot").event == "boardspace.net unranked");
  CHECK(readRecordHeader("", "T!Z24-a-b-2025-10-09-1200", "a", "b").event == "boardspace.net tournament");
  CHECK(readRecordHeader("", "T-Z11-mreitz-jix-2004-05-32-1330", "mreitz", "jix").event == "boardspace.net tournament");
  CHECK(readRecordHeader("", "U!A!ZXX-a-b-2025-10-09-1200", "a", "b").event == "boardspace.net unranked");
  // Without a Date tag the name's day is the game's; an impossible one is left out.
  CHECK(readRecordHeader("", "U!Z11-guest-Dumbot-2025-10-09-1200", "guest", "Dumbot").date == "2025-10-09");
  CHECK(readRecordHeader("", "T-Z11-mreitz-jix-2004-05-32-1330", "mreitz", "jix").date.empty());
  // An old name is just the two players.
  CHECK(readRecordHeader("", "ddyer-mreitz", "mreitz", "ddyer").event == "boardspace.net");
}

TEST_CASE("HeaderTextThatIsNeitherIsKeptAsWritten", "[records][header]") {
  auto h = readRecordHeader(" sometime in spring ", " club night ", "ann", "bob");
  CHECK(h.event == "club night");
  CHECK(h.date.empty());
  CHECK(h.rawDate == "sometime in spring");
  CHECK(recordHeaderJson(h) ==
        R"({"date":"","time":"","zone":"","event":"club night","rawDate":"sometime in spring","rawEvent":"club night"})");
  CHECK(readRecordHeader("", "Zebra-club", "ann", "bob").event == "Zebra-club");
}

// Every loose boardspace record's Date tag reads as a day: the forms above
// are the ones the real records hold.
TEST_CASE("EveryLooseBoardspaceRecordHasAReadableDate", "[records][header]") {
  namespace fs = std::filesystem;
  int seen = 0;
  for (auto& e : fs::recursive_directory_iterator(ZERTZ_RECORDS_DIR)) {
    if (e.path().extension() != ".sgf") continue;
    Record r;
    std::string error;
    if (!importRecord(testing::fileText(e.path()), r, error)) continue;
    const auto h = readRecordHeader(r.tags["Date"], r.tags["Event"], r.tags["Player0"], r.tags["Player1"]);
    INFO(e.path().string() << ": Date '" << r.tags["Date"] << "' Event '" << r.tags["Event"] << "'");
    if (!r.tags["Date"].empty()) CHECK(!h.date.empty());
    if (!r.tags["Event"].empty()) CHECK(!h.event.empty());
    ++seen;
  }
  CHECK(seen > 100);
}
