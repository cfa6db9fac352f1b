# --kernel-config F: the options of a .config the run used, in the text and the JSON; the
# scenario's kernel block (hz 250) and --no-eas win over the file; a malformed line and an
# out-of-range bucket count are bad input naming F:LINE (exit 1), as is a missing file.
cd "$TMPDIR_CASE" || exit 3
scn=$CAPSIM_SOURCE_DIR/scenarios/rk3399-uclamp-ui.json
printf '# CONFIG_UCLAMP_TASK_GROUP is not set\nCONFIG_HZ_1000=y\nCONFIG_HZ=1000\nCONFIG_UCLAMP_TASK=y\nCONFIG_UCLAMP_BUCKETS_COUNT=20\n# CONFIG_CPU_IDLE is not set\nCONFIG_CMDLINE=""\n' >gki.config
"$CAPSIM" simulate "$scn" --duration 1 --kernel-config gki.config --no-eas | grep '^kernel config'
"$CAPSIM" simulate "$scn" --duration 1 --kernel-config gki.config --json | grep '"kernel_config"'
"$CAPSIM" compare "$scn" --duration 1 --models v6.10 --kernel-config gki.config | grep '^kernel config'
printf 'CONFIG_HZ=250\nCONFIG HZ=250\n' >bad.config
"$CAPSIM" simulate "$scn" --kernel-config bad.config
echo "status $?"
printf 'CONFIG_UCLAMP_BUCKETS_COUNT=32\n' >range.config
"$CAPSIM" compare "$scn" --kernel-config range.config
echo "status $?"
"$CAPSIM" simulate "$scn" --kernel-config missing.config
echo "status $?"
