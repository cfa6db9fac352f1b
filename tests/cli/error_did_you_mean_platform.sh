# A mistyped platform short name is refused with the nearest shipped one (exit 1).
"$CAPSIM" capacity rk3389
echo "status $?"
"$CAPSIM" simulate --platform Pixel6 --duration 1s
