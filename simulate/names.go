package simulate

import (
	"math/rand/v2"
	"strings"
)

// nameBook holds, for a country, given names by gender and surnames: the
// common names of the country, so that a simulated field reads like a
// real one.
type nameBook struct {
	women, men, surnames []string
}

// names by country code. The simulated field draws its countries from
// these keys.
var names = map[string]nameBook{
	"JPN": {
		women:    []string{"Yuki", "Haruka", "Aoi", "Sakura", "Misaki", "Yui", "Nanami", "Rina", "Ayaka", "Mei", "Kaori", "Emi"},
		men:      []string{"Hiroshi", "Takeshi", "Kenta", "Daiki", "Shota", "Yuto", "Haruto", "Kazuki", "Makoto", "Satoshi", "Takumi", "Ryo"},
		surnames: []string{"Sato", "Suzuki", "Takahashi", "Tanaka", "Watanabe", "Ito", "Yamamoto", "Nakamura", "Kobayashi", "Kato", "Yoshida", "Yamada", "Sasaki", "Matsumoto", "Inoue", "Kimura"},
	},
	"FRA": {
		women:    []string{"Camille", "Léa", "Manon", "Chloé", "Inès", "Sarah", "Julie", "Claire", "Émilie", "Lucie", "Anne", "Élise"},
		men:      []string{"Lucas", "Hugo", "Louis", "Thomas", "Nicolas", "Julien", "Mathieu", "Pierre", "Antoine", "Stéphane", "Olivier", "Benoît"},
		surnames: []string{"Martin", "Bernard", "Dubois", "Thomas", "Robert", "Richard", "Petit", "Durand", "Leroy", "Moreau", "Simon", "Laurent", "Lefèvre", "Michel", "Garcia", "Fournier"},
	},
	"GBR": {
		women:    []string{"Olivia", "Emily", "Sophie", "Charlotte", "Hannah", "Grace", "Lucy", "Amelia", "Jessica", "Eleanor", "Rachel", "Helen"},
		men:      []string{"Oliver", "George", "Harry", "James", "William", "Thomas", "Daniel", "Matthew", "David", "Graham", "Simon", "Andrew"},
		surnames: []string{"Smith", "Jones", "Williams", "Taylor", "Brown", "Davies", "Evans", "Wilson", "Thomas", "Johnson", "Roberts", "Walker", "Wright", "Robinson", "Hughes", "Green"},
	},
	"NED": {
		women:    []string{"Emma", "Sanne", "Lotte", "Femke", "Anouk", "Eva", "Lieke", "Fleur", "Iris", "Marieke", "Noor", "Sophie"},
		men:      []string{"Daan", "Sem", "Bram", "Lars", "Jeroen", "Thijs", "Joost", "Ruben", "Maarten", "Pieter", "Bas", "Sander"},
		surnames: []string{"de Jong", "Jansen", "de Vries", "van den Berg", "van Dijk", "Bakker", "Janssen", "Visser", "Smit", "Meijer", "de Boer", "Mulder", "de Groot", "Bos", "Vos", "Peters"},
	},
	"USA": {
		women:    []string{"Emma", "Olivia", "Ava", "Madison", "Abigail", "Emily", "Sarah", "Jennifer", "Ashley", "Megan", "Lauren", "Rachel"},
		men:      []string{"Michael", "Christopher", "Matthew", "Joshua", "Andrew", "Ryan", "Tyler", "Brian", "Kevin", "Jason", "Justin", "Brandon"},
		surnames: []string{"Johnson", "Miller", "Davis", "Garcia", "Rodriguez", "Martinez", "Anderson", "Jackson", "Harris", "Clark", "Lewis", "Young", "Allen", "King", "Scott", "Baker"},
	},
	"ITA": {
		women:    []string{"Giulia", "Francesca", "Chiara", "Sara", "Martina", "Alessia", "Valentina", "Federica", "Elena", "Silvia", "Laura", "Paola"},
		men:      []string{"Marco", "Luca", "Andrea", "Matteo", "Alessandro", "Francesco", "Davide", "Simone", "Lorenzo", "Stefano", "Giorgio", "Paolo"},
		surnames: []string{"Rossi", "Russo", "Ferrari", "Esposito", "Bianchi", "Romano", "Colombo", "Ricci", "Marino", "Greco", "Bruno", "Gallo", "Conti", "De Luca", "Mancini", "Costa"},
	},
	"CHN": {
		women:    []string{"Fang", "Na", "Min", "Jing", "Li", "Yan", "Hui", "Xiu", "Ying", "Lan", "Mei", "Xia"},
		men:      []string{"Wei", "Lei", "Jun", "Qiang", "Jie", "Tao", "Ming", "Hao", "Bo", "Yong", "Peng", "Chao"},
		surnames: []string{"Wang", "Li", "Zhang", "Liu", "Chen", "Yang", "Huang", "Zhao", "Wu", "Zhou", "Xu", "Sun", "Ma", "Zhu", "Hu", "Guo"},
	},
	"THA": {
		women:    []string{"Siriporn", "Nattaya", "Kanya", "Pimchanok", "Supaporn", "Malee", "Ratana", "Wanida", "Chalida", "Kulap", "Arunee", "Duangjai"},
		men:      []string{"Somchai", "Somsak", "Prasert", "Anan", "Niran", "Kittisak", "Surachai", "Thanakorn", "Chaiwat", "Wichai", "Pichit", "Narong"},
		surnames: []string{"Saetang", "Srisuk", "Chaiyaphum", "Wongsawat", "Rattanakorn", "Boonmee", "Kaewkla", "Sukprasert", "Thongdee", "Phromma", "Sombat", "Inthanon", "Chanthara", "Suwannarat", "Kongsak", "Jaidee"},
	},
	"GER": {
		women:    []string{"Anna", "Lena", "Julia", "Laura", "Katharina", "Sarah", "Lisa", "Johanna", "Sabine", "Petra", "Claudia", "Miriam"},
		men:      []string{"Lukas", "Jonas", "Felix", "Maximilian", "Tobias", "Stefan", "Andreas", "Michael", "Jan", "Florian", "Matthias", "Thomas"},
		surnames: []string{"Müller", "Schmidt", "Schneider", "Fischer", "Weber", "Meyer", "Wagner", "Becker", "Schulz", "Hoffmann", "Koch", "Richter", "Klein", "Wolf", "Schröder", "Neumann"},
	},
	"AUS": {
		women:    []string{"Chloe", "Mia", "Isla", "Ruby", "Zoe", "Matilda", "Georgia", "Jessica", "Kate", "Emma", "Sophie", "Ella"},
		men:      []string{"Jack", "Noah", "Cooper", "Riley", "Lachlan", "Liam", "Ethan", "Mitchell", "Nathan", "Dylan", "Brodie", "Hamish"},
		surnames: []string{"Smith", "Jones", "Williams", "Brown", "Wilson", "Taylor", "Nguyen", "Johnson", "Martin", "White", "Anderson", "Walker", "Thompson", "Kelly", "Ryan", "Campbell"},
	},
	"BEL": {
		women:    []string{"Emma", "Louise", "Marie", "Elise", "Lotte", "Nina", "Charlotte", "Julie", "Sofie", "An", "Els", "Griet"},
		men:      []string{"Arthur", "Louis", "Jules", "Wout", "Pieter", "Stijn", "Kris", "Tom", "Bart", "Koen", "Jeroen", "Mathias"},
		surnames: []string{"Peeters", "Janssens", "Maes", "Jacobs", "Mertens", "Willems", "Claes", "Goossens", "Wouters", "De Smet", "Dubois", "Lambert", "Dupont", "Vermeulen", "De Backer", "Hermans"},
	},
	"SWE": {
		women:    []string{"Alice", "Maja", "Elsa", "Astrid", "Ebba", "Wilma", "Karin", "Ingrid", "Linnea", "Sara", "Frida", "Emma"},
		men:      []string{"Erik", "Lars", "Karl", "Anders", "Johan", "Nils", "Oskar", "Axel", "Gustav", "Per", "Magnus", "Henrik"},
		surnames: []string{"Andersson", "Johansson", "Karlsson", "Nilsson", "Eriksson", "Larsson", "Olsson", "Persson", "Svensson", "Gustafsson", "Pettersson", "Jonsson", "Lindberg", "Berg", "Lindqvist", "Holm"},
	},
}

