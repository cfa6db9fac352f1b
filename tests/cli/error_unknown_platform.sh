$CAPSIM capacity nosuchboard
