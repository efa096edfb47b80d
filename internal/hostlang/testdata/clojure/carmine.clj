;; carmine scripts: the buggy forms are flagged at their host positions,
;; the correct forms stay silent, ignores are ;; comments.
(ns app.redis
  (:require [taoensso.carmine :as car :refer [wcar]]))

(def release-script
  "if redis.call(\"GET\", KEYS[1]) == ARGV[1] then
     return redis.call(\"DEL\", KEYS[1])
   end
   return 0")

(defn release [conn k token]
  (wcar conn (car/eval* release-script 1 k token)))

(defn decr-stock [conn k]
  (wcar conn
    (car/eval "local v = redis.call('GET', KEYS[1])
               return v - 1" ; want:error "v holds the GET reply"
              1 k)))

(defn two [conn k]
  (wcar conn (car/eval* "return redis.call('MGET', KEYS[1], KEYS[2])" 1 k))) ; want "reads KEYS.2. on line 22 but eval passes 1 key"

;; carmine's own example: _:name placeholders, keys then args.
(defn set-if-equal [conn k old new]
  (wcar conn
    (car/lua "if redis.call('get', _:my-key) == _:old-val then
                return redis.call('set', _:my-key, _:new-val)
              else return 0 end"
             {:my-key k}
             {:old-val old :new-val new})))

(defn placeholder-bug [conn k]
  (wcar conn
    (car/lua "local step = 1
              counter = redis.call('incrby', _:k, step) return counter" ; want:error "assignment to global counter"
             {:k k} {})))

(defn ignored [conn]
  ;; lint-lua: ignore global-assignment -- a fixture of the ignore
  (wcar conn (car/eval "y = 1 return redis.call('GET', KEYS[1])" 1 "k")))

(def greeting "hello, \"world\"")
(def pattern #"redis.call\(\"GET\"\)")

;; Clojure's own eval shows no key count: no script API.
(defn calc [] (eval (read-string "(+ 1 2)")))
(defn quoted [] '(car/eval "not code" 0))
