package hostlang_test

import (
	"fmt"
	. "github.com/lint-lua/lint-lua/internal/hostlang"
	"github.com/lint-lua/lint-lua/internal/hostlang/langs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/lint-lua/lint-lua/internal/benchdata"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/luasrc"
	"github.com/lint-lua/lint-lua/rules"
)

// reportCPU reports the CPU time per operation since start (see cpuTime).
func reportCPU(b *testing.B, start time.Duration) {
	if d := cpuTime() - start; d > 0 && b.N > 0 {
		b.ReportMetric(float64(d.Milliseconds())/float64(b.N), "cpu-ms/op")
	}
}

// treeSize is the number of files of each generated tree.
const treeSize = 10_000

// ordinary is a page of each language's everyday code: strings,
// comments, calls, and words the prefilter's anchors meet (evaluate,
// scriptSrc, Script) without being a script API's.
var ordinary = map[Lang]string{
	langs.Python: `
class Service%[1]d:
    """Serves requests; evaluates the rules in order."""

    def __init__(self, client, cache=None):
        self.client = client  # the HTTP client
        self.cache = cache or {}
        self.script_src = "static/app-%[1]d.js"

    def handle(self, request):
        key = f"user:{request.user_id}:%[1]d"
        if key in self.cache:
            return self.cache[key]
        result = self.client.get("/api/v1/items", params={"page": request.page, "q": request.query})
        self.cache[key] = evaluate(result.json(), strict=True)
        return result
`,
	langs.JavaScript: `
export class Service%[1]d {
  constructor(client, cache = new Map()) {
    this.client = client; // the HTTP client
    this.cache = cache;
    this.scriptSrc = '/static/app-%[1]d.js';
  }

  async handle(request) {
    const key = ` + "`user:${request.userId}:%[1]d`" + `;
    if (this.cache.has(key)) return this.cache.get(key);
    const result = await this.client.get('/api/v1/items', { page: request.page, q: request.query });
    this.cache.set(key, evaluate(await result.json(), { strict: true }));
    return /^ok$/.test(result.status) ? result : null;
  }
}
`,
	langs.Java: `
public class Service%[1]d {
    private final HttpClient client; // the HTTP client
    private final Map<String, Object> cache = new HashMap<>();
    private static final String SCRIPT_SRC = "/static/app-%[1]d.js";

    public Object handle(Request request) throws IOException {
        String key = "user:" + request.getUserId() + ":%[1]d";
        if (cache.containsKey(key)) {
            return cache.get(key);
        }
        Response result = client.get("/api/v1/items?page=" + request.getPage() + "&q=" + request.getQuery());
        cache.put(key, Rules.evaluate(result.body(), true));
        return result;
    }
}
`,
	langs.Kotlin: `
class Service%[1]d(private val client: HttpClient) {
    private val cache = mutableMapOf<String, Any>() // the cache
    private val scriptSrc = "/static/app-%[1]d.js"

    fun handle(request: Request): Any? {
        val key = "user:${request.userId}:%[1]d"
        cache[key]?.let { return it }
        val result = client.get("/api/v1/items?page=${request.page}&q=$query")
        cache[key] = Rules.evaluate(result.body, strict = true)
        return result
    }
}
`,
	langs.PHP: `
class Service%[1]d
{
    private $cache = []; // the cache
    private $scriptSrc = '/static/app-%[1]d.js';

    public function handle(Request $request)
    {
        $key = "user:{$request->userId}:%[1]d";
        if (isset($this->cache[$key])) {
            return $this->cache[$key];
        }
        $result = $this->client->get('/api/v1/items', ['page' => $request->page, 'q' => $request->query]);
        $this->cache[$key] = Rules::evaluate($result->json(), true);
        return $result;
    }
}
`,
	langs.Ruby: `
class Service%[1]d
  # Serves requests; evaluates the rules in order.
  def initialize(client, cache = {})
    @client = client
    @cache = cache
    @script_src = '/static/app-%[1]d.js'
  end

  def handle(request)
    key = "user:#{request.user_id}:%[1]d"
    return @cache[key] if @cache.key?(key)
    result = @client.get('/api/v1/items', page: request.page, q: request.query)
    @cache[key] = Rules.evaluate(result.body, strict: true)
    result
  end
end
`,
	langs.CSharp: `
public class Service%[1]d
{
    private readonly HttpClient _client; // the HTTP client
    private readonly Dictionary<string, object> _cache = new();
    private const string ScriptSrc = "/static/app-%[1]d.js";

    public async Task<object> HandleAsync(Request request)
    {
        var key = $"user:{request.UserId}:%[1]d";
        if (_cache.TryGetValue(key, out var hit)) return hit;
        var result = await _client.GetAsync(@"/api/v1/items?page=" + request.Page);
        _cache[key] = Rules.Evaluate(await result.Content.ReadAsStringAsync(), true);
        return result;
    }
}
`,
}

var extOf = map[Lang]string{langs.Python: ".py", langs.JavaScript: ".js", langs.TypeScript: ".ts", langs.Java: ".java", langs.Kotlin: ".kt", langs.PHP: ".php", langs.Ruby: ".rb", langs.CSharp: ".cs"}

type genFile struct {
	lang Lang
	name string
	src  []byte
}

