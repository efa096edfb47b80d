#!/usr/bin/env bash
# The broad corpus: open-source Redis Lua that lint-lua was not tuned on
# (scripts/fetch-corpus.sh and scripts/precision.sh hold the tuned set:
# bull, bullmq, bee-queue, bottleneck, redsync, redislock, redis_rate,
# rueidis, redigo; none of them is here). Every source is pinned below; this
# script materialises each one into testdata/broad/<project>/ (ignored by
# git; nothing fetched is committed):
#
#   src/        the pinned files: `git archive <commit> -- <paths>` from the
#               snapshot in $LINT_LUA_MIRROR (default /work/.mirror, one bare
#               repository per project at <owner>+<name>/repo), `npm pack`
#               for npm packages, `go mod download` for Go modules (whole
#               module, so lint-lua go can load it)
#   assembled/  scripts a host loader builds from several files, built the
#               same way (qless-core's Makefile, sidekiq-unique-jobs' ERB
#               include_partial), with assembled/manifest.tsv
#   extracted/  scripts kept in host-language strings, by
#               scripts/extract-host-lua.py (manifest.tsv, anchors.tsv,
#               holes.yaml)
#   pin         the source line this was built from (a changed pin rebuilds)
#
# A missing snapshot is reported with the way to get it (the search tool's
# fetch, github:<owner>/<name>), and the rest go on. Usage:
#   scripts/broad-corpus.sh            materialise every project
#   scripts/broad-corpus.sh NAME...    only these
#   scripts/broad-corpus.sh --list     print the pinned list (tab-separated)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
root=$PWD
dest=$root/testdata/broad
mirror=${LINT_LUA_MIRROR:-/work/.mirror}

