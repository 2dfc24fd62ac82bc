// The manual from the CLI11 definitions: a walk over the App tree into
// plain records, then roff, Markdown or a tab-separated table of them.

#include "fpbench/base/cli_docs.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "fpbench/base/command_line.hpp"
#include "fpbench/base/file_write.hpp"
#include "fpbench/base/try.hpp"

namespace fpbench::cli {
namespace {

std::string joined_names(const CLI::Option& option) {
  std::string out;
  for (const std::string& l : option.get_lnames()) {
    out += (out.empty() ? "--" : ", --") + l;
  }
  for (const std::string& s : option.get_snames()) {
    out += (out.empty() ? "-" : ", -") + s;
  }
  return out;
}

OptionDoc describe_option(const CLI::Option& option) {
  OptionDoc doc;
  doc.positional = option.get_positional();
  doc.names = doc.positional ? option.get_name(true) : joined_names(option);
  if (option.get_type_size() != 0) {
    doc.value = option.get_type_name();
    if (option.get_expected_max() > 1 || option.get_items_expected_max() > 1)
      doc.value += " ...";
  }
  doc.group = option.get_group();
  doc.description = option.get_description();
  doc.default_value = option.get_default_str();
  doc.required = option.get_required();
  return doc;
}

void describe_into(const CLI::App& app, const std::string& name,
                   std::vector<CommandDoc>& out) {
  CommandDoc doc;
  doc.name = name;
  doc.description = app.get_description();
  doc.forwards = app.get_prefix_command();
  const auto options = app.get_options();
  for (const CLI::Option* o : options) {
    if (o->get_positional()) doc.options.push_back(describe_option(*o));
  }
  for (const std::string& group : app.get_groups()) {
    if (group.empty()) continue;
    for (const CLI::Option* o : options) {
      if (!o->get_positional() && o->get_group() == group)
        doc.options.push_back(describe_option(*o));
    }
  }
  const auto subs = app.get_subcommands(
      [](const CLI::App* sub) { return !sub->get_name().empty(); });
  for (const CLI::App* sub : subs) {
    doc.subcommands.emplace_back(name + " " + sub->get_name(),
                                 sub->get_description());
  }
  out.push_back(std::move(doc));
  for (const CLI::App* sub : subs) {
    describe_into(*sub, name + " " + sub->get_name(), out);
  }
}

// Text as roff reads it literally: backslashes, hyphens (an ASCII '-',
// never a hyphen or a minus sign) and a control character at a line's start.
std::string roff(std::string_view text) {
  std::string out;
  for (const char c : text) {
    if (c == '\\') {
      out += "\\e";
    } else if (c == '-') {
      out += "\\-";
    } else if (c == '\n') {
      out += ' ';
    } else {
      out += c;
    }
  }
  if (!out.empty() && (out[0] == '.' || out[0] == '\'')) out.insert(0, "\\&");
  return out;
}

std::string upper(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) {
    return static_cast<char>(std::toupper(c));
  });
  return out;
}

std::string option_tag(const OptionDoc& o) {
  std::string tag;
  if (o.positional) {
    tag = "\\fI" + roff(o.names) + "\\fR";
  } else {
    std::size_t start = 0;
    while (start <= o.names.size()) {
      const std::size_t comma =
          std::min(o.names.find(", ", start), o.names.size());
      if (!tag.empty()) tag += ", ";
      tag += "\\fB" + roff(o.names.substr(start, comma - start)) + "\\fR";
      start = comma + 2;
    }
  }
  if (!o.value.empty() && !o.positional)
    tag += " \\fI" + roff(o.value) + "\\fR";
  return tag;
}

std::string option_text(const OptionDoc& o) {
  std::string text = roff(o.description);
  if (!o.default_value.empty())
    text += " (default: " + roff(o.default_value) + ")";
  if (o.required) text += " (required)";
  return text;
}

std::string markdown_cell(std::string_view text) {
  std::string out;
  for (const char c : text) {
    if (c == '|') out += '\\';
    out += c == '\n' ? ' ' : c;
  }
  return out;
}

std::string code_cell(std::string_view text) {
  return text.empty() ? "" : "`" + markdown_cell(text) + "`";
}

// A field of the table: no tab or newline inside.
std::string field(std::string_view text) {
  std::string out(text);
  std::replace(out.begin(), out.end(), '\t', ' ');
  std::replace(out.begin(), out.end(), '\n', ' ');
  return out;
}

std::vector<std::string> split_fields(std::string_view line) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start <= line.size()) {
    const std::size_t tab = std::min(line.find('\t', start), line.size());
    out.emplace_back(line.substr(start, tab - start));
    start = tab + 1;
  }
  return out;
}

}  // namespace

