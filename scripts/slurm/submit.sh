#!/usr/bin/env bash
# Split a puzzle into N jobs and submit them to Slurm: one array task per job, then the
# merge once every task has ended (afterany: a requeued task passes through a cancelled
# state, which an afterok dependency can take for a failure; the merge waits for requeued
# tasks itself and refuses when a result is missing). Prints the two Slurm job ids.
#   scripts/slurm/submit.sh PUZZLE DIR N [split options: --mode all, --order ...]
# Environment: TILEWISE (binary; default: tilewise on PATH), SBATCH_OPTIONS (extra sbatch
# options, e.g. "--partition=long --cpus-per-task=8"), TILEWISE_CHECKPOINT_EVERY.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
puzzle=${1:?usage: submit.sh PUZZLE DIR N [split options]}
dir=${2:?usage: submit.sh PUZZLE DIR N [split options]}
jobs=${3:?usage: submit.sh PUZZLE DIR N [split options]}
shift 3
tw=${TILEWISE:-tilewise}
"$tw" split "$puzzle" --jobs "$jobs" --out "$dir" "$@"
dir=$(cd "$dir" && pwd)
# shellcheck disable=SC2086
array=$(sbatch --parsable --chdir="$dir" --array=0-$((jobs - 1)) ${SBATCH_OPTIONS:-} \
  "$here/campaign.sbatch" "$dir")
array=${array%%;*}
# shellcheck disable=SC2086
merge=$(sbatch --parsable --chdir="$dir" --dependency=afterany:"$array" \
  ${SBATCH_OPTIONS:-} "$here/merge.sbatch" "$dir" "$array")
merge=${merge%%;*}
echo "array job $array ($jobs tasks), merge job $merge; progress: $tw status $dir"
