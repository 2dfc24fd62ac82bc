// The manual from the definitions: what a walk over a CLI11 App keeps
// (groups in order, defaults, no hidden option), the table read back as
// written, roff that man shows literally, and the one --format refusal.

#include "fpbench/base/cli_docs.hpp"

#include <gtest/gtest.h>

#include "fpbench/base/cli_vocabulary.hpp"

namespace fpbench::cli {
namespace {

struct Sample {
  CLI::App app{"A tool", "tool"};
  std::vector<std::string> filters;
  int runs = 30;
  bool quiet = false;
  std::string input = "-";

  Sample() {
    CLI::App* sub = app.add_subcommand("go", "Go somewhere");
    sub->add_option("file", input, "Input")->capture_default_str();
    sub->add_option("--filter", filters, "Keep what contains TEXT")
        ->group(kGroupSelection);
    sub->add_option("--runs", runs, ".runs per side")
        ->capture_default_str()
        ->group(kGroupSchedule);
    sub->add_flag("--quiet,-q", quiet, "No progress")->group(kGroupOutput);
    add_old_spelling(*sub, "--count", "--runs", runs);
  }
};

TEST(CliDocs, DescribesGroupsInOrderWithDefaultsAndWithoutHiddenOptions) {
  Sample s;
  const auto docs = describe_commands(s.app, "tool");
  ASSERT_EQ(docs.size(), 2u);
  EXPECT_EQ(docs[0].subcommands.size(), 1u);
  EXPECT_EQ(docs[0].subcommands[0].first, "tool go");
  const CommandDoc& go = docs[1];
  EXPECT_EQ(go.name, "tool go");
  std::vector<std::string> seen;
  for (const OptionDoc& o : go.options) seen.push_back(o.names + "|" + o.group);
  EXPECT_EQ(seen,
            (std::vector<std::string>{"file|Options", "--help, -h|Options",
                                      "--filter|Selection", "--runs|Schedule",
                                      "--quiet, -q|Output"}));
  EXPECT_TRUE(go.options[0].positional);
  EXPECT_EQ(go.options[3].default_value, "30");
  EXPECT_EQ(go.options[3].value, "INT");
  EXPECT_EQ(go.options[4].value, "");
}

TEST(CliDocs, TheTableReadsBackAsWritten) {
  Sample s;
  const auto docs = describe_commands(s.app, "tool");
  const auto back = parse_command_table(format_command_table(docs));
  ASSERT_TRUE(back.has_value()) << back.error().message;
  EXPECT_EQ(format_command_table(*back), format_command_table(docs));
  EXPECT_FALSE(parse_command_table("X\tnothing\n").has_value());
}

TEST(CliDocs, RoffShowsHyphensAndLeadingDotsLiterally) {
  Sample s;
  const auto docs = describe_commands(s.app, "tool");
  const std::string page = format_man_page(docs[1], "tool 1.0", {"tool"});
  EXPECT_NE(page.find(".TH \"TOOL\\-GO\" \"1\""), std::string::npos) << page;
  EXPECT_NE(page.find("\\fB\\-\\-filter\\fR \\fITEXT ...\\fR"),
            std::string::npos)
      << page;
  EXPECT_NE(page.find("\n\\&.runs per side (default: 30)\n"), std::string::npos)
      << page;
  EXPECT_NE(page.find(".SS Schedule\n"), std::string::npos);
  EXPECT_EQ(page.find("count"), std::string::npos);
  EXPECT_NE(page.find(".SH SEE ALSO\n\\fBtool\\fR(1)"), std::string::npos);
}

TEST(CliDocs, MarkdownListsEveryOptionWithTheCommandsThatTakeIt) {
  Sample s;
  const std::string md = format_cli_markdown(describe_commands(s.app, "tool"));
  EXPECT_NE(md.find("| `tool go` | Go somewhere |"), std::string::npos) << md;
  EXPECT_NE(md.find("| Schedule | `--runs` | `INT` | .runs per side | `30` |"),
            std::string::npos)
      << md;
  EXPECT_NE(md.find("| `--filter` | `tool go` |"), std::string::npos) << md;
}

TEST(OutputFormat, MdIsMarkdownAndEveryRefusalReadsTheSame) {
  const auto md =
      parse_output_format("md", {OutputFormat::kText, OutputFormat::kMarkdown});
  ASSERT_TRUE(md.has_value());
  EXPECT_EQ(*md, OutputFormat::kMarkdown);
  const auto html = parse_output_format(
      "html",
      {OutputFormat::kText, OutputFormat::kMarkdown, OutputFormat::kJson});
  ASSERT_FALSE(html.has_value());
  EXPECT_EQ(html.error().message,
            "unknown format 'html': expected text, markdown (or md) or json");
  EXPECT_EQ(exit_code(html.error()), kExitBadUsage);
}

}  // namespace
}  // namespace fpbench::cli
