// fpbench run --shard: the split itself (deterministic, disjoint, covering,
// balanced by cost), and end to end with a stand-in scenario program whose
// k-th sample of a configuration and side is always the same value, so that
// the shards' CSVs joined give the unsharded run's compare table exactly.

#include "fpbench/harness/shard.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "fpbench/test_support/test_files.hpp"

namespace fpbench::harness {
namespace {

namespace fs = std::filesystem;
using test_support::slurp;

std::vector<std::string> names(int n) {
  std::vector<std::string> out;
  for (int i = 0; i < n; ++i) out.push_back("fs/x n=" + std::to_string(i));
  return out;
}

TEST(ParseShard, AcceptsKOfNAndRefusesTheRest) {
  const auto two_of_four = parse_shard("2/4");
  ASSERT_TRUE(two_of_four.has_value());
  EXPECT_EQ(two_of_four->index, 2);
  EXPECT_EQ(two_of_four->count, 4);
  for (const char* bad :
       {"0/4", "5/4", "4", "a/b", "1/0", "-1/2", "1/2/3", "2/ 4", ""}) {
    const auto r = parse_shard(bad);
    ASSERT_FALSE(r.has_value()) << bad;
    EXPECT_EQ(r.error().kind, ErrorKind::kUsage) << bad;
  }
}

TEST(ShardAssignment, PartsAreDisjointCoverEverythingAndIgnoreInputOrder) {
  std::vector<std::string> jobs = names(23);
  std::vector<std::string> seen;
  for (int k = 1; k <= 4; ++k) {
    const auto part = shard_jobs(jobs, ShardSpec{k, 4}, {});
    EXPECT_GE(part.size(), 5u);  // 23 by count: 6, 6, 6, 5
    EXPECT_LE(part.size(), 6u);
    seen.insert(seen.end(), part.begin(), part.end());
  }
  std::sort(seen.begin(), seen.end());
  std::vector<std::string> all = jobs;
  std::sort(all.begin(), all.end());
  EXPECT_EQ(seen, all);

  std::vector<std::string> reversed(jobs.rbegin(), jobs.rend());
  EXPECT_EQ(shard_assignment(jobs, 4, {}), shard_assignment(reversed, 4, {}));
}

TEST(ShardAssignment, BalancesByCostLargestFirst) {
  const std::vector<std::string> jobs = {"a", "b", "c", "d", "e"};
  const ShardCosts costs = {{"a", 10}, {"b", 4}, {"c", 3}, {"d", 2}, {"e", 1}};
  const auto part = shard_assignment(jobs, 2, costs);
  // a alone outweighs the rest: LPT puts a in 1, then b, c, d, e in 2.
  EXPECT_EQ(part.at("a"), 1);
  for (const char* light : {"b", "c", "d", "e"})
    EXPECT_EQ(part.at(light), 2) << light;
}

TEST(ShardAssignment, UnknownConfigurationsCountAsTheMeanAndZeroCostsStayEven) {
  const std::vector<std::string> jobs = {"a", "b", "new"};
  // "new" counts 5 (the mean of 8 and 2): a | b + new.
  const auto part = shard_assignment(jobs, 2, {{"a", 8}, {"b", 2}});
  EXPECT_EQ(part.at("a"), 1);
  EXPECT_EQ(part.at("b"), 2);
  EXPECT_EQ(part.at("new"), 2);
  const auto zeros =
      shard_assignment(names(8), 4, {{"fs/x n=0", 0}, {"fs/x n=1", 0}});
  std::vector<int> per_part(4, 0);
  for (const auto& [name, k] : zeros)
    ++per_part.at(static_cast<std::size_t>(k - 1));
  EXPECT_EQ(per_part, (std::vector<int>{2, 2, 2, 2}));
}

class ShardRun : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("fpbench-shard-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "state");
    program_ = dir_ / "fake-scenarios";
    // Seven configurations; a sample's rate depends only on its
    // implementation, configuration and how many samples of the two came
    // before (counted in state/), never on the order of the schedule.
    std::ofstream(program_)
        << "#!/bin/sh\n"
        << "case \" $* \" in\n"
        << "  *' --build-info '*) printf "
           "'optimized=yes\\nsanitized=no\\nassertions=no\\n"
           "compiler=GNU 12\\nflags=-O2\\nbuild_type=Release\\ncommit=abc\\n'; "
           "exit 0;;\n"
        << "  *' --list-configs '*) for c in a b c d e f g; do echo \"demo/$c "
           "n=1\"; done; exit 0;;\n"
        << "esac\n"
        << "impl=; name=\n"
        << "for a in \"$@\"; do case \"$a\" in --impl=*) impl=${a#--impl=};;\n"
        << "  --benchmark_filter=*) name=${a#--benchmark_filter=^}; "
           "name=${name%%(*};; esac; done\n"
        << "key=$(printf '%s_%s' \"$impl\" \"$name\" | tr -c 'a-zA-Z0-9' '_')\n"
        << "n=$(cat \"" << (dir_ / "state").string()
        << "/$key\" 2>/dev/null || echo 0)\n"
        << "echo $((n + 1)) > \"" << (dir_ / "state").string() << "/$key\"\n"
        << "h=$(printf %s \"$key\" | cksum | cut -d' ' -f1)\n"
        << "rate=$((1000 + h % 5000 + (n * 7919) % 211))\n"
        << "echo "
           "'{\"benchmarks\":[{\"name\":\"x\",\"run_type\":\"iteration\","
           "\"iterations\":10,"
           "\"real_time\":1000,\"time_unit\":\"ns\",\"items_per_second\":'$"
           "rate'}]}'\n";
    ::chmod(program_.c_str(), 0755);
  }
  void TearDown() override { fs::remove_all(dir_); }

