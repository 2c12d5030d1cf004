#!/usr/bin/env bash
# A single-node Slurm cluster on this machine, without systemd (for tests and trying the
# campaign scripts): munged + slurmctld + slurmd, all state, sockets, logs and pid files in
# DIR, ports picked free. Needs root and Debian's slurm-wlm and munge.
#   scripts/slurm/local-cluster.sh start DIR   # prints: export SLURM_CONF=DIR/slurm.conf
#   scripts/slurm/local-cluster.sh stop DIR    # stops the three daemons by their pid files
# `start` fails (exit 1, the daemons' logs printed) when the node is not up within 30 s.
set -euo pipefail
cmd=${1:?usage: local-cluster.sh start|stop DIR}
dir=${2:?usage: local-cluster.sh start|stop DIR}
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)

stop() {
  # Jobs first (their slurmstepd would outlive the daemons), then the daemons.
  if [[ -f $dir/slurmctld.pid ]] && kill -0 "$(cat "$dir/slurmctld.pid")" 2>/dev/null; then
    SLURM_CONF=$dir/slurm.conf scancel --quiet --user="$(id -un)" 2>/dev/null || true
    for _ in $(seq 150); do
      [[ -z $(SLURM_CONF=$dir/slurm.conf squeue -h -o %i 2>/dev/null |
        grep -v -e '^$' | head -1) ]] && break
      sleep 0.1
    done
  fi
  for name in slurmd slurmctld munged; do
    [[ -f $dir/$name.pid ]] || continue
    pid=$(cat "$dir/$name.pid")
    if kill "$pid" 2>/dev/null; then
      for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
      kill -9 "$pid" 2>/dev/null || true
    fi
    rm -f "$dir/$name.pid"
  done
}

fail() {
  echo "local-cluster: $*" >&2
  for log in "$dir"/*.log "$dir"/munge/*.log; do [[ -f $log ]] && { echo "--- $log" >&2; tail -n 30 "$log" >&2; }; done
  stop
  exit 1
}

free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

if [[ $cmd == stop ]]; then
  stop
  exit 0
fi
[[ $cmd == start ]] || { echo "usage: local-cluster.sh start|stop DIR" >&2; exit 2; }
[[ $(id -u) == 0 ]] || fail "must run as root (slurmd starts jobs as their users)"
for tool in munged mungekey slurmctld slurmd sinfo; do
  command -v "$tool" >/dev/null || fail "$tool not found: apt-get install slurm-wlm munge"
done

# munge: our own key, socket and daemon (a system munged, if any, is left alone).
mkdir -p "$dir/munge"
chown munge:munge "$dir/munge" && chmod 755 "$dir/munge"  # munged wants the socket folder searchable by all
runuser -u munge -- test -x "$dir/munge" || fail "$dir must be reachable by the munge user"
[[ -f $dir/munge/munge.key ]] || mungekey -c -k "$dir/munge/munge.key"
chown munge:munge "$dir/munge/munge.key" && chmod 400 "$dir/munge/munge.key"
runuser -u munge -- munged --socket="$dir/munge/munge.socket" --key-file="$dir/munge/munge.key" \
  --pid-file="$dir/munge/munged.pid" --log-file="$dir/munge/munged.log" --seed-file="$dir/munge/seed" ||
  fail "munged did not start"
for _ in $(seq 50); do [[ -S $dir/munge/munge.socket ]] && break; sleep 0.1; done
cp "$dir/munge/munged.pid" "$dir/munged.pid"

host=$(hostname -s)
cpus=$(nproc)
mkdir -p "$dir/state" "$dir/spool"
cat > "$dir/slurm.conf" <<CONF
ClusterName=tilewise-local
SlurmctldHost=$host
SlurmctldPort=$(free_port)
SlurmdPort=$(free_port)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$dir/munge/munge.socket
CredType=cred/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/backfill
JobRequeue=1
KillWait=5
MinJobAge=300
ReturnToService=2
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MailProg=/bin/true
NodeName=$host CPUs=$cpus State=UNKNOWN
PartitionName=local Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF=$dir/slurm.conf
slurmctld -c -f "$SLURM_CONF" || fail "slurmctld did not start"
slurmd -f "$SLURM_CONF" || fail "slurmd did not start"
for _ in $(seq 300); do
  if sinfo -h -N -o '%T' 2>/dev/null | grep -qE '^(idle|mixed|allocated)'; then
    echo "export SLURM_CONF=$SLURM_CONF"
    exit 0
  fi
  sleep 0.1
done
fail "the node did not come up within 30 s (sinfo: $(sinfo -h -N -o '%T %E' 2>&1))"
