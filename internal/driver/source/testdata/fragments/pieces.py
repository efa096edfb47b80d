# A script built with += out of pieces, one only under a flag, that no
# script API of the file runs: the joined text is the script. A piece
# appended in a loop leaves the text built at run time: its pieces are
# found alone, as fragments (info).
def build(updatable):
    text = """
local current = redis.call('get', KEYS[1])
"""
    if updatable:
        text += """
local sw_key = KEYS[1] .. '-sw'
"""
    text += """
if current then
    current = tonumber(current)
"""
    if updatable:
        text += """
    redis.call('set', sw_key, ARGV[2])
"""
    text += """
end
return currnet -- want:error "undefined-global: global currnet"
"""
    return text


def looped(names):
    text = "local n = redis.call('incr', KEYS[1]) "
    for name in names:
        text += "redis.call('sadd', KEYS[2], n) "  # want:info "global n \(\+0 more\)|global n .*as in a fragment"
    return text
