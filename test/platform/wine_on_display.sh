#!/bin/sh
# Runs a Windows program under Wine on the X display it is given (xvfb-run's), in a Wine prefix of
# its own. Wine's desktop process belongs to the prefix's server and keeps the display of the
# program that started it: in the build's shared prefix that may be a test without a display,
# and windows then fail ("Couldn't create window"). So this prefix's server is stopped before and
# after. Usage: wine_on_display.sh WINEPREFIX WINE64 WINESERVER PROGRAM [ARGS...]
export WINEPREFIX="$1" WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml="
wine64="$2"
wineserver="$3"
shift 3
"$wineserver" -k >/dev/null 2>&1
"$wine64" "$@"
status=$?
"$wineserver" -k >/dev/null 2>&1
exit $status
