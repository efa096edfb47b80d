return 1 -- want "byte order mark"
