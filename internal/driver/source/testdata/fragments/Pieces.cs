// A script built with += out of pieces, some only under a flag, that no
// script API of the file runs (FireflySoft.RateLimit's constructor): the
// joined text is the script, found by its content. A local of one piece is
// no global in the next, and an if closed in a later piece is no syntax
// error; a real bug in a piece is still reported where it is written.
class Pieces
{
    public Pieces(ConnectionMultiplexer client, bool updatable)
    {
        string text = @"local ret={}
            local amount=tonumber(ARGV[1])
            local current=redis.call('get',KEYS[1])";

        if (updatable)
        {
            text += @"
            local sw_key=KEYS[1] .. '-sw'";
        }

        text += @"
            if current~=false then
                current=tonumber(current)";

        if (updatable)
        {
            text += @"
                redis.call('set',sw_key,ARGV[2])";
        }

        text += @"
                redis.call('incrby',KEYS[1],amount)
            else
                current=amount
            end
            ret[1]=current
            return rets"; // want:error "undefined-global: global rets"

        _script = new LocalScript(client, "Incr", text);
    }
}
