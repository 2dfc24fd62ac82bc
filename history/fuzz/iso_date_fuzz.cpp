// libFuzzer target: history::normalize_iso8601, the parser of --date, against
// properties rather than for crashes alone. The first byte picks a mode:
//
// - even: the bytes are fields (year, month, day, time, fraction, offset)
//   written out as a date; the result must be exactly the instant computed
//   here with civil-calendar arithmetic (no timegm), and an error exactly
//   when a field is out of range or the instant leaves 0001..9999 in UTC.
// - odd: the bytes are text, split at the first newline into two dates.
//   Whatever parses must come out as "YYYY-MM-DDTHH:MM:SSZ" within the
//   years 0001..9999, parse again to itself, and compare bytewise as the
//   two instants compare (the store orders runs by that text); whatever
//   does not parse must be a usage error saying so.
//
//   bash ci/fuzz.sh iso_date 600         # builds, then fuzzes for 10 minutes
//   build-fuzz/ci/fpbench_iso_date_fuzz -max_total_time=600
//   history/fuzz/iso_date_corpus

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>

#include "fpbench/history/history_store.hpp"

namespace {

using fpbench::history::normalize_iso8601;

[[noreturn]] void fail(const std::string& what) {
  std::fprintf(stderr, "iso_date_fuzz: %s\n", what.c_str());
  std::abort();
}

// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant,
// "chrono-Compatible Low-Level Date Algorithms").
std::int64_t days_from_civil(std::int64_t y, unsigned m, unsigned d) {
  y -= m <= 2;
  const std::int64_t era = (y >= 0 ? y : y - 399) / 400;
  const auto yoe = static_cast<unsigned>(y - era * 400);
  const unsigned doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
  const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + static_cast<std::int64_t>(doe) - 719468;
}

struct Civil {
  std::int64_t year;
  unsigned month, day;
};

Civil civil_from_days(std::int64_t z) {
  z += 719468;
  const std::int64_t era = (z >= 0 ? z : z - 146096) / 146097;
  const auto doe = static_cast<unsigned>(z - era * 146097);
  const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const unsigned mp = (5 * doy + 2) / 153;
  const unsigned d = doy - (153 * mp + 2) / 5 + 1;
  const unsigned m = mp < 10 ? mp + 3 : mp - 9;
  return {static_cast<std::int64_t>(yoe) + era * 400 + (m <= 2), m, d};
}

std::string format_instant(std::int64_t t) {
  std::int64_t days = t / 86400, secs = t % 86400;
  if (secs < 0) {
    secs += 86400;
    --days;
  }
  const Civil c = civil_from_days(days);
  char buf[64];
  std::snprintf(buf, sizeof buf, "%04lld-%02u-%02uT%02lld:%02lld:%02lldZ",
                static_cast<long long>(c.year), c.month, c.day,
                static_cast<long long>(secs / 3600),
                static_cast<long long>(secs / 60 % 60),
                static_cast<long long>(secs % 60));
  return buf;
}

const std::int64_t kFirst = days_from_civil(1, 1, 1) * 86400;
const std::int64_t kLast = days_from_civil(9999, 12, 31) * 86400 + 86399;

bool leap(std::int64_t y) {
  return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
}

unsigned days_in_month(std::int64_t y, unsigned m) {
  constexpr unsigned kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  return m == 2 && leap(y) ? 29 : kDays[m - 1];
}

// The instant of a normalised date, read back with the arithmetic above.
std::int64_t instant_of(const std::string& s) {
  auto num = [&](std::size_t at, std::size_t n) {
    std::int64_t v = 0;
    for (std::size_t i = at; i < at + n; ++i) v = v * 10 + (s[i] - '0');
    return v;
  };
  return days_from_civil(num(0, 4), static_cast<unsigned>(num(5, 2)),
                         static_cast<unsigned>(num(8, 2))) *
             86400 +
         num(11, 2) * 3600 + num(14, 2) * 60 + num(17, 2);
}

void check_normal_form(const std::string& in, const std::string& out) {
  static constexpr std::string_view kShape = "dddd-dd-ddTdd:dd:ddZ";
  bool shaped = out.size() == kShape.size();
  for (std::size_t i = 0; shaped && i < kShape.size(); ++i) {
    shaped =
        kShape[i] == 'd' ? out[i] >= '0' && out[i] <= '9' : out[i] == kShape[i];
  }
  if (!shaped) fail("'" + in + "' -> '" + out + "': not YYYY-MM-DDTHH:MM:SSZ");
  const std::int64_t t = instant_of(out);
  if (t < kFirst || t > kLast)
    fail("'" + in + "' -> '" + out + "': outside 0001..9999");
  if (format_instant(t) != out)
    fail("'" + in + "' -> '" + out + "': not a real date and time");
  auto again = normalize_iso8601(out);
  if (!again || *again != out) {
    fail("'" + in + "' -> '" + out + "' does not parse again to itself: " +
         (again ? *again : again.error().message));
  }
}

std::optional<std::string> parse_checked(std::string_view text) {
  auto out = normalize_iso8601(text);
  if (!out) {
    if (out.error().kind != fpbench::ErrorKind::kUsage ||
        out.error().message.find("is not an ISO 8601 date") ==
            std::string::npos) {
      fail("'" + std::string(text) + "': unexpected error " +
           out.error().message);
    }
    return std::nullopt;
  }
  check_normal_form(std::string(text), *out);
  return *out;
}

void text_mode(std::string_view text) {
  const std::size_t newline = text.find('\n');
  const auto a = parse_checked(text.substr(0, newline));
  if (newline == std::string_view::npos) return;
  const auto b = parse_checked(text.substr(newline + 1));
  if (!a || !b) return;
  const std::int64_t ta = instant_of(*a), tb = instant_of(*b);
  if ((*a < *b) != (ta < tb) || (*a == *b) != (ta == tb)) {
    fail("'" + *a + "' and '" + *b + "' compare unlike their instants");
  }
}

class Fields {
 public:
  Fields(const std::uint8_t* data, std::size_t size)
      : data_(data), size_(size) {}
  unsigned next(unsigned modulo) {
    unsigned v = 0;
    if (at_ < size_) v = data_[at_++];
    if (at_ < size_) v = v << 8 | data_[at_++];
    return v % modulo;
  }

