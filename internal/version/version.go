// Package version says which lint-lua a binary is: the module version and
// the VCS revision the go command stamped in its build info, for
// `lint-lua --version`, `lint-lua-vet --version` and SARIF's tool version.
package version

import "runtime/debug"

// Version, when set at link time (-ldflags "-X
// github.com/lint-lua/lint-lua/internal/version.Version=v1.2.3", as
// scripts/release.sh does from the tag it builds), is the module version.
// Otherwise the build info's is used: the tag's for `go install
// .../cmd/lint-lua@v1.2.3`, a pseudo-version for a build in a clone (the
// go command stamps one from the repository since Go 1.24).
var Version string

// Revision, when set at link time as Version is, is the VCS commit: the
// go command stamps none in a git worktree (whose .git is a file) or with
// -buildvcs=false, and scripts/release.sh sets it from git.
var Revision string

// Info is what the build info says of a binary.
type Info struct {
	Module   string // "v1.2.3", a pseudo-version, or "" when unknown ("(devel)")
	Revision string // the VCS commit, "" when unknown
	Modified bool   // the work tree had changes the commit lacks
}

// Read reads the running binary's build info.
func Read() Info {
	bi, _ := debug.ReadBuildInfo()
	return fromBuildInfo(Version, Revision, bi)
}

func fromBuildInfo(linked, linkedRev string, bi *debug.BuildInfo) Info {
	var in Info
	if bi != nil {
		if v := bi.Main.Version; v != "" && v != "(devel)" {
			in.Module = v
		}
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				in.Revision = s.Value
			case "vcs.modified":
				in.Modified = s.Value == "true"
			}
		}
	}
	if linked != "" {
		in.Module = linked
	}
	if linkedRev != "" {
		in.Revision = linkedRev
	}
	return in
}

// Module is the module version, or "dev" when the build info has none.
func Module() string { return Read().moduleOrDev() }

func (in Info) moduleOrDev() string {
	if in.Module == "" {
		return "dev"
	}
	return in.Module
}

// String is the version as --version prints it: "v1.2.3",
// "v1.2.3 (revision 0123abc...)", "(revision 0123abc..., modified)" after
// "dev" when only the revision is known, and "dev" when neither is.
func String() string { return Read().String() }

func (in Info) String() string {
	s := in.moduleOrDev()
	if in.Revision == "" {
		return s
	}
	rev := "revision " + in.Revision
	if in.Modified {
		rev += ", modified"
	}
	return s + " (" + rev + ")"
}
