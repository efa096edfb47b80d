// TypeScript: typed constants, template literals, an eval with key and
// argument arrays (@upstash/redis), and a class field.
import { Redis } from "@upstash/redis";

export const fixedWindowScript: string = `
  local key           = KEYS[1]
  local window        = ARGV[1]
  local incrementBy   = ARGV[2] -- increment rate per request at a given value, default is 1

  local r = redis.call("INCRBY", key, incrementBy)
  if r == tonumber(incrementBy) then
  -- The first time this key is set, the value will be equal to incrementBy.
  -- So we only need the expire command once
  redis.call("PEXPIRE", key, window)
  end

  return r
`;

export async function limit(redis: Redis, key: string): Promise<number> {
  return (await redis.eval(fixedWindowScript, [key], [1000, 1])) as number;
}

class Store {
  private readonly script = `return redis.call('get', KEYS[1])` as const;
  get(redis: Redis, key: string) {
    return redis.eval(this.script, [key], []);
  }
}

type Shape = { script: "redis.call" };
const tagged = lua`return redis.call('time')`;
