// Template holes whose expressions this file knows are filled in: a
// name, a transformed constant, a number; the constants are then pieces
// of the script, not scripts of their own.
const NOT_FOUND = -1;
const BODY = `local v = redis.call('get', KEYS[1])
if not v then return ${NOT_FOUND} end
return v`;

class Lib {
  constructor(opts) {
    this._body = opts.body || BODY;
    this._name = 'mylib';
  }

  load(client) {
    return client.functionLoad(`#!lua name=${this._name}
local function get(KEYS, ARGV)
  ${this._body.trim()}
end
server.register_function('get', get)`);
  }
}

// A field of an object literal answers only a qualified name.
const scripts = { ping: "return redis.call('ping')" };
function call(client, ping) {
  client.eval(ping, 0);
  return client.eval(scripts.ping, 0);
}
