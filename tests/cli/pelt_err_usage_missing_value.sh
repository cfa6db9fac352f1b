# An option without its value.
"$CAPSIM" pelt --periodic
