// JSON to text for anything that may carry user text (file names, card names, error messages
// quoting a file): bytes that are not valid UTF-8 become U+FFFD instead of throwing, so a
// Latin-1 puzzle file can never abort the app, the worker or the CLI.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace tilewise {

inline std::string json_text(const nlohmann::json& j, int indent = -1) {
  return j.dump(indent, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace tilewise
