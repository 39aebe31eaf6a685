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

}  // namespace zertz::cli
