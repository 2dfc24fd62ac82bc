// The Node hooks (harness/src/sources/node/hooks.js) as node itself reads
// them, so that a syntax error fails here rather than in the first
// `fpbench run --node` after a change to the script.

#include <gtest/gtest.h>

#include <string>

#include "fpbench/test_support/ci.hpp"
#include "fpbench/test_support/programs.hpp"
#include "fpbench/test_support/scratch_dir.hpp"

namespace fpbench::harness {
namespace {

const std::string kHooks =
    FPBENCH_SOURCE_DIR "/harness/src/sources/node/hooks.js";

class NodeHooks : public test_support::ScratchDirTest {
 protected:
  NodeHooks() : ScratchDirTest("node-hooks") {}
};

TEST_F(NodeHooks, PassNodeCheck) {
  if (!test_support::node_available())
    FPBENCH_SKIP_OR_FAIL_IN_CI("node is not on PATH");
  const test_support::CliRun r =
      test_support::run_program("node", "--check '" + kHooks + "'", dir_);
  EXPECT_EQ(r.exit_code, 0) << r.err;
}

}  // namespace
}  // namespace fpbench::harness