 private:
  const std::uint8_t* data_;
  std::size_t size_;
  std::size_t at_ = 0;
};

void fields_mode(const std::uint8_t* data, std::size_t size) {
  Fields f(data, size);
  char buf[96];
  const unsigned year = f.next(10000), month = f.next(14), day = f.next(33);
  std::snprintf(buf, sizeof buf, "%04u-%02u-%02u", year, month, day);
  std::string text = buf;
  bool valid = year >= 1 && month >= 1 && month <= 12 && day >= 1 &&
               day <= days_in_month(year, month);
  std::int64_t t = valid ? days_from_civil(year, month, day) * 86400 : 0;
  if (f.next(2) == 1) {
    const unsigned hour = f.next(25), minute = f.next(61), shape = f.next(4);
    std::snprintf(buf, sizeof buf, "%c%02u:%02u", f.next(2) == 0 ? 'T' : ' ',
                  hour, minute);
    text += buf;
    unsigned second = 0;
    if (shape >= 1) {
      second = f.next(62);
      std::snprintf(buf, sizeof buf, ":%02u", second);
      text += buf;
      if (shape >= 2)
        text += (shape == 2 ? "." : ",") + std::string(1 + f.next(9), '7');
    }
    valid = valid && hour <= 23 && minute <= 59 && second <= 60;
    t += hour * 3600 + minute * 60 + second;
    const unsigned offset = f.next(5);  // none, Z, +HH:MM, -HH:MM, +HHMM
    if (offset == 1) text += 'Z';
    if (offset >= 2) {
      const unsigned oh = f.next(25), om = f.next(61);
      std::snprintf(buf, sizeof buf, offset == 4 ? "%c%02u%02u" : "%c%02u:%02u",
                    offset == 3 ? '-' : '+', oh, om);
      text += buf;
      valid = valid && oh <= 23 && om <= 59;
      t -= (offset == 3 ? -1 : 1) *
           static_cast<std::int64_t>(oh * 3600 + om * 60);
    }
  }
  valid = valid && t >= kFirst && t <= kLast;
  const auto out = parse_checked(text);
  if (out.has_value() != valid) {
    fail("'" + text +
         "': " + (out ? "accepted as " + *out : std::string("refused")) +
         ", expected " + (valid ? format_instant(t) : std::string("an error")));
  }
  if (out && *out != format_instant(t)) {
    fail("'" + text + "' -> '" + *out + "', expected '" + format_instant(t) +
         "'");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data,
                                      std::size_t size) {
  if (size == 0) return 0;
  if (data[0] % 2 == 0) {
    fields_mode(data + 1, size - 1);
  } else {
    text_mode(
        std::string_view(reinterpret_cast<const char*>(data + 1), size - 1));
  }
  return 0;
}
