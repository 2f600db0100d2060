package director

import (
	"testing"

	"outflank"
)

func TestParseScore(t *testing.T) {
	for _, c := range []struct {
		text string
		want *outflank.Discs
	}{
		{"40-24", &outflank.Discs{Black: 40, White: 24}},
		{" 33-30 ", &outflank.Discs{Black: 33, White: 30}},
		{"40", &outflank.Discs{Black: 40, White: 24}},
		{"0", &outflank.Discs{Black: 0, White: 64}},
		{"64", &outflank.Discs{Black: 64, White: 0}},
		{"65", nil}, {"-1", nil}, {"forty", nil}, {"40-24x", nil}, {"", nil},
	} {
		got, err := ParseScore(c.text)
		if (err != nil) != (c.want == nil) || (got != nil && c.want != nil && *got != *c.want) {
			t.Errorf("ParseScore(%q) = %v, %v; want %v", c.text, got, err, c.want)
		}
	}
}

func TestResultFieldsRequest(t *testing.T) {
	ok := ResultFields{Round: 2, Table: 3, Score: "40", Replace: true, Expect: "30-34"}
	req, err := ok.Request()
	if err != nil || req.Input.Score.White != 24 || req.Options.Expect.Black != 30 || req.Input.Outcome != outflank.OutcomeNormal || req.Input.DefaulterFlags != 1 {
		t.Errorf("%+v: %+v %v", ok, req, err)
	}
	for _, bad := range []ResultFields{
		{Round: 0, Table: 1, Score: "40-24"},
		{Round: 1, Table: 1, Score: "40-24", Expect: "40-24"}, // expect without replace
		{Round: 1, Table: 1, Outcome: "resigned"},
		{Round: 1, Table: 1, Outcome: "forfeit", Loser: "red"},
		{Match: "final", Game: 0},
		{Round: 1, Table: 1, Choice: "purple"},
	} {
		if _, err := bad.Request(); outflank.ErrorCode(err) != outflank.EINVALID {
			t.Errorf("%+v: %v, want an EINVALID error", bad, err)
		}
	}
}
