// example/count-lines: count the newlines in a buffer, as `wc -l` does.
// The baseline looks at every byte; fast and floor let memchr jump from one
// newline to the next. Lines are `lineLength` bytes long, so short lines
// favour the byte loop and long ones favour memchr.

#include <cstring>
#include <string>

#include "fpbench/scenarios/counters.hpp"
#include "fpbench/scenarios/registry.hpp"

namespace fpbench::scenarios {
namespace {

std::size_t count_bytewise(const std::string& text) {
  std::size_t lines = 0;
  for (const char c : text) lines += c == '\n' ? 1 : 0;
  return lines;
}

std::size_t count_memchr(const std::string& text) {
  std::size_t lines = 0;
  const char* p = text.data();
  const char* const end = p + text.size();
  while (p < end) {
    p = static_cast<const char*>(
        std::memchr(p, '\n', static_cast<std::size_t>(end - p)));
    if (p == nullptr) break;
    ++lines;
    ++p;
  }
  return lines;
}

void count_lines(benchmark::State& state, const Config& config,
                 core::Implementation impl) {
  const auto size = static_cast<std::size_t>(config.number("size"));
  const auto line = static_cast<std::size_t>(config.number("lineLength"));
  std::string text(size, 'x');
  for (std::size_t i = line - 1; i < size; i += line) text[i] = '\n';
  const auto count =
      impl == core::Implementation::kBaseline ? count_bytewise : count_memchr;
  for (auto _ : measured(state)) {
    benchmark::DoNotOptimize(count(text));
  }
  // fpbench's rate: one item per operation.
  state.SetItemsProcessed(state.iterations());
}

const bool kRegistered = add_scenario(
    {"example/count-lines",
     Grid()
         .add(Parameter::integer("size", 0, 64 << 20), {65536})
         .add(Parameter::integer("lineLength", 1, 1 << 20), {16, 1024}),
     count_lines});

}  // namespace
}  // namespace fpbench::scenarios
