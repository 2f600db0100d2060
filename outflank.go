// Package outflank is the domain of Outflank, the software that runs Othello
// tournaments and federation business as the official rulebooks say: the
// types and service interfaces that storage, the web server and the command
// line share. It holds no SQL and no HTTP.
//
// The rules of the game themselves live in the pure package othello; the
// engines for pairing, standings and knockouts will follow the same pattern.
package outflank