std::vector<CommandDoc> describe_commands(const CLI::App& app,
                                          const std::string& name) {
  std::vector<CommandDoc> out;
  describe_into(app, name, out);
  return out;
}

std::string man_page_name(std::string_view command_name) {
  std::string out(command_name);
  std::replace(out.begin(), out.end(), ' ', '-');
  return out;
}

std::string format_man_page(const CommandDoc& command,
                            const std::string& version,
                            const std::vector<std::string>& see_also) {
  const std::string page = man_page_name(command.name);
  std::string out = "'\\\" t\n";
  out += ".TH \"" + roff(upper(page)) + "\" \"1\" \"\" \"" + roff(version) +
         "\" \"fpbench manual\"\n.nh\n.ad l\n";
  out += ".SH NAME\n" + roff(page) + " \\- " + roff(command.description) + "\n";
  out += ".SH SYNOPSIS\n.B " + roff(command.name) + "\n";
  if (!command.subcommands.empty()) out += "\\fICOMMAND\\fR ";
  out += "[\\fIOPTIONS\\fR]";
  for (const OptionDoc& o : command.options) {
    if (o.positional) out += " [\\fI" + roff(o.names) + "\\fR...]";
  }
  out += "\n.SH DESCRIPTION\n" + roff(command.description) + ".\n";
  if (!command.subcommands.empty()) {
    out += ".SH COMMANDS\n";
    for (const auto& [name, description] : command.subcommands) {
      out += ".TP\n\\fB" + roff(name) + "\\fR\n" + roff(description) +
             " (see \\fB" + roff(man_page_name(name)) + "\\fR(1))\n";
    }
  }
  std::string group;
  bool any_positional = false;
  for (const OptionDoc& o : command.options) {
    if (o.positional && !any_positional) {
      out += ".SH ARGUMENTS\n";
      any_positional = true;
    }
    if (!o.positional && group.empty()) out += ".SH OPTIONS\n";
    if (!o.positional && o.group != group) {
      group = o.group;
      out += ".SS " + roff(group) + "\n";
    }
    out += ".TP\n" + option_tag(o) + "\n" + option_text(o) + "\n";
  }
  out +=
      ".SH EXIT STATUS\n0 success; 1 a regression was found (or, for "
      "bisect, not reproduced); 2 bad usage or bad input; 3 a benchmark, "
      "build, I/O or internal failure. Errors go to standard error as "
      "\\(lqfpbench: error: ...\\(rq.\n";
  std::string refs;
  for (const std::string& other : see_also) {
    if (other == page) continue;
    refs += (refs.empty() ? "" : ",\n") + std::string("\\fB") + roff(other) +
            "\\fR(1)";
  }
  if (!refs.empty()) out += ".SH SEE ALSO\n" + refs + "\n";
  return out;
}

Result<void> write_man_pages(const std::vector<CommandDoc>& commands,
                             const std::string& dir,
                             const std::string& version) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) return io_error("cannot create " + dir + ": " + ec.message());
  std::vector<std::string> pages;
  for (const CommandDoc& c : commands) {
    if (!c.forwards) pages.push_back(man_page_name(c.name));
  }
  for (const CommandDoc& c : commands) {
    if (c.forwards) continue;
    const std::string path = dir + "/" + man_page_name(c.name) + ".1";
    FPBENCH_TRY(
        write_file_atomically(path, format_man_page(c, version, pages)));
  }
  return {};
}

std::string format_command_table(const std::vector<CommandDoc>& commands) {
  std::string out;
  for (const CommandDoc& c : commands) {
    out += "C\t" + field(c.name) + "\t" + field(c.description) + "\t" +
           (c.forwards ? "1" : "0") + "\n";
    for (const auto& [name, description] : c.subcommands)
      out += "S\t" + field(name) + "\t" + field(description) + "\n";
    for (const OptionDoc& o : c.options) {
      out += "O\t" + field(o.names) + "\t" + field(o.value) + "\t" +
             field(o.group) + "\t" + field(o.description) + "\t" +
             field(o.default_value) + "\t" + (o.positional ? "p" : "") +
             (o.required ? "r" : "") + "\n";
    }
  }
  return out;
}

