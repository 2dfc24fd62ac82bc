// console.log formatted straight into one buffer. Node decides an object's
// layout only after formatting its entries (does everything fit 80 columns?
// did an entry break a line? how deep was the last nested object?), so the
// entries are written once in the multi-line layout, which is never shorter
// than the one-line layout, and compacted in place with memmove when they
// turn out to fit one line. Arrays grouped into columns are the one case
// that copies their entries once more. No string is allocated per entry.

#include "fpbench/core/print.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "inspect_detail.hpp"

namespace fpbench::core::fast {
namespace {

using detail::kBreakLength;

struct Entry {
  std::size_t begin;
  std::size_t end;
  bool multiline;
};

// Reused by every call on a thread, so that steady-state printing does not
// allocate.
struct Scratch {
  std::vector<Entry> entries;  // a stack: each open object owns a suffix
  std::string grouped;
  std::vector<std::size_t> widths;
  std::string line;
};

Scratch& scratch() {
  thread_local Scratch s;
  return s;
}

class LineFormatter {
 public:
  LineFormatter(std::string& out, Scratch& s) : out_(out), s_(s) {}

  // Appends the inspected value; returns whether it holds a newline.
  bool value(const Value& v, int recurse_times) {
    switch (v.kind()) {
      case Value::Kind::kNull:
        out_ += "null";
        return false;
      case Value::Kind::kUndefined:
        out_ += "undefined";
        return false;
      case Value::Kind::kBool:
        out_ += v.boolean() ? "true" : "false";
        return false;
      case Value::Kind::kNumber:
        detail::append_number(out_, v.number());
        return false;
      case Value::Kind::kString:
        return detail::append_string_value(out_, v.string(), indentation_);
      case Value::Kind::kArray:
      case Value::Kind::kObject:
        return container(v, recurse_times);
    }
    return false;
  }

 private:
  bool container(const Value& v, int recurse_times) {
    const bool is_array = v.kind() == Value::Kind::kArray;
    const char open = is_array ? '[' : '{';
    const char close = is_array ? ']' : '}';
    if (is_array ? v.array().empty() : v.object().empty()) {
      out_ += open;
      out_ += close;
      return false;
    }
    if (recurse_times > detail::kDepth) {
      out_ += is_array ? "[Array]" : "[Object]";
      return false;
    }
    recurse_times += 1;
    current_depth_ = recurse_times;
    const std::size_t start = out_.size();
    const std::size_t first = s_.entries.size();
    out_ += open;
    if (is_array) {
      const auto& items = v.array();
      const std::size_t len = std::min(detail::kMaxArrayLength, items.size());
      for (std::size_t i = 0; i < len; ++i) {
        begin_entry(i);
        const std::size_t begin = out_.size();
        const bool multiline = property(items[i], recurse_times);
        s_.entries.push_back({begin, out_.size(), multiline});
      }
      if (items.size() > len) {
        begin_entry(len);
        const std::size_t begin = out_.size();
        detail::append_remaining(out_, items.size() - len);
        s_.entries.push_back({begin, out_.size(), false});
      }
    } else {
      const auto& members = v.object();
      const std::vector<std::size_t> order = detail::js_key_order(members);
      for (std::size_t i = 0; i < members.size(); ++i) {
        const Member& m = members[order.empty() ? i : order[i]];
        begin_entry(i);
        const std::size_t begin = out_.size();
        detail::append_key(out_, m.key);
        out_ += ": ";
        const bool multiline = property(m.value, recurse_times);
        s_.entries.push_back({begin, out_.size(), multiline});
      }
    }
    out_ += '\n';
    out_.append(indentation_, ' ');
    out_ += close;
    const bool multiline =
        reduce(start, first, is_array ? &v.array() : nullptr, recurse_times);
    s_.entries.resize(first);
    return multiline;
  }

  // The multi-line separator in front of entry i: ",\n" and the indentation,
  // in one append while the indentation is that of a sane depth.
  void begin_entry(std::size_t i) {
    static constexpr char kSeparators[] =
        ",\n                                                  ";
    const std::size_t skip = i == 0 ? 1 : 0;
    const std::size_t length = 2 + indentation_ + 2 - skip;
    if (length + skip < sizeof kSeparators) {
      out_.append(kSeparators + skip, length);
    } else {
      if (i > 0) out_ += ',';
      out_ += '\n';
      out_.append(indentation_ + 2, ' ');
    }
  }

  bool property(const Value& v, int recurse_times) {
    if (v.kind() == Value::Kind::kUndefined) {
      out_ += "undefined";
      return false;
    }
    indentation_ += 2;
    const bool multiline = value(v, recurse_times);
    indentation_ -= 2;
    return multiline;
  }

  // reduceToSingleString on entries [first, end) of the stack, already laid
  // out multi-line from start. Returns whether the result is multi-line.
  bool reduce(std::size_t start, std::size_t first, const Value::Array* array,
              int recurse_times) {
    const std::size_t n = s_.entries.size() - first;
    if (array != nullptr && n > 6 && group(start, first, *array)) return true;
    if (current_depth_ - recurse_times >= detail::kCompact ||
        !fits_one_line(first, n))
      return true;
    char* data = out_.data();
    std::size_t w = start + 1;
    for (std::size_t i = 0; i < n; ++i) {
      const Entry& e = s_.entries[first + i];
      if (i > 0) data[w++] = ',';
      data[w++] = ' ';
      std::memmove(data + w, data + e.begin, e.end - e.begin);
      w += e.end - e.begin;
    }
    data[w++] = ' ';
    data[w++] = array != nullptr ? ']' : '}';
    out_.resize(w);
    return false;
  }

