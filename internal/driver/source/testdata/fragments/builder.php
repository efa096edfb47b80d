<?php
// One script built at run time from pieces, as yii2-redis's LuaScriptBuilder
// does: a template that declares locals and a loop, and the statements and
// conditions its callers splice into it. The pieces are found by their text
// and are info; the scripts given to eval are whole scripts, errors.
class Builder
{
    public function all($query, $key)
    {
        return $this->build($query, "n=n+1 pks[n]=redis.call('HGETALL',$key .. pk)", 'pks'); // want:info "global-assignment: assignment to n, declared only by the script at builder\.php:35, as in a fragment — .*declare local: n\)" want:info "undefined-global: global pk \(\+1 more\) is defined only by the script at builder\.php:35, as in a fragment — .*globals option \(pk, pks\)"
    }

    public function sum($query, $key, $column)
    {
        return $this->build($query, "n=n+1 if v==nil then v=0 end v=v+redis.call('HGET',$key .. pk," . $this->quoteValue($column) . ')', 'v/n'); // want:info "global-assignment: assignment to n \(\+1 more\), declared only by the script at builder\.php:35" want:info "undefined-global: global pk is defined only by the script at builder\.php:35"
    }

    public function exists($key, $column)
    {
        return "redis.call('HEXISTS',key .. ':a:' .. pk, " . $this->quoteValue($column) . ')==0'; // want:info "syntax-error: unexpected symbol near '==' — the text is a Lua expression, not a script"
    }

    public function total($key)
    {
        // A whole script found by its text, whose names no other script
        // of the file declares: its failures are errors.
        return "total=redis.call('INCR', KEYS[1]) return total .. suffix"; // want:error "global-assignment: assignment to global total" want:error "undefined-global: global suffix does not exist"
    }

    private function build($query, $buildResult, $return)
    {
        $condition = $this->condition($query);
        $key = $this->quoteValue($query->key);
        return <<<EOF
local allpks=redis.call('LRANGE',$key,0,-1)
local pks={}
local n=0
local v=nil
local key=$key
for k,pk in ipairs(allpks) do
    if $condition then
        $buildResult
    end
end
return $return
EOF;
    }

    public function run($redis)
    {
        // Given to a script API, a text is a whole script by contract, even
        // one shaped like the pieces above.
        $redis->eval("n=n+1 return redis.call('GET', pk)", 1, 'k'); // want:error "global-assignment: assignment to global n" want:error "undefined-global: global pk does not exist"
        $redis->eval("redis.call('EXISTS', KEYS[1])==0", 1, 'k'); // want:error "syntax-error: unexpected symbol near '==' — Redis runs Lua 5\.1"
    }
}
