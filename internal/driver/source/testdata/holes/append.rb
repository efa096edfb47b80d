def run(redis, guard)
  script = +""
  script << "if redis.call('get', KEYS[1]) == false then return 0 end " if guard
  script << "return redis.call('get', KEYS[2])"
  redis.eval(script, keys: ["k"]) # want:info "dynamic-script: the script passed to eval is built at run time"
end

def once(redis)
  script = "return redis.call('get', KEYS[2])"
  redis.eval(script, keys: ["k"]) # want:error "keys-count-mismatch: the script reads KEYS\[2\]"
end

def joined(redis, guard)
  script = ""
  script << "if redis.call('get', KEYS[1]) == false then return 0 end " if guard
  script << "return redis.call('get', KEYS[2])"
  redis.eval(script, keys: ["k"]) # want:error "keys-count-mismatch: the script reads KEYS\[2\] on line 16 but eval passes 1 key"
end

def looped(redis, xs)
  script = ""
  xs.each do |x|
    script << "redis.call('del', KEYS[1]) "
  end
  redis.eval(script, keys: ["k"]) # want:info "dynamic-script: the script passed to eval is built at run time"
end
