// run_process's real-time priorities, and fpbench run's use of them: timed
// samples at SCHED_FIFO where the kernel allows it and while they run alone
// (one thread, no child, few file writes), a note and normal priority where
// it does not, --no-realtime and --realtime-always.

#include "fpbench/base/process.hpp"

#include <gtest/gtest.h>
#include <linux/capability.h>
#include <sched.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>

#include "fpbench/test_support/ci.hpp"
#include "fpbench/test_support/test_files.hpp"

namespace fpbench::harness {
namespace {

namespace fs = std::filesystem;
using fpbench::test_support::slurp;

// The child's scheduling policy as the kernel reports it (field 41 of
// /proc/PID/stat: 0 SCHED_OTHER, 1 SCHED_FIFO), read by the child itself.
const std::vector<std::string> kPrintPolicy = {"/bin/sh", "-c",
                                               "cut -d' ' -f41 /proc/$$/stat"};

// In a forked child: give up what real-time priority needs, CAP_SYS_NICE
// (from the bounding set too, so that root does not regain it at exec) and
// any RLIMIT_RTPRIO. False if it was held and could not be given up.
bool drop_realtime_privilege() {
  const rlimit none{0, 0};
  if (::setrlimit(RLIMIT_RTPRIO, &none) != 0) return false;
  (void)::prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0);
  if (::prctl(PR_CAPBSET_READ, CAP_SYS_NICE) == 1 &&
      ::prctl(PR_CAPBSET_DROP, CAP_SYS_NICE) != 0 && ::geteuid() == 0) {
    return false;
  }
  __user_cap_header_struct header{_LINUX_CAPABILITY_VERSION_3, 0};
  std::array<__user_cap_data_struct, 2> data{};
  if (::syscall(SYS_capget, &header, data.data()) != 0) return false;
  constexpr std::uint32_t kNice = std::uint32_t{1} << CAP_SYS_NICE;
  data[0].effective &= ~kNice;
  data[0].permitted &= ~kNice;
  data[0].inheritable &= ~kNice;
  return ::syscall(SYS_capset, &header, data.data()) == 0;
}

TEST(RunProcess, ARealtimeChildRunsAtSchedFifoOrFailsSayingWhy) {
  ProcessOptions options;
  options.priority = Priority::kRealtime;
  const auto p = run_process(kPrintPolicy, options);
  if (realtime_permitted()) {
    ASSERT_TRUE(p) << p.error().message;
    EXPECT_EQ(p->out, "1\n");
  } else {
    ASSERT_FALSE(p);
    EXPECT_EQ(p.error().kind, ErrorKind::kSystem);
    EXPECT_NE(p.error().message.find("not permitted"), std::string::npos)
        << p.error().message;
  }
}

TEST(RunProcess, ByDefaultAChildKeepsThePolicyOfItsParent) {
  const auto p = run_process(kPrintPolicy);
  ASSERT_TRUE(p) << p.error().message;
  EXPECT_EQ(p->out, std::to_string(::sched_getscheduler(0)) + "\n");
}

TEST(RunProcess, WithoutThePrivilegeRealtimeIsRefusedAndSaidSo) {
  const pid_t pid = ::fork();
  if (pid == 0) {
    if (!drop_realtime_privilege()) _exit(10);
    if (realtime_permitted()) _exit(11);
    ProcessOptions options;
    options.priority = Priority::kRealtimeAlone;
    const auto p = run_process(kPrintPolicy, options);
    if (p) _exit(12);
    _exit(p.error().message.find("Operation not permitted") == std::string::npos
              ? 13
              : 0);
  }
  ASSERT_GT(pid, 0);
  int status = 0;
  ASSERT_EQ(::waitpid(pid, &status, 0), pid);
  ASSERT_TRUE(WIFEXITED(status));
  // 10: could not drop the privilege, 11: still permitted, 12: started
  // anyway, 13: the error did not say why.
  EXPECT_EQ(WEXITSTATUS(status), 0);
}

// The probe's policy at its end, and why run_process put it back at normal
// priority, with `priority`; the callback's reasons in `called`.
struct Probed {
  std::string policy;
  std::string left;
  std::vector<std::string> called;
};
Probed probe(const std::vector<std::string>& args, Priority priority) {
  std::vector<std::string> argv = {FPBENCH_PRIORITY_PROBE};
  argv.insert(argv.end(), args.begin(), args.end());
  Probed out;
  ProcessOptions options;
  options.priority = priority;
  options.cwd = fs::temp_directory_path().string();
  options.on_left_realtime = [&out](const std::string& why) {
    out.called.push_back(why);
  };
  const auto p = run_process(argv, options);
  EXPECT_TRUE(p) << p.error().message;
  if (!p) return out;
  EXPECT_TRUE(p->ok()) << p->failure_text();
  out.policy = p->out;
  out.left = p->left_realtime;
  return out;
}

class AloneRealtime : public ::testing::Test {
 protected:
  void SetUp() override {
    // Without the privilege the child is refused (tested above).
    if (!realtime_permitted()) {
      FPBENCH_SKIP_OR_FAIL_IN_CI(
          "real-time priority is not permitted here (needs CAP_SYS_NICE or "
          "RLIMIT_RTPRIO)");
    }
  }
};

TEST_F(AloneRealtime, AChildThatRunsAloneKeepsRealtimePriority) {
  const Probed p = probe({"alone"}, Priority::kRealtimeAlone);
  EXPECT_EQ(p.policy, "1\n");
  EXPECT_EQ(p.left, "");
  EXPECT_TRUE(p.called.empty());
}

TEST_F(AloneRealtime, ThreadsPutEveryThreadBackAtNormalPriority) {
  const Probed p = probe({"threads", "3"}, Priority::kRealtimeAlone);
  EXPECT_EQ(p.policy, "0\n");
  EXPECT_EQ(p.left, "3 threads");
  EXPECT_EQ(p.called, std::vector<std::string>{"3 threads"});
}

TEST_F(AloneRealtime, AChildProcessPutsItBackAtNormalPriority) {
  const Probed p = probe({"child"}, Priority::kRealtimeAlone);
  EXPECT_EQ(p.policy, "0\n");
  EXPECT_EQ(p.left, "a child process");
}

TEST_F(AloneRealtime, FileWritesBeyondTheLimitPutItBackAtNormalPriority) {
  const Probed p =
      probe({"write", std::to_string((kAloneWriteBytes >> 20) * 4)},
            Priority::kRealtimeAlone);
  EXPECT_EQ(p.policy, "0\n");
  EXPECT_NE(p.left.find("MiB written to files"), std::string::npos) << p.left;
}

TEST_F(AloneRealtime, AlwaysKeepsEveryThreadAtRealtimePriority) {
  const Probed p = probe({"threads", "3"}, Priority::kRealtime);
  EXPECT_EQ(p.policy, "1\n");
  EXPECT_EQ(p.left, "");
  EXPECT_TRUE(p.called.empty());
}

class RunPriority : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("fpbench-priority-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_);
    // Stand-in scenario programs whose rate is 1000 + their scheduling
    // policy: one that runs alone (shell builtins only), one that starts a
    // child first.
    program_ = write_program("policy-program", "");
    with_child_ = write_program("policy-with-child", "sleep 0.3\n");
  }

