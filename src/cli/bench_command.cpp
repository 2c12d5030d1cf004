// Placeholder registration; the owner of the 'bench' sub-command replaces this file.
#include "cli/commands.hpp"

namespace tilewise::cli {

void add_bench_command(CLI::App& app, int& exit_code) {
  auto* cmd = app.add_subcommand("bench", "(not built yet)");
  cmd->callback([&exit_code] {
    std::cerr << "tilewise bench: not built yet\n";
    exit_code = kExitInternal;
  });
}

}  // namespace tilewise::cli
