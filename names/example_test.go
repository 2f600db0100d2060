package names_test

import (
	"fmt"

	"outflank/names"
)

func Example() {
	name, err := names.Normalize("  Dubois,   Le\u0301a ", names.MaxPerson)
	fmt.Printf("%q %v\n", name, err)
	_, err = names.Normalize("Evil\x1b[31mRed", names.MaxPerson)
	fmt.Println(err)
	fmt.Printf("%q\n", names.Clean("Evil\x1b[31mRed", names.MaxPerson))
	// Output:
	// "Dubois, Léa" <nil>
	// names: "Evil\x1b[31mRed": contains a control character (U+001B) — remove it
	// "Evil[31mRed"
}
