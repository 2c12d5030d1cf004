#include "app/offline_view.hpp"

#include "app/theme.hpp"
#include "app/widgets.hpp"
#include "imgui.h"
#include "platform/platform.hpp"

namespace tilewise::app {

void update_notice() {
  if (!platform::update_ready()) return;
  ImGui::TextColored(ink_colour(Ink::kAccent), "A new version of Tilewise is ready.");
  ImGui::SameLine();
  if (button("Update")) platform::apply_update();  // the page reloads; the link keeps the board
}

void offline_add_test_state(nlohmann::json& state) {
  state["update_ready"] = platform::update_ready();
}

}  // namespace tilewise::app