  fs::path write_program(const std::string& name, const std::string& first) {
    const fs::path path = dir_ / name;
    std::ofstream(path)
        << "#!/bin/sh\n"
        << "case \" $* \" in\n"
        << "  *' --build-info '*) printf "
           "'optimized=yes\\nsanitized=no\\nassertions=no\\n'; "
           "exit 0;;\n"
        << "  *' --list-configs '*) echo 'demo/a n=1'; exit 0;;\n"
        << "esac\n"
        << first << "read -r stat < /proc/$$/stat\n"
        << "set -- $stat\n"
        << "policy=${41}\n"
        << "echo "
           "'{\"benchmarks\":[{\"name\":\"x\",\"run_type\":\"iteration\","
           "\"iterations\":1,"
           "\"real_time\":1,\"time_unit\":\"ns\",\"items_per_second\":'$((1000 "
           "+ policy))'}]}'\n";
    ::chmod(path.c_str(), 0755);
    return path;
  }
  void TearDown() override { fs::remove_all(dir_); }

  // fpbench run with two samples per side; drop: in a child without the
  // privilege real-time priority needs.
  std::string run(const std::string& extra, bool drop = false) {
    return run_program(program_, extra, drop);
  }
  std::string run_program(const fs::path& program, const std::string& extra,
                          bool drop = false) {
    const std::string cmd = std::string("'") + FPBENCH_CLI + "' run --old '" +
                            program.string() + "' --new '" + program.string() +
                            "' --runs 2 --warmup 0 --no-progress " + extra +
                            " >'" + (dir_ / "out").string() + "' 2>'" +
                            (dir_ / "err").string() + "'";
    const pid_t pid = ::fork();
    if (pid == 0) {
      if (drop && !drop_realtime_privilege()) _exit(120);
      ::execl("/bin/sh", "sh", "-c", cmd.c_str(), static_cast<char*>(nullptr));
      _exit(121);
    }
    int status = 0;
    ::waitpid(pid, &status, 0);
    exit_code_ = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    err_ = slurp(dir_ / "err");
    return slurp(dir_ / "out");
  }

