# Fewer than 8 periods cannot show a settled window.
"$CAPSIM" pelt --periodic 4ms/16ms --duration 100ms
