// The solver worker's C entry points on arbitrary request text: tw_request, one tw_step
// with a zero budget (streams and reports progress without searching) and tw_cancel.
// Every answer must be a JSON array of events, each with a "type" and an "id".
#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

#include "fuzz_check.hpp"

extern "C" {
const char* tw_request(const char* text);
const char* tw_step(double budget_ms);
const char* tw_cancel();
}

namespace {

void check_events(const char* out, const char* call) {
  FUZZ_CHECK(out != nullptr, "%s returned null", call);
  const nlohmann::json events = nlohmann::json::parse(out, nullptr, false);
  FUZZ_CHECK(!events.is_discarded() && events.is_array(), "%s returned non-array: %s", call, out);
  for (const auto& e : events)
    FUZZ_CHECK(e.is_object() && e.contains("type") && e.contains("id"),
               "%s returned a bad event: %s", call, out);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);  // NUL-terminated copy
  check_events(tw_request(text.c_str()), "tw_request");
  check_events(tw_step(0.0), "tw_step");
  check_events(tw_cancel(), "tw_cancel");
  return 0;
}
