// fs/write-file-sync and fs/read-file-sync: Node's writeFileSync and
// readFileSync benchmarks, over the baseline, fast and floor implementations.

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <random>
#include <string>
#include <vector>

#include "fixtures.hpp"
#include "fpbench/base/try.hpp"
#include "fpbench/core/encoding.hpp"
#include "fpbench/core/fs.hpp"
#include "fpbench/core/operations.hpp"
#include "fpbench/core/transcode.hpp"
#include "fpbench/scenarios/counters.hpp"
#include "fpbench/scenarios/registry.hpp"

namespace fpbench::scenarios {
namespace {

using core::Encoding;
using core::Implementation;
using core::JsString;

// A descriptor written again and again is rewound once this much has been
// written, so the file stays small; the cost is spread over many writes.
constexpr std::size_t kRewindBytes = std::size_t{64} << 20;

// length code units of text: 'ascii' is one-byte ASCII, 'two-byte' a UTF-16
// string mixing ASCII with 2- and 3-byte UTF-8 characters. For base64 the
// text is base64 of random bytes, stored one-byte or two-byte the same way.
JsString make_text(const std::string& data, Encoding encoding,
                   std::size_t length) {
  std::mt19937 rng(42);
  if (encoding == Encoding::kBase64) {
    std::string raw(length / 4 * 3 + 3, '\0');
    for (char& c : raw) c = static_cast<char>(rng());
    std::string text(core::baseline::decode(raw, Encoding::kBase64).one_byte());
    text.resize(length, 'A');
    if (data == "ascii") return JsString(std::move(text));
    return JsString(std::u16string(text.begin(), text.end()));
  }
  if (data == "ascii") {
    std::string text(length, '\0');
    for (char& c : text) c = static_cast<char>('a' + rng() % 26);
    return JsString(std::move(text));
  }
  constexpr char16_t kMix[] = {u'a',      u'b',      u'\u00fc', u'\u00e9',
                               u'\u20ac', u'\u65e5', u' ',      u'z'};
  std::u16string text(length, u'\0');
  for (char16_t& c : text) c = kMix[rng() % std::size(kMix)];
  return JsString(std::move(text));
}

void write_file_sync(benchmark::State& state, const Config& config,
                     Implementation impl) {
  const core::Operations& ops = core::operations(impl);
  const Encoding encoding = *core::parse_encoding(config.text("encoding"));
  const auto length = static_cast<std::size_t>(config.number("length"));
  const JsString text = make_text(config.text("data"), encoding, length);
  const std::string encoded = core::baseline::encode(text, encoding);
  const std::string path = fixture_dir() + "/write-file-sync";
  const core::WriteOptions options{.encoding = encoding};

  int fd = -1;
  if (config.flag("useFd")) {
    fd = ::open(path.c_str(), O_CREAT | O_WRONLY | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) {
      fail(state, "cannot open " + path);
      return;
    }
  }
  const core::PathOrFd target =
      fd >= 0 ? core::PathOrFd::fd(fd) : core::PathOrFd(path);
  std::size_t since_rewind = 0;
  for (auto _ : measured(state)) {
    const Result<void> r = ops.write_file_sync(target, text, encoded, options);
    if (!r) {
      fail(state, r.error().message);
      break;
    }
    if (fd >= 0 && (since_rewind += encoded.size()) > kRewindBytes) {
      ::lseek(fd, 0, SEEK_SET);
      since_rewind = 0;
    }
  }
  if (fd >= 0) ::close(fd);
  state.SetItemsProcessed(state.iterations());
  state.SetBytesProcessed(state.iterations() *
                          static_cast<std::int64_t>(encoded.size()));
}

// The descriptor a missing file is read through: the lowest closed one
// from kClosedFdFloor up. Not the descriptor limit: Valgrind keeps a few
// descriptors of its own at the top of the real limit and shows the program
// a limit just below them, the first being the program's executable, so
// under callgrind the baseline's fstat of "the limit" succeeded and it
// allocated the executable's size before its read failed. A number this
// low is below any limit and far above the descriptors a process opens
// before its loop (the loop counters' twenty or so), so none is handed out
// in between; one inherited open is passed over.
constexpr int kClosedFdFloor = 256;

int closed_fd() {
  int fd = kClosedFdFloor;
  while (::fcntl(fd, F_GETFD) != -1 || errno != EBADF) ++fd;
  return fd;
}

// The code units (a string) or bytes read into contents.
core::Result<std::size_t> read_once(const core::Operations& ops,
                                    const core::PathOrFd& source,
                                    std::optional<Encoding> encoding,
                                    core::FileContents& contents) {
  FPBENCH_TRY(ops.read_file_sync(source, encoding, contents));
  if (const auto* text = std::get_if<JsString>(&contents))
    return text->length();
  return std::get<std::string>(contents).size();
}

void read_file_sync(benchmark::State& state, const Config& config,
                    Implementation impl) {
  const core::Operations& ops = core::operations(impl);
  const std::string& encoding_name = config.text("encoding");
  const std::optional<Encoding> encoding =
      encoding_name == "undefined" ? std::nullopt
                                   : core::parse_encoding(encoding_name);
  const bool existing = config.text("path") == "existing";
  const auto size = static_cast<std::size_t>(config.number("size"));
  const std::string path =
      fixture_dir() + (existing ? "/read-file-sync" : "/missing");
  if (existing) {
    const JsString text = make_text("ascii", Encoding::kUtf8, size);
    const auto written = core::baseline::write_file_sync(path, text, {});
    if (!written) {
      fail(state, written.error().message);
      return;
    }
  }
  // A missing file read through a descriptor is a descriptor that is not
  // open (Node's EBADF), the same one whether timed or counted.
  int fd = -1;
  if (config.flag("useFd")) {
    fd = existing ? ::open(path.c_str(), O_RDONLY | O_CLOEXEC) : closed_fd();
  }
  const core::PathOrFd source =
      fd != -1 ? core::PathOrFd::fd(fd) : core::PathOrFd(path);

  core::FileContents contents;
  std::size_t units = 0;
  std::int64_t failed = 0;
  std::string failure;
  for (auto _ : measured(state)) {
    if (fd >= 0 && existing) ::lseek(fd, 0, SEEK_SET);
    const core::Result<std::size_t> n =
        read_once(ops, source, encoding, contents);
    if (existing && !n) {
      fail(state, n.error().message);
      break;
    }
    units = n ? *n : 0;
    if (!n) {
      ++failed;
      if (failure.empty())
        failure = "failed: " + n.error().code + " (" + n.error().syscall + ")";
    }
    benchmark::DoNotOptimize(units);
  }
  if (fd >= 0 && existing) ::close(fd);
  state.SetItemsProcessed(state.iterations());
  // Which path the reads took, the same in the timed and counted samples.
  report_outcome(state, "units", static_cast<double>(units));
  report_outcome(state, "failed",
                 state.iterations() > 0
                     ? static_cast<double>(failed) /
                           static_cast<double>(state.iterations())
                     : 0.0);
  if (!failure.empty()) report_outcome_label(state, failure);
}

// The largest text or file a --set may ask for: 1 GiB.
constexpr std::int64_t kMaxBytes = std::int64_t{1} << 30;

// Node's encoding names; readFileSync also takes 'undefined' (a Buffer).
std::vector<std::string> encoding_choices(bool with_undefined) {
  std::vector<std::string> out;
  if (with_undefined) out.emplace_back("undefined");
  for (std::string_view name : core::encoding_names()) out.emplace_back(name);
  return out;
}

const bool kRegistered = [] {
  add_scenario({"fs/write-file-sync",
                Grid()
                    .add(Parameter::choice("encoding", encoding_choices(false)),
                         {"utf8", "latin1", "base64"})
                    .add(Parameter::boolean("useFd"), {"true", "false"})
                    .add(Parameter::choice("data", {"ascii", "two-byte"}),
                         {"ascii", "two-byte"})
                    .add(Parameter::integer("length", 0, kMaxBytes),
                         {1024, 102400, 1048576}),
                write_file_sync});
  add_scenario(
      {"fs/read-file-sync",
       Grid()
           .add(Parameter::choice("path", {"existing", "non-existing"}),
                {"existing", "non-existing"})
           .add(Parameter::choice("encoding", encoding_choices(true)),
                {"undefined", "utf8", "latin1"})
           .add(Parameter::boolean("useFd"), {"false", "true"})
           .add(Parameter::integer("size", 0, kMaxBytes),
                {1024, 102400, 1048576}),
       read_file_sync});
  return true;
}();

}  // namespace
}  // namespace fpbench::scenarios