  int fpbench(const std::string& args, const fs::path& out) {
    const std::string cmd = std::string("'") + FPBENCH_CLI + "' " + args +
                            " >'" + out.string() + "' 2>>'" +
                            (dir_ / "stderr").string() + "' </dev/null";
    const int status = std::system(cmd.c_str());
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }

  std::string run_args() const {
    return "run --scenario-program '" + program_.string() +
           "' --old-impl baseline --new-impl fast demo --runs 4 --seed 7 "
           "--no-progress "
           "--no-realtime --min-time 0.001";
  }

  fs::path dir_, program_;
};

TEST_F(ShardRun, JoinedShardsGiveTheUnshardedCompareTable) {
  ASSERT_EQ(fpbench(run_args() + " -o '" + (dir_ / "full.csv").string() + "'",
                    dir_ / "o"),
            0)
      << slurp(dir_ / "stderr");
  fs::remove_all(dir_ / "state");
  fs::create_directories(dir_ / "state");
  std::string joined;
  std::set<std::string> configurations;
  for (int k = 1; k <= 4; ++k) {
    const fs::path csv = dir_ / ("shard-" + std::to_string(k) + ".csv");
    const fs::path json = dir_ / ("shard-" + std::to_string(k) + ".json");
    ASSERT_EQ(fpbench(run_args() + " --shard " + std::to_string(k) +
                          "/4 --machine runner-" + std::to_string(k) + " -o '" +
                          csv.string() + "' --json '" + json.string() + "'",
                      dir_ / "o"),
              0)
        << slurp(dir_ / "stderr");
    joined += slurp(csv);
    const auto context = nlohmann::json::parse(slurp(json))["context"];
    EXPECT_EQ(context["machine_name"], "runner-" + std::to_string(k));
    EXPECT_EQ(context["shard"]["index"], k);
    EXPECT_EQ(context["shard"]["count"], 4);
    EXPECT_EQ(context["shard"]["balanced_by"], "count");
    const auto part =
        context["shard"]["configurations"].get<std::vector<std::string>>();
    EXPECT_EQ(part.size(), k == 4 ? 1u : 2u);  // seven configurations by count
    for (const std::string& c : part)
      EXPECT_TRUE(configurations.insert(c).second) << c;
  }
  EXPECT_EQ(configurations.size(), 7u);
  std::ofstream(dir_ / "joined.csv") << joined;
  ASSERT_EQ(fpbench("compare '" + (dir_ / "full.csv").string() + "'",
                    dir_ / "full.txt"),
            0);
  ASSERT_EQ(fpbench("compare '" + (dir_ / "joined.csv").string() + "'",
                    dir_ / "joined.txt"),
            0)
      << slurp(dir_ / "stderr");
  EXPECT_NE(slurp(dir_ / "full.txt").find("demo/g"), std::string::npos);
  EXPECT_EQ(slurp(dir_ / "joined.txt"), slurp(dir_ / "full.txt"));
}

TEST_F(ShardRun, CostsFromAnEarlierRunMoveTheSplit) {
  // demo/a cost more than all others together: with two shards it is alone.
  std::ofstream costs(dir_ / "costs.csv");
  costs << "\"binary\",\"filename\",\"configuration\",\"rate\",\"time\"\n"
           "\"old\",\"demo/a\",\"n=1\",1,30\n\"new\",\"demo/a\",\"n=1\",1,30\n";
  for (const char* c : {"b", "c", "d", "e", "f", "g"}) {
    costs << "\"old\",\"demo/" << c << "\",\"n=1\",1,1\n";
  }
  costs.close();
  ASSERT_EQ(fpbench(run_args() + " --shard 1/2 --shard-costs '" +
                        (dir_ / "costs.csv").string() + "' -o '" +
                        (dir_ / "s1.csv").string() + "'",
                    dir_ / "o"),
            0)
      << slurp(dir_ / "stderr");
  const std::string s1 = slurp(dir_ / "s1.csv");
  EXPECT_NE(s1.find("\"demo/a\""), std::string::npos) << s1;
  EXPECT_EQ(s1.find("\"demo/b\""), std::string::npos) << s1;
  EXPECT_EQ(fpbench(run_args() + " --shard-costs x.csv", dir_ / "o"), 2);
  EXPECT_EQ(fpbench(run_args() + " --shard 3/2", dir_ / "o"), 2);
}

}  // namespace
}  // namespace fpbench::harness
