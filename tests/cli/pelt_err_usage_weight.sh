# Weight 0 is meaningless.
"$CAPSIM" pelt --periodic 4ms/16ms --weight 0
