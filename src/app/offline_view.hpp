// Offline use: the notice that a new build of the app is cached and ready (web/offline.js).
#pragma once

#include <nlohmann/json.hpp>

namespace tilewise::app {

// Draws "A new version is ready" with an Update button while one waits (else nothing).
void update_notice();
// Adds "update_ready" to the browser tests' state.
void offline_add_test_state(nlohmann::json& state);

}  // namespace tilewise::app
