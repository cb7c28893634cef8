// Real-style listing descriptions, as brokers write them on LoopNet, Crexi and their own flyers,
// each with the claims it yields and those it must never yield (docs/guides/posts.md "Only true
// claims"). The claims tests read every one; the LoopNet office is the one a broker took to market.

export interface ClaimsCase {
  name: string;
  text: string;
  /** Every figure claim, in order, as a sentence may repeat it. */
  figures: string[];
  /** Figures never claimed bare ("1,000 SF" out of "4.1/1,000 SF"): value and canonical unit. */
  never: string[];
  /** Place and feature keys it yields. */
  features?: string[];
  /** Feature keys it must not yield ("downtown" from "minutes from downtown"). */
  noFeatures?: string[];
  /** "built 1998", "renovated 2019". */
  years?: string[];
  /** "91% leased", or null when the description says no occupancy of the property. */
  occupancy?: string | null;
  /** Whether it says the property's leases are NNN. */
  tripleNet?: boolean;
  /** Business figures: "$1,150,000 in annual gross sales". */
  money?: string[];
}

export const LOOPNET_OFFICE =
  "Class A suburban office campus totalling 126,500 SF on 11.2 AC with 520 surface parking spaces (4.1/1,000 SF), minutes from downtown Columbus and 2 miles from I-270. " +
  "Built in 1998 and renovated in 2019. 91% leased to six tenants; suites from 2,400–9,800 SF available.";

