// geoip-country ships without types; this is the part we use.
declare module 'geoip-country' {
  type Lookup = { country: string; name?: string; continent?: string } | null
  const geoip: { lookup(ip: string | number): Lookup }
  export default geoip
}
