// Commands as a kind of source (--command): each configuration one
// combination of the --param values; wall time from exec to exit, cpu,
// faults and rss from wait4, system calls from tracepoints on the process
// tree, allocations from the preload library, instructions from callgrind
// following every child.

#include <fmt/format.h>

#include <algorithm>
#include <array>

#include "fpbench/base/process.hpp"
#include "fpbench/harness/source_type.hpp"

namespace fpbench::harness {
namespace {

// The floor of a command's wall time here: the median time of a process
// that does nothing (true) from exec to exit, measured as every sample is.
double spawn_cost_s() {
  std::vector<double> times;
  for (int i = 0; i < 21; ++i) {
    const auto p = run_process({"true"});
    if (p && p->ok())
      times.push_back(std::chrono::duration<double>(p->elapsed).count());
  }
  if (times.empty()) return 0;
  std::nth_element(
      times.begin(),
      times.begin() + static_cast<std::ptrdiff_t>(times.size() / 2),
      times.end());
  return times[times.size() / 2];
}

class CommandType : public SourceType {
 public:
  [[nodiscard]] std::string_view name() const override { return "command"; }

  [[nodiscard]] Result<void> check_options(const RunOptions& o) const override {
    if (!o.old_program || !o.new_program)
      return usage_error("--command needs --old 'COMMAND' and --new 'COMMAND'");
    if (!o.selectors.empty()) {
      return usage_error(fmt::format(
          "--command takes no benchmark names ('{}'): quote each command as "
          "one argument of --old and --new",
          o.selectors.front()));
    }
    if (o.old_impl || o.new_impl || !o.sets.empty())
      return usage_error(
          "--old-impl/--new-impl/--set are fpbench-scenarios' options, not "
          "--command's");
    return {};
  }

  [[nodiscard]] Result<Plan> plan(const RunOptions& o) const override {
    Plan plan;
    const std::array<std::string, 2> commands = {*o.old_program,
                                                 *o.new_program};
    CommandMeasure base;
    base.preload = o.preload;
    base.valgrind = o.valgrind;
    const auto command = [&](CommandMeasure how) {
      return [&, how](std::size_t side) {
        CommandMeasure in_dir = how;
        in_dir.working_dir = side == 0 ? o.old_working_dir : o.new_working_dir;
        return make_command_source(commands[side], o.command, in_dir);
      };
    };
    if (const std::string key =
            first_wanted(o, {"wall", "cpu", "faults", "rss"});
        !key.empty()) {
      CommandMeasure how = base;
      how.cpu = wants(o, "cpu");
      how.faults = wants(o, "faults");
      how.rss = wants(o, "rss");
      add_pass(plan, o, key, false, command(how));
      plan.notes.push_back(fmt::format(
          "a command that does nothing (true) takes {:.3f} ms here from exec "
          "to exit (the median of 21 runs): every wall time includes the "
          "command's own start-up like it, as hyperfine -N's do; fork and "
          "fpbench's set-up of the process are not timed",
          spawn_cost_s() * 1e3));
    }
    // Apart: each process of the command writes its allocation counts as it
    // exits, system calls that the tracepoints would count.
    if (wants(o, "syscalls") || wants(o, "syscalls_all")) {
      CommandMeasure how = base;
      how.mode = MeasureMode::kCounting;
      how.syscalls = true;
      add_pass(plan, o, "syscalls", false, command(how));
    }
    if (const std::string key = first_wanted(o, {"allocs", "alloc_bytes"});
        !key.empty()) {
      CommandMeasure how = base;
      how.mode = MeasureMode::kCounting;
      how.allocs = true;
      add_pass(plan, o, key, false, command(how));
    }
    if (wants(o, "instructions")) {
      CommandMeasure how = base;
      how.mode = MeasureMode::kCallgrind;
      plan.notes.push_back("instructions: counted under " + o.valgrind +
                           " --tool=callgrind --trace-children=yes, every "
                           "process of the command");
      add_pass(plan, o, "instructions", true, command(how));
    }
    return plan;
  }

  // The command runs in the worktree as it would be typed there: the
  // runner starts every sample (and its set-up) with the worktree as its
  // working directory, so the text is kept as it is and nothing of
  // fpbench's own (an `env -C` before it) is counted with the command.
  [[nodiscard]] std::string program_in(const std::string& /*worktree*/,
                                       const std::string& program,
                                       const RunOptions& /*o*/) const override {
    return program;
  }
};

}  // namespace

const SourceType& command_source_type() {
  static const CommandType type;
  return type;
}

}  // namespace fpbench::harness
