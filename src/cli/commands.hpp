// Each `tilewise` sub-command lives in its own file and registers itself here.
#pragma once

#include <CLI/CLI.hpp>

namespace tilewise::cli {

// Exit codes shared by every sub-command (documented in the README).
enum ExitCode : int {
  kExitOk = 0,
  kExitNoSolution = 1,   // the search finished and found nothing
  kExitBadInput = 2,     // bad file, link, board or arguments
  kExitInterrupted = 3,  // cancelled (Ctrl-C) or cut by a limit before finishing
  kExitInternal = 4,     // a limit of the machine was hit (memory...) or a bug
};

// Each add_* registers a sub-command; its callback stores its exit code in `exit_code`.
void add_solve_command(CLI::App& app, int& exit_code);      // solve_command.cpp
void add_generate_command(CLI::App& app, int& exit_code);   // generate_command.cpp
void add_box_command(CLI::App& app, int& exit_code);        // box_command.cpp
void add_box_merge_command(CLI::App& box, int& exit_code);  // box_merge_command.cpp
void add_link_command(CLI::App& app, int& exit_code);       // link_command.cpp
void add_bench_command(CLI::App& app, int& exit_code);      // bench_command.cpp
// Campaigns (docs/campaigns.md).
void add_split_command(CLI::App& app, int& exit_code);       // split_command.cpp
void add_job_command(CLI::App& app, int& exit_code);         // job_command.cpp
void add_merge_command(CLI::App& app, int& exit_code);       // merge_command.cpp
void add_status_command(CLI::App& app, int& exit_code);      // status_command.cpp
void add_estimate_command(CLI::App& app, int& exit_code);    // estimate_command.cpp
void add_best_command(CLI::App& app, int& exit_code);        // best_command.cpp
void add_best_bench_command(CLI::App& app, int& exit_code);  // best_bench_command.cpp

}  // namespace tilewise::cli
