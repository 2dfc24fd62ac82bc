#include "fpbench/base/cpu_list.hpp"

#include <gtest/gtest.h>

namespace fpbench {
namespace {

std::vector<int> parsed(std::string_view text) {
  auto cpus = parse_cpu_list(text);
  EXPECT_TRUE(cpus.has_value()) << text << ": " << cpus.error().message;
  return cpus ? *cpus : std::vector<int>{};
}

TEST(CpuList, TasksetsFormsInAscendingOrderEachOnce) {
  EXPECT_EQ(parsed("0"), (std::vector<int>{0}));
  EXPECT_EQ(parsed("0-2"), (std::vector<int>{0, 1, 2}));
  EXPECT_EQ(parsed("0,2-4,6"), (std::vector<int>{0, 2, 3, 4, 6}));
  EXPECT_EQ(parsed("3,0,1-2,0"), (std::vector<int>{0, 1, 2, 3}));
  EXPECT_EQ(parsed("5-5"), (std::vector<int>{5}));
}

TEST(CpuList, MalformedListsAreRefusedSayingWhy) {
  for (const auto& [text, why] :
       std::vector<std::pair<std::string, std::string>>{
           {"", "a number is missing"},
           {"0,", "a number is missing"},
           {"-1", "a number is missing"},
           {"1-", "a number is missing"},
           {"a", "'a' is not a CPU number"},
           {"0-x", "'x' is not a CPU number"},
           {"1 ", "'1 ' is not a CPU number"},
           {"4-2", "the range '4-2' runs backwards"},
           {"99999", "beyond the largest"}}) {
    const auto cpus = parse_cpu_list(text);
    ASSERT_FALSE(cpus.has_value()) << "'" << text << "'";
    EXPECT_EQ(cpus.error().kind, ErrorKind::kUsage) << text;
    EXPECT_NE(cpus.error().message.find(why), std::string::npos)
        << text << ": " << cpus.error().message;
    EXPECT_EQ(cpus.error().message.rfind("'" + text + "'", 0), 0u)
        << "names the list: " << cpus.error().message;
  }
}

TEST(CpuList, TextJoinsRunsIntoRanges) {
  EXPECT_EQ(cpu_list_text({}), "");
  EXPECT_EQ(cpu_list_text({0}), "0");
  EXPECT_EQ(cpu_list_text({0, 1, 2, 5}), "0-2,5");
  EXPECT_EQ(cpu_list_text({1, 3, 4}), "1,3-4");
  EXPECT_EQ(cpu_list_text(parsed("0,2-4,6")), "0,2-4,6");
}

}  // namespace
}  // namespace fpbench