  // isBelowBreakLength, and no entry broke a line (both lead to the
  // multi-line layout, so either check may come first).
  bool fits_one_line(std::size_t first, std::size_t n) const {
    std::size_t total = n + n + indentation_ + 1 + 10;
    if (total + n > kBreakLength) return false;
    for (std::size_t i = 0; i < n; ++i) {
      const Entry& e = s_.entries[first + i];
      if (e.multiline) return false;
      const std::size_t bytes = e.end - e.begin;
      if (total + (bytes + 2) / 3 > kBreakLength)
        return false;  // UTF-16 units >= bytes / 3
      total +=
          detail::utf16_length(std::string_view(out_).substr(e.begin, bytes));
      if (total > kBreakLength) return false;
    }
    return true;
  }

  // groupArrayElements; rewrites the array from start when it groups.
  bool group(std::size_t start, std::size_t first, const Value::Array& array) {
    const std::size_t n = s_.entries.size() - first;
    const std::size_t output_length = detail::kMaxArrayLength < n ? n - 1 : n;
    std::vector<std::size_t>& widths = s_.widths;
    widths.clear();
    std::size_t total_length = 0;
    std::size_t max_length = 0;
    for (std::size_t i = 0; i < output_length; ++i) {
      const Entry& e = s_.entries[first + i];
      const std::size_t len = detail::display_width(
          std::string_view(out_).substr(e.begin, e.end - e.begin));
      // One entry too wide for three columns rules grouping out already.
      if ((len + 2) * 3 + indentation_ >= kBreakLength) return false;
      widths.push_back(len);
      total_length += len + 2;
      max_length = std::max(max_length, len);
    }
    const std::size_t actual_max = max_length + 2;
    const auto max_d = static_cast<double>(actual_max);
    if (!(static_cast<double>(total_length) / max_d > 5 || max_length <= 6))
      return false;
    const double average_bias = std::sqrt(
        max_d - static_cast<double>(total_length) / static_cast<double>(n));
    const double biased_max = std::max(max_d - 3 - average_bias, 1.0);
    const double columns_d = std::min(
        {std::floor(
             std::sqrt(2.5 * biased_max * static_cast<double>(output_length)) /
                 biased_max +
             0.5),
         std::floor(static_cast<double>(kBreakLength - indentation_) / max_d),
         static_cast<double>(detail::kCompact * 4), 15.0});
    if (columns_d <= 1) return false;
    const auto columns = static_cast<std::size_t>(columns_d);
    std::size_t max_line_length[15] = {};
    for (std::size_t j = 0; j < output_length; ++j) {
      max_line_length[j % columns] =
          std::max(max_line_length[j % columns], widths[j] + 2);
    }
    bool pad_start = true;
    for (std::size_t i = 0; i < n && pad_start; ++i) {
      pad_start = i < array.size() && array[i].kind() == Value::Kind::kNumber;
    }

    // Entries move to the side; the array is written again from start.
    std::string& saved = s_.grouped;
    saved.assign(out_, start, std::string::npos);
    const auto text = [&](std::size_t i) {
      const Entry& e = s_.entries[first + i];
      return std::string_view(saved).substr(e.begin - start, e.end - e.begin);
    };
    out_.resize(start);
    out_ += '[';
    for (std::size_t i = 0; i < output_length; i += columns) {
      begin_entry(i);
      const std::size_t max = std::min(i + columns, output_length);
      for (std::size_t j = i; j < max; ++j) {
        const std::size_t spaces = max_line_length[j - i] - widths[j] - 2;
        const bool last = j + 1 == max;
        if (pad_start) out_.append(spaces, ' ');
        out_ += text(j);
        if (!last) out_ += ", ";
        if (!pad_start && !last) out_.append(spaces, ' ');
      }
    }
    if (output_length < n) {
      begin_entry(1);
      out_ += text(output_length);
    }
    out_ += '\n';
    out_.append(indentation_, ' ');
    out_ += ']';
    return true;
  }

  std::string& out_;
  Scratch& s_;
  std::size_t indentation_ = 0;
  int current_depth_ = 0;
};

}  // namespace

void format_line(const Value& value, std::string& out) {
  if (value.kind() == Value::Kind::kString) {
    out += value.string();
  } else {
    LineFormatter(out, scratch()).value(value, 0);
  }
  out += '\n';
}

Result<void> print(int fd, const Value& value) {
  std::string& line = scratch().line;
  line.clear();
  format_line(value, line);
  Result<void> written = floor::print_bytes(fd, line);
  // One huge value should not pin its buffer for the life of the thread.
  if (line.capacity() > (std::size_t{1} << 20)) std::string().swap(line);
  return written;
}

}  // namespace fpbench::core::fast
