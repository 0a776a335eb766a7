// Command memhive runs and operates a member's long-term memory for AI
// assistants. `memhive help` lists the commands.
package main

import (
	"os"

	"github.com/memhive/memhive/cli"
)

func main() { os.Exit(cli.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) }
