#include "fpbench/scenarios/grid.hpp"

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

namespace fpbench::scenarios {
namespace {

TEST(Grid, ExpandsFirstKeySlowestInNodesForm) {
  Grid g;
  g.add(Parameter::choice("encoding", {"utf8", "latin1"}), {"utf8", "latin1"})
      .add(Parameter::integer("length", 0, 4096), {1024, 2048});
  const auto configs = g.expand();
  ASSERT_EQ(configs.size(), 4u);
  EXPECT_EQ(configs[0].to_string(), "encoding='utf8' length=1024");
  EXPECT_EQ(configs[1].to_string(), "encoding='utf8' length=2048");
  EXPECT_EQ(configs[2].to_string(), "encoding='latin1' length=1024");
  EXPECT_EQ(configs[3].text("encoding"), "latin1");
  EXPECT_EQ(configs[3].number("length"), 2048);
}

TEST(Grid, SetReplacesAKeysValues) {
  Grid g;
  g.add(Parameter::boolean("useFd"), {"true", "false"})
      .add(Parameter::integer("length", 0, 1 << 20), {1, 2, 3});
  ASSERT_TRUE(g.set("length", "4096").has_value());
  ASSERT_TRUE(g.set("useFd", "false").has_value());
  const auto configs = g.expand();
  ASSERT_EQ(configs.size(), 1u);
  EXPECT_EQ(configs[0].to_string(), "useFd='false' length=4096");
  EXPECT_FALSE(configs[0].flag("useFd"));
  const auto missing = g.set("nope", "1");
  ASSERT_FALSE(missing.has_value());
  EXPECT_EQ(missing.error().message, "no parameter 'nope' in this grid");
}

TEST(Grid, SetRefusesWhatTheKeyDoesNotTakeAndKeepsItsValues) {
  Grid g;
  g.add(Parameter::choice("encoding", {"utf8", "latin1"}), {"utf8"})
      .add(Parameter::integer("spinUs", 0, 1000), {100})
      .add(Parameter::boolean("useFd"), {"true"})
      .add(Parameter::choice("code", {"1", "process"}), {"1"});
  for (const auto& [key, value] :
       std::vector<std::pair<std::string, std::string>>{{"spinUs", "abc"},
                                                        {"spinUs", "-1"},
                                                        {"spinUs", "1001"},
                                                        {"spinUs", ""},
                                                        {"encoding", "ucs9"},
                                                        {"encoding", "7"},
                                                        {"useFd", "yes"}}) {
    const auto r = g.set(key, value);
    ASSERT_FALSE(r.has_value()) << key << "=" << value;
    EXPECT_EQ(r.error().kind, ErrorKind::kUsage);
  }
  EXPECT_EQ(g.set("encoding", "ucs9").error().message,
            "'encoding' takes one of utf8, latin1, not 'ucs9'");
  // A choice that reads as a number stays the text the body asks for.
  ASSERT_TRUE(g.set("code", "process").has_value());
  ASSERT_TRUE(g.set("code", "1").has_value());
  const auto configs = g.expand();
  ASSERT_EQ(configs.size(), 1u);
  EXPECT_EQ(configs[0].to_string(),
            "encoding='utf8' spinUs=100 useFd='true' code='1'");
  EXPECT_EQ(configs[0].text("code"), "1");
}

TEST(Grid, EmptyGridHasOneEmptyConfiguration) {
  const auto configs = Grid().expand();
  ASSERT_EQ(configs.size(), 1u);
  EXPECT_EQ(configs[0].to_string(), "");
}

}  // namespace
}  // namespace fpbench::scenarios
