# Strings that are not Redis scripts stay alone.
lua = 'local x = 1 return x'
result = binding.eval("1 + 2") # Ruby's own eval, on a Binding
counter = redis.call("GET", "counter").to_i # a Ruby client's call method
message = "counter is #{redis.call('GET', 'counter')}" # Ruby code in a hole
=begin
redis.call('get', KEYS[1]) inside a block comment
=end
