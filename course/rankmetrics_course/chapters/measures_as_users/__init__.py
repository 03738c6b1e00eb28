"""The chapter "Measures as users": C/W/L weight curves, their slider and the exercises\x27 checks."""
