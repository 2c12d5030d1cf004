// Placeholder registration; the owner of the 'link' sub-command replaces this file.
#include "cli/commands.hpp"

namespace tilewise::cli {

void add_link_command(CLI::App& app, int& exit_code) {
  auto* cmd = app.add_subcommand("link", "(not built yet)");
  cmd->callback([&exit_code] {
    std::cerr << "tilewise link: not built yet\n";
    exit_code = kExitInternal;
  });
}

}  // namespace tilewise::cli