export const CLAIMS_CORPUS: ClaimsCase[] = [
  // ---------------------------------------------------------------- office
  {
    name: "office campus from LoopNet: a parking ratio, a distance, a range",
    text: LOOPNET_OFFICE,
    figures: ["126,500 SF", "11.2 AC", "520 surface parking spaces"],
    never: ["1,000 SF", "2,400 SF", "9,800 SF"],
    noFeatures: ["downtown", "highway"],
    years: ["built 1998", "renovated 2019"],
    occupancy: "91% leased",
  },
  {
    name: "office with a spaces-per-thousand ratio in words",
    text: "Three-story office building of 48,000 SF with 200 parking spaces, a ratio of 5 per 1,000 SF. Located in downtown Morgantown.",
    figures: ["48,000 SF", "200 parking spaces"],
    never: ["1,000 SF"],
    features: ["downtown"],
  },
  {
    name: "office suite: one space per 250 SF",
    text: "Second-floor suite of 3,150 RSF. Parking at 1 space per 250 SF in the surface lot. Walk to the Metro station.",
    figures: ["3,150 RSF"],
    never: ["250 SF"],
    features: ["transit"],
  },
  {
    name: "medical office near a hospital",
    text: "Medical office building with 22,000 SF and 110 parking spaces. Across the street from WVU Medicine's 400-bed hospital, close to downtown.",
    figures: ["22,000 SF", "110 parking spaces"],
    never: [],
    features: ["medical"],
    noFeatures: ["downtown"],
  },
  {
    name: "office with approximate size",
    text: "Approximately 14,500 SF two-story office on ±1.6 acres. Renovated 2021 with new HVAC. Parking ratio 4.5/1,000.",
    figures: ["approximately 14,500 SF", "±1.6 acres"],
    never: ["14,500 SF", "1.6 AC", "1,000 SF"],
    features: ["new hvac"],
    years: ["renovated 2021"],
  },
  {
    name: "office tower, floors as parts",
    text: "Twelve-story tower of 240,000 RSF. Floor plates average 20,000 SF. The 8th floor offers up to 20,000 SF contiguous.",
    figures: ["240,000 RSF", "up to 20,000 SF"],
    never: ["20,000 SF"],
  },
  {
    name: "office condo range of unit sizes",
    text: "Office condominiums from 1,100 to 2,600 SF, priced $189,000 - $425,000. Built 2006.",
    figures: [],
    never: ["1,100 SF", "2,600 SF"],
    years: ["built 2006"],
  },
  {
    name: "flex office within a radius of population",
    text: "Flex office of 6,800 SF. Over 85,000 residents within 3 miles; within 5 miles of 1.2 million SF of retail.",
    figures: ["6,800 SF"],
    never: ["1.2 SF"],
  },
  // ---------------------------------------------------------------- retail
  {
    name: "strip center with traffic counts and a shadow anchor",
    text: "Fully leased 18,400 SF strip center on 2.3 AC at a signalized corner with 32,000 VPD. Shadow-anchored by a 120,000 SF Kroger Marketplace.",
    figures: ["18,400 SF", "2.3 AC", "32,000 VPD"],
    never: ["120,000 SF"],
    features: ["signalized corner"],
  },
  {
    name: "retail pad adjacent to a big box",
    text: "1.1 AC pad site adjacent to a 180,000 SF Walmart Supercenter and a NNN Chick-fil-A. 28,000 VPD on Route 50. Utilities available.",
    tripleNet: false,
    figures: ["1.1 AC", "28,000 VPD"],
    never: ["180,000 SF"],
    features: ["utilities"],
  },
  {
    name: "retail with a traffic range",
    text: "Inline retail of 2,200 SF with traffic counts of 24,000-31,000 VPD along Route 19. Pylon signage.",
    figures: ["2,200 SF"],
    never: ["31,000 VPD", "24,000 VPD"],
    features: ["signage"],
  },
  {
    name: "retail next to the interstate, not on it",
    text: "Freestanding 7,500 SF retail building with a drive-thru, minutes from interstate access and 1 mile from the mall.",
    figures: ["7,500 SF"],
    never: [],
    features: ["drive-thru"],
    noFeatures: ["highway"],
  },
  {
    name: "shopping center with outparcels",
    text: "Community center of 96,000 SF on 12.5 AC. Two 1.2 AC outparcels available. Parking 5/1,000 SF.",
    figures: ["96,000 SF", "12.5 AC"],
    never: ["1.2 AC", "1,000 SF"],
  },
  {
    name: "retail suites of several sizes",
    text: "Suite 100: 1,800 SF. Suite 200: 3,400 SF. The 14,000 SF center sits on a hard corner.",
    figures: ["14,000 SF"],
    never: ["1,800 SF", "3,400 SF"],
    features: ["hard corner"],
  },
  {
    name: "retail lease with a rate range",
    text: "Endcap of 4,000 SF available at $18.00 - $22.00 /SF NNN. High visibility with 21,500 VPD.",
    figures: ["4,000 SF", "21,500 VPD"],
    never: [],
    features: ["visibility", "net lease"],
  },
  {
    name: "downtown storefront",
    text: "Historic downtown storefront of 2,900 SF with 16' ceilings. Built in 1910, renovated 2017.",
    figures: ["2,900 SF"],
    never: [],
    features: ["downtown"],
    years: ["built 1910", "renovated 2017"],
  },
  {
    name: "waterfront retail near downtown",
    text: "Waterfront restaurant space of 5,200 SF with 140 seats and water views. Near downtown Wheeling.",
    figures: ["5,200 SF", "140 seats"],
    never: [],
    features: ["waterfront"],
    noFeatures: ["downtown"],
  },
  // ---------------------------------------------------------------- industrial
  {
    name: "warehouse with clear height, docks and a distance to the interstate",
    text: "Modern distribution warehouse of 212,000 SF on 18.6 AC with 32' clear, 24 dock doors and 2 drive-in doors. 2 miles from I-70. Sprinklered.",
    figures: ["212,000 SF", "18.6 AC", "32' clear", "24 dock doors", "2 drive-in doors"],
    never: [],
    features: ["sprinklers"],
  },
  {
    name: "warehouse with a clear-height range",
    text: "Bulk warehouse totalling 420,000 SF with 28'–36' clear heights and 60 dock doors. Rail served.",
    figures: ["420,000 SF", "60 dock doors"],
    never: ["36 ft clear"],
    features: ["rail"],
  },
  {
    name: "flex industrial with approximations",
    text: "Flex building of 24,000 SF +/- on 3.5± acres. Clear height of 18'. Fenced yard.",
    figures: ["24,000 SF +/-", "3.5± acres", "18' clear"],
    never: ["24,000 SF", "3.5 AC"],
    features: ["fenced"],
  },
  {
    name: "industrial park, several buildings",
    text: "3 buildings totalling 145,000 SF on 14 AC. Building A: 60,000 SF with 28' clear. Building B: 45,000 SF. Building C: 40,000 SF.",
    figures: ["3 buildings", "145,000 SF", "14 AC"],
    never: ["60,000 SF", "45,000 SF", "40,000 SF"],
  },
  {
    name: "manufacturing plant with office ratio",
    text: "Manufacturing facility of 88,000 SF including 6,000 SF of office. 22' clear, 8 loading docks, heavy power. Employee parking 1/1,000 SF.",
    figures: ["88,000 SF", "6,000 SF", "22' clear", "8 loading docks"],
    never: ["1,000 SF"],
    features: ["docks"],
  },
  {
    name: "truck terminal near the interstate",
    text: "Truck terminal with 40 dock-high doors on ±9.2 AC, within 1 mile of I-79 interchange. Interstate visibility.",
    figures: ["40 dock-high doors", "±9.2 AC"],
    never: ["9.2 AC"],
    features: ["highway"],
  },
  {
    name: "cold storage with years as a range",
    text: "Cold storage facility of 56,000 SF, built 1985 with additions 2004-2012. 30' clear.",
    figures: ["56,000 SF", "30' clear"],
    never: [],
    years: ["built 1985"],
  },
  // ---------------------------------------------------------------- land
  {
    name: "land with acreage and frontage",
    text: "8.4 AC of commercial land zoned B-2 with 650 feet of frontage on Route 22 and 26,000 VPD. Utilities to site.",
    figures: ["8.4 AC", "650 feet of frontage", "26,000 VPD"],
    never: [],
    features: ["utilities"],
  },
  {
    name: "land, divisible",
    text: "±42 acres of industrial land, divisible down to 5 acres. Rail spur on site, 3 miles from I-81.",
    figures: ["±42 acres", "divisible down to 5 acres"],
    never: ["42 AC", "5 AC"],
    features: ["rail"],
  },
  {
    name: "land with per-acre price",
    text: "Development land of 120 acres offered at $25,000 per acre. Density up to 12 units per acre.",
    figures: ["120 acres"],
    never: ["12 units"],
  },
  {
    name: "land sold in lots of a range",
    text: "Residential subdivision: 38 lots from 0.5 to 1.2 acres. Between 10 and 12 acres remain for commercial use.",
    figures: [],
    never: ["1.2 AC", "12 AC", "0.5 AC"],
  },
  {
    name: "land near the airport",
    text: "Approx. 15.7 AC near the airport, close to highway access, zoned M-1.",
    figures: ["approx. 15.7 AC"],
    never: ["15.7 AC"],
    noFeatures: ["highway"],
  },
  {
    name: "corner lot with a distance to downtown",
    text: "Corner lot of 0.9 AC, 5 minutes to downtown Clarksburg. 18,000 VPD.",
    figures: ["0.9 AC", "18,000 VPD"],
    never: [],
    features: ["corner"],
    noFeatures: ["downtown"],
  },
  // ---------------------------------------------------------------- multifamily
  {
    name: "apartment complex with unit counts and an average",
    text: "A 24-unit apartment complex built in 1978, renovated 2019. Units average 850 SF. 36 parking spaces. 96% occupancy.",
    figures: ["24 units", "36 parking spaces"],
    never: ["850 SF"],
    years: ["built 1978", "renovated 2019"],
  },
  {
    name: "garden apartments, several buildings",
    text: "Garden-style community of 144 units in 6 buildings totalling 132,000 SF on 9.8 AC. Each building has 24 units.",
    figures: ["144 units", "6 buildings", "132,000 SF", "9.8 AC"],
    never: [],
  },
  {
    name: "mixed use with apartments above retail",
    text: "Mixed-use building: 4,000 SF of ground-floor retail and 8 apartments above, 2 blocks from the courthouse downtown.",
    figures: ["4,000 SF"],
    never: [],
    noFeatures: ["downtown"],
  },
  {
    name: "duplexes as parts",
    text: "Portfolio of four duplexes, each 1,800 SF, on 1.4 acres. Two 2,000 SF lots included.",
    figures: ["1.4 acres"],
    never: ["1,800 SF", "2,000 SF"],
  },
  {
    name: "student housing with beds and a comparison",
    text: "Student housing of 52 units steps from campus, larger than the 40-unit average in the submarket.",
    figures: ["52 units"],
    never: ["40 units"],
  },
  {
    name: "apartments, rent range",
    text: "A 60-unit community with rents from $895 to $1,250. Built in 2001. Nearly 100% occupied.",
    figures: ["60 units"],
    never: [],
    years: ["built 2001"],
    occupancy: "nearly 100% occupied",
  },
  // ---------------------------------------------------------------- business for sale
  {
    name: "restaurant business with sales and seats",
    text: "Turnkey restaurant on a signalized corner with 28,000 VPD. Seats 85 with 40 parking spaces. Gross sales of $1.2M in 2025 and cash flow of $210,000. Transferable liquor license.",
    figures: ["28,000 VPD", "40 parking spaces", "85 seats"],
    never: [],
    features: ["turnkey", "signalized corner", "liquor license"],
    money: ["$1.2M in gross sales", "$210,000 in cash flow"],
  },
  {
    name: "business with a sales range",
    text: "Established HVAC contractor with 14 employees. Annual sales of $1.8M - $2.1M and SDE of $410,000. Owner financing available.",
    figures: ["14 employees"],
    never: [],
    features: ["owner financing"],
    money: ["$410,000 in SDE"],
  },
  {
    name: "business, approximate figures",
    text: "Car wash with approx. 12,000 cars per day on Route 119, on ±1.3 acres. Revenues around $650K.",
    figures: ["approx. 12,000 cars per day", "±1.3 acres"],
    never: ["12,000 VPD", "1.3 AC"],
    money: ["about $650K in revenues"],
  },
  {
    name: "hotel with rooms and a distance",
    text: "Limited-service hotel with 84 rooms on 2.6 AC, 3 miles from the airport and 1/4 mile from I-77.",
    figures: ["84 rooms", "2.6 AC"],
    never: [],
  },
  {
    name: "daycare business near schools",
    text: "Licensed daycare for 120 children in a 6,400 SF building. Within walking distance to two elementary schools. Established clientele.",
    figures: ["6,400 SF"],
    never: [],
    features: ["customer base"],
  },
  {
    name: "gas station with a neighbour's figures",
    text: "Convenience store and fuel station, 3,600 SF on 1.0 AC with 8 fueling positions. Next to a 60,000 SF grocery; 30,000 VPD on Route 2.",
    figures: ["3,600 SF", "1.0 AC", "30,000 VPD"],
    never: ["60,000 SF"],
  },
  {
    name: "bar with a bound and a maximum",
    text: "Neighborhood bar seating up to 140, with sales over $900K. Over 2,000 SF patio.",
    figures: ["over 2,000 SF"],
    never: ["2,000 SF"],
    money: ["over $900K in sales"],
  },
  {
    name: "showroom without docks",
    text: "Showroom and office of 9,000 SF with no loading docks and no drive-thru. Ample parking on site.",
    figures: ["9,000 SF"],
    never: [],
    features: ["parking"],
    noFeatures: ["docks", "drive-thru"],
  },
  {
    name: "office leased above its submarket",
    text: "Suburban office of 40,000 SF, 94% leased, outperforming a submarket that is 88% leased. Higher than the county's 85% occupancy.",
    figures: ["40,000 SF"],
    never: [],
    occupancy: "94% leased",
  },
  {
    name: "retail whose only occupancy figure is the market's",
    text: "Vacant 12,000 SF retail box in a trade area with 97% occupancy. Near the 95% leased Crossroads Mall.",
    figures: ["12,000 SF"],
    never: [],
    occupancy: null,
  },
  // ---------------------------------------------------------------- more office and retail
  {
    name: "office building, a plus-or-minus parking count",
    text: "Two-story office of 30,000 SF with approx. 120 parking spaces and 6+ acres of green space. Monument sign on a 24,500 VPD corridor.",
    figures: ["30,000 SF", "approx. 120 parking spaces", "6+ acres", "24,500 VPD"],
    never: ["120 parking spaces", "6 AC"],
    features: ["signage"],
  },
  {
    name: "NNN investment, a comparison to the market",
    text: "Single-tenant NNN Dollar General of 9,100 SF on 1.5 AC, 10 years remaining. Rent below market compared to the 10,640 SF prototype.",
    figures: ["9,100 SF", "1.5 AC"],
    never: ["10,640 SF"],
    tripleNet: true,
    features: ["net lease", "below market"],
  },
];
