async function run(redis, guard) {
  let script = '';
  if (guard) script += "if redis.call('get', KEYS[1]) == false then return 0 end ";
  script += "return redis.call('get', KEYS[2])";
  return redis.eval(script, 1, 'k'); // want:error "keys-count-mismatch: the script reads KEYS\[2\] on line 4 but eval passes 1 key"
}

async function once(redis) {
  const script = "return redis.call('get', KEYS[2])";
  return redis.eval(script, 1, 'k'); // want:error "keys-count-mismatch: the script reads KEYS\[2\]"
}

async function looped(redis, n) {
  let script = '';
  while (n-- > 0) {
    script += "redis.call('del', KEYS[1]) ";
  }
  return redis.eval(script, 1, 'k'); // want:info "dynamic-script: the script passed to eval is built at run time"
}
