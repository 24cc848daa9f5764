#!/bin/sh
# The test emulator of the Windows cross build: runs a Windows program under Wine in the
# build's own prefix. The Wine server is kept up for 30 s after the last program ends, so a
# test run does not start Wine (and its services) afresh for every test; it then exits on its
# own. Usage: wine-run.sh WINEPREFIX WINE64 WINESERVER PROGRAM [ARGS...]
export WINEPREFIX="$1" WINEDEBUG=-all
wine64="$2"
wineserver="$3"
shift 3
"$wineserver" -p30 </dev/null >/dev/null 2>&1 || true  # fails harmlessly when one is already up
# The first program a fresh server runs starts Wine's services, which inherit its output and
# outlive it: started by a no-op with no output, they cannot hold the test's output open (ctest
# waits for that to close).
"$wine64" cmd.exe /c exit </dev/null >/dev/null 2>&1 || true
exec "$wine64" "$@"
