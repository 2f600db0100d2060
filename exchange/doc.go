// Package exchange converts tournaments to and from the files directors and
// federations exchange: the tournament file outflank/1 (JSON), CSV lists of
// players and results, and the World Othello Federation's .ELO rating files.
// Everything read goes through the domain's own methods, so an imported
// tournament obeys the same rules as one entered by hand.
package exchange
