#include "fpbench/reports/sample_csv.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <string>

#include "csv_scan.hpp"
#include "fpbench/base/try.hpp"
#include "fpbench/reports/sample_value.hpp"

namespace fpbench::reports {
namespace {

constexpr std::size_t kColumns = 5;
constexpr std::array<std::string_view, kColumns> kHeader = {
    "binary", "filename", "configuration", "rate", "time"};
constexpr std::string_view kHeaderLine =
    R"("binary","filename","configuration","rate","time")";

// Splits the text into records of fields, R's read.csv way: a field is any
// mix of unquoted text and quoted sections; a quoted section ends at a lone
// quote, and "" inside it is one quote character.
class RecordReader {
 public:
  explicit RecordReader(std::string_view text) : text_(text) {}

  enum class Status { kRecord, kEnd, kUnterminatedQuote };

  // Reads the next record that is not a blank line. Fields past the fifth
  // are counted, not kept. The views stay valid until the next call.
  Status next() {
    while (pos_ < text_.size()) {
      record_line_ = line_;
      field_count_ = 0;
      saw_quote_ = false;
      for (;;) {
        if (!read_field()) return Status::kUnterminatedQuote;
        if (pos_ == text_.size() || text_[pos_] == '\n') break;
        ++pos_;  // the comma
      }
      if (pos_ < text_.size()) {  // the newline
        ++pos_;
        ++line_;
      }
      const bool blank = field_count_ == 1 && fields_[0].empty() && !saw_quote_;
      if (!blank) return Status::kRecord;
    }
    return Status::kEnd;
  }

  [[nodiscard]] std::size_t line() const { return record_line_; }
  [[nodiscard]] std::size_t field_count() const { return field_count_; }
  [[nodiscard]] std::string_view field(std::size_t i) const {
    return fields_[i];
  }

 private:
  // Appends pieces of one field: the first is kept as a view into the text,
  // a second one moves the field into a scratch string.
  class FieldBuilder {
   public:
    explicit FieldBuilder(std::string& scratch) : scratch_(scratch) {}
    void add(std::string_view piece) {
      if (pieces_++ == 0) {
        view_ = piece;
        return;
      }
      if (pieces_ == 2) scratch_.assign(view_);
      scratch_.append(piece);
    }
    [[nodiscard]] std::string_view get() const {
      return pieces_ > 1 ? std::string_view(scratch_) : view_;
    }

   private:
    std::string& scratch_;
    std::string_view view_;
    int pieces_ = 0;
  };

  // Reads one field up to, not past, the next comma, newline or end.
  bool read_field() {
    const std::size_t index = std::min(field_count_, kColumns);
    ++field_count_;
    FieldBuilder field(scratch_[index]);
    while (pos_ < text_.size()) {
      const char c = text_[pos_];
      if (c == ',' || c == '\n') break;
      if (c == '"') {
        if (!read_quoted(field)) return false;
        continue;
      }
      const std::size_t end = find_special(pos_);
      std::string_view piece = text_.substr(pos_, end - pos_);
      pos_ = end;
      if ((pos_ == text_.size() || text_[pos_] == '\n') && !piece.empty() &&
          piece.back() == '\r') {
        piece.remove_suffix(1);  // CRLF line ending
      }
      field.add(piece);
    }
    if (index < kColumns) fields_[index] = field.get();
    return true;
  }

  // Position of the next comma, newline or quote at or after `from`, or the
  // end of the text.
  [[nodiscard]] std::size_t find_special(std::size_t from) const {
    const char* const base = text_.data();
    return static_cast<std::size_t>(detail::find_first_of3(base + from,
                                                           base + text_.size(),
                                                           ',', '\n', '"') -
                                    base);
  }

  // At an opening quote: consumes the quoted section and its closing quote.
  // Inside, "" is one quote, and CRLF and a lone CR become LF as R reads
  // them; every line end counts for the line numbers of later messages.
  bool read_quoted(FieldBuilder& field) {
    saw_quote_ = true;
    const char* const base = text_.data();
    const char* const end = base + text_.size();
    const char* start = base + pos_ + 1;
    const char* p = start;
    for (;;) {
      p = detail::find_first_of3(p, end, '"', '\n', '\r');
      if (p == end) return false;
      if (*p == '\n') {
        ++line_;
        ++p;
        continue;
      }
      field.add(piece(start, p));
      if (*p == '\r') {
        field.add("\n");
        ++line_;
        p += p + 1 != end && p[1] == '\n' ? 2 : 1;
      } else if (++p == end || *p != '"') {
        pos_ = static_cast<std::size_t>(p - base);
        return true;
      } else {
        field.add("\"");  // "" stands for one quote
        ++p;
      }
      start = p;
    }
  }

  static std::string_view piece(const char* from, const char* to) {
    return {from, static_cast<std::size_t>(to - from)};
  }

