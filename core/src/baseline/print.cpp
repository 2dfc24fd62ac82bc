// console.log the way Node runs it. inspect() keeps the structure of
// lib/internal/util/inspect.js on purpose (a list of entry strings per
// object, grouped, measured and joined), so that a reader can hold it next to
// the JavaScript. Console.log formats into a fresh string with it, appends
// "\n" and writes it to a Writable stream with a temporary no-op 'error'
// listener attached; the stream turns the string into a buffer, runs it
// through its write state machine (write in flight → buffer; done →
// callback, drain) and its _write hands the bytes to the descriptor. Kept
// deliberately unoptimised: it is the reference the fast path is tested and
// measured against, layer for layer.

#include "fpbench/core/print.hpp"

#include <algorithm>
#include <cmath>
#include <deque>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "fpbench/core/inspect.hpp"
#include "inspect_detail.hpp"

namespace fpbench::core {
namespace {

using detail::kBreakLength;
using detail::utf16_length;

std::string join(const std::vector<std::string>& parts,
                 std::string_view separator) {
  std::string out;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    if (i > 0) out += separator;
    out += parts[i];
  }
  return out;
}

// The ctx of inspect.js with console.log's options; the names follow it.
class Inspector {
 public:
  std::string format_value(const Value& value, int recurse_times) {
    std::string out;
    switch (value.kind()) {
      case Value::Kind::kNull:
        return "null";
      case Value::Kind::kUndefined:
        return "undefined";
      case Value::Kind::kBool:
        return value.boolean() ? "true" : "false";
      case Value::Kind::kNumber:
        detail::append_number(out, value.number());
        return out;
      case Value::Kind::kString:
        detail::append_string_value(out, value.string(), indentation_lvl_);
        return out;
      case Value::Kind::kArray:
      case Value::Kind::kObject:
        return format_raw(value, recurse_times);
    }
    return out;
  }

 private:
  std::string format_raw(const Value& value, int recurse_times) {
    const bool is_array = value.kind() == Value::Kind::kArray;
    if (is_array ? value.array().empty() : value.object().empty())
      return is_array ? "[]" : "{}";
    if (recurse_times > detail::kDepth)
      return is_array ? "[Array]" : "[Object]";
    recurse_times += 1;
    current_depth_ = recurse_times;
    std::vector<std::string> output;
    if (is_array) {
      const auto& items = value.array();
      const std::size_t len = std::min(detail::kMaxArrayLength, items.size());
      for (std::size_t i = 0; i < len; ++i)
        output.push_back(format_property(items[i], recurse_times));
      if (items.size() > len) {
        output.emplace_back();
        detail::append_remaining(output.back(), items.size() - len);
      }
    } else {
      const auto& members = value.object();
      const std::vector<std::size_t> order = detail::js_key_order(members);
      for (std::size_t i = 0; i < members.size(); ++i) {
        const Member& m = members[order.empty() ? i : order[i]];
        std::string name;
        detail::append_key(name, m.key);
        output.push_back(name + ": " + format_property(m.value, recurse_times));
      }
    }
    return reduce_to_single_string(std::move(output), is_array ? "[" : "{",
                                   is_array ? "]" : "}", is_array,
                                   recurse_times, value);
  }

  std::string format_property(const Value& value, int recurse_times) {
    if (value.kind() == Value::Kind::kUndefined) return "undefined";
    indentation_lvl_ += 2;
    std::string str = format_value(value, recurse_times);
    indentation_lvl_ -= 2;
    return str;
  }

  bool is_below_break_length(const std::vector<std::string>& output,
                             std::size_t start) const {
    std::size_t total_length = output.size() + start;
    if (total_length + output.size() > kBreakLength) return false;
    for (const std::string& entry : output) {
      total_length += utf16_length(entry);
      if (total_length > kBreakLength) return false;
    }
    return true;
  }

  std::string reduce_to_single_string(std::vector<std::string> output,
                                      std::string_view open,
                                      std::string_view close, bool is_array,
                                      int recurse_times, const Value& value) {
    const std::size_t entries = output.size();
    if (is_array && entries > 6)
      output = group_array_elements(std::move(output), value.array());
    if (current_depth_ - recurse_times < detail::kCompact &&
        entries == output.size()) {
      const std::size_t start =
          output.size() + indentation_lvl_ + open.size() + 10;
      if (is_below_break_length(output, start)) {
        const std::string joined = join(output, ", ");
        if (joined.find('\n') == std::string::npos) {
          return std::string(open) + " " + joined + " " + std::string(close);
        }
      }
    }
    const std::string indentation = "\n" + std::string(indentation_lvl_, ' ');
    return std::string(open) + indentation + "  " +
           join(output, "," + indentation + "  ") + indentation +
           std::string(close);
  }

