-- busted spec
describe("queue", function()
  local redis = require("redis")
  it("pushes", function()
    local client = redis.connect("127.0.0.1", 6379)
    assert.are.equal(1, client:rpush("q", "x"))
    client:eval("return redis.call('LLEN', KEYS[1])", 1, "q")
  end)
end)
