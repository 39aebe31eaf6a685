// The `zertz` tool's subcommands register themselves here, one file each
// (cli/*.cpp), so adding a command touches no shared file.
#pragma once

#include <functional>
#include <map>
#include <string>
#include <vector>

namespace zertz::cli {

using Args = std::vector<std::string>;
using CommandFn = std::function<int(const Args& args)>;  // returns the exit code

struct CommandInfo {
  std::string usage;  // one line, shown by `zertz help`
  CommandFn run;
};

std::map<std::string, CommandInfo>& commands();

struct RegisterCommand {
  RegisterCommand(const std::string& name, const std::string& usage, CommandFn fn) {
    commands()[name] = {usage, std::move(fn)};
  }
};

// Value of "--name VALUE" in args (removing both), or fallback.
std::string takeOption(Args& args, const std::string& name, const std::string& fallback = "");
bool takeFlag(Args& args, const std::string& name);

// A count or limit typed on the command line: decimal digits only (no sign,
// no spaces, at most 15 digits, so it never overflows) within [lo, hi].
// False for anything else; the caller's message names the option.
bool parseInteger(const std::string& text, long long lo, long long hi, long long& out);

}  // namespace zertz::cli
