class Queue
  PREFIX = "q"

  def modifier(redis, cluster)
    prefix = PREFIX
    prefix = "{#{prefix}}" if cluster
    redis.eval("return redis.call('get', '#{prefix}:count')") # want:info "key '' \.\. #\{prefix\} \.\. ':count' of GET is built inside the script"
  end

  def block(redis, cluster)
    prefix = PREFIX
    if cluster
      prefix = "{#{prefix}}"
    end
    redis.eval("return redis.call('get', '#{prefix}:count')") # want:info "key '' \.\. #\{prefix\} \.\. ':count' of GET is built inside the script"
  end

  def constant(redis)
    redis.eval("return redis.call('get', '#{PREFIX}:count')") # want:info "key 'q:count' of GET is a literal"
  end
end
