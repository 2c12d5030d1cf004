// The example puzzles of assets/puzzles, embedded into the app at build time (no filesystem).
#pragma once

#include <string_view>
#include <vector>

namespace tilewise::app {

struct Example {
  std::string_view name;  // file name
  std::string_view text;
};

const std::vector<Example>& examples();

}  // namespace tilewise::app
