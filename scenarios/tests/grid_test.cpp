#include "fpbench/scenarios/grid.hpp"

#include <gtest/gtest.h>

namespace fpbench::scenarios {
namespace {

TEST(Grid, ExpandsFirstKeySlowestInNodesForm) {
  Grid g;
  g.add("encoding", {"utf8", "latin1"}).add("length", {1024, 2048});
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
  g.add("useFd", {"true", "false"}).add("length", {1, 2, 3});
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

TEST(Grid, EmptyGridHasOneEmptyConfiguration) {
  const auto configs = Grid().expand();
  ASSERT_EQ(configs.size(), 1u);
  EXPECT_EQ(configs[0].to_string(), "");
}

}  // namespace
}  // namespace fpbench::scenarios
