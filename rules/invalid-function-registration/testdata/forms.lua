#!lua name=forms
local function get(keys, args) return redis.call('GET', keys[1]) end
local not_a_function = 'get'

-- Positional form.
redis.register_function('ok_positional', get)
redis.register_function('ok_inline', function(keys, args) return 1 end)
redis.register_function('single') -- want "single argument 'single'.*only applicable to Lua table"
redis.register_function('str_cb', 'get') -- want "second argument.*'get', is not a function.*must be a function"
redis.register_function('local_cb', not_a_function) -- want "second argument.*not_a_function.*must be a function"
redis.register_function('nil_cb', nil) -- want "second argument.*must be a function"
redis.register_function('three', get, 'extra') -- want "3 arguments.*wrong number of arguments"
redis.register_function() -- want "0 arguments.*wrong number of arguments"
redis.register_function('my-func!', get) -- want "function name \"my-func!\".*Library names can only contain"
redis.register_function('', get) -- want "function name \"\".*Library names"
redis.register_function('a.b', get) -- want "function name \"a.b\""
redis.register_function('Ünicode', get) -- want "function name"
redis.register_function('_under_9', get)

-- Named form.
redis.register_function{function_name = 'ok_named', callback = get, flags = {'no-writes', 'allow-oom'}, description = 'reads'}
redis.register_function{function_name = 'ok_all_flags', callback = get,
  flags = {'no-writes', 'allow-oom', 'allow-stale', 'no-cluster', 'allow-cross-slot-keys'}}
redis.register_function{function_name = 'ok_case', callback = get, flags = {'NO-WRITES'}}
redis.register_function{function_name = 'ok_empty', callback = get, flags = {}}
redis.register_function{function_name = 'str_flags', callback = get,
  flags = 'no-writes'} -- want "flags 'no-writes' is not a table.*must be a table representing function flags.*flags = \{'no-writes'\}"
redis.register_function{function_name = 'bogus_flag', callback = get,
  flags = {'no-writes', 'bogus'}} -- want "unknown function flag \"bogus\".*unknown flag given.*no-writes, allow-oom"
redis.register_function{function_name = 'num_flag', callback = get,
  flags = {1}} -- want "flags entry 1 is not a flag name.*unknown flag given"
redis.register_function{function_name = 'keyed_flag', callback = get,
  flags = {['no-writes'] = true}} -- want "flags entry \['no-writes'\] = true is ignored.*gets no such flag"
redis.register_function{function_name = 'dot_flag', callback = get,
  flags = {no_writes = true}} -- want "flags entry no_writes = true is ignored"
redis.register_function{function_name = 'extra', callback = get,
  extra = 1} -- want "unknown argument extra.*unknown argument given to redis.register_function"
redis.register_function{'positional', get} -- want "positional entry 'positional'.*unknown argument given" "positional entry get" "without function_name.*must get a function name argument" "without callback.*must get a callback argument"
redis.register_function{function_name = 'str_callback', callback = 'get'} -- want "callback 'get' is not a function.*callback argument given to redis.register_function must be a function"
redis.register_function{function_name = 'bad name', callback = get} -- want "function name \"bad name\".*Library names"
redis.register_function{callback = get} -- want "without function_name"
redis.register_function{function_name = 'no_callback'} -- want "without callback"

-- Unknown content is not judged.
local t = {function_name = 'from_table', callback = get}
redis.register_function(t)
local function reg(name, cb) redis.register_function(name, cb) end
reg('via_helper', get)
redis.register_function(unpack({'unpacked', get}))
