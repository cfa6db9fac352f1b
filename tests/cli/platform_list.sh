# The shipped boards, with their CPU counts and distinct capacities.
$CAPSIM platform list
