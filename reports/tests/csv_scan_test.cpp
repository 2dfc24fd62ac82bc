#include "csv_scan.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <initializer_list>
#include <random>
#include <string>

namespace fpbench::reports::detail {
namespace {

TEST(CsvScan, FindsTheFirstOfThreeBytesAcrossBlockBoundaries) {
  const std::uint64_t seed = 7;
  std::mt19937_64 rng(seed);
  for (std::size_t size : std::initializer_list<std::size_t>{
           0, 1, 7, 8, 15, 16, 17, 31, 32, 33, 63, 64, 65, 4096}) {
    for (int trial = 0; trial < 50; ++trial) {
      std::string text(size, 'a');
      for (char& c : text) {
        if (rng() % 40 == 0) c = ",\n\"x"[rng() % 4];
      }
      const char* const b = text.data();
      const char* const e = b + text.size();
      for (std::size_t from = 0; from <= size; from += 1 + size / 8) {
        ASSERT_EQ(find_first_of3(b + from, e, ',', '\n', '"'),
                  find_first_of3_bytewise(b + from, e, ',', '\n', '"'))
            << "seed " << seed << ", size " << size << ", from " << from;
      }
    }
  }
}

}  // namespace
}  // namespace fpbench::reports::detail
