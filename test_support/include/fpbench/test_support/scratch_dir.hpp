#pragma once

// A folder of its own for each test, made before it and removed after it.

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>

namespace fpbench::test_support {

// dir_: $TMPDIR/fpbench-PREFIX-PID-TEST, made before the test and removed
// after it, with whatever permissions the test left on it.
class ScratchDirTest : public ::testing::Test {
 protected:
  explicit ScratchDirTest(std::string prefix) : prefix_(std::move(prefix)) {}

  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("fpbench-" + prefix_ + "-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override {
    std::error_code ignored;
    for (const auto& entry :
         std::filesystem::recursive_directory_iterator(dir_, ignored)) {
      if (entry.is_directory(ignored))
        std::filesystem::permissions(
            entry.path(), std::filesystem::perms::owner_all,
            std::filesystem::perm_options::add, ignored);
    }
    std::filesystem::remove_all(dir_, ignored);
  }

  std::filesystem::path dir_;

 private:
  std::string prefix_;
};

}  // namespace fpbench::test_support