  fs::path dir_, program_, with_child_;
  int exit_code_ = -1;
  std::string err_;
};

std::size_t count(const std::string& text, const std::string& part) {
  std::size_t n = 0;
  for (std::size_t at = text.find(part); at != std::string::npos;
       at = text.find(part, at + 1))
    ++n;
  return n;
}

TEST_F(RunPriority, TimedSamplesRunAtRealtimePriorityWherePermitted) {
  const std::string csv = run("");
  ASSERT_EQ(exit_code_, 0) << err_;
  const std::string rate = realtime_permitted() ? ",1001," : ",1000,";
  EXPECT_EQ(count(csv, rate), 4u) << csv;
  EXPECT_EQ(err_.find("samples run at normal priority") == std::string::npos,
            realtime_permitted())
      << err_;
  if (realtime_permitted()) {
    EXPECT_NE(err_.find("fpbench: note: priority: 1 of 1 benchmarks ran at "
                        "real-time priority"),
              std::string::npos)
        << err_;
  }
}

TEST_F(RunPriority, AProgramThatStartsAChildRunsAtNormalPriorityAndIsNamed) {
  const std::string csv = run_program(with_child_, "");
  ASSERT_EQ(exit_code_, 0) << err_;
  EXPECT_EQ(count(csv, ",1000,"), 4u) << csv;
  if (realtime_permitted()) {
    EXPECT_NE(err_.find("fpbench: note: priority: 0 of 1 benchmarks ran at "
                        "real-time priority"),
              std::string::npos)
        << err_;
    EXPECT_NE(err_.find("1 with a child process: demo/a n=1 (a child "
                        "process)"),
              std::string::npos)
        << err_;
  }
}

TEST_F(RunPriority, RealtimeAlwaysKeepsAChildStartingProgramAtSchedFifo) {
  const std::string csv = run_program(with_child_, "--realtime-always");
  ASSERT_EQ(exit_code_, 0) << err_;
  const std::string rate = realtime_permitted() ? ",1001," : ",1000,";
  EXPECT_EQ(count(csv, rate), 4u) << csv;
}

TEST_F(RunPriority, NoRealtimeAndRealtimeAlwaysTogetherAreRefused) {
  run("--no-realtime --realtime-always");
  EXPECT_EQ(exit_code_, 2) << err_;
  EXPECT_NE(err_.find("--no-realtime and --realtime-always"), std::string::npos)
      << err_;
}

TEST_F(RunPriority, NoRealtimeKeepsNormalPriorityWithoutANote) {
  const std::string csv = run("--no-realtime");
  ASSERT_EQ(exit_code_, 0) << err_;
  EXPECT_EQ(count(csv, ",1000,"), 4u) << csv;
  EXPECT_EQ(err_.find("normal priority"), std::string::npos) << err_;
}

TEST_F(RunPriority,
       WithoutThePrivilegeSamplesRunAtNormalPriorityAndANoteSaysSo) {
  const std::string csv = run("", /*drop=*/true);
  ASSERT_EQ(exit_code_, 0) << err_;
  EXPECT_EQ(count(csv, ",1000,"), 4u) << csv;
  EXPECT_NE(err_.find("fpbench: note: samples run at normal priority"),
            std::string::npos)
      << err_;
}

}  // namespace
}  // namespace fpbench::harness
