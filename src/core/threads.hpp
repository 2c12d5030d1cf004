// How many threads a search may use by default: the cores this process may run on.
#pragma once

namespace tilewise {

// The CPUs this process is allowed to run on (its affinity mask on Linux, so a Slurm task or
// `taskset` given one core gets 1, not the machine's count); at least 1.
int hardware_threads();

}  // namespace tilewise
