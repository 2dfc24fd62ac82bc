#include <benchmark/benchmark.h>

#include <cstddef>
#include <cstdint>

#include "codec/codec.hpp"

namespace {

constexpr int kLevel = 2;

// Runs of 1 to 8 equal bytes, the same on every run of the benchmark.
codec::Bytes make_input(std::size_t size) {
  codec::Bytes data;
  data.reserve(size);
  std::uint32_t state = 12345;
  while (data.size() < size) {
    state = state * 1664525u + 1013904223u;
    const auto value = static_cast<std::uint8_t>(state >> 24);
    for (std::uint32_t run = 1 + ((state >> 8) & 7u);
         run > 0 && data.size() < size; --run) {
      data.push_back(value);
    }
  }
  return data;
}

void BM_Encode(benchmark::State& state) {
  const codec::Bytes input =
      make_input(static_cast<std::size_t>(state.range(0)));
  for (auto _ : state) {
    codec::Bytes encoded = codec::encode(input, kLevel);
    benchmark::DoNotOptimize(encoded.data());
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(state.iterations() * state.range(0));
}
BENCHMARK(BM_Encode)->Arg(4096)->Arg(65536);

void BM_Decode(benchmark::State& state) {
  const codec::Bytes encoded = codec::encode(
      make_input(static_cast<std::size_t>(state.range(0))), kLevel);
  for (auto _ : state) {
    std::optional<codec::Bytes> decoded = codec::decode(encoded);
    if (!decoded) {
      state.SkipWithError("decode refused what encode wrote");
      break;
    }
    benchmark::DoNotOptimize(decoded->data());
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(state.iterations() * state.range(0));
}
BENCHMARK(BM_Decode)->Arg(4096)->Arg(65536);

}  // namespace

BENCHMARK_MAIN();
