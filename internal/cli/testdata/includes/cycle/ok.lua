return undefinedHere .. KEYS[1]
