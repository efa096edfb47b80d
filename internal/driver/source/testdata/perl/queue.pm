# Redis.pm scripts: the buggy forms are flagged at their host positions,
# the correct forms stay silent, ignores are # comments.
package Queue;
use strict;
use Redis;

=pod

A POD block: 'quotes' and "quotes" and redis.call('GET', KEYS[1]) here
are documentation, not code.

=cut

my $NAMESPACE = 'q';

my $release = <<'LUA';
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0
LUA

my $head = <<"END_HEAD";
local key = '${NAMESPACE}:' .. ARGV[1]
END_HEAD

my $incr = <<"END_INCR";
$head
local v = redis.call('GET', key) -- want:info "key key of GET is built inside the script"
return v + 1 -- want:error "v holds the GET reply"
END_INCR

sub release {
    my ($redis, $key, $token) = @_;
    return $redis->eval($release, 1, $key, $token);
}

sub incr {
    my ($redis, $id) = @_;
    return $redis->eval($incr, 0, $id);
}

sub two {
    my ($redis, $key) = @_;
    return $redis->eval('return redis.call("MGET", KEYS[1], KEYS[2])', 1, $key); # want "reads KEYS.2. on line 45 but eval passes 1 key"
}

sub ignored {
    my ($redis) = @_;
    # lint-lua: ignore global-assignment -- a fixture of the ignore
    return $redis->eval("y = 1 return redis.call('GET', KEYS[1])", 1, 'k');
}

sub indented {
    my ($redis, $key) = @_;
    my $script = <<~LUA;
        local n = redis.call('INCR', KEYS[1])
        return n
        LUA
    return $redis->eval($script, 1, $key) << 0;
}

1;
__END__
redis.call('GET', 'not code after __END__')
