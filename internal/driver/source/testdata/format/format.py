import redis

r = redis.Redis()

# A template filled by str.format with keyword arguments (tasktiger's
# redis_scripts.py): its fields are not Lua, and the short texts that fill
# them are no scripts of their own.
ZADD_TEMPLATE = """
    if {condition} redis.call('zscore', {key}, {member}) then
        redis.call('zadd', {key}, {score}, {member})
    end
"""
ZADD_NOUPDATE = ZADD_TEMPLATE.format(key="KEYS[1]", score="ARGV[1]", member="ARGV[2]", condition="not")
ZADD_UPDATE_EXISTING = ZADD_TEMPLATE.format(key="KEYS[1]", score="ARGV[1]", member="ARGV[2]", condition="")
zadd_noupdate = r.register_script(ZADD_NOUPDATE)
zadd_update_existing = r.register_script(ZADD_UPDATE_EXISTING)


def zadd(key, score, member):
    zadd_noupdate(keys=[key], args=[score, member])
    zadd_update_existing(keys=[key], args=[score, member])


# A field in a name's place, and a filled template that fills another;
# `{{}}` is an empty table.
UPDATE_TEMPLATE = """
    local score = redis.call('zscore', {key}, {member})
    if score then
        score = math.{f}(score, {score})
    end
    {ret} redis.call('zadd', {key}, score, {member})
"""
ON_SUCCESS_TEMPLATE = """
    if redis.call('exists', source) == 0 then
        redis.call('srem', {remove_from_set}, {set_value})
    end
"""
POP_TEMPLATE = """
    local source = KEYS[1]
    local remove_from_set = KEYS[2]
    local set_value = ARGV[1]
    local moved = {{}}
    for i, member in ipairs(redis.call('zrange', source, 0, 0)) do
        moved[i] = member
        {if_exists}
    end
    {on_success}
    return moved
"""
POP = POP_TEMPLATE.format(
    if_exists=UPDATE_TEMPLATE.format(f="min", key="source", score="1", member="member", ret=""),
    on_success=ON_SUCCESS_TEMPLATE.format(remove_from_set="remove_from_set", set_value="set_value"),
)
pop = r.register_script(POP)
pop(keys=["a", "b"], args=["v"])

# Positional fields, and fields the file cannot fill, stay holes.
GET_ONE = "return redis.call('get', {0})".format("KEYS[1]")
r.eval(GET_ONE, 1, "k")


def get_any(keys):
    return r.eval("return redis.call('get', {})".format(*keys), 1, "k")


def get_by(name):
    return r.eval("return redis.call('get', {key})".format(key=name), 1, "k")


# A real bug in a filled template is still reported: it reads KEYS[3] and
# the call passes 2 keys.
MOVE_TEMPLATE = """
    return redis.call('rpush', {dest}, ARGV[1])
"""
MOVE = MOVE_TEMPLATE.format(dest="KEYS[3]")
move = r.register_script(MOVE)
move(keys=["a", "b"], args=["v"])  # want:error "reads KEYS\[3\] on line 75 but move passes 2 keys"

# A literal key inside a filled template keeps its finding.
COUNT_TEMPLATE = """
    return redis.call('{cmd}', 'stats:total')  -- want:info "key 'stats:total' of INCR is a literal"
"""
COUNT = COUNT_TEMPLATE.format(cmd="incr")
count = r.register_script(COUNT)

# A template only filled here, not given to a script API, is found by the
# text of its filled value, with the fields filled.
LOCK_TEMPLATE = """
    if redis.call('set', {key}, ARGV[1], 'NX') then
        return 1
    end
    end  -- want:error "'<eof>' expected near 'end'"
"""
LOCK = LOCK_TEMPLATE.format(key="KEYS[1]")
