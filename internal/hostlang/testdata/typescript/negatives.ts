// Strings that are not Redis scripts stay alone.
type Shape = { script: "redis.call" };
const lua: string = `local x = 1 return x`;
export function eval(script: string, numkeys: number): Promise<unknown> { return client.send(script); }
const re = /KEYS\[1\]/; // a regular expression
