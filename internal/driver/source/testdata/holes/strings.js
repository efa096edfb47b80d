// A Lua string with a hole holds a value known only at run time: the
// string is split at the hole, so a key built from it is what a key built
// from an unknown value is in a .lua file, never the hole's name as text.
function count(client, ns) {
  return client.eval('return redis.call("get", "' + ns + ':count")', 0); // want:info "key \"\" \.\. ns \.\. \":count\" of GET is built inside the script"
}
function tagged(client, ns) {
  return client.eval(`return redis.call("get", "{${ns}}:count")`, 0); // want:info "key \"\{\" \.\. \$\{ns\} \.\. \"\}:count\" of GET is built inside the script"
}
function whole(client, key) {
  return client.eval("return redis.call('get', '" + key + "')", 0); // want:info "key '' \.\. key of GET is built inside the script"
}
// A literal key, and one built from literals only, stay errors.
function fixed(client) {
  return client.eval('return redis.call("get", "ns:count")', 0); // want:info "key \"ns:count\" of GET is a literal"
}
function built(client, ns) {
  return client.eval('return redis.call("get", "a" .. ":count")', 0); // want:info "key \"a\" \.\. \":count\" of GET is built from parts that cannot carry"
}
// In a comment a hole is text.
function commented(client, ns) {
  return client.eval('-- ' + ns + '\nreturn redis.call("get", KEYS[1])', 1, 'k');
}
