# --help shows the usage and exits 0.
"$CAPSIM" compare --help | head -1
