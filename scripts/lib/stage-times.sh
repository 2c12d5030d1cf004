# Stage timing for scripts/test.sh (sourced): `stage NAME` ends the stage before (its wall
# time, and the CPU time, user + sys, of the commands it waited for) and starts NAME;
# `stage_ctest LOG ARGS...` runs ctest writing its summary lines to LOG as well;
# `stage_report` prints a table of every stage, the 10 slowest tests of each ctest log and
# the optional parts left out ($TILEWISE_SKIPPED_LOG), and also writes it to $STAGE_REPORT.
# test.sh calls it at its end and on failure.
STAGE_REPORT=${STAGE_REPORT:-build/test-times.txt}
stage_rows=()
stage_logs=()
stage_name=""
stage_t0=0
stage_c0=0

# CPU seconds (user + sys) of this shell's children that have ended and been waited for, in
# stage_cpu. (`times` runs here, not in a $(...) subshell: a fork starts with none.)
stage_cpu=0
stage_cpu_now() {
  local f=${STAGE_REPORT}.cpu
  mkdir -p "$(dirname "$f")"
  times >"$f"
  stage_cpu=$(awk 'NR == 2 { split($1, u, /[ms]/); split($2, s, /[ms]/); printf "%.0f", u[1] * 60 + u[2] + s[1] * 60 + s[2] }' "$f")
  rm -f "$f"
}

stage_end() {
  [ -n "$stage_name" ] || return 0
  stage_cpu_now
  stage_rows+=("$(printf '%6d s %7d s  %s' $((SECONDS - stage_t0)) $((stage_cpu - stage_c0)) "$stage_name")")
  stage_name=""
}

stage() {
  stage_end
  stage_name=$*
  stage_t0=$SECONDS
  stage_cpu_now
  stage_c0=$stage_cpu
  echo
  echo "=== test.sh [+${SECONDS}s]: $* ==="
}

# `stage_background NAME LOG CMD...` runs CMD (a function or command) beside the stages that
# follow, its output in LOG; `stage_join` waits for it, prints LOG and adds its row (its own
# wall and CPU time, marked "beside the stages above") to the table, its CPU kept out of the
# stage that waits; it returns CMD's exit status. One background job at a time.
stage_bg_pid=""
stage_background() {
  local name=$1 log=$2
  shift 2
  mkdir -p "$(dirname "$log")"
  stage_bg_name=$name stage_bg_log=$log stage_bg_t0=$SECONDS
  echo "=== test.sh [+${SECONDS}s]: started beside the next stages: $name (output: $log) ==="
  (
    set +e
    "$@" >"$log" 2>&1
    rc=$?
    times >"$log.cpu"
    exit $rc
  ) &
  stage_bg_pid=$!
}

stage_join() {
  [ -n "$stage_bg_pid" ] || return 0
  local rc=0 before cpu
  stage_cpu_now
  before=$stage_cpu
  wait "$stage_bg_pid" || rc=$?
  stage_bg_pid=""
  stage_cpu_now
  stage_c0=$((stage_c0 + stage_cpu - before))  # not the waiting stage's CPU
  cpu=$(awk 'NR == 2 { split($1, u, /[ms]/); split($2, s, /[ms]/); printf "%.0f", u[1] * 60 + u[2] + s[1] * 60 + s[2] }' "$stage_bg_log.cpu")
  rm -f "$stage_bg_log.cpu"
  echo
  echo "=== test.sh [+${SECONDS}s]: $stage_bg_name (beside the stages since +${stage_bg_t0}s), its output: ==="
  cat "$stage_bg_log"
  stage_rows+=("$(printf '%6d s %7d s  %s' $((SECONDS - stage_bg_t0)) "${cpu:-0}" "$stage_bg_name (beside the stages above)")")
  ((rc == 0)) || echo "test.sh: FAILED: $stage_bg_name (exit $rc)" >&2
  return $rc
}

# ctest with its summary lines (one a test, with its time) also in LOG (-O), for the report.
stage_ctest() {
  local log=$1
  shift
  mkdir -p "$(dirname "$log")"
  rm -f "$log"
  stage_logs+=("$log")
  ctest -O "$log" "$@"
}

# The 10 slowest tests of a ctest log: seconds (wall, as ctest times them), status, name.
slowest_tests() {
  awk '/ Test +#[0-9]+: / { name = $4; t = $(NF - 1); st = "ok";
         if ($0 ~ /\*\*\*/) st = "FAILED"; printf "%9.2f s  %-6s  %s\n", t, st, name }' "$1" |
    sort -rn | awk 'NR <= 10'  # (not head: it would leave sort a closed pipe, SIGPIPE)
}

stage_report() {
  local status=${1:-0}
  set +e  # the report never decides the exit status: it is the tests' ($status)
  stage_end
  stage_join  # a background job still running when a stage failed: its end and output too
  {
    echo
    echo "=== test.sh: time per stage ($( ((status)) && echo "FAILED, exit $status" || echo "all passed"); total ${SECONDS} s wall; load now: $(cut -d' ' -f1-3 /proc/loadavg)) ==="
    printf '%8s %9s  %s\n' wall cpu stage
    printf '%s\n' "${stage_rows[@]}"
    local log
    for log in "${stage_logs[@]}"; do
      [ -f "$log" ] || continue
      echo "--- the 10 slowest tests of $log (wall) ---"
      slowest_tests "$log"
    done
    if [ -s "${TILEWISE_SKIPPED_LOG:-}" ]; then
      echo "--- optional parts left out (their inputs are not beside the repository) ---"
      awk '!seen[$0]++' "$TILEWISE_SKIPPED_LOG"  # once each (the sanitizers run them again)
    fi
  } | tee "$STAGE_REPORT"
}
