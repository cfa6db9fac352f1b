# --periodic needs RUN/PERIOD.
"$CAPSIM" pelt --periodic 4ms
