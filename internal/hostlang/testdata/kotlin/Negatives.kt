// Strings that are not Redis scripts stay alone.
val lua = "local x = 1 return x"
val template = "Hello ${user.name}, KEYS are listed"
fun eval(script: String, keys: List<String>): Any? = null // a declaration
val engine = ScriptEngineManager().getEngineByName("kotlin").eval("1 + 2")
