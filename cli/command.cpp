#include "command.h"

#include <algorithm>

namespace zertz::cli {

std::map<std::string, CommandInfo>& commands() {
  static std::map<std::string, CommandInfo> registry;
  return registry;
}

std::string takeOption(Args& args, const std::string& name, const std::string& fallback) {
  for (size_t i = 0; i + 1 < args.size(); ++i)
    if (args[i] == name) {
      std::string v = args[i + 1];
      args.erase(args.begin() + long(i), args.begin() + long(i) + 2);
      return v;
    }
  return fallback;
}

bool takeFlag(Args& args, const std::string& name) {
  auto it = std::find(args.begin(), args.end(), name);
  if (it == args.end()) return false;
  args.erase(it);
  return true;
}

bool parseInteger(const std::string& text, long long lo, long long hi, long long& out) {
  if (text.empty() || text.size() > 15 || text.find_first_not_of("0123456789") != std::string::npos) return false;
  const long long value = std::stoll(text);
  if (value < lo || value > hi) return false;
  out = value;
  return true;
}

}  // namespace zertz::cli