  std::vector<std::string> group_array_elements(
      std::vector<std::string> output, const Value::Array& value) const {
    std::size_t total_length = 0;
    std::size_t max_length = 0;
    std::size_t output_length = output.size();
    if (detail::kMaxArrayLength < output.size())
      output_length--;  // "... more items"
    const std::size_t separator_space = 2;
    std::vector<std::size_t> data_len(output_length);
    for (std::size_t i = 0; i < output_length; ++i) {
      const std::size_t len = detail::display_width(output[i]);
      data_len[i] = len;
      total_length += len + separator_space;
      max_length = std::max(max_length, len);
    }
    const std::size_t actual_max = max_length + separator_space;
    const auto max_d = static_cast<double>(actual_max);
    if (actual_max * 3 + indentation_lvl_ < kBreakLength &&
        (static_cast<double>(total_length) / max_d > 5 || max_length <= 6)) {
      const double average_bias =
          std::sqrt(max_d - static_cast<double>(total_length) /
                                static_cast<double>(output.size()));
      const double biased_max = std::max(max_d - 3 - average_bias, 1.0);
      const double columns_d = std::min(
          {std::floor(std::sqrt(2.5 * biased_max *
                                static_cast<double>(output_length)) /
                          biased_max +
                      0.5),  // Math.round
           std::floor(static_cast<double>(kBreakLength - indentation_lvl_) /
                      max_d),
           static_cast<double>(detail::kCompact * 4), 15.0});
      if (columns_d <= 1) return output;
      const auto columns = static_cast<std::size_t>(columns_d);
      std::vector<std::size_t> max_line_length;
      for (std::size_t i = 0; i < columns; ++i) {
        std::size_t line_max_length = 0;
        for (std::size_t j = i; j < output_length; j += columns) {
          line_max_length = std::max(line_max_length, data_len[j]);
        }
        max_line_length.push_back(line_max_length + separator_space);
      }
      bool pad_start = true;  // numbers line up right, anything else left
      for (std::size_t i = 0; i < output.size(); ++i) {
        if (i >= value.size() || value[i].kind() != Value::Kind::kNumber)
          pad_start = false;
      }
      const auto pad = [pad_start](std::string s, std::size_t target) {
        const std::size_t length = utf16_length(s);
        if (length >= target) return s;
        return pad_start ? std::string(target - length, ' ') + s
                         : s + std::string(target - length, ' ');
      };
      std::vector<std::string> tmp;
      for (std::size_t i = 0; i < output_length; i += columns) {
        const std::size_t max = std::min(i + columns, output_length);
        std::string str;
        std::size_t j = i;
        for (; j < max - 1; ++j) {
          const std::size_t padding =
              max_line_length[j - i] + utf16_length(output[j]) - data_len[j];
          str += pad(output[j] + ", ", padding);
        }
        if (pad_start) {
          const std::size_t padding = max_line_length[j - i] +
                                      utf16_length(output[j]) - data_len[j] -
                                      separator_space;
          str += pad(output[j], padding);
        } else {
          str += output[j];
        }
        tmp.push_back(std::move(str));
      }
      if (detail::kMaxArrayLength < output.size())
        tmp.push_back(output[output_length]);
      output = std::move(tmp);
    }
    return output;
  }

  std::size_t indentation_lvl_ = 0;
  int current_depth_ = 0;
};

}  // namespace

std::string inspect(const Value& value) {
  return Inspector().format_value(value, 0);
}

std::string log_line(const Value& value) {
  std::string line =
      value.kind() == Value::Kind::kString ? value.string() : inspect(value);
  line += '\n';
  return line;
}

namespace baseline {
namespace {

// lib/internal/streams/writable.js, reduced to what console.log exercises.
class WritableStream {
 public:
  using Callback = std::function<void(const FsError*)>;
  using ErrorListener = std::function<void(const FsError&)>;

  explicit WritableStream(int fd) : fd_(fd) {}

  // Writable.prototype.write: false once the buffered bytes reach the
  // high-water mark (the caller should wait for 'drain').
  bool write(std::string_view chunk, Callback callback) {
    if (ended_ || destroyed_) {
      const FsError error =
          coded_error(ErrorKind::kIo, "ERR_STREAM_DESTROYED",
                      "Cannot call write after a stream was destroyed");
      callback(&error);
      return false;
    }
    // decodeStrings: the chunk becomes a Buffer of its own.
    std::vector<char> buffer(chunk.begin(), chunk.end());
    return write_or_buffer(std::move(buffer), std::move(callback));
  }