# name | kind | source (owner/name@commit, npm package@version, Go module@version)
#      | category | host language | paths of interest (comma-separated) | options
# Paths of interest are the library's own code (no tests, docs or
# examples); .lua files under them are linted, host files under them are
# searched for scripts. Options: holes=keys-args (see extract-host-lua.py),
# assemble=qless|erb (see assemble_* below), lua=<paths> (the .lua files to
# lint when they are not all the .lua files under the paths), go=<dir>:<dir>
# (the Go modules scripts/precision-broad.sh lints with `lint-lua go`, when
# they are not one module at the root).
#
# Round 5 (from sayhey on) was added on 2026-12-07 for issue 29 and judged at
# first sight, before any change for it (docs/precision.md, "Round 5").
# Round 7a (from hot-redis on, after egret-daojia) was added on 2026-12-07 and
# judged at first sight likewise (docs/precision.md, "Round 7a (first sight)").
# Round 7b (from rqueue on) likewise (docs/precision.md, "Round 7b (first sight)").
# Round 8b (from genkai on, after its comment line in the list) likewise (docs/precision.md, "Round 8b (first sight)").
# Round 8a (from message-bus on) likewise (docs/precision.md, "Round 8a (first sight)").
corpus() {
  sed -e '/^#/d' -e '/^$/d' <<'EOF'  # comment lines head the rounds
redisson|mirror|redisson/redisson@66863978b4a92093b97c1f8c96f182a77e81d50e|lock,cache,queue,rate-limiter|Java|redisson/src/main/java/org/redisson|
spring-integration|mirror|spring-projects/spring-integration@f369e899dd3007756e4da49273e201b85afa5cc7|lock|Java|spring-integration-redis/src/main|
spring-cloud-gateway|mirror|spring-cloud/spring-cloud-gateway@5227205c743d6d2b743bedf2f58cc76c65ca7408|rate-limiter|Java (.lua resource)|spring-cloud-gateway-server-webflux/src/main|
bucket4j|mirror|bucket4j/bucket4j@731354a7e244bbbfc070dc39c46868b92ba0d204|rate-limiter|Java|bucket4j-redis|
shedlock|mirror|lukas-krecan/ShedLock@2495b1406d85323b8deadbe75d7a5dd3e8b8e844|lock,scheduler|Java|providers/redis|
siths|mirror|huuff/siths@4a691e0c927d5fbe79648901590a26b2dc40990f|lock|Kotlin|src/main/kotlin|
redpulsar|mirror|himadieievsv/redpulsar@cd23e647569bbe3e518f791210389803741892c0|lock|Kotlin (.lua resources)|redpulsar-core/src/main,redpulsar-jedis/src/main,redpulsar-lettuce/src/main|
laravel-framework|mirror|laravel/framework@bd71b45fbb7e672957bf6ff61baddefe15fbca6a|queue,cache,rate-limiter|PHP|src/Illuminate|
laravel-horizon|mirror|laravel/horizon@d9c39ce4e9050b33a2ff9d2cee21646a18d4cc92|queue|PHP|src|
symfony|mirror|symfony/symfony@5feb7493c372384d78b4931bb76f73c83f49f50e|lock,cache,rate-limiter|PHP|src/Symfony/Component/Cache,src/Symfony/Component/Lock,src/Symfony/Component/Semaphore,src/Symfony/Component/RateLimiter|
php-lock|mirror|php-lock/lock@3e64b5e1b8283b781ed95f29bd83f84389f743e7|lock|PHP|src|
sidekiq-unique-jobs|mirror|mhenrixon/sidekiq-unique-jobs@76aa8c947b8318ebbc5fa021be240097d7a926b3|lock,queue|Ruby (.lua files)|lib|assemble=erb
redlock-rb|mirror|leandromoreira/redlock-rb@f176e5748a41e8b35a9a986fb6cc8eeae203a64f|lock|Ruby|lib|
sidekiq-throttled|mirror|ixti/sidekiq-throttled@a07f0710de5016cb9afebdf85ab5cc89b449bcaa|rate-limiter|Ruby (.lua files)|lib|
prorate|mirror|WeTransfer/prorate@2534b04f96fa7230b7d65fc18b6d8d14c83ca54f|rate-limiter|Ruby (.lua files)|lib|
resque-scheduler|mirror|resque/resque-scheduler@786653ee46448ecf03483315f8c8a770455a7cb2|scheduler,lock|Ruby|lib|
sidekiq|mirror|sidekiq/sidekiq@1bb4aa06e5aa178a114a5e855f9f3d5c24f6c61b|queue,scheduler|Ruby|lib|
redis-py|mirror|redis/redis-py@34817ce2a2accc893a81180fe737e0c4f5ac6b0c|lock|Python|redis/lock.py|
limits|mirror|alisaifee/limits@f7d1eef524a55301956a21a07853423632605b80|rate-limiter|Python (.lua files)|limits|
python-redis-lock|mirror|ionelmc/python-redis-lock@e448f12f49aa4a07885fe8cd02eae19a7e75fa51|lock|Python|src|
dramatiq|mirror|Bogdanp/dramatiq@848b35f2f960457ff54a72f9edb3af0de754f72f|queue|Python (.lua file)|dramatiq|
rq|mirror|rq/rq@aa666a8a60dbc5e8bb43f166cda869c67426a11a|queue,rate-limiter|Python|rq|
walrus|mirror|coleifer/walrus@2412b7011992353469b42aaad730b6541ba71442|cache,lock,rate-limiter|Python (.lua files)|walrus|
saq|mirror|tobymao/saq@fe86758c5063612d6f94e0d6028aacaac45fcfed|queue,scheduler|Python|saq|
distributedlock|mirror|madelson/DistributedLock@3da3eaf4367507231bfae6c8e60e51acd39e02b0|lock|C#|src/DistributedLock.Redis|holes=keys-args
redlock-net|mirror|samcook/RedLock.net@dcfe373b3e288caac4f45b78c88b5943f8b47e42|lock|C# (.lua resources)|RedLockNet.SERedis|
aspnetcore-redis-rate-limiting|mirror|cristipufu/aspnetcore-redis-rate-limiting@562c1b4c398ab3766a6e8ec03f3d965a376980d5|rate-limiter|C#|src/RedisRateLimiting|
easycaching|mirror|dotnetcore/EasyCaching@1ebd8e8733f5a127aca3bcf3452763db4c13e930|cache,lock|C#|src,extensions|
aspnetcoreratelimit|mirror|stefanprodan/AspNetCoreRateLimit@3a574a8e6a6ab1bfe3ecf285490568c08cf1aa65|rate-limiter|C#|src/AspNetCoreRateLimit.Redis|
asynq|go|github.com/hibiken/asynq@v0.26.0|queue,scheduler|Go|.|
gocraft-work|mirror|gocraft/work@5959e69ad211c5ca37ffdf3ede02e35a5ae41d98|queue,scheduler|Go|.|
rockscache|mirror|dtm-labs/rockscache@b0fc0cfaff26039ef7a4f2fc2ed327622c09ebb9|cache|Go|.|
limiters|mirror|mennanov/limiters@83bfe644ca719be5b51187897ac9668231c32ca7|rate-limiter|Go|.|
ulule-limiter|go|github.com/ulule/limiter/v3@v3.11.2|rate-limiter|Go|.|
go-redisstore|mirror|sethvargo/go-redisstore@2403f33a64a17672da5252dda0a3c9ceec4ac95d|rate-limiter|Go|.|
qless-core|mirror|seomoz/qless-core@b3f41c8fe068c47d8ee5e7cd6911c4214c9d506e|queue,scheduler|Lua|.|assemble=qless
rate-limiter-flexible|npm|rate-limiter-flexible@11.4.0|rate-limiter|JavaScript|lib|
upstash-ratelimit|npm|@upstash/ratelimit@2.2.0|rate-limiter|TypeScript (built .mjs)|dist/index.mjs|
redlock-js|npm|redlock@4.2.0|lock|JavaScript|redlock.js|
redis-semaphore|npm|redis-semaphore@5.8.0|lock|JavaScript (built)|lib|
rsmq|npm|rsmq@0.12.4|queue|JavaScript|index.js|
rate-limit-redis|npm|rate-limit-redis@6.0.1|rate-limiter|TypeScript (built .mjs)|dist/index.mjs|
async-ratelimiter|npm|async-ratelimiter@1.6.10|rate-limiter|JavaScript|src|
kue|npm|kue@0.11.6|queue|JavaScript|lib|
node-resque|npm|node-resque@9.7.1|queue,scheduler|TypeScript (.lua file)|lua,src|
groupmq|npm|groupmq@1.1.0|queue|TypeScript (.lua files)|dist/lua|
upstash-lock|npm|@upstash/lock@0.2.1|lock|TypeScript (built .mjs)|dist/index.mjs|
cachemanager|mirror|MichaCo/CacheManager@5aedc81b3caa0811433544277168964f4203e319|cache|C#|src/CacheManager.StackExchange.Redis|
pottery|mirror|brainix/pottery@e2f40424c9dfc3f8de6efcfc4ff4e6d22155749c|lock|Python|pottery|
redis-smq|npm|redis-smq@8.3.1|queue,scheduler,rate-limiter|TypeScript (.lua files)|dist/esm/src/common/redis-client/scripts/lua|
centrifuge|mirror|centrifugal/centrifuge@1d8f99f1d0d44c08c40b2df993b2e3f8502e1d1f|queue,cache|Go (.lua files, strings)|internal/redis_lua,map_broker_redis.go,broker_redis.go,presence_redis.go|
django-cacheops|mirror|Suor/django-cacheops@57dc991e7793345bc43e66b7331214eea90f41ed|cache|Python (.lua files)|cacheops|
yii2-redis|mirror|yiisoft/yii2-redis@0def731727cdfd5e64417028c09fc8378876bbcc|lock,cache|PHP|src|
foundatio-redis|mirror|FoundatioFx/Foundatio.Redis@eef844d4faf140a4f41f32b9501672196d548250|queue,cache,lock|C# (.lua resources)|src/Foundatio.Redis|
jesque|mirror|gresrun/jesque@9e156033df38f8c838925291c9a2c460da0746d2|queue,scheduler|Java (.lua resources)|src/main|
aioredlock|mirror|joanvila/aioredlock@685d1b5b08113738083ac8a449cc56b5ce10cee2|lock|Python|aioredlock|
redis-queued-locks|mirror|0exp/redis_queued_locks@4b35e2cebd4d4aa0c68605dbc0f2c2ac9b32a52d|lock|Ruby|lib|
go-zero|mirror|zeromicro/go-zero@11f21098ddd95a58f801920fea4f0543d4d01586|rate-limiter,lock,cache|Go (.lua files)|core/bloom,core/limit,core/stores/redis|
dtm|mirror|dtm-labs/dtm@18146ee53bafbf094b1a5f12ca7e8a29bdb57edd|queue,scheduler|Go|.|
hyperf|mirror|hyperf/hyperf@eee2d614e86ca98fd567bc2860397a2e5dbba497|cache|PHP|src/metric/src/Adapter/Prometheus,src/model-cache/src/Redis,src/redis/src/Lua|
throttler-storage-redis|npm|@nest-lab/throttler-storage-redis@1.2.0|rate-limiter|TypeScript (built)|src|
simple-redis-mutex|npm|simple-redis-mutex@3.0.0|lock|JavaScript (built)|.|
sesamecare-redlock|npm|@sesamecare-oss/redlock@1.4.0|lock|TypeScript (built)|build|
fastify-rate-limit|mirror|fastify/fastify-rate-limit@78a7d41143f5418fef3cfe3ac6b46c944e637dc2|rate-limiter|JavaScript|store|
pyrate-limiter|mirror|vutran1710/PyrateLimiter@f444c5ec1eeec80af0b3a16ed28cf2dfba78f261|rate-limiter|Python|pyrate_limiter|
throttled|mirror|throttled/throttled@9e814f2763334cb3ce7b72a17b6c4052105922e6|rate-limiter|Go|.|
sidekiq-limit-fetch|mirror|brainopia/sidekiq-limit_fetch@1207ba94d101798504e530315273c4e30627ea02|queue,lock|Ruby|lib|
shenyu|mirror|apache/shenyu@eb6f1c5ba0002ea71e6c41dee5806b5c31f2c98d|rate-limiter|Java (.lua resources)|shenyu-plugin/shenyu-plugin-fault-tolerance/shenyu-plugin-ratelimiter/src/main|
huey|mirror|coleifer/huey@358bdc58b1ce671daa65d92a5194d3d153939d6d|queue,scheduler,lock|Python|huey|
lock4j|mirror|baomidou/lock4j@381551f5fe07f546addafff25f4e02cebe60bdc5|lock|Java|lock4j-redis-template-spring-boot-starter/src/main|
taptap-ratelimiter|mirror|taptap/ratelimiter-spring-boot-starter@ac08f28cfd3febbb95dda6748b9eff605c3624ce|rate-limiter|Java (.lua resources)|src/main|
orleans|mirror|dotnet/orleans@e558829b0b0f696e98c222438106e643fb53928f|cache,lock,scheduler|C#|src/Redis|
cm-cache-backend-redis|mirror|colinmollenhour/Cm_Cache_Backend_Redis@1910c45781bae0744d2f92454150e0e98634e815|cache|PHP|Cm|
ruoyi-vue|mirror|yangzongzhuan/RuoYi-Vue@a6ea55ecf74ae6cdb063f2b413d66a33f29bf828|rate-limiter|Java|ruoyi-framework/src/main|
sherlock|mirror|py-sherlock/sherlock@245ece9adfa843cf8486e401d74391b3f753d950|lock|Python|sherlock|
enqueue-redis|mirror|php-enqueue/enqueue-dev@f5759ec59075dbd909ae1f3151649dab1f7d1867|queue|PHP|pkg/redis|
sliding-window-rate-limiter|npm|sliding-window-rate-limiter@6.0.1|rate-limiter|JavaScript (.lua files)|src|
hono-rate-limiter|npm|hono-rate-limiter@0.5.4|rate-limiter|TypeScript (built)|dist/index.js|
hono-rate-limiter-redis|npm|@hono-rate-limiter/redis@0.1.4|rate-limiter|TypeScript (built)|index.esm.js|
node-redis-warlock|npm|node-redis-warlock@1.0.2|lock|JavaScript (.lua files)|lib|
redlock-universal|npm|redlock-universal@0.8.5|lock|TypeScript (built)|dist/index.js|
tasktiger|mirror|closeio/tasktiger@b347fddf9a75ee3cca0568fc821534158688ab98|queue,scheduler,lock|Python (.lua files, strings)|tasktiger|
seata|mirror|apache/incubator-seata@0b9d7c9a4972e0674a4da681ee9e7d3a6a194e92|lock|Java (.lua resources)|server/src/main/resources/lua|
sayhey|mirror|ofkindness/sayhey@a792756725cfa66e56154e85be3a9f3b012224b5|game backend|JavaScript (.lua files)|src/modules|
redisto|mirror|waspyro/redisto@5d0472052b31bdb4494cecb30b84f9e5bcd84718|cache|TypeScript (.lua files)|src|
redlock-php|mirror|ronnylt/redlock-php@535d616f243fe8d72b96870bc3ddc488bb091d9e|lock|PHP|src|
php-redis-lock|mirror|cheprasov/php-redis-lock@fbaf1480c76e230c03a9d5edd2048cd160889175|lock|PHP|src|
delayqueue-go|mirror|HDT3213/delayqueue@52c8d3129c4ff77700a040bdf1c6e5d40598b903|queue,scheduler|Go|.|
spring-boot-demo|mirror|xkcoding/spring-boot-demo@87a142f9604c1a5365b4d24d22c2c11c26a9d5ab|rate-limiter|Java (.lua resource)|demo-ratelimit-redis/src/main|
distributed-seckill|mirror|sangyuan6122/Distributed-Seckill@6c66a3a050041fd17965555de2ee4f23c478e798|inventory,lock|Java|jecp-dubbo-shop-product/src/main,jecp-common-core/src/main|
exq|mirror|akira/exq@ffa446eb3992fa22dea2db3d4f7bd594f5326952|queue,scheduler|Elixir (strings; not read)|lib|
mosquito|mirror|mosquito-cr/mosquito@6ededc5e7a34ff2b060ab6fbf29b06c4ef324a62|queue,scheduler|Crystal (strings; not read)|src|
rpqueue|mirror|josiahcarlson/rpqueue@91c28a1ac9c25470bec65a8bab214a8daf9aa9f7|queue,scheduler,lock|Python|rpqueue|
pyrsmq|mirror|mlasevich/PyRSMQ@38c3fb68b0042093ce26dd086f6494770eb48db7|queue|Python|src/rsmq|
berater|mirror|dpep/berater_rb@5edf055119a81be8530aea68d693a3996502625a|rate-limiter,lock|Ruby|lib|
upstash-ratelimit-py|mirror|upstash/ratelimit-py@bd70dfdb93ccfc0fea7a3d854c7942f8dce21f0a|rate-limiter|Python|upstash_ratelimit|
seckill-go|mirror|Martindeeepdark/seckill-go@c2cf2631dc4ed3343bfa8ffc094b4865962f58a6|inventory|Go (modules)|common,services/seckill-gateway|go=common:services/seckill-gateway
rsmq-async-rs|mirror|Couragium/rsmq-async-rs@726e7614ea5baa7c94d7d7f9c29cd7e4a7df4b91|queue|Rust (.lua files)|src|
redis-master|mirror|Mr-que/redis-master@e890c0395b8d9beea67edd7bb6131d74ba8fd190|inventory,lock|Java (.lua resources)|ms-seckill/src/main|
adequate-rate-limiter|mirror|bagashe/redis-adequate-rate-limiter-rb@fe43387bf164ef38a73716470081c16296e6c73b|rate-limiter|Ruby|lib|
verk|mirror|edgurgel/verk@a72c441108494c65e2008b09fe83b1542b7d7174|queue,scheduler|Elixir (.lua files)|priv,lib|
saas-buy|mirror|heytheww/SaaS_buy@14ffcaa0b330bfe4b994bf3dc8036a125d780cfa|inventory|Go (.lua file)|.|
ratelimitj|mirror|mokies/ratelimitj@a0ffd87e2d708346486f1ac22a9c48ef86c140cf|rate-limiter|Java (.lua resource)|ratelimitj-redis/src/main|
fixed-rate-limiter-aspnet|mirror|redis-developer/fixed-rate-limiter-aspnet-core@dde70b2382409218b98645e26be56dc4a4502117|rate-limiter|C#|.|
rate-limiter-example-kt|mirror|rodrigogurgel/rate-limiter-example@176a8e86196a0d86c849a0b26316031b521d0d28|rate-limiter|Kotlin (.lua resource)|src/main|
carmine|mirror|taoensso/carmine@66540e182edc8c62b533633dcaf2fb240a96afb0|queue,lock,cache|Clojure (.lua files; strings not read)|src|
ratelimiter-redis-go|mirror|xiaobank/ratelimiter-redis@b5950eaaacf366e578633fdd8630e4feeea7d702|rate-limiter|Go (no go.mod)|.|
go-ratelimit|mirror|krishna-kudari/go-ratelimit@ab6da9f10dd086407bfe6f58ef2c6ece0733182c|rate-limiter|Go|.|
qratelimiter|mirror|Nahiyi/Qratelimiter@880ff3316deb133202d2ec33a23532c01652c3d2|rate-limiter|Java (.lua resources)|qratelimiter-spring-boot-autoconfigure/src/main|
fireflysoft-ratelimit|mirror|bosima/FireflySoft.RateLimit@320da80b99ec1250a37e3eddc4b974b80b5852f3|rate-limiter|C#|FireflySoft.RateLimit.Core|
ajiwo-ratelimit|mirror|ajiwo/ratelimit@9fcf62876fa91abb99ee87140ab48921b6c50d1b|rate-limiter|Go (.lua file)|.|go=backends/redis
smartwalle-dq|mirror|smartwalle/dq@3b4d6a70aa2e5d4af1d4efbf4c85b10a1f057eef|queue,scheduler|Go (.lua files)|.|
telegram-bot-rank|mirror|zwkno1/telegram_bot_go@d6b06d8f399f7ec1bf0774f21bbc572e4d3d0141|leaderboard,game backend|Go (.lua files; no go.mod)|.|
encogio|mirror|encogio/encogio@2589d0f9f6e0821f103839c44a3615a46d5f3e5e|rate-limiter,idempotency|Clojure (.lua files)|resources/lua|
hang-distributed-lock|mirror|hanglegehang/spring-boot-starter-distributed-lock@184695dc53a047f2425ca635d28beb0732ec0145|lock|Java (.lua resources)|src/main|
redis-priority-queue|mirror|gabfl/redis-priority-queue@3cfbdd2113ea3f838fc7d97e984dd3b2ca0fed9a|queue,scheduler|Python, PHP (.lua file)|src,clients/php/lib,clients/python/lib|
pkgtool|mirror|hgg-6/pkgTool@0b1c0738376297b9bf6408c8a3713712c042fab7|leaderboard,rate-limiter|Go (.lua files)|DBx/redisX/cacheCountServiceX,limiter|
limitlion|mirror|closeio/limitlion@6411f9ff5bb5882e63c5ca57d0de8c9fdd3d53e2|rate-limiter|Python (.lua file)|limitlion|
redbucket|mirror|nickgaya/redbucket@820adbf32f0a37bd73832a1a82195cd966a469e4|rate-limiter|Python (string.Template)|redbucket|
hp-stock|mirror|timzaak/hp@45619666185083af1aff89bf5df2fcf700373360|inventory,seckill|Java (Redis Functions .lua)|backend/src/main,cloud|
socketio-stock|mirror|paiboonpa/socket.io-example@bdc661ea603c0902bf218b5198407988ca569af4|inventory|JavaScript (.lua files)|lua_pubsub|
v10086-redis-lock|mirror|v10086/redis-lock@6f0689bcb8336e52b9221079fbcb0dcae3f5c174|lock|PHP|src|
redis-lua-scrips|mirror|liheyuan/redis-lua-scrips@de75ef935ac304e187b7c8fd32bd2b00f037b19f|rate-limiter,lock|Lua files (redis-cli --eval)|.|
carnival|mirror|yingzhuo/carnival@f93396c1c223b660f29fa78e97ab13fe2db4316f|lock,semaphore|Java (.lua resources)|carnival-spring-boot-starter-redis/src/main|
sliding-window-aspnet|mirror|redis-developer/sliding-window-rate-limiter-aspnet@efc6237f9d7d55b652923c413c1638b920fd0525|rate-limiter|C#|Scripts.cs,Controllers|
redis-locks-rb|mirror|academia-edu/redis_locks@432a622f08f39fdefbadf6a2abf24784ab2ef914|lock,semaphore,rate-limiter|Ruby|lib|
mydianping|mirror|Osamazzz/mydianping@fd54b74e9b9b8eed81203a97b1c3b88eac3ec6b3|seckill,lock|Java (.lua resources)|src/main|
xiaoyeshenger-seckill|mirror|xiaoyeshenger/seckill@43f392572c4253e37bea74d3416931391b4c07f4|seckill,inventory|Java (.lua resource)|order/order-service/src/main|
egret-daojia|mirror|Shi-AE/Egret-DaoJia-backend@1fe43e7af7b8f69245646af2bbeb9c303df31daa|seckill,coupon|Java (.lua resources)|edj-market/src/main,edj-orders/edj-orders-grab/src/main|
hot-redis|mirror|stephenmcd/hot-redis@6b0cf260c775fd98c44b6703030d33004dabf67d|cache,data structures|Python (.lua files)|hot_redis/lua,hot_redis/client.py,hot_redis/types.py|
python-redis-rate-limit|mirror|EvoluxBR/python-redis-rate-limit@97fc2ff5beaf2ee005740538b97eafb1597eae70|rate-limiter|Python|redis_rate_limit|
channels-redis|mirror|django/channels_redis@6c6ec4a023f04d7400780e440c71efd2c669a757|queue,pubsub|Python|channels_redis|
asgi-ratelimit|mirror|abersheeran/asgi-ratelimit@11b00dc7786a2dea025c3e83ed5d14de682a4f98|rate-limiter|Python|ratelimit|
runnel|mirror|mjwestcott/runnel@d36cb26bd4b4e782cd267adbc81c869c2dcc3e25|lock,stream processing|Python (.lua files)|runnel|
webgames-legacy|mirror|Julien00859/Webgames-legacy@d140217437000cd9c305f605b09e346876c77e59|game backend,matchmaking|Python (.lua files)|manager|
sidekiq-ultimate|mirror|sensortower/sidekiq-ultimate@a8bfb24083feabdcf11c715cdadfcd4e3eaaf88e|queue|Ruby (.lua files)|lib|
matomo-queuedtracking|mirror|matomo-org/plugin-QueuedTracking@22807333573fec136a4ce78ffcfacd99a5f92920|queue,lock|PHP|Queue|
imi|mirror|imiphp/imi@e64ea5dc4e633529a573e7ec4201a0ed656332f0|lock,queue,rate-limiter,cache|PHP|src|
quirrel-owl|mirror|quirrel-dev/owl@f25b3952705c7e9bf0bd6b50f183b0cc366cb1c7|queue,scheduler|TypeScript (.lua files)|src|
nestjs-throttler-redis|mirror|kkoomen/nestjs-throttler-storage-redis@71bc40246639f60dd734fc3f66d4604dba6b32f1|rate-limiter|TypeScript|src|
ratelimit-js|mirror|dudleycarr/ratelimit.js@14ca8547c5d7b6575f2b07b680a96c6ee2896b94|rate-limiter|CoffeeScript (.lua files)|lua,src|
node-leaderboard|mirror|hirowaki/node-leaderboard@642430c79e21221d84170219c241e3227e4d4059|leaderboard|JavaScript (.lua files)|lib|
fishjoy-g|mirror|3203317/g@c59ba1a6c99f6dde7742b4b354cfb3064423a58a|game backend,matchmaking|JavaScript (.lua files)|assets/redis,logon/src|
imi-queue|mirror|imiphp/imi-queue@071b0b60b2dbfdffd648262b7bd427d1ae48bdec|queue,delay queue|PHP|src|
imi-rate-limit|mirror|imiphp/imi-rate-limit@a099c3bfc345ca350bc0834474286cd09f3def77|rate-limiter,semaphore|PHP|src|
rqueue|mirror|sonus21/rqueue@5a90da0ff996ca494a44549fc19a85a2e6423082|queue,scheduler|Java (.lua resources)|rqueue-core/src/main|
redis-lecture|mirror|kunwong90/redis-lecture@547619a6c2b0f7f7ecfd8446d602d0d916c45bad|lock,semaphore,rate-limiter|Java|redis-distributed-lock/src/main|
rill-flow|mirror|weibocom/rill-flow@5cded0b399305436a8d0c70da887b583db70a2f4|lock,rate-limiter,workflow|Java (.lua resources)|rill-flow-dag/olympicene-storage/src/main,rill-flow-dag/olympicene-traversal/src/main,rill-flow-service/src/main|
yango-review|mirror|HXuSen/YangoReview20230911@4320673e4bc39c8b6ab8a597143e7eeb3c1115a4|seckill,lock|Java (.lua resources)|src/main|
vertx-kinesis-orchestra|mirror|wem/vertx-kinesis-consumer-orchestra@026f06f31457f0ba99b688864ea5d4cfde3c2f4d|lock|Kotlin (.lua resources)|src/main|
workflows-kt|mirror|KillWolfVlad/workflows.kt@1046e9c6a47c38011083c6c1f67810f5f3c72dd0|workflow,lock|Kotlin|src/main|
dotnet-ratelimit|mirror|sa-es-ir/DotNet.RateLimit@e39c94b13fe0d5a102fdfcc48c7aed349cc78a71|rate-limiter|C#|src/DotNet.RateLimiter|
kiq|mirror|sorentwo/kiq@5ce21e15ea3ee9bb10090a79a2b5cce5eb824d99|queue,scheduler|Elixir (.lua files)|priv/scripts|
apalis|mirror|geofmureithi/apalis@49f90e1304f8f218eb08ce6ca0f1b4934f3ed011|queue,scheduler|Rust (.lua files)|packages/apalis-redis|
redis-jobqueue-perl|mirror|TrackingSoft/Redis-JobQueue@155d0e4d2c6046a86cddc9ef69310cc00fe50af7|queue|Perl (strings; not read)|lib|
sneakerflash|mirror|yuqie6/SneakerFlash@f5d3cef4c6a8ec08b01cec6f972b797f92f0ffe9|seckill,rate-limiter|Go|.|
go-seckill-system|mirror|Rezarit/go-seckill-system@47f0e5fb49c6585c885a0f98f7cc488649ff49b6|seckill,inventory|Go (.lua files)|go.mod,go.sum,main.go,internal,pkg,scripts|
xiao-y-learn|mirror|Xiao-Y/learn@d2d335fe8114d6eca4a709a92b8f343aabf71c25|seckill,inventory|Java (.lua resources)|learn-shop-core-promotion/src/main|
securefromscratch-ratelimit|mirror|SecureFromScratch/Workshops@60ff3cc656d09d1a252e2e8871598065f5d85d62|rate-limiter|C#|csharp/race_conditions/Rate_Limit|
bingo-backend|mirror|CoderXu666/Bingo-Backend@c26a7acf7591512d182141e5cc7f268ba7d2d0a5|rate-limiter|Java (.lua resource)|bingo-common/src/main/java,bingo-common/src/main/resources/lua|
# Round 8b (first sight, 2026-12-08)
genkai|mirror|nryanov/genkai@922a3f076065dd42aadccf14efac846b25ab7df8|rate-limiter|Scala|modules/redis|
redis-cappedcollection|mirror|TrackingSoft/Redis-CappedCollection@3131861abb3eeba4cf2aed835e74783da24fb6a4|queue,cache|Perl (heredocs)|lib|
redis-leaderboardmulti|mirror|lltcggie/p5-Redis-LeaderBoardMulti@a6469d341cf5c7b6008987b2a7ba8d0edb976b07|leaderboard|Perl|lib|
hammer-backend-redis|mirror|ExHammer/hammer-backend-redis@21980c49001c18433759d2e8428d0349b576887d|rate-limiter|Elixir|lib|
flume|mirror|scripbox/flume@280c1a2085348679685da0d69969473fefea1bc7|queue,rate-limiter,lock|Elixir (.lua files, strings)|lib,priv|
rslock|mirror|hexcowboy/rslock@e5d758312081540b3fbb4871a139b6349ef785c1|lock|Rust|src|
ergo-queues|mirror|dimfeld/ergo@af4aacc4daba37b577824b0a8a4bbbfabd20c8ed|queue,scheduler|Rust|queues|
keysmith|mirror|Poltuu/KeySmith@f796930c634c6b0d3f6dcb28d911d6ffc7b49b02|lock,cache|C#|KeySmith|
freeredis|mirror|2881099/FreeRedis@8ebda12bc64431673b2228c6e9aee7db59804f8b|lock,delay queue,cache|C#|src/FreeRedis,src/FreeRedis.DistributedCache|
servicestack-redis|mirror|ServiceStack/ServiceStack.Redis@33faac719a248ca5ced5bee2e6e85b3fbbce4bf8|cache,lock|C#|src/ServiceStack.Redis|
ratelimiter-go|mirror|teambition/ratelimiter-go@dc71f6b62a6c4e4c2cda4a7028e0d1ed906f86b0|rate-limiter|Go (string, .lua copy)|.|
eredis|mirror|ego-component/eredis@abe511a71a29328e56f434cac03aca872092e17b|lock|Go|.|
layering-cache|mirror|xiaolyuh/layering-cache@282d3c10fc935bbfd981397a0997bb27ffd9aeae|cache,lock|Java|layering-cache-core/src/main|
distributed-rate-limiter-kt|mirror|jsoonworld/distributed-rate-limiter@d8dc9a1b88fe2f322271192b3b6e892a882fe916|rate-limiter|Kotlin|src/main|
miaosha|mirror|qiurunze123/miaosha@e58017658e549b63fc4db2160d2325ccd7f8435b|seckill,rate-limiter,lock|Java (strings, .lua files)|miaosha-v1/src/main,miaosha-v2/miaosha-service/src/main|
# Round 8a (first sight, 2026-12-08)
message-bus|mirror|discourse/message_bus@50c1cb4381c4857e938767049dc6611f4c7b4e0c|pubsub,queue|Ruby|lib/message_bus/backends|
coredis-lock|mirror|alisaifee/coredis@c5925fd40c7133a7dd3770b7e76463b08586d569|lock|Python (.lua files)|coredis/patterns/lock|
litestar|mirror|litestar-org/litestar@8bd57248db3fd69aeda9c1ad6250aee2dbabf2b2|pubsub,cache,session store|Python (.lua files and strings)|litestar/channels/backends,litestar/stores|
trigger-redis-worker|mirror|triggerdotdev/trigger.dev@b082e44389337dc6505d590737a6df70867cc8f4|queue,scheduler,concurrency limiter|TypeScript|packages/redis-worker/src/queue.ts,packages/redis-worker/src/fair-queue/concurrency.ts,packages/redis-worker/src/fair-queue/masterQueue.ts,packages/redis-worker/src/fair-queue/visibility.ts,packages/redis-worker/src/fair-queue/workerQueue.ts|
medusa-locking-redis|mirror|medusajs/medusa@59e6747800133e091d20c2c167f600981abc5c0d|lock|TypeScript|packages/modules/providers/locking-redis/src|
redbeat|mirror|sibson/redbeat@a7fd9e9a7b7aaa6f07a62a952ce4a02924e273a8|scheduler,lock|Python|redbeat|
wp-redis-cache|mirror|rhubarbgroup/redis-cache@e3c18baadbbb14649479f7edcbd02a6c21c79886|cache|PHP|includes/object-cache.php|
php-mutex|mirror|wangsir0624/mutex@4557ccb9ca96a52c78502f7063e10f897ae10573|lock|PHP|src|
resty-redis-ratelimit|mirror|timebug/lua-resty-redis-ratelimit@facb0ec841380798d433def1cfd552454e981ac2|rate-limiter|Lua (OpenResty lua-resty-redis)|lib|
resty-redis-lock|mirror|bakins/lua-resty-redis-lock@6112d1ec981d5080629d265a01552daf49f19689|lock|Lua (OpenResty lua-resty-redis)|lib|
itamarhaber-lua-scripts|mirror|itamarhaber/redis-lua-scripts@d51c036e485ab2d6b6e83850b1dcb8e8d5fb4a98|utilities|Lua files (redis-cli --eval)|.|
scaling-bloom-filter|mirror|erikdubbelboer/redis-lua-scaling-bloom-filter@9040e3230df4eac9c5710f27c04c6eda238bd8b7|bloom filter|Lua files (loaded by JavaScript)|.|
yueyoum-rank|mirror|yueyoum/redis-lua-scripts@b32157952bfba4519071d839a0458a5054085929|leaderboard|Lua files (loaded by Python)|.|
redis-lua-samples|mirror|alexanderscott/redis-lua-samples@34dacbfc4425fca6ee15630b262a29e80105bd4e|utilities,counters|Lua files (redis-cli --eval)|.|
EOF
}

