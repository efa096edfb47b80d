-- fixture: cluster=false
-- cluster: false in the configuration: one level lower, whatever {hash
-- tag} the script holds.
redis.call('SET', '{orders}:last', ARGV[1]) -- want:warning "key '\{orders\}:last' of SET is a literal"
