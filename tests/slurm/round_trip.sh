#!/usr/bin/env bash
# The Slurm round trip (scripts/test.sh runs it; root needed): installs Debian's slurm-wlm and
# munge, starts a single-node cluster on localhost (scripts/slurm/local-cluster.sh), runs
# split -> sbatch --array -> merge for Brendan's 6x6 (count), a generated 5x5 (count, one task
# requeued mid-run: killed, then resumed from its checkpoint) and a generated 5x5 listing
# (--mode all, the first 20 kept), and checks each merged result equals one `tilewise solve`;
# a best-board campaign (2 jobs of 1 s) whose merged score is recounted here from the board.
# Daemons that do not start fail the test. Everything it started is stopped on exit.
#   tests/slurm/round_trip.sh [TILEWISE_BINARY]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
tw=$(realpath "${1:-$root/build/native/src/cli/tilewise}")
slurm=$root/scripts/slurm
t0=$SECONDS
say() { echo "slurm round trip [+$((SECONDS - t0))s]: $*"; }
fail() { echo "slurm round trip: FAILED: $*" >&2; exit 1; }

missing=()
# python3: the free ports of the cluster and the JSON comparison below.
for p in slurm-wlm munge python3; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
if ((${#missing[@]})); then
  say "installing ${missing[*]}"
  apt-get update -qq
  # Debian's packages would start their own daemons where systemd runs: not wanted here.
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

work=$(mktemp -d /tmp/tilewise-slurm.XXXXXX)
chmod 755 "$work"  # munged runs as the munge user
cleanup() {
  "$slurm/local-cluster.sh" stop "$work/cluster" || true
  rm -rf "$work"
}
trap cleanup EXIT
say "starting munged, slurmctld, slurmd"
started=$("$slurm/local-cluster.sh" start "$work/cluster") || fail "the cluster did not start"
eval "$started"
say "cluster up ($(sinfo -h -N -o '%N %c CPUs %T'))"

# Puzzles: Brendan's 6x6 (the gallery's copy, 65 solutions) and generated boards.
brendan=$root/assets/puzzles/brendan_06x06.txt
[[ -f $brendan ]] || fail "$brendan is missing"
"$tw" generate --rows 5 --cols 5 --rule equal --motifs 8 --seed 1 -o "$work/long.txt"
"$tw" generate --rows 5 --cols 5 --rule equal --motifs 9 --seed 3 -o "$work/listing.txt"

export TILEWISE=$tw TILEWISE_CHECKPOINT_EVERY=0  # a checkpoint after every prefix
declare -A merge_of array_of
submit() {  # NAME PUZZLE JOBS [split options]
  local name=$1 puzzle=$2 jobs=$3
  shift 3
  local out
  out=$("$slurm/submit.sh" "$puzzle" "$work/$name" "$jobs" "$@") || fail "submit $name: $out"
  array_of[$name]=$(sed -n 's/^array job \([0-9]*\).*/\1/p' <<<"$out")
  merge_of[$name]=$(sed -n 's/.*merge job \([0-9]*\).*/\1/p' <<<"$out")
  say "$name: array ${array_of[$name]}, merge ${merge_of[$name]}"
}
submit long "$work/long.txt" 4
submit brendan6 "$brendan" 4
submit listing "$work/listing.txt" 3 --mode all --keep 20
"$tw" generate --rows 8 --cols 8 --rule equal --frame --motifs 8 --seed 4 -o "$work/best.txt"
submit best "$work/best.txt" 2 --mode best --seconds 1 --beam 1024

# Requeue a task of the long campaign while it runs: it is killed (SIGTERM, then SIGKILL) and
# runs again from its checkpoint.
victim=""
for _ in $(seq 600); do
  for f in "$work"/long/job-*.checkpoint.json; do
    [[ -f $f ]] || continue
    stem=${f%.checkpoint.json}
    [[ -f $stem.result.json ]] && continue
    victim=$((10#${stem##*job-}))
    break 2
  done
  sleep 0.05
done
[[ -n $victim ]] || fail "no task of the long campaign was seen running with a checkpoint"
task=${array_of[long]}_$victim
scontrol requeue "$task" || fail "scontrol requeue failed"
# Slurm holds a requeued job back for a while (its begin time); let it start at once.
for _ in $(seq 600); do  # (30 s: under load the killed task takes a while to end)
  [[ $(squeue -h -j "$task" -o %T 2>/dev/null) == PENDING ]] && break
  sleep 0.05
done
scontrol update JobId="$task" StartTime=now || fail "could not release the requeued task"
say "requeued task $victim of the long campaign mid-run ($("$tw" status "$work/long" | head -1))"

for name in long brendan6 listing best; do
  for _ in $(seq 3000); do  # (a merge waits up to 2 minutes for a requeued task)
    [[ -z $(squeue -h -j "${merge_of[$name]}" 2>/dev/null) ]] && break
    sleep 0.1
  done
  state=$(scontrol show job "${merge_of[$name]}" | sed -n 's/.*JobState=\([A-Z_]*\).*/\1/p')
  [[ $state == COMPLETED ]] || {
    cat "$work/$name"/slurm-*.out >&2 || true
    fail "$name: the merge job ended $state"
  }
done
log=$work/long/slurm-${array_of[long]}_$victim.out
grep -q "resuming from" "$log" || { cat "$log" >&2; fail "the requeued task did not resume from its checkpoint"; }
say "the requeued task resumed: $(grep 'resuming from' "$log")"

same() {  # NAME PUZZLE [solve options]: merged.json equals one solve --json
  local name=$1 puzzle=$2
  shift 2
  "$tw" solve "$puzzle" --json --threads 2 "$@" > "$work/$name/solve.json" || [[ $? == 1 ]]
  python3 - "$work/$name/merged.json" "$work/$name/solve.json" <<'PY' || fail "$name: merged result differs from solve"
import json, sys
merged, solved = (json.load(open(f)) for f in sys.argv[1:3])
keys = ["count", "distinct_boards", "distinct_boards_complete", "complete", "nodes", "tries",
        "nodes_per_depth", "max_depth", "solutions", "solutions_truncated"]
bad = [k for k in keys if merged.get(k) != solved.get(k)]
for k in bad:
    print(f"  {k}: merged {str(merged.get(k))[:200]} solve {str(solved.get(k))[:200]}", file=sys.stderr)
sys.exit(1 if bad else 0)
PY
  say "$name: merged = solve (count $(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["count"])' "$work/$name/merged.json"))"
}
same long "$work/long.txt" --count
same brendan6 "$brendan" --count
same listing "$work/listing.txt" --all --keep 20
# Best mode: the merged board's score, counted here from the puzzle file, is the best of the
# jobs' boards (each counted here too).
python3 - "$work/best.txt" "$work/best/merged.json" "$work/best"/job-*.result.json <<'PY' ||
import json, sys
sides, rows, cols = [], 0, 0
for line in open(sys.argv[1]):
    w = line.split()
    if w[:1] == ["size"]: rows, cols = int(w[1]), int(w[2])
    if w[:1] == ["tile"]: sides.append([int(x) for x in w[2:6]])
def score(board):  # [[label, turn], ...]; a turn r puts side (i - r) mod 4 at i
    side = lambda c, i: sides[board[c][0] - 1][(i - board[c][1]) % 4]
    return sum(side(c, 1) == side(c + 1, 3) for c in range(rows * cols) if c % cols < cols - 1) + \
           sum(side(c, 2) == side(c + cols, 0) for c in range(rows * cols - cols))
merged = json.load(open(sys.argv[2]))
jobs = [score([t for t in json.load(open(f))["best"]["board"]["tiles"]]) for f in sys.argv[3:]]
print(f"best: merged score {merged['score']}, recounted {score(merged['board'])}, jobs {jobs}")
sys.exit(0 if merged["score"] == score(merged["board"]) == max(jobs) and len(jobs) == 2 else 1)
PY
  fail "best: the merged board is not the best job's board or its score is wrong"
say "PASSED"
