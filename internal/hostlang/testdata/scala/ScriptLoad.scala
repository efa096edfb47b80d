package example

import redis.clients.jedis.JedisCluster
import org.redisson.api.RScript

// JedisCluster.scriptLoad(script, sampleKey) and Redisson's
// scriptLoad(key, script): the routing key is no script, in either
// order (genkai's cluster limiters pass their script as a field of
// another object and the key "script").
object ScriptLoad {
  val Get = "return redis.call('GET', KEYS[1])"

  def cluster(cluster: JedisCluster, strategy: Strategy): String =
    cluster.scriptLoad(strategy.acquireLuaScript, "script") // want:info "does not define"

  def clusterLiteral(cluster: JedisCluster): String =
    cluster.scriptLoad("return redis.call('GET', KEYS[1])", "{user}:lock")

  def clusterConstant(cluster: JedisCluster): String =
    cluster.scriptLoad(Get, "sample")

  def redisson(script: RScript): String =
    script.scriptLoad("{user}:lock", "return redis.call('GET', KEYS[1]) + 1") // want:error "is false when the key is missing"

  def clusterNil(cluster: JedisCluster): String =
    cluster.scriptLoad("return redis.call('INCRBY', KEYS[1], redis.call('GET', KEYS[2]))", "sample") // want "argument 2 of INCRBY. may be false"
}
