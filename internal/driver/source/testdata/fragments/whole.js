// Scripts found by their text that are whole scripts: no other script of
// the file declares what they use, so their failures stay errors.
const incr = "total = redis.call('INCR', KEYS[1]) return total"; // want:error "global-assignment: assignment to global total"
const read = "return redis.call('GET', prefix .. KEYS[1])"; // want:error "undefined-global: global prefix does not exist"
const broken = "local v = redis.call('GET', KEYS[1]) if v then return v"; // want:error "syntax-error: 'end' expected"
