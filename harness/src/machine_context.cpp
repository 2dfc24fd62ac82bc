#include "machine_context.hpp"

#include <sys/utsname.h>
#include <unistd.h>

#include <ctime>
#include <fstream>
#include <thread>

#include "fpbench/harness/process.hpp"

namespace fpbench::harness::detail {
namespace {

std::string cpu_model() {
  std::ifstream in("/proc/cpuinfo");
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("model name", 0) == 0) {
      const auto colon = line.find(':');
      if (colon != std::string::npos) return line.substr(line.find_first_not_of(' ', colon + 1));
    }
  }
  return "unknown";
}

std::string trimmed_output(const std::vector<std::string>& argv) {
  const auto p = run_process(argv);
  if (!p || !p->ok()) return "";
  std::string out = p->out;
  while (!out.empty() && (out.back() == '\n' || out.back() == '\r')) out.pop_back();
  return out;
}

std::string utc_now() {
  const std::time_t t = std::time(nullptr);
  std::tm tm{};
  ::gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

}  // namespace

nlohmann::json machine_context(const std::vector<std::string>& scenario_programs) {
  utsname u{};
  ::uname(&u);
  nlohmann::json programs = nlohmann::json::array();
  for (const std::string& p : scenario_programs) {
    programs.push_back({{"path", p}, {"build_info", trimmed_output({p, "--build-info"})}});
  }
  const std::string commit = trimmed_output({"git", "rev-parse", "HEAD"});
  return {
      {"cpu_model", cpu_model()},
      {"cores", std::thread::hardware_concurrency()},
      {"kernel", std::string(u.sysname) + " " + u.release},
      {"machine", u.machine},
      {"compiler", FPBENCH_COMPILER},
      {"compiler_flags", FPBENCH_COMPILER_FLAGS},
      {"build_type", FPBENCH_BUILD_TYPE},
      {"git_commit", commit.empty() ? nlohmann::json(nullptr) : nlohmann::json(commit)},
      {"date", utc_now()},
      {"scenario_programs", programs},
  };
}

}  // namespace fpbench::harness::detail
