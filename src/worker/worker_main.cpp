// The solver module run inside a Web Worker (web/worker.js drives it).
// C entry points, all taking and returning JSON text:
//   tw_request(json)  start a job; returns the events it produced at once (e.g. an error)
//   tw_step(ms)       work on the current job for about ms; returns the events since
//   tw_cancel()       stop the current job; returns its final "done" event
//   tw_speed(n)       watched searches: at most n steps per second (0 = full speed)
//   tw_idle(ms)       while no job runs: work on the background table build for about ms
//                     (box_tables.hpp); returns its events; tw_idle_pending() says if any is left
// Every event carries the id of the request it belongs to.
#include <memory>
#include <string>

#include "core/json_text.hpp"
#include "core/version.hpp"
#include "worker/box_tables.hpp"
#include "worker/jobs.hpp"
#include "worker/request_fields.hpp"

namespace {

std::unique_ptr<tilewise::worker::Job> g_job;
long long g_job_id = -1;
std::string g_out;

const char* emit(nlohmann::json& events, long long id) {
  for (auto& e : events) e["id"] = id;
  g_out = tilewise::json_text(events);
  return g_out.c_str();
}

}  // namespace

extern "C" {

const char* tw_request(const char* text) {
  nlohmann::json events = nlohmann::json::array();
  nlohmann::json request = nlohmann::json::parse(text ? text : "", nullptr, false);
  if (request.is_discarded() || !request.is_object()) {
    events.push_back({{"type", "error"}, {"message", "request is not a JSON object"}});
    return emit(events, -1);
  }
  long long id = -1;
  std::string type;
  if (!tilewise::worker::read_field(request, "id", id, events) ||
      !tilewise::worker::read_field(request, "type", type, events))
    return emit(events, id);
  if (g_job) {  // a new request replaces the running one, which is reported as cancelled
    nlohmann::json old = nlohmann::json::array();
    g_job->cancel(old);
    for (auto& e : old) e["id"] = g_job_id, events.push_back(e);
    g_job.reset();
  }
  if (type == "ping") {
    events.push_back({{"type", "pong"}, {"version", tilewise::version()}, {"id", id}});
  } else if (type == "edge.solve" || type == "box.solve" || type == "box.bench" ||
             type == "edge.bench" || type == "edge.best") {
    nlohmann::json started = nlohmann::json::array();
    g_job = type == "box.solve"    ? tilewise::worker::make_box_solve_job(request, started)
            : type == "box.bench"  ? tilewise::worker::make_box_bench_job(request, started)
            : type == "edge.bench" ? tilewise::worker::make_edge_bench_job(request, started)
            : type == "edge.best"  ? tilewise::worker::make_edge_best_job(request, started)
                                   : tilewise::worker::make_edge_solve_job(request, started);
    for (auto& e : started) e["id"] = id, events.push_back(e);
    if (g_job) g_job_id = id;
  } else {
    events.push_back(
        {{"type", "error"}, {"id", id}, {"message", "unknown request type '" + type + "'"}});
  }
  g_out = tilewise::json_text(events);
  return g_out.c_str();
}

const char* tw_step(double budget_ms) {
  nlohmann::json events = nlohmann::json::array();
  if (!g_job) return emit(events, -1);
  const long long id = g_job_id;
  if (g_job->step(budget_ms, events)) g_job.reset();
  return emit(events, id);
}

void tw_speed(double steps_per_second) {
  if (g_job) g_job->set_speed(steps_per_second);
}

int tw_busy() {
  return g_job ? 1 : 0;
}

int tw_idle_pending() {
  return !g_job && tilewise::worker::background_build() ? 1 : 0;
}

const char* tw_idle(double budget_ms) {
  nlohmann::json events = nlohmann::json::array();
  if (!g_job) tilewise::worker::run_background_build(budget_ms, events);
  g_out = tilewise::json_text(events);
  return g_out.c_str();
}

const char* tw_cancel() {
  nlohmann::json events = nlohmann::json::array();
  if (!g_job) return emit(events, -1);
  const long long id = g_job_id;
  g_job->cancel(events);
  g_job.reset();
  return emit(events, id);
}

}  // extern "C"
