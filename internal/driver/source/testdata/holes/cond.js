// A name assigned in a branch holds one branch's text or the other's: a
// hole filled with it stays a hole (kue's watchStuckJobs).
function conditional(client) {
  var prefix = client.prefix;
  if (client.isCluster) {
    prefix = '{' + prefix + '}';
  }
  var script = 'local m = redis.call("keys", "' + prefix + ':jobs:*")\n' +
    'for i, v in ipairs(m) do redis.call("del", v) end'; // want:info "key v of DEL is listed by KEYS, not passed in KEYS"
  return client.eval(script, 0);
}

function braceless(client, cluster) {
  var prefix = 'q';
  if (cluster) prefix = '{q}';
  return client.eval('return redis.call("get", "' + prefix + ':count")', 0); // want:info "key \"\" \.\. prefix \.\. \":count\" of GET is built inside the script"
}

function defaulted(client, opts) {
  var prefix = opts.prefix || '{q}';
  return client.eval('return redis.call("get", "' + prefix + ':count")', 0); // want:info "key \"\" \.\. prefix \.\. \":count\" of GET is built inside the script"
}

function overwritten(client) {
  var prefix = 'q';
  prefix = client.prefix;
  return client.eval('return redis.call("get", "' + prefix + ':count")', 0); // want:info "key \"\" \.\. prefix \.\. \":count\" of GET is built inside the script"
}

// An assignment every path runs is followed: here the tag is the text's.
function always(client) {
  var prefix = client.prefix;
  prefix = '{' + prefix + '}';
  var script = 'local m = redis.call("keys", "' + prefix + ':jobs:*")\n' +
    'for i, v in ipairs(m) do redis.call("del", v) end'; // want:info "key v of DEL is listed by KEYS of a pattern that can hold a \{hash tag\}"
  return client.eval(script, 0);
}

function literal(client) {
  var prefix = 'q';
  prefix = 'r';
  return client.eval('return redis.call("get", "' + prefix + ':count")', 0); // want:info "key \"r:count\" of GET is a literal"
}
