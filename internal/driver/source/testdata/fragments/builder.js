// A template and the pieces spliced into it, each found by its text: the
// pieces are info. A script given to eval is whole by contract: errors.
const template = (cond, body) => `
local count = 0
for _, id in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  if ${cond} then
    ${body}
  end
end
return count`;

const members = template("true", "count = count + redis.call('SCARD', id)"); // want:info "global-assignment: assignment to count, declared only by the script at builder\.js:3" want:info "undefined-global: global id is defined only by the script at builder\.js:3"
const inSet = template("redis.call('SISMEMBER', id, ARGV[1]) == 1", "count = count + 1"); // want:info "syntax-error: .* — the text is a Lua expression"

async function run(redis) {
  await redis.eval("count = count + 1 return redis.call('SCARD', id)", 1, "k"); // want:error "global-assignment: assignment to global count" want:error "undefined-global: global id does not exist"
}
