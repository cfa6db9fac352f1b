# --help on both subcommands: exit 0, the usage on stdout.
set -e
$CAPSIM platform --help | grep -q '^usage: capsim platform list'
$CAPSIM capacity --help | grep -q '^usage: capsim capacity PLATFORM'
$CAPSIM help capacity | grep -q -- '--hw-cap CPULIST=KHZ'