if [[ ${1:-} == --list ]]; then
  corpus | tr '|' '\t'
  exit 0
fi

want=" $* "
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# assemble_qless DIR: qless-core's Makefile builds qless.lua by concatenating
# base config job queue recurring worker api (and stripping comment lines);
# Redis runs that one script. The comments are kept here so that lines map
# back: assembled/manifest.tsv names the first line of each part.
assemble_qless() {
  local src=$1/src out=$1/assembled line=1 f n
  mkdir -p "$out"
  : >"$out/qless.lua"
  printf 'lua_file\tpart\tfirst_line\n' >"$out/manifest.tsv"
  for f in base config job queue recurring worker api; do
    printf 'qless.lua\t%s.lua\t%d\n' "$f" "$line" >>"$out/manifest.tsv"
    cat "$src/$f.lua" >>"$out/qless.lua"
    n=$(wc -l <"$src/$f.lua")
    line=$((line + n))
  done
}

# assemble_erb DIR: sidekiq-unique-jobs renders each script with ERB, a line
# `<%= include_partial "shared/_x.lua" %>` becoming that partial (itself
# rendered, each partial at most once per script). The scripts under lua/
# are assembled; the partials (lua/shared/) are not scripts of their own.
assemble_erb() {
  local luadir=$1/src/lib/sidekiq_unique_jobs/lua out=$1/assembled f
  mkdir -p "$out"
  printf 'lua_file\tfirst_line\tpart\tpart_line\n' >"$out/manifest.tsv"
  for f in "$luadir"/*.lua; do
    awk -v dir="$luadir" -v name="$(basename "$f")" -v man="$out/manifest.tsv" '
      function render(path, part,   line, pl, inc) {
        pl = 0
        need = 1
        while ((getline line < path) > 0) {
          pl++
          if (line ~ /<%= *include_partial *"[^"]+" *%>/) {
            inc = line
            sub(/.*include_partial *"/, "", inc)
            sub(/".*/, "", inc)
            if (!(inc in seen)) {
              seen[inc] = 1
              render(dir "/" inc, inc)
            }
            need = 1
            continue
          }
          out++
          if (need) {
            printf "%s\t%d\t%s\t%d\n", name, out, part, pl >> man
            need = 0
          }
          print line
        }
        close(path)
      }
      BEGIN { out = 0; render(dir "/" name, name) }' >"$out/$(basename "$f")"
  done
}

