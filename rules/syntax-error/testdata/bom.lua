return 1 -- want:info "byte order mark"
