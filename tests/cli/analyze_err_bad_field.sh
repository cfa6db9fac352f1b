# An event whose field the figures need is not a number: exit 1, FILE:LINE, the event and field.
cd "$TMPDIR_CASE" && printf '  a-1 [000] 1.000000: sched_switch: prev_comm=a prev_pid=x prev_prio=120 prev_state=S ==> next_comm=b next_pid=2 next_prio=120\n' > t.txt
$CAPSIM analyze t.txt
