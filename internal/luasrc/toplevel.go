package luasrc

import "github.com/yuin/gopher-lua/ast"

// What a chunk declares at its top level, for the loaders that join
// files: the include cache and the sibling headers of a folder
// (internal/driver/source), and the .lua files of an embed.FS (the Go
// analyzer). One notion for all, so that a file's names are shared or not
// shared the same way wherever the file is linted from.

// TopLevelNames lists the names a chunk defines at its top level: its
// locals, its functions named by one identifier, and the globals it
// assigns.
func TopLevelNames(chunk []ast.Stmt) []string {
	var out []string
	for _, s := range chunk {
		switch s := s.(type) {
		case *ast.LocalAssignStmt:
			out = append(out, s.Names...)
		case *ast.FuncDefStmt:
			if id, ok := s.Name.Func.(*ast.IdentExpr); ok {
				out = append(out, id.Value)
			}
		case *ast.AssignStmt:
			for _, l := range s.Lhs {
				if id, ok := l.(*ast.IdentExpr); ok {
					out = append(out, id.Value)
				}
			}
		}
	}
	return out
}

// TopLevelLocals lists the names among TopLevelNames that a chunk declares
// local (locals and local functions), not those it assigns as globals.
func TopLevelLocals(chunk []ast.Stmt) []string {
	var out []string
	for _, s := range chunk {
		if s, ok := s.(*ast.LocalAssignStmt); ok {
			out = append(out, s.Names...)
		}
	}
	return out
}

// DefinitionsOnly reports whether every top-level statement of a chunk
// defines names: what a fragment is, and no script that does its work at
// its top level.
func DefinitionsOnly(chunk []ast.Stmt) bool {
	for _, s := range chunk {
		switch s.(type) {
		case *ast.LocalAssignStmt, *ast.FuncDefStmt, *ast.AssignStmt:
		default:
			return false
		}
	}
	return true
}

// Header reports whether a chunk only defines names at its top level
// (DefinitionsOnly), besides bare calls such as redis.replicate_commands()
// (bottleneck's get_time.lua): what a loader puts before a script, as
// bottleneck's refs.lua and process_tick.lua. A file with a return, a
// branch or a loop there is a script of its own: folders of independent
// scripts are the common case, and a name one of them defines is no
// evidence that another, which uses it undefined, is joined with it.
func Header(chunk []ast.Stmt) bool {
	for _, s := range chunk {
		if _, call := s.(*ast.FuncCallStmt); !call && !DefinitionsOnly([]ast.Stmt{s}) {
			return false
		}
	}
	return true
}