Result<std::vector<CommandDoc>> parse_command_table(std::string_view text) {
  std::vector<CommandDoc> out;
  std::size_t start = 0;
  int line_no = 0;
  while (start < text.size()) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    const std::vector<std::string> f =
        split_fields(text.substr(start, end - start));
    start = end + 1;
    ++line_no;
    const bool command = f[0] == "C" && f.size() == 4;
    const bool sub = f[0] == "S" && f.size() == 3 && !out.empty();
    const bool option = f[0] == "O" && f.size() == 7 && !out.empty();
    if (command) {
      out.push_back(CommandDoc{f[1], f[2], {}, {}, f[3] == "1"});
    } else if (sub) {
      out.back().subcommands.emplace_back(f[1], f[2]);
    } else if (option) {
      const bool positional = f[6].find('p') != std::string::npos;
      const bool required = f[6].find('r') != std::string::npos;
      out.back().options.push_back(
          OptionDoc{f[1], f[2], f[3], f[4], f[5], positional, required});
    } else {
      return bad_input_error("command table, line " + std::to_string(line_no) +
                             ": not a command, "
                             "subcommand or option line");
    }
  }
  return out;
}

std::string format_cli_markdown(const std::vector<CommandDoc>& commands) {
  std::string out =
      "# Commands and options\n\n"
      "Written from the option definitions by `fpbench --cli-markdown`; "
      "`fpbench SUB --help` and `man fpbench-SUB` say the same. Options "
      "are listed by group: programs measured, selection of benchmarks, "
      "schedule, metrics, output and decisions.\n\n"
      "| command | what it does |\n|---|---|\n";
  for (const CommandDoc& c : commands) {
    if (c.forwards) continue;
    out += "| `" + markdown_cell(c.name) + "` | " +
           markdown_cell(c.description) + " |\n";
  }
  // option -> the commands that take it.
  std::map<std::string, std::vector<std::string>> index;
  for (const CommandDoc& c : commands) {
    if (c.forwards) continue;
    out += "\n## " + c.name + "\n\n" + markdown_cell(c.description) + ".\n";
    if (!c.subcommands.empty()) {
      out += "\nCommands:";
      for (const auto& sub : c.subcommands) {
        out += " `" + markdown_cell(sub.first) + "`";
      }
      out += ".\n";
    }
    if (c.options.empty()) continue;
    out +=
        "\n| group | option | value | meaning | default |\n"
        "|---|---|---|---|---|\n";
    for (const OptionDoc& o : c.options) {
      out += "| " + (o.positional ? std::string("argument") : o.group) + " | " +
             code_cell(o.names) + " | " + code_cell(o.value) + " | " +
             markdown_cell(o.description) + (o.required ? " (required)" : "") +
             " | " + code_cell(o.default_value) + " |\n";
      if (o.positional) continue;
      index[o.names].push_back(c.name);
    }
  }
  out +=
      "\n## Every option and the commands that take it\n\n"
      "| option | commands |\n|---|---|\n";
  for (const auto& [names, takers] : index) {
    std::string cmds;
    for (const std::string& c : takers)
      cmds += (cmds.empty() ? "" : ", ") + code_cell(c);
    out += "| " + code_cell(names) + " | " + cmds + " |\n";
  }
  return out;
}

namespace {

// `commands` with each table's commands in place of the one forwarding to
// its first command (or at the end).
Result<std::vector<CommandDoc>> with_tables(std::vector<CommandDoc> commands,
                                            int argc, char** argv) {
  for (int i = 2; i < argc; ++i) {
    std::ifstream in(argv[i]);
    std::stringstream text;
    text << in.rdbuf();
    if (!in) return io_error(std::string("cannot read ") + argv[i]);
    FPBENCH_ASSIGN_OR_RETURN(auto table, parse_command_table(text.str()));
    if (table.empty()) continue;
    auto at = std::find_if(commands.begin(), commands.end(),
                           [&](const CommandDoc& c) {
                             return c.forwards && c.name == table.front().name;
                           });
    if (at != commands.end()) at = commands.erase(at);
    commands.insert(at, table.begin(), table.end());
  }
  return commands;
}

}  // namespace

int answer_docs_request(const CLI::App& app, int argc, char** argv) {
  if (argc < 2) return -1;
  const std::string_view request = argv[1];
  if (request != "--man-pages" && request != "--cli-table" &&
      request != "--cli-markdown")
    return -1;
  const auto commands = describe_commands(app, app.get_name());
  Result<void> done;
  if (request == "--man-pages") {
    if (argc != 3) {
      std::fprintf(stderr, "fpbench: error: --man-pages needs a folder\n");
      return kExitBadUsage;
    }
    done = write_man_pages(commands, argv[2],
                           std::string("fpbench ") + FPBENCH_VERSION);
  } else if (request == "--cli-table") {
    done = write_stdout(format_command_table(commands));
  } else {
    const auto all = with_tables(commands, argc, argv);
    done = all ? write_stdout(format_cli_markdown(*all))
               : Result<void>(all.error());
  }
  if (done) return kExitOk;
  std::fprintf(stderr, "fpbench: error: %s\n", done.error().message.c_str());
  return exit_code(done.error());
}

}  // namespace fpbench::cli
