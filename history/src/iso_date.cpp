// ISO 8601 dates for --date, normalised to UTC so that text order is time
// order in the store: the year has exactly four digits, which is why an
// instant outside 0001-01-01T00:00:00Z .. 9999-12-31T23:59:59Z (before or
// after the offset is applied) is refused rather than written as "10000-"
// or "0000-", which would sort before "2026-".

#include <fmt/format.h>

#include <ctime>

#include "fpbench/history/history_store.hpp"

namespace fpbench::history {
namespace {

class Cursor {
 public:
  explicit Cursor(std::string_view text) : text_(text) {}
  bool done() const { return pos_ == text_.size(); }
  bool peek(char c) const { return !done() && text_[pos_] == c; }
  bool take(char c) {
    if (!peek(c)) return false;
    ++pos_;
    return true;
  }
  // Exactly `digits` decimal digits.
  bool number(int digits, int& out) {
    out = 0;
    for (int i = 0; i < digits; ++i) {
      if (done() || text_[pos_] < '0' || text_[pos_] > '9') return false;
      out = out * 10 + (text_[pos_++] - '0');
    }
    return true;
  }
  bool digit_next() const {
    return !done() && text_[pos_] >= '0' && text_[pos_] <= '9';
  }
  void skip_digits() {
    while (digit_next()) ++pos_;
  }

 private:
  std::string_view text_;
  std::size_t pos_ = 0;
};

bool leap(int y) { return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0; }

int days_in_month(int y, int m) {
  constexpr int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  return m == 2 && leap(y) ? 29 : kDays[m - 1];
}

Error bad_date(std::string_view text, std::string_view why) {
  return usage_error(
      fmt::format("--date '{}' is not an ISO 8601 date ({}); expected e.g. "
                  "2026-11-30 or 2026-11-30T02:00:00Z",
                  text, why));
}

constexpr int kFirstYear = 1;
constexpr int kLastYear = 9999;

std::time_t utc_instant(int year, int month, int day, int hour, int minute,
                        int second) {
  std::tm tm{};
  tm.tm_year = year - 1900;
  tm.tm_mon = month - 1;
  tm.tm_mday = day;
  tm.tm_hour = hour;
  tm.tm_min = minute;
  tm.tm_sec = second;
  return timegm(&tm);
}

std::time_t first_instant() { return utc_instant(kFirstYear, 1, 1, 0, 0, 0); }
std::time_t last_instant() {
  return utc_instant(kLastYear, 12, 31, 23, 59, 59);
}

std::string format_utc(std::time_t t) {
  std::tm tm{};
  gmtime_r(&t, &tm);
  return fmt::format("{:04}-{:02}-{:02}T{:02}:{:02}:{:02}Z", tm.tm_year + 1900,
                     tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min,
                     tm.tm_sec);
}

}  // namespace

Result<std::string> normalize_iso8601(std::string_view text) {
  Cursor c(text);
  int year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0;
  if (!c.number(4, year) || !c.take('-') || !c.number(2, month) ||
      !c.take('-') || !c.number(2, day)) {
    return bad_date(text, "the date must be YYYY-MM-DD");
  }
  if (year < kFirstYear) return bad_date(text, "the year must be 0001 to 9999");
  if (month < 1 || month > 12) return bad_date(text, "no such month");
  if (day < 1 || day > days_in_month(year, month))
    return bad_date(text, "no such day");
  int offset_minutes = 0;
  if (!c.done()) {
    if (!c.take('T') && !c.take(' '))
      return bad_date(text, "a time must follow 'T'");
    if (!c.number(2, hour) || !c.take(':') || !c.number(2, minute)) {
      return bad_date(text, "the time must be HH:MM[:SS]");
    }
    if (c.take(':')) {
      if (!c.number(2, second))
        return bad_date(text, "the seconds must be two digits");
      if (c.take('.') || c.take(',')) {
        if (!c.digit_next())
          return bad_date(text, "empty fraction of a second");
        c.skip_digits();
      }
    }
    if (hour > 23 || minute > 59 || second > 60)
      return bad_date(text, "no such time");
    if (!c.take('Z') && (c.peek('+') || c.peek('-'))) {
      int sign = 1;
      if (c.take('-')) {
        sign = -1;
      } else {
        c.take('+');
      }
      int oh = 0, om = 0;
      if (!c.number(2, oh)) return bad_date(text, "the offset must be +HH:MM");
      c.take(':');
      if (!c.number(2, om) || oh > 23 || om > 59)
        return bad_date(text, "the offset must be +HH:MM");
      offset_minutes = sign * (oh * 60 + om);
    }
    if (!c.done()) return bad_date(text, "unexpected text after the time");
  }
  const std::time_t t = utc_instant(year, month, day, hour, minute, second) -
                        static_cast<std::time_t>(offset_minutes) * 60;
  if (t < first_instant() || t > last_instant()) {
    return bad_date(text, "in UTC it falls outside the years 0001 to 9999");
  }
  return format_utc(t);
}

std::string utc_now_iso8601() { return format_utc(std::time(nullptr)); }

}  // namespace fpbench::history
