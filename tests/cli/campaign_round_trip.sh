#!/bin/sh
# split -> job (one killed with SIGKILL mid-run, then resumed from its checkpoint) -> merge:
# the merged summary equals `solve`'s (time lines aside); merge refuses a missing result and
# a job file that was changed. Best mode: one job killed after a checkpoint resumes from its
# board; merge prints the best score of the jobs; status shows it while they run.
#   campaign_round_trip.sh TILEWISE WORKDIR
set -eu
tw=$1
dir=$2
rm -rf "$dir"
mkdir -p "$dir"
"$tw" generate --rows 5 --cols 5 --rule equal --motifs 9 --seed 3 -o "$dir/p.txt"
"$tw" split "$dir/p.txt" --jobs 3 --out "$dir/c" --mode all --keep 30
# Runs job 0 of campaign folder $1 (checkpoints every $2 s) and kills it with SIGKILL (no
# chance to write at exit) once it has written its first checkpoint.
kill_job0_after_checkpoint() {
  "$tw" job "$1/job-0000.json" --threads 1 --checkpoint "$1/job-0000.checkpoint.json" \
    --checkpoint-every "$2" > "$1/killed.out" &
  pid=$!
  i=0
  while [ ! -f "$1/job-0000.checkpoint.json" ] && [ $i -lt 400 ]; do sleep 0.02; i=$((i + 1)); done
  kill -9 $pid 2>/dev/null || { echo "job 0 of $1 ended before it could be killed"; exit 1; }
  wait $pid 2>/dev/null || true
}
kill_job0_after_checkpoint "$dir/c" 0
[ ! -f "$dir/c/job-0000.result.json" ] || { echo "job 0 finished before the kill"; exit 1; }
"$tw" status "$dir/c"
for j in 0 1 2; do
  "$tw" job "$dir/c/job-000$j.json" --threads 2 --checkpoint "$dir/c/job-000$j.checkpoint.json" \
    > "$dir/job$j.out" || [ $? -eq 1 ]
  cat "$dir/job$j.out"
done
grep -q "resuming from" "$dir/job0.out" || { echo "job 0 did not resume"; exit 1; }
"$tw" merge "$dir/c"/job-*.result.json | grep -v -e time -e '^campaign' > "$dir/merged.txt"
"$tw" solve "$dir/p.txt" --all --keep 30 | grep -v time > "$dir/solved.txt"
cmp "$dir/merged.txt" "$dir/solved.txt" || { diff "$dir/merged.txt" "$dir/solved.txt" | head; exit 1; }
echo "merged = solve: $(grep 'solutions (up' "$dir/merged.txt")"
# Refusals: a missing result; a changed job file.
rc=0
"$tw" merge "$dir/c/job-0000.result.json" "$dir/c/job-0002.result.json" 2> "$dir/missing.err" || rc=$?
cat "$dir/missing.err"
[ $rc -eq 2 ] || { echo "merge without job 1 exited $rc"; exit 1; }
grep -q "missing the results of job 1 (of 3 jobs)" "$dir/missing.err"
sed 's/"job":1/"job":2/' "$dir/c/job-0001.json" > "$dir/changed.json"
rc=0
"$tw" job "$dir/changed.json" 2> "$dir/changed.err" || rc=$?
cat "$dir/changed.err"
[ $rc -eq 2 ] || { echo "a changed job file exited $rc"; exit 1; }
grep -q "checksum mismatch" "$dir/changed.err"
# Best mode: 2 jobs of 1 s; job 0 is killed (SIGKILL) after its first checkpoint.
"$tw" generate --rows 8 --cols 8 --rule equal --frame --motifs 8 --seed 4 -o "$dir/b.txt"
"$tw" split "$dir/b.txt" --jobs 2 --out "$dir/b" --mode best --seconds 1 --beam 1024
kill_job0_after_checkpoint "$dir/b" 0.1
"$tw" status "$dir/b" > "$dir/best-status.txt"
cat "$dir/best-status.txt"
grep -q "best score so far: [0-9]* of 112 (job 0" "$dir/best-status.txt"
for j in 0 1; do
  "$tw" job "$dir/b/job-000$j.json" --threads 1 --checkpoint "$dir/b/job-000$j.checkpoint.json" \
    > "$dir/best$j.out"
  cat "$dir/best$j.out"
done
grep -q "resuming from" "$dir/best0.out" || { echo "best job 0 did not resume"; exit 1; }
scores=$(sed -n 's/.*best score \([0-9]*\) of.*/\1/p' "$dir/best0.out" "$dir/best1.out" | sort -n | tail -1)
"$tw" merge "$dir/b"/job-*.result.json --quiet > "$dir/best-merged.txt"
cat "$dir/best-merged.txt"
grep -q "best board: score $scores of 112 inner edges matched (recounted" "$dir/best-merged.txt" ||
  { echo "merge did not keep the best job's score ($scores)"; exit 1; }
echo "campaign round trip: ok"
