$CAPSIM simulate --help | head -3
