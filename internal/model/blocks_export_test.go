package model

import "github.com/yuin/gopher-lua/ast"

// NodeBlocks lists the statement lists a node holds: a function's body, or
// a statement's nested blocks (stmtBlocks). Tests use it to reach every
// block of a tree.
func NodeBlocks(n any) [][]ast.Stmt {
	switch n := n.(type) {
	case *ast.FunctionExpr:
		return [][]ast.Stmt{n.Stmts}
	case ast.Stmt:
		return stmtBlocks(n)
	}
	return nil
}
