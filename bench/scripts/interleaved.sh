#!/bin/bash
# Wall-clock ratio of two `profile` workloads on a noisy machine: runs them
# alternately N times (plus a 0-round run for the setup both share) and
# prints the ratio of the median CPU (user) times, setup subtracted.
# Alternating keeps slow drifts of a shared machine out of the ratio.
#
#   cd bench && cargo build --release --bin profile
#   scripts/interleaved.sh commands errors invalid-value [N=11] [ROUNDS=800]
set -euo pipefail
schema=$1 what=$2 base=$3 n=${4:-11} rounds=${5:-800}
bin=$(dirname "$0")/../target/release/profile
for _ in $(seq "$n"); do
  for w in "$what" "$base"; do /usr/bin/time -f "$w %U" "$bin" "$schema" "$w" "$rounds" >/dev/null; done
  /usr/bin/time -f "setup %U" "$bin" "$schema" "$base" 0 >/dev/null
done 2>&1 | python3 -c "
import sys, statistics as st
d = {}
for line in sys.stdin:
    k, v = line.split()
    d.setdefault(k, []).append(float(v))
s = st.median(d['setup'])
a, b = st.median(d['$what']) - s, st.median(d['$base']) - s
print('$schema: $what %.3f s / $base %.3f s = %.2fx (medians of $n, setup %.3f s)' % (a, b, a / b, s))
"
