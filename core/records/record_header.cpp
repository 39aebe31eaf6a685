// Reading a record's Date and Event tags for people (record_header.h).
#include "core/records/record_header.h"

#include <cctype>
#include <cstdio>
#include <vector>

#include "core/json_writer.h"
#include "core/notation.h"

namespace zertz {

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

// A number of exactly `digits` digits (any count when digits is 0, at most 4).
bool number(std::string_view s, int& out, size_t digits = 0) {
  if (s.empty() || s.size() > 4 || (digits && s.size() != digits)) return false;
  int v = 0;
  for (char c : s) {
    if (!std::isdigit(static_cast<unsigned char>(c))) return false;
    v = v * 10 + (c - '0');
  }
  out = v;
  return true;
}

// "Apr", "april", "APRIL" -> 4; 0 when not an English month name.
int monthNumber(std::string_view s) {
  static const char* const names[] = {"january", "february", "march", "april", "may", "june",
                                      "july", "august", "september", "october", "november", "december"};
  if (s.size() < 3) return 0;
  for (int m = 0; m < 12; ++m) {
    std::string_view full = names[m];
    if (s.size() > full.size()) continue;
    bool same = true;
    for (size_t i = 0; i < s.size() && same; ++i) same = std::tolower(static_cast<unsigned char>(s[i])) == full[i];
    if (same) return m + 1;
  }
  return 0;
}

bool validDay(int y, int m, int d) {
  static const int days[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  if (y < 1000 || m < 1 || m > 12 || d < 1) return false;
  const bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
  return d <= days[m - 1] + (m == 2 && leap ? 1 : 0);
}

// "HH:MM" or "HH:MM:SS".
bool clock(std::string_view s, int& h, int& m) {
  if (s.size() != 5 && s.size() != 8) return false;
  int sec = 0;
  if (!number(s.substr(0, 2), h, 2) || s[2] != ':' || !number(s.substr(3, 2), m, 2)) return false;
  if (s.size() == 8 && (s[5] != ':' || !number(s.substr(6, 2), sec, 2))) return false;
  return h < 24 && m < 60 && sec < 61;
}

// "2025-10-09", optionally followed by "T23:44" or " 23:44[:SS]".
bool isoDate(std::string_view s, RecordDate& d) {
  if (s.size() < 10 || s[4] != '-' || s[7] != '-') return false;
  if (!number(s.substr(0, 4), d.year, 4) || !number(s.substr(5, 2), d.month, 2) || !number(s.substr(8, 2), d.day, 2))
    return false;
  if (s.size() == 10) return true;
  if (s[10] != 'T' && s[10] != ' ') return false;
  return clock(s.substr(11), d.hour, d.minute);
}

// Java's Date.toString(): "Mon Apr 07 23:44:26 CDT 2025" (the zone may be
// missing or written "GMT+01:00"); or "April 17, 2025" / "Apr 17 2025".
bool wordyDate(std::string_view s, RecordDate& d) {
  auto w = splitWords(s, " ,");
  if (!w.empty() && !monthNumber(w[0]) && w[0].size() == 3) w.erase(w.begin());  // the weekday
  if (w.size() < 3 || !(d.month = monthNumber(w[0])) || !number(w[1], d.day)) return false;
  if (w.size() == 3) return number(w[2], d.year, 4);
  if (!clock(w[2], d.hour, d.minute)) return false;
  if (w.size() == 4) return number(w[3], d.year, 4);
  if (w.size() != 5) return false;
  d.zone = std::string(w[3]);
  return number(w[4], d.year, 4);
}

bool equalNoCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i]))) return false;
  return true;
}

// boardspace's game name: flags ("U!" unranked, "T!" or "T-" tournament,
// others ignored), the variant ("Z", "Z11", "Z24", "ZXX"), the players and
// usually "-YYYY-MM-DD-HHMM". Fills kind and, when the day is valid, date.
bool boardspaceName(std::string_view s, std::string& kind, RecordDate& date) {
  for (;;) {
    size_t n = 0;
    while (n < s.size() && std::isupper(static_cast<unsigned char>(s[n]))) ++n;
    if (n == 0 || n >= s.size()) break;
    const std::string_view flag = s.substr(0, n);
    const bool tournamentDash = s[n] == '-' && flag == "T" && s.substr(n + 1, 1) == "Z";
    if (s[n] != '!' && !tournamentDash) break;
    if (flag == "T") kind = "tournament";
    if (flag == "U" && kind.empty()) kind = "unranked";
    s.remove_prefix(n + 1);
  }
  size_t v = 1;
  if (s.empty() || s[0] != 'Z') return false;
  while (v < s.size() && (std::isdigit(static_cast<unsigned char>(s[v])) || s[v] == 'X')) ++v;
  if (v >= s.size() || s[v] != '-') return false;
  // The tail "-YYYY-MM-DD-HHMM".
  if (s.size() > 16 && s[s.size() - 16] == '-') {
    std::string_view t = s.substr(s.size() - 15);
    RecordDate d;
    int hm = 0;
    if (t[4] == '-' && t[7] == '-' && t[10] == '-' && number(t.substr(0, 4), d.year, 4) &&
        number(t.substr(5, 2), d.month, 2) && number(t.substr(8, 2), d.day, 2) && number(t.substr(11, 4), hm, 4) &&
        validDay(d.year, d.month, d.day))
      date = d;
  }
  return true;
}

std::string twoDigits(int n) {
  char buf[8];
  std::snprintf(buf, sizeof buf, "%02d", n);
  return buf;
}

}  // namespace

bool parseRecordDate(std::string_view text, RecordDate& out) {
  RecordDate d;
  const std::string_view s = trim(text);
  if (!(isoDate(s, d) || (d = RecordDate{}, wordyDate(s, d)))) return false;
  if (!validDay(d.year, d.month, d.day)) return false;
  out = d;
  return true;
}

RecordHeader readRecordHeader(std::string_view date, std::string_view event, std::string_view player0,
                              std::string_view player1) {
  RecordHeader h;
  h.rawDate = std::string(trim(date));
  h.rawEvent = std::string(trim(event));
  RecordDate when;
  const bool dated = parseRecordDate(h.rawDate, when);
  std::string kind;
  RecordDate named;
  const std::string_view ev = h.rawEvent;
  const auto pair = [&](std::string_view a, std::string_view b) {
    return !a.empty() && !b.empty() && ev.size() == a.size() + 1 + b.size() && ev[a.size()] == '-' &&
           equalNoCase(ev.substr(0, a.size()), a) && equalNoCase(ev.substr(a.size() + 1), b);
  };
  if (boardspaceName(ev, kind, named) || pair(player0, player1) || pair(player1, player0))
    h.event = kind.empty() ? "boardspace.net" : "boardspace.net " + kind;
  else
    h.event = h.rawEvent;
  const RecordDate* d = dated ? &when : named.year ? &named
                                                   : nullptr;
  if (d) h.date = std::to_string(d->year) + "-" + twoDigits(d->month) + "-" + twoDigits(d->day);
  if (dated && when.hour >= 0) {
    h.time = twoDigits(when.hour) + ":" + twoDigits(when.minute);
    h.zone = when.zone;
  }
  return h;
}

std::string recordHeaderJson(const RecordHeader& h) {
  return JsonWriter()
      .object()
      .field("date", h.date)
      .field("time", h.time)
      .field("zone", h.zone)
      .field("event", h.event)
      .field("rawDate", h.rawDate)
      .field("rawEvent", h.rawEvent)
      .end()
      .take();
}

}  // namespace zertz