# extract DIR OPTS PATH...: the scripts in host-language strings under the paths. It runs
# again only when the extractor or the options changed, and swaps the new folder in with
# one rename, so a lint running meanwhile in another shell never sees a half-written one.
extract() {
  local dir=$1 opts=$2 holes=placeholder stamp tmp
  shift 2
  [[ $opts == *holes=keys-args* ]] && holes=keys-args
  stamp="$(sha256sum "$root/scripts/extract-host-lua.py" | cut -c1-16) $holes $*"
  [[ -f $dir/extracted/.stamp && $(cat "$dir/extracted/.stamp") == "$stamp" ]] && return 0
  tmp=$(mktemp -d "$dir/extracted.XXXXXX")
  python3 "$root/scripts/extract-host-lua.py" --holes "$holes" --out "$tmp" "$dir/src" "$@" >/dev/null
  echo "$stamp" >"$tmp/.stamp"
  rm -rf "$dir/extracted.old"
  [[ -d $dir/extracted ]] && mv "$dir/extracted" "$dir/extracted.old"
  mv "$tmp" "$dir/extracted"
  rm -rf "$dir/extracted.old"
}

corpus | while IFS='|' read -r name kind spec category host paths opts; do
  [[ $want == "  " || $want == *" $name "* ]] || continue
  dir=$dest/$name
  pin="$kind|$spec|$paths|$opts"
  IFS=, read -r -a plist <<<"$paths"
  if [[ -f $dir/pin && $(cat "$dir/pin") == "$pin" ]]; then
    # materialised already; the extraction is cheap and follows the extractor
    extract "$dir" "$opts" "${plist[@]}"
    continue
  fi
  if [[ $kind == mirror ]]; then
    # check the snapshot before touching what is there
    repo=${spec%@*} commit=${spec#*@}
    git_dir=$mirror/${repo/\//+}/repo
    [[ -d $git_dir/.git ]] && git_dir=$git_dir/.git
    if [[ ! -d $git_dir ]]; then
      echo "$name: no snapshot at $mirror/${repo/\//+}; get it with the search tool's fetch (github:$repo), then run this again" >&2
      continue
    fi
    if ! git --git-dir="$git_dir" cat-file -e "$commit^{commit}" 2>/dev/null; then
      echo "$name: the snapshot at $git_dir lacks commit $commit (it has $(git --git-dir="$git_dir" rev-parse HEAD)); fetch github:$repo again or change the pin" >&2
      continue
    fi
  fi
  echo "==> $name ($spec)" >&2
  rm -rf "$dir"
  mkdir -p "$dir/src"
  case $kind in
  mirror)
    if [[ $paths == . ]]; then
      git --git-dir="$git_dir" archive "$commit" | tar -x -C "$dir/src"
    else
      git --git-dir="$git_dir" archive "$commit" -- "${plist[@]}" | tar -x -C "$dir/src"
    fi
    ;;
  npm)
    (cd "$tmp" && rm -f ./*.tgz && npm pack --silent "$spec" >/dev/null)
    tar -xzf "$tmp"/*.tgz -C "$dir/src" --strip-components=1
    ;;
  go)
    src=$(cd "$tmp" && go mod download -json "$spec" | jq -r .Dir)
    cp -r "$src/." "$dir/src/"
    chmod -R u+w "$dir/src"
    ;;
  esac
  case $opts in
  *assemble=qless*) assemble_qless "$dir" ;;
  *assemble=erb*) assemble_erb "$dir" ;;
  esac
  extract "$dir" "$opts" "${plist[@]}"
  echo "$pin" >"$dir/pin"
done
