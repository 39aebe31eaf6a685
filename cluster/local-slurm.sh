#!/usr/bin/env bash
# A private single-node Slurm (munge + slurmctld + slurmd) in a temporary
# folder, for trying the cluster scripts on one machine and for the test
# tests/shell/cluster_slurm.sh. Needs root and Debian's slurm-wlm and munge.
#
#   source cluster/local-slurm.sh
#   local_slurm_start DIR     # writes DIR/slurm.conf, starts the daemons, exports SLURM_CONF
#   sbatch ...                # anything, against this cluster only
#   local_slurm_stop DIR      # stops exactly the daemons it started (pid files)
#
# Everything lives under DIR: munge key and socket, slurm.conf, state, spool,
# logs, pid files. Ports are picked free at start, so it does not touch a
# system Slurm or munge that may be running.

local_slurm_free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'
}

local_slurm_start() {
  local dir="$1"
  mkdir -p "$dir"/{munge,state,spool,log}
  dir="$(cd "$dir" && pwd)"
  local host cpus mem ctl_port d_port
  host="$(hostname)"
  cpus="$(nproc)"
  mem=$(( $(awk '/MemTotal/ {print $2}' /proc/meminfo) / 1024 * 8 / 10 ))  # MiB, 80% of RAM
  ctl_port="$(local_slurm_free_port)"
  d_port="$(local_slurm_free_port)"

  # munge: own key, socket and pid file, run as the munge user.
  chown munge: "$dir/munge"
  chmod 0700 "$dir/munge"
  dd if=/dev/urandom of="$dir/munge/munge.key" bs=1024 count=1 status=none
  chown munge: "$dir/munge/munge.key"
  chmod 0400 "$dir/munge/munge.key"
  # munged refuses group/world-writable parents; the temp dir is ours.
  chmod 0755 "$dir"
  runuser -u munge -- munged --key-file="$dir/munge/munge.key" --socket="$dir/munge/munge.socket" \
    --pid-file="$dir/munge/munged.pid" --log-file="$dir/munge/munged.log" \
    --seed-file="$dir/munge/munged.seed" --force || return 1

  cat >"$dir/slurm.conf" <<EOF
ClusterName=zertztest
SlurmctldHost=$host
SlurmctldPort=$ctl_port
SlurmdPort=$d_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$dir/munge/munge.socket
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool/%n
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU_Memory
SchedulerType=sched/backfill
MpiDefault=none
ReturnToService=2
JobRequeue=1
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
SlurmctldTimeout=30
SlurmdTimeout=30
MinJobAge=600
KillWait=5
InactiveLimit=0
NodeName=$host CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=debug Nodes=$host Default=YES MaxTime=INFINITE State=UP OverSubscribe=NO
EOF
  export SLURM_CONF="$dir/slurm.conf"
  slurmctld -f "$SLURM_CONF" || return 1
  slurmd -f "$SLURM_CONF" || return 1
  # Wait until the node is usable (idle), at most ~60 s.
  local i state
  for i in $(seq 1 120); do
    state="$(sinfo -h -N -o '%t' 2>/dev/null | head -1)"
    case "$state" in idle*|mix*|alloc*) return 0 ;; esac
    sleep 0.5
  done
  echo "local-slurm: node did not become idle (state '$state'); see $dir/log" >&2
  return 1
}

local_slurm_stop() {
  local dir="$1" f pid
  for f in "$dir/slurmd.pid" "$dir/slurmctld.pid" "$dir/munge/munged.pid"; do
    [ -f "$f" ] || continue
    pid="$(cat "$f" 2>/dev/null)"
    [ -n "$pid" ] && kill "$pid" 2>/dev/null
  done
  # Give them a moment, then make sure (only these pids).
  sleep 1
  for f in "$dir/slurmd.pid" "$dir/slurmctld.pid" "$dir/munge/munged.pid"; do
    [ -f "$f" ] || continue
    pid="$(cat "$f" 2>/dev/null)"
    [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null && kill -9 "$pid" 2>/dev/null
  done
  return 0
}
