#include "cli/interrupt.hpp"

namespace tilewise::cli {
namespace {

std::atomic<bool> g_interrupted{false};
extern "C" void on_watched_sigint(int) {
  g_interrupted = true;
}

}  // namespace

InterruptWatch::InterruptWatch() {
  g_interrupted = false;
  previous_ = std::signal(SIGINT, on_watched_sigint);
}

InterruptWatch::~InterruptWatch() {
  std::signal(SIGINT, previous_);
}

const std::atomic<bool>* InterruptWatch::flag() const {
  return &g_interrupted;
}

}  // namespace tilewise::cli
