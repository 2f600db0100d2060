package exchange

// eloCountries names the country of a place (three letters, as
// Settings.Place holds it) as the %%Country: lines of the WOF's files write
// it: "Great-Britain", "Hong-Kong", "Czech Republic", "Korea", "USA". The
// first group is every spelling the WOF archive's headers use for a country
// (TestELOCountriesOfTheArchive checks each against it); the second, the
// English names of other countries whose players the archive lists; the
// third, codes federations use that ISO 3166 does not (GER, NED, the
// nations of the United Kingdom, which the WOF's files name Great-Britain).
var eloCountries = map[string]string{
	// As the archive's headers write them.
	"ARG": "Argentina", "AUS": "Australia", "AUT": "Austria", "BEL": "Belgium", "BLR": "Belarus",
	"BRA": "Brazil", "CAN": "Canada", "CHE": "Switzerland", "CHN": "China", "CIV": "Ivory Coast",
	"CZE": "Czech Republic", "DEU": "Germany", "DNK": "Denmark", "ESP": "Spain", "FIN": "Finland",
	"FRA": "France", "GBR": "Great-Britain", "GRC": "Greece", "GTM": "Guatemala", "HKG": "Hong-Kong",
	"IDN": "Indonesia", "IND": "India", "IRN": "Iran", "ISL": "Iceland", "ISR": "Israel",
	"ITA": "Italy", "JPN": "Japan", "KOR": "Korea", "LKA": "Sri Lanka", "MNG": "Mongolia",
	"MYS": "Malaysia", "NLD": "Netherlands", "NOR": "Norway", "PAK": "Pakistan", "POL": "Poland",
	"ROU": "Romania", "RUS": "Russia", "SGP": "Singapore", "SRB": "Serbia", "SWE": "Sweden",
	"THA": "Thailand", "TUR": "Turkey", "TWN": "Taiwan", "UKR": "Ukraine", "USA": "USA",
	"ZAF": "South Africa",
	// Other countries of the archive's players, in English.
	"ALB": "Albania", "ARE": "United Arab Emirates", "ARM": "Armenia", "AZE": "Azerbaijan", "BGD": "Bangladesh",
	"BGR": "Bulgaria", "BIH": "Bosnia and Herzegovina", "BOL": "Bolivia", "CHL": "Chile", "CMR": "Cameroon",
	"COL": "Colombia", "CRI": "Costa Rica", "CUB": "Cuba", "CYP": "Cyprus", "DOM": "Dominican Republic",
	"DZA": "Algeria", "ECU": "Ecuador", "EGY": "Egypt", "EST": "Estonia", "GEO": "Georgia",
	"HRV": "Croatia", "HUN": "Hungary", "IRL": "Ireland", "KAZ": "Kazakhstan", "LTU": "Lithuania",
	"LUX": "Luxembourg", "LVA": "Latvia", "MAC": "Macao", "MAR": "Morocco", "MDA": "Moldova",
	"MEX": "Mexico", "MKD": "North Macedonia", "MLT": "Malta", "NGA": "Nigeria", "NPL": "Nepal",
	"NZL": "New Zealand", "PAN": "Panama", "PER": "Peru", "PHL": "Philippines", "PRT": "Portugal",
	"PRY": "Paraguay", "QAT": "Qatar", "SAU": "Saudi Arabia", "SVK": "Slovakia", "SVN": "Slovenia",
	"TUN": "Tunisia", "URY": "Uruguay", "UZB": "Uzbekistan", "VEN": "Venezuela", "VNM": "Vietnam",
	// Codes of federations and of the UK's nations.
	"ENG": "Great-Britain", "SCO": "Great-Britain", "WAL": "Great-Britain", "WLS": "Great-Britain", "NIR": "Great-Britain",
	"GER": "Germany", "NED": "Netherlands", "HOL": "Netherlands", "DEN": "Denmark", "SUI": "Switzerland",
	"POR": "Portugal", "CRO": "Croatia", "GRE": "Greece", "SPA": "Spain", "BUL": "Bulgaria", "SLO": "Slovenia",
	"LAT": "Latvia", "URU": "Uruguay", "UAE": "United Arab Emirates", "MAL": "Malaysia", "MAS": "Malaysia",
	"SIN": "Singapore", "TPE": "Taiwan", "INA": "Indonesia", "RSA": "South Africa", "CHI": "Chile",
	"PHI": "Philippines", "VIE": "Vietnam", "IRI": "Iran", "KSA": "Saudi Arabia", "JAP": "Japan",
	"ROK": "Korea", "CDN": "Canada",
}

// ELOCountryName returns the name of the country of place (three letters,
// "GBR") as the WOF's .ELO headers write it ("Great-Britain"), and whether
// Outflank knows it.
func ELOCountryName(place string) (string, bool) {
	name, ok := eloCountries[place]
	return name, ok
}
