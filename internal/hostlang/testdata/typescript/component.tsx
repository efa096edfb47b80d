// JSX text holds apostrophes that start no string; the script after it
// is still found.
export function Help() {
  return <p>Don't call KEYS in production, it's slow</p>;
}

export const SCRIPT = "return redis.call('dbsize')";
