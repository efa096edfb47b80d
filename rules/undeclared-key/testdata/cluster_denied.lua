-- fixture: cluster=false
-- cluster: false in the configuration: info, whatever {hash tag} the
-- script holds.
redis.call('SET', '{orders}:last', ARGV[1]) -- want:info "key '\{orders\}:last' of SET is a literal"
