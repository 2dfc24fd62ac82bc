// misc/print: Node's benchmark/misc/print.js, console.log of the values
// `node -p CODE` prints, over the baseline, fast and floor implementations.
//
//   misc/print          in process, to a regular file, a pipe drained by a
//                       thread, or /dev/null
//   misc/print-process  a whole process per iteration: fpbench-print -p CODE
//                       --impl=<impl> with stdout on /dev/null, as print.js
//                       spawns `node -p CODE`
//
// SIGPIPE is ignored for the whole run, as Node ignores it at start-up, so
// no implementation pays for blocking it around each write.

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "fixtures.hpp"
#include "fpbench/base/sibling.hpp"
#include "fpbench/core/operations.hpp"
#include "fpbench/core/print.hpp"
#include "fpbench/scenarios/counters.hpp"
#include "fpbench/scenarios/print_samples.hpp"
#include "fpbench/scenarios/registry.hpp"

extern char** environ;

namespace fpbench::scenarios {
namespace {

using core::Implementation;

// A file written again and again is rewound once this much has been
// written, so it stays small; the cost is spread over many prints.
constexpr std::size_t kRewindBytes = std::size_t{64} << 20;

// Where console.log's bytes go: a descriptor, and for a pipe the process
// that keeps its other end empty. A process rather than a thread, so that
// the counters of the measuring process (its system calls, its instructions
// under callgrind) see only the printing side, whatever the reader does.
class Target {
 public:
  Target() = default;
  Target(const Target&) = delete;
  Target& operator=(const Target&) = delete;
  ~Target() {
    if (fd_ >= 0) ::close(fd_);  // the reader sees EOF and exits
    if (reader_ > 0) {
      int status = 0;
      while (::waitpid(reader_, &status, 0) < 0 && errno == EINTR) {
      }
    }
  }

  Result<void> open(const std::string& kind) {
    if (kind == "null") {
      fd_ = ::open("/dev/null", O_WRONLY | O_CLOEXEC);
    } else if (kind == "file") {
      fd_ = ::open((fixture_dir() + "/print").c_str(),
                   O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
      rewinds_ = true;
    } else if (kind == "pipe") {
      int fds[2];
      if (::pipe2(fds, O_CLOEXEC) != 0)
        return Error(ErrorKind::kSystem, "cannot create a pipe");
      reader_ = ::fork();
      if (reader_ < 0) {
        ::close(fds[0]);
        ::close(fds[1]);
        return Error(ErrorKind::kSystem, "cannot start the pipe's reader");
      }
      if (reader_ == 0) {
        ::close(fds[1]);
        static char buffer[64 << 10];
        while (true) {
          const ssize_t n = ::read(fds[0], buffer, sizeof buffer);
          if (n == 0 || (n < 0 && errno != EINTR)) _exit(0);
        }
      }
      ::close(fds[0]);
      fd_ = fds[1];
    } else {
      return bad_input_error("unknown target '" + kind + "'");
    }
    if (fd_ < 0)
      return Error(ErrorKind::kSystem, "cannot open the " + kind + " target");
    return {};
  }

  [[nodiscard]] int fd() const { return fd_; }

  // A file is rewound now and then; other targets never fill up.
  void wrote(std::size_t bytes) {
    if (!rewinds_ || (written_ += bytes) < kRewindBytes) return;
    ::lseek(fd_, 0, SEEK_SET);
    written_ = 0;
  }

 private:
  int fd_ = -1;
  pid_t reader_ = -1;
  bool rewinds_ = false;
  std::size_t written_ = 0;
};

void print_in_process(benchmark::State& state, const Config& config,
                      Implementation impl) {
  const core::Operations& ops = core::operations(impl);
  const std::optional<core::Value> value = print_sample(config.text("code"));
  if (!value) {
    fail(state, "unknown code " + config.text("code"));
    return;
  }
  if (const Result<void> ignored = core::ignore_sigpipe(); !ignored) {
    fail(state, ignored.error().message);
    return;
  }
  const std::string line = core::log_line(*value);  // the floor's input
  Target target;
  if (const Result<void> opened = target.open(config.text("target")); !opened) {
    fail(state, opened.error().message);
    return;
  }
  for (auto _ : measured(state)) {
    const Result<void> r = ops.print(target.fd(), *value, line);
    if (!r) {
      fail(state, r.error().message);
      break;
    }
    target.wrote(line.size());
  }
  state.SetItemsProcessed(state.iterations());
  state.SetBytesProcessed(state.iterations() *
                          static_cast<std::int64_t>(line.size()));
}

// FPBENCH_PRINT, else fpbench-print in this program's directory, where the
// build puts it.
std::string print_tool() {
  const SiblingSearch search{.env = "FPBENCH_PRINT", .name = "fpbench-print"};
  if (std::optional<std::string> found = find_sibling(search)) return *found;
  const std::vector<std::string> beside = sibling_candidates(search);
  return beside.empty() ? search.name : beside.front();
}

void print_process(benchmark::State& state, const Config& config,
                   Implementation impl) {
  const std::string tool = print_tool();
  if (::access(tool.c_str(), X_OK) != 0) {
    fail(state, "cannot run " + tool + " (set FPBENCH_PRINT)");
    return;
  }
  std::vector<std::string> args = {
      tool, "-p", config.text("code"),
      "--impl=" + std::string(core::implementation_name(impl))};
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
  for (auto _ : measured(state)) {
    pid_t pid = -1;
    if (const int e = posix_spawn(&pid, tool.c_str(), &actions, nullptr,
                                  argv.data(), environ);
        e != 0) {
      fail(state, "cannot spawn " + tool + ": " + std::to_string(e));
      break;
    }
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
      fail(state, tool + " -p " + config.text("code") + " failed");
      break;
    }
  }
  posix_spawn_file_actions_destroy(&actions);
  state.SetItemsProcessed(state.iterations());
}

const bool kRegistered = [] {
  const Parameter code = Parameter::choice(
      "code", std::vector<std::string>(kPrintCodes.begin(), kPrintCodes.end()));
  add_scenario(
      {"misc/print",
       Grid()
           .add(code, {"1", "\"string\"", "process.versions", "process"})
           .add(Parameter::choice("target", {"file", "pipe", "null"}),
                {"file", "pipe", "null"}),
       print_in_process});
  add_scenario({"misc/print-process", Grid().add(code, {"1", "process"}),
                print_process});
  return true;
}();

}  // namespace
}  // namespace fpbench::scenarios
