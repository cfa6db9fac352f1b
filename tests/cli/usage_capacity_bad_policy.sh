# POLICY must be a policy's first CPU: 3 is not one on RK3399 (policies 0 and 4).
$CAPSIM capacity rk3399 --max-freq 3=1200000
