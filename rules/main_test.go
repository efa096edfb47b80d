package rules_test

import (
	"testing"

	"github.com/lint-lua/lint-lua/rules/ruletest"
)

func TestMain(m *testing.M) { ruletest.Main(m) }
