// fpbench list [CATEGORY] [--scenario-program PROG]: the scenarios and their
// grids, as fpbench-scenarios --list prints them.

#include <algorithm>
#include <chrono>
#include <string>

#include "fpbench/base/cli_vocabulary.hpp"
#include "fpbench/base/process.hpp"
#include "fpbench/base/try.hpp"
#include "subcommands.hpp"

namespace fpbench::cli {
namespace {

// Blocks of "name" followed by indented grid lines; keeps the category's.
std::string blocks_of(const std::string& text, const std::string& category) {
  std::string out;
  bool keep = false;
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    const std::string line = text.substr(start, end - start);
    if (!line.empty() && line[0] != ' ') {
      keep = category.empty() || category == "all" || line == category ||
             line.rfind(category + "/", 0) == 0;
    }
    if (keep) out += line + "\n";
    start = end + 1;
  }
  return out;
}

class List : public Subcommand {
 public:
  explicit List(CLI::App& app) : program_(default_scenario_program()) {
    command_ =
        app.add_subcommand("list", "List scenarios and their parameter grids");
    command_->add_option("category", category_,
                         "Only this category or scenario");
    command_
        ->add_option("--scenario-program", program_,
                     "fpbench-scenarios to ask (default: $FPBENCH_SCENARIOS, "
                     "else the one beside fpbench, else on PATH)")
        ->group(kGroupPrograms);
    add_old_spelling(*command_, "--scenarios", "--scenario-program", program_);
  }

  [[nodiscard]] bool parsed() const override { return command_->parsed(); }

  Result<int> run() override {
    // A program that never answers is killed: asking it for its list is
    // instant, so a minute means it hangs.
    ProcessOptions options;
    options.timeout = std::chrono::seconds(60);
    FPBENCH_ASSIGN_OR_RETURN(const auto p,
                             run_process({program_, "--list"}, options));
    if (!p.ok())
      return benchmark_error(program_ + " --list: " + p.status_text() + "\n" +
                             p.err);
    const std::string out = blocks_of(p.out, category_);
    if (out.empty())
      return usage_error("no scenario in category '" + category_ + "'");
    FPBENCH_TRY(write_stdout(out));
    return kExitOk;
  }

 private:
  CLI::App* command_ = nullptr;
  std::string category_;
  std::string program_;
};

}  // namespace

std::unique_ptr<Subcommand> add_list(CLI::App& app) {
  return std::make_unique<List>(app);
}

}  // namespace fpbench::cli
