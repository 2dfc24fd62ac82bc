// writeFileSync / appendFileSync in one step: text that is already in its
// final encoding (one-byte ASCII as utf8, one-byte as latin1 or ascii) is
// written from the string's own memory; anything else is encoded straight
// into a buffer that is kept for the next call. A file replaced by path is
// written over rather than truncated first (detail::overwrite_bytes).

#include "fpbench/core/fs.hpp"
#include "fpbench/core/transcode.hpp"
#include "fs_common.hpp"

namespace fpbench::core::fast {
namespace {

// Buffers larger than this are freed after the call instead of kept.
constexpr std::size_t kKeptBufferBytes = std::size_t{64} << 20;

// The bytes of data in encoding e: a view of the string itself when no
// conversion is needed, else a view of scratch after encoding into it.
std::string_view encoded_view(const JsString& data, Encoding e,
                              std::string& scratch) {
  if (data.is_one_byte()) {
    const std::string_view text = data.one_byte();
    if (e == Encoding::kLatin1 || e == Encoding::kAscii ||
        (e == Encoding::kUtf8 && is_ascii(text))) {
      return text;
    }
  }
  const std::size_t bound = max_encoded_length(data, e);
  if (scratch.size() < bound) scratch.resize(bound);
  const std::size_t n = encode_into(data, e, scratch);
  return std::string_view(scratch.data(), n);
}

enum class Mode { kReplace, kAppend };  // writeFileSync, appendFileSync

Result<void> write_in_mode(const PathOrFd& file, std::string_view bytes,
                           const WriteOptions& options, Mode mode) {
  if (mode == Mode::kReplace)
    return detail::overwrite_bytes(file, bytes, options);
  return detail::write_bytes(file, bytes, options, "a");
}

Result<void> write_text(const PathOrFd& file, const JsString& data,
                        const WriteOptions& options, Mode mode) {
  thread_local std::string scratch;
  Result<void> result = write_in_mode(
      file, encoded_view(data, options.encoding, scratch), options, mode);
  if (scratch.size() > kKeptBufferBytes) std::string().swap(scratch);
  return result;
}

}  // namespace

Result<void> write_file_sync(const PathOrFd& file, std::string_view bytes,
                             const WriteOptions& options) {
  return detail::overwrite_bytes(file, bytes, options);
}

Result<void> write_file_sync(const PathOrFd& file, const JsString& data,
                             const WriteOptions& options) {
  return write_text(file, data, options, Mode::kReplace);
}

Result<void> append_file_sync(const PathOrFd& file, std::string_view bytes,
                              const WriteOptions& options) {
  return detail::write_bytes(file, bytes, options, "a");
}

Result<void> append_file_sync(const PathOrFd& file, const JsString& data,
                              const WriteOptions& options) {
  return write_text(file, data, options, Mode::kAppend);
}

}  // namespace fpbench::core::fast