var (
	treeOnce sync.Once
	tree     []genFile
)

// hostTree generates treeSize host files: every language in turn, 4 to 20
// pages of ordinary code each (2 to 10 KB), and one file in 40 with the
// language's fixtures appended (the scripts a monorepo holds).
func hostTree(b *testing.B) []genFile {
	treeOnce.Do(func() {
		fixtures := map[Lang][]byte{}
		for _, l := range langs.All {
			paths, _ := filepath.Glob(filepath.Join("testdata", l.String(), "*"+extOf[l]))
			for _, p := range paths {
				src, err := os.ReadFile(p)
				if err == nil {
					fixtures[l] = append(fixtures[l], src...)
				}
			}
		}
		for i := 0; i < treeSize; i++ {
			lang := langs.All[i%len(langs.All)]
			page := ordinary[lang]
			if lang == langs.TypeScript {
				page = ordinary[langs.JavaScript]
			}
			var sb strings.Builder
			if lang == langs.PHP {
				sb.WriteString("<?php\n")
			}
			pages := 4 + (i*7919)%17
			for p := 0; p < pages; p++ {
				fmt.Fprintf(&sb, page, i*100+p)
			}
			if i%40 == 0 {
				if lang == langs.PHP {
					sb.WriteString("\n?>\n")
				}
				sb.Write(fixtures[lang])
			}
			tree = append(tree, genFile{lang, fmt.Sprintf("f%05d%s", i, extOf[lang]), []byte(sb.String())})
		}
	})
	return tree
}

// BenchmarkHostTree runs what a plain lint-lua run does with each host file
// of a 10,000-file tree held in memory: MayHoldScript, then Extract for the
// files it keeps.
func BenchmarkHostTree(b *testing.B) {
	files := hostTree(b)
	var size int64
	for _, f := range files {
		size += int64(len(f.src))
	}
	b.SetBytes(size)
	kept, scripts := 0, 0
	cpu := cpuTime()
	for b.Loop() {
		kept, scripts = 0, 0
		for _, f := range files {
			if !MayHoldScript(f.lang, f.src, nil) {
				continue
			}
			kept++
			x, _ := Extract(f.lang, f.src, nil)
			scripts += len(x.Scripts)
		}
	}
	reportCPU(b, cpu)
	b.ReportMetric(float64(kept), "kept/op")
	b.ReportMetric(float64(scripts), "scripts/op")
}

// BenchmarkHostTreePrefilter is MayHoldScript alone over the tree.
func BenchmarkHostTreePrefilter(b *testing.B) {
	files := hostTree(b)
	var size int64
	for _, f := range files {
		size += int64(len(f.src))
	}
	b.SetBytes(size)
	cpu := cpuTime()
	for b.Loop() {
		for _, f := range files {
			MayHoldScript(f.lang, f.src, nil)
		}
	}
	reportCPU(b, cpu)
}

// BenchmarkHostTreeDisk reads the tree from disk as a run would:
// ReadFile, MayHoldScript, Extract.
func BenchmarkHostTreeDisk(b *testing.B) {
	files := hostTree(b)
	dir := b.TempDir()
	for _, f := range files {
		if err := os.WriteFile(filepath.Join(dir, f.name), f.src, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	cpu := cpuTime()
	for b.Loop() {
		for _, f := range files {
			src, err := os.ReadFile(filepath.Join(dir, f.name))
			if err != nil {
				b.Fatal(err)
			}
			if MayHoldScript(f.lang, src, nil) {
				Extract(f.lang, src, nil)
			}
		}
	}
	reportCPU(b, cpu)
}

// luaTree is treeSize .lua files: the repository's examples and rule
// fixtures, over and over.
func luaTree(b *testing.B) []benchdata.File {
	sets, err := benchdata.Sets()
	if err != nil {
		b.Fatal(err)
	}
	var repo []benchdata.File
	for _, s := range sets {
		if s.Name == "repo" {
			repo = s.Files
		}
	}
	if len(repo) == 0 {
		b.Skip("no .lua inputs")
	}
	out := make([]benchdata.File, treeSize)
	for i := range out {
		out[i] = repo[i%len(repo)]
	}
	return out
}

// BenchmarkLuaTreeParse parses 10,000 .lua files, the least a run does
// with each.
func BenchmarkLuaTreeParse(b *testing.B) {
	files := luaTree(b)
	var size int64
	for _, f := range files {
		size += int64(len(f.Src))
	}
	b.SetBytes(size)
	cpu := cpuTime()
	for b.Loop() {
		for _, f := range files {
			luasrc.Parse(f.Name, f.Src)
		}
	}
	reportCPU(b, cpu)
}

// BenchmarkLuaTreeLint lints 10,000 .lua files with every rule.
func BenchmarkLuaTreeLint(b *testing.B) {
	files := luaTree(b)
	all := rules.Catalogue().All()
	var size int64
	for _, f := range files {
		size += int64(len(f.Src))
	}
	b.SetBytes(size)
	cpu := cpuTime()
	for b.Loop() {
		for _, f := range files {
			lint.Run(luasrc.Parse(f.Name, f.Src), lint.Config{Rules: all})
		}
	}
	reportCPU(b, cpu)
}
