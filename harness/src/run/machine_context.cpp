#include "run/machine_context.hpp"

#include <sys/utsname.h>
#include <unistd.h>

#include <ctime>
#include <fstream>
#include <sstream>
#include <thread>

#include "fpbench/base/host.hpp"
#include "fpbench/base/process.hpp"

namespace fpbench::harness::detail {
namespace {

std::string utc_now() {
  const std::time_t t = std::time(nullptr);
  std::tm tm{};
  ::gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

}  // namespace

std::string host_name() {
  char name[256] = {};
  if (::gethostname(name, sizeof name - 1) != 0 || name[0] == '\0')
    return "unknown";
  return name;
}

nlohmann::json parse_build_info(const std::string& text) {
  nlohmann::json info = nlohmann::json::object();
  for (const char* key : {"compiler", "flags", "build_type", "commit"})
    info[key] = nullptr;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    const auto eq = line.find('=');
    if (eq != std::string::npos && eq > 0)
      info[line.substr(0, eq)] = line.substr(eq + 1);
  }
  return info;
}

nlohmann::json machine_context(const std::vector<MeasuredProgram>& programs,
                               std::chrono::milliseconds query_timeout) {
  utsname u{};
  ::uname(&u);
  // Each side's own build: the two programs of `--old A --new B` are
  // different builds, and fpbench's own build says nothing about either.
  nlohmann::json sides = nlohmann::json::object();
  for (const MeasuredProgram& p : programs) {
    ProcessOptions options;
    options.timeout = query_timeout;
    const auto info = run_process({p.path, "--build-info"}, options);
    sides[p.side] = {
        {"path", p.path},
        {"impl", p.impl ? nlohmann::json(*p.impl) : nlohmann::json(nullptr)},
        {"build_info", info && info->ok() ? parse_build_info(info->out)
                                          : nlohmann::json(nullptr)},
    };
  }
  return {
      {"cpu_model", cpu_model()},
      {"cores", std::thread::hardware_concurrency()},
      {"kernel", std::string(u.sysname) + " " + u.release},
      {"machine", u.machine},
      {"host", host_name()},
      {"date", utc_now()},
      {"programs", sides},
      {"harness",
       {{"compiler", FPBENCH_COMPILER},
        {"compiler_flags", FPBENCH_COMPILER_FLAGS},
        {"build_type", FPBENCH_BUILD_TYPE}}},
  };
}

}  // namespace fpbench::harness::detail
