# RUN longer than PERIOD.
"$CAPSIM" pelt --periodic 20ms/16ms
