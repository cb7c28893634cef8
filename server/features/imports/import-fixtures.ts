// Files in the shapes real exports have, for the import wizard's tests and bench.
import { toCsvLine } from "../../../shared/csv-columns.js";

export const csvText = (header: string[], rows: string[][]) => [header, ...rows].map(toCsvLine).join("");

/** A LoopNet search scrape: an empty first header (the photo), "City, State" with full names, price words. */
export const loopnetScrape = (rows: { link: string; address: string; price: string }[]) =>
  csvText(
    ["", "Property Name", "Address", "City, State", "Price", "Building Size", "Property Type", "Status", "Link", "Description"],
    rows.map((r, i) => [
      `https://images.example.com/${i}.jpg`,
      `Suite ${100 + i}`,
      r.address,
      "Morgantown, West Virginia",
      r.price,
      "2,500 SF",
      "Office",
      "For Lease",
      r.link,
      `Office suite ${i} in a downtown building.`,
    ]),
  );

/** A Crexi state list: combined addresses, ranges, "Sale/Lease". */
export const crexiList = () =>
  csvText(
    ["Title", "Full Address", "Asking Price", "SF", "Type", "Sale Type", "Details"],
    [
      ["Dauphin Plaza", "54-56 Saint Emanuel St, Mobile, AL 36602", "$489,000 - $699,000", "12,000 SF", "Retail", "For Sale", "A corner retail plaza."],
      ["Bay Lots", "100 Water St, Suite 2, Wheeling, West Virginia 26003", "Price Upon Request", "", "Vacant Land", "Sale/Lease", "Two riverfront lots."],
      ["Harbor Office", "7 High St, Morgantown, WV", "Call for Price", "8,000", "Office", "For Lease", "Class B offices."],
    ],
  );