  std::string_view text_;
  std::size_t pos_ = 0;
  std::size_t line_ = 1;
  std::size_t record_line_ = 1;
  std::size_t field_count_ = 0;
  bool saw_quote_ = false;
  std::array<std::string_view, kColumns> fields_{};
  std::array<std::string, kColumns + 1> scratch_;
};

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

// A loop, not find_first_not_of: that one calls memchr for every character.
std::string_view trim(std::string_view s) {
  while (!s.empty() && is_blank(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_blank(s.back())) s.remove_suffix(1);
  return s;
}

// A decimal number, with the surrounding blanks and leading '+' that R's
// as.numeric accepts. Whether it is a usable value is check_rate's question.
bool parse_number(std::string_view text, double& out) {
  std::string_view s = trim(text);
  if (!s.empty() && s.front() == '+') s.remove_prefix(1);
  if (s.empty()) return false;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc() && end == s.data() + s.size();
}

bool is_header(const RecordReader& r) {
  if (r.field_count() != kColumns) return false;
  for (std::size_t i = 0; i < kColumns; ++i) {
    if (trim(r.field(i)) != kHeader[i]) return false;
  }
  return true;
}

Error bad_input(std::string_view source, std::size_t line,
                std::string_view what) {
  return bad_input_error(fmt::format("{}:{}: {}", source, line, what));
}

// Shows a field in a message: quoted, with control characters made visible
// and long values cut.
std::string shown(std::string_view field) {
  std::string out = "'";
  for (char c : field.substr(0, 60)) {
    if (static_cast<unsigned char>(c) < 0x20) {
      out += fmt::format("\\x{:02x}", static_cast<unsigned char>(c));
    } else {
      out += c;
    }
  }
  return out + (field.size() > 60 ? "...'" : "'");
}

std::string quoted(std::string_view s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

}  // namespace

namespace {

// One row as parsed: views into the input, valid during the callback.
struct RowView {
  Binary binary;
  std::string_view filename;
  std::string_view configuration;
  double rate;
  double time;
};

// Every sample row in order, through `row`; the header is checked, and a
// header line repeated further down (shards' files joined with cat) is
// skipped.
template <typename OnRow>
Result<void> parse_rows(std::string_view text, std::string_view source_name,
                        const OnRow& row) {
  // A byte-order mark, as spreadsheet programs write it, is not part of the
  // header's first field.
  if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
  RecordReader reader(text);
  using Status = RecordReader::Status;
  auto unterminated = [&] {
    return bad_input(source_name, reader.line(),
                     "unterminated quoted field (a '\"' is never closed)");
  };
  Status status = reader.next();
  if (status == Status::kEnd) {
    return bad_input_error(
        fmt::format("{}: empty input: expected a compare.js CSV "
                    "starting with the header {}",
                    source_name, kHeaderLine));
  }
  if (status == Status::kUnterminatedQuote) return unterminated();
  if (!is_header(reader)) {
    return bad_input(source_name, reader.line(),
                     fmt::format("missing header: expected {}", kHeaderLine));
  }

  std::size_t rows = 0;
  while ((status = reader.next()) != Status::kEnd) {
    if (status == Status::kUnterminatedQuote) return unterminated();
    if (is_header(reader)) continue;
    const std::size_t line = reader.line();
    if (reader.field_count() != kColumns) {
      return bad_input(
          source_name, line,
          fmt::format("expected 5 fields (binary, filename, configuration, "
                      "rate, time), found {}",
                      reader.field_count()));
    }
    Binary binary = Binary::kOld;
    if (reader.field(0) == "new") {
      binary = Binary::kNew;
    } else if (reader.field(0) != "old") {
      return bad_input(source_name, line,
                       fmt::format("unknown binary {}: expected 'old' or 'new'",
                                   shown(reader.field(0))));
    }
    double rate = 0;
    double time = 0;
    if (!parse_number(reader.field(3), rate)) {
      return bad_input(source_name, line,
                       fmt::format("rate {} is not a finite number",
                                   shown(reader.field(3))));
    }
    if (!parse_number(reader.field(4), time)) {
      return bad_input(source_name, line,
                       fmt::format("time {} is not a finite number",
                                   shown(reader.field(4))));
    }
    if (!std::isnormal(rate) || rate < 0 || !std::isnormal(time) || time < 0) {
      const std::string where = fmt::format("{}:{}", source_name, line);
      FPBENCH_TRY(check_rate(rate, where));
      FPBENCH_TRY(check_time(time, where));
    }
    row(RowView{binary, reader.field(1), reader.field(2), rate, time});
    ++rows;
  }
  if (rows == 0) {
    return Error(ErrorKind::kNoSamples,
                 fmt::format("{}: no samples: the input has a header and no "
                             "rows",
                             source_name));
  }
  return {};
}

}  // namespace

Result<SampleSet> parse_samples_csv(std::string_view text,
                                    std::string_view source_name) {
  SampleSet samples;
  FPBENCH_TRY(parse_rows(text, source_name, [&](const RowView& r) {
    samples.add(r.binary, r.filename, r.configuration, r.rate);
  }));
  return samples;
}

Result<std::vector<SampleCsvRow>> parse_sample_csv_rows(
    std::string_view text, std::string_view source_name) {
  std::vector<SampleCsvRow> rows;
  FPBENCH_TRY(parse_rows(text, source_name, [&](const RowView& r) {
    rows.push_back(SampleCsvRow{r.binary, std::string(r.filename),
                                std::string(r.configuration), r.rate, r.time});
  }));
  return rows;
}

std::string sample_csv_line(std::string_view binary, std::string_view filename,
                            std::string_view configuration,
                            double rate_ops_per_s, double time_s) {
  return fmt::format("{},{},{},{},{:.9f}\n", quoted(binary), quoted(filename),
                     quoted(configuration), rate_ops_per_s, time_s);
}

}  // namespace fpbench::reports
