#include "machine_class.hpp"

#include <fmt/format.h>
#include <sys/utsname.h>

#include <cstdint>
#include <fstream>
#include <thread>

#include "fpbench/base/host.hpp"

namespace fpbench::history::detail {
namespace {

std::map<std::string, std::string> sources_of(
    const std::vector<RecordedMetric>& metrics) {
  std::map<std::string, std::string> out;
  for (const RecordedMetric& m : metrics) {
    // A call counted by name has its total's source.
    if (m.metric.find(':') != std::string::npos) continue;
    std::string& source = out[m.metric];
    source += (source.empty() ? "" : "+") + m.source;
  }
  return out;
}

nlohmann::json field(const nlohmann::json& object, const char* key) {
  if (!object.is_object()) return nullptr;
  const auto it = object.find(key);
  return it == object.end() ? nlohmann::json(nullptr) : *it;
}

std::string shown(const nlohmann::json& value) {
  return value.is_string() ? "'" + value.get<std::string>() + "'"
                           : value.dump();
}

// Every leaf of a, with its path, against the same path in b.
void compare_leaves(const nlohmann::json& a, const nlohmann::json& b,
                    const std::string& path, std::vector<std::string>& out) {
  if (a.is_object() || b.is_object()) {
    std::map<std::string, bool> keys;
    if (a.is_object())
      for (const auto& [k, v] : a.items()) keys[k] = true;
    if (b.is_object())
      for (const auto& [k, v] : b.items()) keys[k] = true;
    for (const auto& [k, unused] : keys) {
      compare_leaves(field(a, k.c_str()), field(b, k.c_str()),
                     path.empty() ? k : path + "." + k, out);
    }
    return;
  }
  if (a != b)
    out.push_back(fmt::format("{} {} -> {}", path, shown(a), shown(b)));
}

}  // namespace

std::string Fingerprint::canonical() const {
  // nlohmann::json keeps object keys sorted, so equal fingerprints dump equal.
  return nlohmann::json{{"machine", machine},
                        {"counter_sources", counter_sources}}
      .dump();
}

std::string Fingerprint::machine_class() const {
  std::uint64_t hash = 14695981039346656037ULL;  // FNV-1a 64
  for (const char c : machine.dump()) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 1099511628211ULL;
  }
  return fmt::format("{:016x}", hash);
}

Fingerprint fingerprint_from_context(
    const nlohmann::json& context, const std::vector<RecordedMetric>& metrics) {
  Fingerprint f;
  f.machine["cpu_model"] = field(context, "cpu_model");
  f.machine["cores"] = field(context, "cores");
  f.machine["kernel"] = field(context, "kernel");
  nlohmann::json programs = nlohmann::json::object();
  for (const char* side : {"old", "new"}) {
    const nlohmann::json info =
        field(field(field(context, "programs"), side), "build_info");
    programs[side] = {{"compiler", field(info, "compiler")},
                      {"flags", field(info, "flags")}};
  }
  f.machine["programs"] = programs;
  f.counter_sources = sources_of(metrics);
  return f;
}

Fingerprint local_fingerprint(const std::vector<RecordedMetric>& metrics) {
  utsname u{};
  ::uname(&u);
  nlohmann::json context = {
      {"cpu_model", cpu_model()},
      {"cores", std::thread::hardware_concurrency()},
      {"kernel", std::string(u.sysname) + " " + u.release}};
  return fingerprint_from_context(context, metrics);
}

Result<Fingerprint> parse_fingerprint(std::string_view canonical) {
  const auto j = nlohmann::json::parse(canonical, nullptr, false);
  if (j.is_discarded() || !j.is_object() || !j.contains("machine") ||
      !j.contains("counter_sources") || !j["counter_sources"].is_object()) {
    return bad_input_error(
        fmt::format("a stored fingerprint is not one: {}", canonical));
  }
  Fingerprint f;
  f.machine = j["machine"];
  for (const auto& [metric, source] : j["counter_sources"].items()) {
    f.counter_sources[metric] =
        source.is_string() ? source.get<std::string>() : source.dump();
  }
  return f;
}

std::vector<std::string> fingerprint_differences(const Fingerprint& before,
                                                 const Fingerprint& now) {
  std::vector<std::string> out;
  compare_leaves(before.machine, now.machine, "", out);
  for (const auto& [metric, source] : now.counter_sources) {
    const auto it = before.counter_sources.find(metric);
    if (it != before.counter_sources.end() && it->second != source) {
      out.push_back(
          fmt::format("{} source '{}' -> '{}'", metric, it->second, source));
    }
  }
  return out;
}

}  // namespace fpbench::history::detail
