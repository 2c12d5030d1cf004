// What the campaign merge says of a set of job results: "merged", or its one error (the
// campaign tests of exact counts and of best boards both ask it).
#pragma once

#include <string>
#include <vector>

#include "core/edge/campaign/campaign.hpp"

namespace tilewise::testing {

inline std::string refusal(const std::vector<NamedResult>& results) {
  Result<MergedCampaign> m = merge_results(results);
  return m.ok() ? "merged" : m.error().to_string();
}

}  // namespace tilewise::testing