// namer gives each simulated player a name of their country and gender,
// "Surname, Given" as the WOF writes names, never one already given
// (names are unique in a tournament, ignoring case). A common name is
// drawn first; when it is taken, a second given name ("Anna Maria"), then
// a middle initial ("Anna K."), as real fields tell their namesakes apart.
type namer struct {
	rng   *rand.Rand
	taken map[string]bool // lower case
	next  map[string]int  // "country/gender": where the last search in order stopped
}

func newNamer(rng *rand.Rand) *namer {
	return &namer{rng: rng, taken: map[string]bool{}, next: map[string]int{}}
}

// name returns a new name for a player of country ("JPN") and gender ("f"
// or "m"), or false when every name is taken (56,000 per country and
// gender).
func (n *namer) name(country, gender string) (string, bool) {
	book := names[country]
	given := book.men
	if gender == "f" {
		given = book.women
	}
	pick := func(list []string) string { return list[n.rng.IntN(len(list))] }
	for _, build := range []func() (string, string){
		func() (string, string) { return pick(book.surnames), pick(given) },
		func() (string, string) {
			first, second := pick(given), pick(given)
			if first == second {
				return "", ""
			}
			return pick(book.surnames), first + " " + second
		},
		func() (string, string) {
			return pick(book.surnames), pick(given) + " " + string(rune('A'+n.rng.IntN(26))) + "."
		},
	} {
		for range 4 {
			if surname, first := build(); surname != "" && n.take(surname+", "+first) {
				return surname + ", " + first, true
			}
		}
	}
	// Every common form is taken (thousands of players of one country and
	// gender): the next free one in order, with two given names and an
	// initial, from where the last search stopped.
	key := country + "/" + gender
	letters := 26
	for i := n.next[key]; i < len(book.surnames)*len(given)*len(given)*letters; i++ {
		c := rune('A' + i%letters)
		second := given[i/letters%len(given)]
		first := given[i/letters/len(given)%len(given)]
		surname := book.surnames[i/letters/len(given)/len(given)]
		if name := surname + ", " + first + " " + second + " " + string(c) + "."; first != second && n.take(name) {
			n.next[key] = i + 1
			return name, true
		}
	}
	return "", false
}

// take claims name, and reports whether it was free.
func (n *namer) take(name string) bool {
	key := strings.ToLower(name)
	if n.taken[key] {
		return false
	}
	n.taken[key] = true
	return true
}
