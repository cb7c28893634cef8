// The part of the zipcodes package (US ZIP centroids, offline) this feature uses; it ships no types.
declare module "zipcodes" {
  interface ZipCodeEntry {
    zip: string;
    latitude: number;
    longitude: number;
    city: string;
    state: string;
    country: string;
  }
  export function lookup(zip: string | number): ZipCodeEntry | undefined;
}
