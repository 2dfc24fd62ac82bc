// fpbench-print: `node -p CODE` for the values of Node's
// benchmark/misc/print.js, so that a whole process that prints can be
// measured against node itself:
//
//   fpbench-print -p process.versions               # fast
//   fpbench-print -p '"string"' --impl baseline
//   fpbench-print -p 1 --impl=floor
//
// CODE is one of 1, "string", process.versions, process. Exit status: 0
// printed, 1 the write failed (EPIPE, ENOSPC, ...), 2 bad usage or an
// unknown CODE.

#include <cstdio>
#include <exception>
#include <string>
#include <string_view>

#include "fpbench/core/implementation.hpp"
#include "fpbench/core/print.hpp"
#include "fpbench/scenarios/print_samples.hpp"

namespace {

using fpbench::core::Implementation;

constexpr const char* kUsage =
    "usage: fpbench-print -p CODE [--impl baseline|fast|floor]\n"
    "  CODE: 1, \"string\", process.versions or process\n";

int usage_error(const std::string& message) {
  std::fprintf(stderr, "fpbench-print: error: %s\n%s", message.c_str(), kUsage);
  return 2;
}

// The print functions are chosen here rather than through the operations
// table (operations.hpp), which links every operation in: the fast
// transcoders bring libgcc's CPU detection, CPUID at start-up, which made
// this process's start take 0.2 ms more (perf stat, 0.5 ms before) and
// would hide the difference between the print implementations measured.
fpbench::Result<void> print(Implementation impl,
                            const fpbench::core::Value& value) {
  namespace core = fpbench::core;
  switch (impl) {
    case Implementation::kBaseline:
      return core::baseline::print(1, value);
    case Implementation::kFast:
      return core::fast::print(1, value);
    case Implementation::kFloor: {
      // The floor of a whole process: the same bytes in one write, formatted
      // before the measured part of a benchmark would start.
      std::string bytes;
      core::fast::format_line(value, bytes);
      return core::floor::print_bytes(1, bytes);
    }
  }
  return {};
}

int run(int argc, char** argv) {
  std::string_view code;
  bool have_code = false;
  std::string_view impl_name = "fast";
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if ((arg == "-p" || arg == "--print" || arg == "--impl") && i + 1 >= argc) {
      return usage_error(std::string(arg) + " needs a value");
    }
    if (arg == "-p" || arg == "--print") {
      code = argv[++i];
      have_code = true;
    } else if (arg == "--impl") {
      impl_name = argv[++i];
    } else if (arg.rfind("--impl=", 0) == 0) {
      impl_name = arg.substr(7);
    } else if (arg == "-h" || arg == "--help") {
      std::fputs(kUsage, stdout);
      return 0;
    } else {
      return usage_error("unknown argument '" + std::string(arg) + "'");
    }
  }
  if (!have_code) return usage_error("-p CODE is required");
  const auto impl = fpbench::core::parse_implementation(impl_name);
  if (!impl) {
    return usage_error("unknown implementation '" + std::string(impl_name) +
                       "': expected baseline, fast or floor");
  }
  const auto value = fpbench::scenarios::print_sample(code);
  if (!value) {
    return usage_error(
        "unknown CODE '" + std::string(code) +
        "': expected 1, \"string\", process.versions or process");
  }
  // Node ignores SIGPIPE at start-up too; a closed stdout is then EPIPE.
  if (const auto ignored = fpbench::core::ignore_sigpipe(); !ignored) {
    std::fprintf(stderr, "fpbench-print: error: %s\n",
                 ignored.error().message.c_str());
    return 1;
  }
  if (const auto printed = print(*impl, *value); !printed) {
    std::fprintf(stderr, "fpbench-print: error: %s\n",
                 printed.error().message.c_str());
    return 1;
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "fpbench-print: error: %s\n", e.what());
    return 1;
  }
}