  std::size_t listener_count() const { return error_listeners_.size(); }
  std::size_t on_error(ErrorListener listener) {
    error_listeners_.emplace_back(next_listener_id_, std::move(listener));
    return next_listener_id_++;
  }
  void remove_listener(std::size_t id) {
    std::erase_if(error_listeners_,
                  [id](const auto& l) { return l.first == id; });
  }

 private:
  struct Pending {
    std::vector<char> bytes;
    Callback callback;
  };

  bool write_or_buffer(std::vector<char> bytes, Callback callback) {
    length_ += bytes.size();
    const bool below_high_water_mark = length_ < kHighWaterMark;
    if (!below_high_water_mark) need_drain_ = true;
    if (writing_ || corked_ || errored_) {
      buffered_.push_back({std::move(bytes), std::move(callback)});
    } else {
      Pending chunk{std::move(bytes), std::move(callback)};
      do_write(chunk);
    }
    return below_high_water_mark && !errored_ && !destroyed_;
  }

  void do_write(Pending& chunk) {
    writing_ = true;
    sync_ = true;
    write_length_ = chunk.bytes.size();
    // _write of a stdio stream: the bytes go to the descriptor now.
    const Result<void> written = floor::print_bytes(
        fd_, std::string_view(chunk.bytes.data(), chunk.bytes.size()));
    on_write(written, chunk.callback);
    sync_ = false;
  }

  void on_write(const Result<void>& written, const Callback& callback) {
    writing_ = false;
    length_ -= write_length_;
    write_length_ = 0;
    if (!written) {
      errored_ = true;
      callback(&written.error());
      for (auto& [id, listener] : std::vector(error_listeners_))
        listener(written.error());
      return;
    }
    if (!buffered_.empty()) clear_buffer();
    after_write(callback);
  }

  void after_write(const Callback& callback) {
    if (need_drain_ && length_ == 0) need_drain_ = false;  // would emit 'drain'
    ++pending_callbacks_;
    callback(nullptr);
    --pending_callbacks_;
  }

  void clear_buffer() {
    while (!buffered_.empty() && !writing_ && !errored_) {
      Pending chunk = std::move(buffered_.front());
      buffered_.pop_front();
      do_write(chunk);
    }
  }

  static constexpr std::size_t kHighWaterMark = 16384;
  int fd_;
  std::size_t length_ = 0;
  std::size_t write_length_ = 0;
  std::size_t pending_callbacks_ = 0;
  bool writing_ = false;
  bool corked_ = false;
  bool sync_ = false;
  bool need_drain_ = false;
  bool errored_ = false;
  bool ended_ = false;
  bool destroyed_ = false;
  std::deque<Pending> buffered_;
  std::vector<std::pair<std::size_t, ErrorListener>> error_listeners_;
  std::size_t next_listener_id_ = 0;
};

// lib/internal/console/constructor.js: log → kFormatForStdout →
// kWriteToConsole.
class Console {
 public:
  explicit Console(WritableStream& stdout_stream) : stdout_(stdout_stream) {}

  Result<void> log(const Value& value) {
    return write_to_console(format_with_options(value));
  }

 private:
  // formatWithOptionsInternal for one argument: a string is printed as it
  // is, anything else inspected.
  static std::string format_with_options(const Value& value) {
    if (value.kind() == Value::Kind::kString) return value.string();
    return inspect(value);
  }

  Result<void> write_to_console(std::string string) {
    if (!group_indent_.empty()) string = group_indent_ + string;
    string += '\n';
    std::optional<FsError> failure;
    // Catch synchronous errors with a no-op listener, as Node does.
    std::optional<std::size_t> noop;
    if (stdout_.listener_count() == 0)
      noop = stdout_.on_error([](const FsError&) {});
    stdout_.write(string, [&failure](const FsError* error) {
      if (error != nullptr) failure = *error;
    });
    if (noop) stdout_.remove_listener(*noop);
    if (failure) return *failure;
    return {};
  }

  WritableStream& stdout_;
  std::string group_indent_;
};

}  // namespace

Result<void> print(int fd, const Value& value) {
  WritableStream stream(fd);
  Console console(stream);
  return console.log(value);
}

}  // namespace baseline
}  // namespace fpbench::core
